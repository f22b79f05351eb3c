import type { OcrEvent } from '@invoicing/contract';
import type { ExtractionRow } from './ocr.repository';

/** What the pages are told of an extraction when it changes. */
export const eventOf = (row: ExtractionRow): OcrEvent => ({
  extraction_id: row.id,
  attachment_id: row.attachmentId,
  status: row.status,
  progress: row.status === 'PROCESSING' ? (row.progress ?? null) : null,
  error_message: row.errorMessage,
  credits_refunded: row.creditsRefunded,
});
