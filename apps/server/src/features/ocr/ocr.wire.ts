import { toMb, type Extraction, type ExtractionListItem, type OcrEvent } from '@invoicing/contract';
import type { AttachmentLinker } from '../attachments/attachments.links';
import type { ExtractionRow, ExtractionWithFile, ocrRepository } from './ocr.repository';

/** An OCR run of the list as the contract answers it. */
export const toExtractionListItem = (r: ExtractionWithFile, link: AttachmentLinker): ExtractionListItem => ({
  id: r.row.id,
  attachment: r.row.attachmentId,
  attachment_info: {
    original_name: r.fileName,
    mime: r.fileMime,
    size_mb: toMb(r.fileSize),
    preview_url: r.filePreviewKey ? link(r.row.attachmentId, 'preview') : null,
  },
  status: r.row.status,
  method_used: r.row.method,
  credits_charged: r.row.creditsCharged,
  credits_refunded: r.row.creditsRefunded,
  confidence_score: r.row.confidenceScore,
  has_invoice_data: r.row.hasInvoiceData,
  fields_json: r.row.fieldsJson,
  error_code: r.row.errorCode,
  error_message: r.row.errorMessage,
  progress: r.row.status === 'PROCESSING' ? r.row.progress : null,
  invoice_id: r.row.invoiceId,
  invoice_number: r.invoiceNumber,
  created_at: r.row.createdAt.toISOString(),
  updated_at: r.row.updatedAt.toISOString(),
  duration_ms: r.row.durationMs,
});

/** An OCR run with its pages and the history of its corrections. */
export const toExtraction = (
  found: ExtractionWithFile,
  history: Awaited<ReturnType<ReturnType<typeof ocrRepository>['corrections']>>,
  link: AttachmentLinker,
): Extraction => ({
  ...toExtractionListItem(found, link),
  raw_text: found.row.rawText,
  warnings: found.row.warnings,
  pages: found.row.pages.map((p) => ({
    page: p.page,
    image_url: link(found.row.attachmentId, `page-${found.row.id}-${p.page}`),
    width: p.width,
    height: p.height,
  })),
  corrections: history.map((c) => ({
    at: c.at.toISOString(),
    by_name: c.byName || c.byEmail || '',
    changes: c.changes,
  })),
});

/** What the pages are told of an extraction when it changes. */
export const eventOf = (row: ExtractionRow): OcrEvent => ({
  extraction_id: row.id,
  attachment_id: row.attachmentId,
  status: row.status,
  progress: row.status === 'PROCESSING' ? (row.progress ?? null) : null,
  error_message: row.errorMessage,
  credits_refunded: row.creditsRefunded,
});
