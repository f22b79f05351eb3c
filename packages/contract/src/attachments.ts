import { z } from 'zod';
import { defineRoute } from './route';
import { idParams, optionalText, pageQuery, paginated } from './common';

/** Largest uploaded file, in bytes (SPEC §9: 10 MB). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** The types an upload may be, recognized by content (DECISIONS.md, Files). */
export const uploadMimeTypes = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;

export const extractionStatuses = ['PROCESSING', 'DONE', 'FAILED'] as const;
export type ExtractionStatus = (typeof extractionStatuses)[number];

/** Normal OCR costs 1 credit, advanced 10 (SPEC §9). */
export const ocrMethods = ['normal', 'advanced'] as const;
export type OcrMethod = (typeof ocrMethods)[number];
export const ocrCredits: Record<OcrMethod, number> = { normal: 1, advanced: 10 };

const attachmentKinds = ['INVOICE_UPLOAD', 'INVOICE_IMAGE'] as const;

/** Bytes as megabytes with two decimals, as every screen shows them. */
export const toMb = (bytes: number): number => Math.round((bytes / (1024 * 1024)) * 100) / 100;

export const attachment = z.object({
  id: z.string(),
  original_name: z.string(),
  mime: z.string(),
  /** Bytes. */
  size: z.number().int(),
  size_mb: z.number(),
  kind: z.enum(attachmentKinds),
  created_at: z.string(),
  /** A signed link that expires: the file itself (PDFs download, pictures show). */
  file_url: z.string(),
  /** A signed link to a picture of the file (its first page for a PDF). */
  preview_url: z.string().nullable(),
  /** SHA-256 of the content, hex. */
  sha256: z.string(),
  has_extraction: z.boolean(),
  /** The latest extraction's status and id, null before any. */
  extraction_status: z.enum(extractionStatuses).nullable(),
  extraction_id: z.string().nullable(),
  /** The latest extraction's failure, when it FAILED. */
  extraction_error_code: z.string().nullable(),
  extraction_error_message: z.string().nullable(),
  /** Whether the latest extraction found enough to make an invoice of. */
  extraction_has_invoice_data: z.boolean(),
  /** The invoice made from this file's extraction, if any. */
  invoice_id: z.string().nullable(),
  invoice_number: z.string().nullable(),
});
export type Attachment = z.infer<typeof attachment>;

/** An earlier file of the organization with exactly the same content. */
export const duplicateOf = z.object({
  id: z.string(),
  original_name: z.string(),
  created_at: z.string(),
  invoice_id: z.string().nullable(),
  invoice_number: z.string().nullable(),
});

const uploadedAttachment = attachment.extend({ duplicate_of: duplicateOf.nullable() });
export type UploadedAttachment = z.infer<typeof uploadedAttachment>;

const attachmentListQuery = pageQuery.extend({
  q: optionalText({ max: 200 }).optional(),
});

export const storageUsage = z.object({
  total_files: z.number().int(),
  total_size_mb: z.number(),
  /** Bytes stored, exactly. */
  used_bytes: z.number().int(),
  limit_mb: z.number(),
  remaining_mb: z.number(),
});
export type StorageUsage = z.infer<typeof storageUsage>;

const startOcrInput = z
  .object({ use_enhanced: z.boolean().optional().default(false) })
  .nullish()
  .transform((v) => v ?? { use_enhanced: false });

const startedOcr = z.object({
  extraction_id: z.string(),
  status: z.enum(extractionStatuses),
  method_used: z.enum(ocrMethods),
  credits_charged: z.number().int(),
});
export type StartedOcr = z.infer<typeof startedOcr>;

export const attachmentRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/attachments/',
    access: 'org',
    summary: "The organization's files, newest first, searched by name",
    query: attachmentListQuery,
    response: paginated(attachment),
  }),
  /**
   * multipart/form-data with `file` (JPG, PNG, WEBP or PDF, at most 10 MB, checked by content) and `kind`
   * (INVOICE_UPLOAD). Answers the stored file and, when the organization already has the same content,
   * the earlier file.
   */
  upload: defineRoute({
    method: 'POST',
    path: '/attachments/',
    access: 'org',
    summary: 'Upload an invoice file (multipart: file, kind)',
    response: uploadedAttachment,
    successStatus: 201,
  }),
  get: defineRoute({
    method: 'GET',
    path: '/attachments/:id/',
    access: 'org',
    summary: 'One file',
    params: idParams,
    response: attachment,
  }),
  storageUsage: defineRoute({
    method: 'GET',
    path: '/attachments/storage-usage/',
    access: 'org',
    summary: 'Files stored and the space they take, against the plan',
    response: storageUsage,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/attachments/:id/',
    access: 'org',
    summary: 'Delete a file and its record; the space is free at once',
    params: idParams,
    response: z.undefined(),
    successStatus: 204,
  }),
  ocr: defineRoute({
    method: 'POST',
    path: '/attachments/:id/ocr/',
    access: 'org',
    summary: 'Start OCR of a file: normal (1 credit), or advanced (10) with use_enhanced',
    params: idParams,
    body: startOcrInput,
    response: startedOcr,
    successStatus: 202,
  }),
  enhancedOcr: defineRoute({
    method: 'POST',
    path: '/attachments/:id/enhanced-ocr/',
    access: 'org',
    summary: 'Start advanced OCR of a file (10 credits)',
    params: idParams,
    response: startedOcr,
    successStatus: 202,
  }),
};
