import { toMb, type Attachment, type UploadedAttachment } from '@invoicing/contract';
import type { AttachmentLinker } from './attachments.links';
import type { AttachmentRow, LatestExtraction } from './attachments.repository';

/** A file of the file manager as the contract answers it, with its latest OCR run. */
export const toAttachment = (
  row: AttachmentRow,
  latest: LatestExtraction | undefined,
  link: AttachmentLinker,
): Attachment => ({
  id: row.id,
  original_name: row.originalName,
  mime: row.mime,
  size: row.size,
  size_mb: toMb(row.size),
  kind: row.kind,
  created_at: row.createdAt.toISOString(),
  file_url: link(row.id, 'original'),
  preview_url: row.previewKey ? link(row.id, 'preview') : null,
  // Known for every uploaded file (attachments_sha256_check); only invoice images, never answered here,
  // may lack it.
  sha256: row.sha256 ?? '',
  has_extraction: Boolean(latest),
  extraction_status: latest?.status ?? null,
  extraction_id: latest?.id ?? null,
  extraction_error_code: latest?.status === 'FAILED' ? latest.errorCode : null,
  extraction_error_message: latest?.status === 'FAILED' ? latest.errorMessage : null,
  extraction_has_invoice_data: latest?.status === 'DONE' && latest.hasInvoiceData,
  invoice_id: latest?.invoiceId ?? null,
  invoice_number: latest?.invoiceNumber ?? null,
});

/** The file an upload has the same bytes as, with the invoice read from it. */
export const toDuplicateOf = (
  duplicate: Pick<AttachmentRow, 'id' | 'originalName' | 'createdAt'>,
  latest: LatestExtraction | undefined,
): NonNullable<UploadedAttachment['duplicate_of']> => ({
  id: duplicate.id,
  original_name: duplicate.originalName,
  created_at: duplicate.createdAt.toISOString(),
  invoice_id: latest?.invoiceId ?? null,
  invoice_number: latest?.invoiceNumber ?? null,
});
