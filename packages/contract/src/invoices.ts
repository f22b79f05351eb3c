import { z } from 'zod';
import { defineRoute } from './route';
import {
  currencies,
  decimalInput,
  idParams,
  money,
  optionalText,
  pageQuery,
  paginated,
  successResponse,
  text,
} from './common';
import { validationMessages as m } from './errors';
import { imageStatuses, invoiceStatuses } from './invoice-values';
import { invoiceListCall } from './read-calls';

export { imageStatuses, invoiceStatuses };
export type { ImageStatus, InvoiceStatus } from './invoice-values';

/** The fixed tax rate of an invoice, in percent (SPEC §9). */
export const INVOICE_TAX_RATE = '14.00';
/** Largest invoice image or PDF, in bytes after decoding. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const invoiceImageTypes = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;

/**
 * The first year of an invoice date (the last is 9999: four digits). PostgreSQL has no year 0, and earlier
 * dates are typing slips.
 */
const INVOICE_DATE_MIN_YEAR = 1900;

/** A calendar date as `YYYY-MM-DD`, in years 1900 to 9999. */
export const isoDate = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .refine(
      (v) => {
        if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
        if (Number(v.slice(0, 4)) < INVOICE_DATE_MIN_YEAR) return false;
        const d = new Date(`${v}T00:00:00Z`);
        return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
      },
      { error: m.dateInvalid },
    );

/** One line of an invoice as sent; the editor checks each line with it as it is typed. */
export const invoiceLineInput = z.object({
  item_id: z.uuid({ error: m.itemInvalid }).nullish(),
  item: z.uuid({ error: m.itemInvalid }).nullish(),
  description: text({ max: 500, required: m.lineDescriptionRequired }),
  quantity: decimalInput({
    scale: 3,
    min: 1,
    max: 999_999_999,
    messages: { invalid: m.quantityInvalid, min: m.quantityMin, max: m.amountTooLarge },
  }),
  unit_price: decimalInput({
    scale: 2,
    min: 0,
    max: 999_999_999_999,
    messages: { invalid: m.priceInvalid, min: m.priceNegative, max: m.amountTooLarge },
  }),
  /** Ignored: the server computes every figure itself. */
  total: z.unknown().optional(),
});

/**
 * The invoice save payload of SPEC §3. subtotal, tax_rate, tax_amount and total are accepted for
 * compatibility and ignored: the server recomputes them from the lines.
 */
export const invoiceInput = z
  .object({
    customer_id: z.uuid({ error: m.customerRequired }),
    number: optionalText({ max: 40, directionMarks: false }),
    issue_date: isoDate(m.issueDateRequired),
    due_date: isoDate(m.dueDateRequired),
    currency: z.enum(currencies, { error: m.currencyInvalid }).optional(),
    status: z.enum(invoiceStatuses, { error: m.statusInvalid }).default('DRAFT'),
    subtotal: z.unknown().optional(),
    tax_rate: z.unknown().optional(),
    tax_amount: z.unknown().optional(),
    total: z.unknown().optional(),
    lines_data: z
      .array(invoiceLineInput, { error: m.linesRequired })
      .min(1, { error: m.linesRequired })
      .max(500),
  })
  .superRefine((v, ctx) => {
    if (v.due_date < v.issue_date)
      ctx.addIssue({ code: 'custom', path: ['due_date'], message: m.dueBeforeIssue });
  });
export type InvoiceInput = z.input<typeof invoiceInput>;

const invoiceLine = z.object({
  id: z.string(),
  item: z.string().nullable(),
  description: z.string(),
  quantity: z.string(),
  unit_price: money,
  total: money,
});

const invoiceCustomer = z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable();

export const invoice = z.object({
  id: z.string(),
  number: z.string(),
  status: z.enum(invoiceStatuses),
  issue_date: z.string(),
  due_date: z.string(),
  currency: z.string(),
  subtotal: money,
  tax_rate: money,
  tax_amount: money,
  total: money,
  customer: invoiceCustomer,
  lines: z.array(invoiceLine),
  /** A signed link that expires; null without an available image. */
  image_url: z.string().nullable(),
  /** The first page of a PDF as an image, or the image itself. */
  image_preview_url: z.string().nullable(),
  image_mime: z.string().nullable(),
  image_name: z.string().nullable(),
  image_status: z.enum(imageStatuses),
  image_deleted_at: z.string().nullable(),
  image_deleted_by_name: z.string().nullable(),
  image_deletion_reason: z.string().nullable(),
  has_image: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Invoice = z.infer<typeof invoice>;

const invoiceListItem = invoice
  .pick({
    id: true,
    number: true,
    status: true,
    issue_date: true,
    due_date: true,
    currency: true,
    total: true,
    image_status: true,
    has_image: true,
  })
  .extend({ customer: invoiceCustomer });
export type InvoiceListItem = z.infer<typeof invoiceListItem>;

const invoiceListQuery = pageQuery.extend({
  /** One of the five statuses; VOID is accepted as CANCELLED. */
  status: z
    .string()
    .trim()
    .toUpperCase()
    .transform((v) => (v === 'VOID' ? 'CANCELLED' : v))
    .pipe(z.enum([...invoiceStatuses, 'ALL', '']))
    .optional(),
  q: optionalText({ max: 100 }),
  /** `limit` is the page size of the spec's recent-invoices call. */
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

export const statsPeriods = [7, 30, 90, 365] as const;

const invoiceStats = z.object({
  days: z.number().int(),
  currency: z.string(),
  total_invoices: z.number().int(),
  total_amount: money,
  paid_amount: money,
  pending_amount: money,
  overdue_amount: money,
  draft_amount: money,
  // Every status is a key (a record over an enum requires them all).
  status_breakdown: z.record(z.enum(invoiceStatuses), z.number().int()),
  amount_by_status: z.record(z.enum(invoiceStatuses), money),
});
export type InvoiceStats = z.infer<typeof invoiceStats>;

/** The languages an invoice's document is printed in: one of the two, or both side by side. */
export const documentLanguages = ['en', 'ar', 'bilingual'] as const;
export type DocumentLanguage = (typeof documentLanguages)[number];
/** Digits of the Arabic text: Western (`latn`, 123) or Arabic-Indic (`arab`, ١٢٣). English is always Western. */
export const documentDigits = ['latn', 'arab'] as const;
export type DocumentDigits = (typeof documentDigits)[number];

const documentQuery = z.object({
  language: z.enum(documentLanguages).default('en'),
  digits: z.enum(documentDigits).default('latn'),
});
export type DocumentQuery = z.input<typeof documentQuery>;

const invoiceDocument = z.object({
  /** The whole document, self-contained (styles and QR code inline): what the PDF is printed from. */
  html: z.string(),
  /** The name the PDF of this document downloads as. */
  file_name: z.string(),
  /** ZATCA's QR code text (Base64 TLV) on the document of a Saudi organization; null elsewhere. */
  zatca_qr: z.string().nullable(),
  /** A Saudi organization without its VAT number: the document cannot carry the QR code yet. */
  zatca_vat_number_missing: z.boolean(),
});
export type InvoiceDocument = z.infer<typeof invoiceDocument>;

/** 500 lines of 500-character descriptions, in a script of two bytes a character, fit. */
const invoiceBodyLimit = 1024 * 1024;

export const imageUploadInput = z.object({
  image_data: z.string({ error: m.imageRequired }).min(1, { error: m.imageRequired }),
  file_name: optionalText({ max: 255, directionMarks: false }),
  file_type: optionalText({ max: 100, directionMarks: false }),
});

const imageDeleteInput = z.object({
  reason: optionalText({ max: 500, multiline: true }),
});

const imageActionResponse = successResponse.extend({ invoice });

export const invoiceRoutes = {
  list: defineRoute({
    ...invoiceListCall,
    summary: 'Invoices, newest first, filtered by status and searched by number',
    query: invoiceListQuery,
    response: paginated(invoiceListItem),
  }),
  stats: defineRoute({
    method: 'GET',
    path: '/invoices/stats/',
    access: 'org',
    summary: 'Counts and amounts by status over the last 7, 30, 90 or 365 days (by issue date)',
    query: z.object({
      days: z.coerce
        .number()
        .int()
        .refine((d) => (statsPeriods as readonly number[]).includes(d), {
          error: 'days must be 7, 30, 90 or 365',
        })
        .default(30),
    }),
    response: invoiceStats,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/invoices/',
    access: 'org',
    summary: 'Create an invoice with its lines; a blank number takes the next of the sequence',
    body: invoiceInput,
    response: invoice,
    successStatus: 201,
    bodyLimit: invoiceBodyLimit,
  }),
  get: defineRoute({
    method: 'GET',
    path: '/invoices/:id/',
    access: 'org',
    summary: 'One invoice with its lines and image state',
    params: idParams,
    response: invoice,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/invoices/:id/',
    access: 'org',
    summary: 'Replace an invoice and its lines',
    params: idParams,
    body: invoiceInput,
    response: invoice,
    bodyLimit: invoiceBodyLimit,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/invoices/:id/',
    access: 'org',
    summary: 'Delete a DRAFT invoice',
    params: idParams,
    response: z.undefined(),
    successStatus: 204,
  }),
  duplicate: defineRoute({
    method: 'POST',
    path: '/invoices/:id/duplicate/',
    access: 'org',
    summary:
      'A new DRAFT invoice with the same customer, lines and currency, the next number of the sequence and ' +
      "today's date (the same payment term); counted against the plan's monthly limit",
    params: idParams,
    response: invoice,
    successStatus: 201,
  }),
  document: defineRoute({
    method: 'GET',
    path: '/invoices/:id/document/',
    access: 'org',
    summary:
      'The invoice as the customer sees it (HTML), in English, Arabic or both; for the preview and printing',
    params: idParams,
    query: documentQuery,
    response: invoiceDocument,
  }),
  pdf: defineRoute({
    method: 'GET',
    path: '/invoices/:id/pdf/',
    access: 'org',
    summary: 'The invoice as an A4 PDF in English, Arabic or both, rendered by the server',
    params: idParams,
    query: documentQuery,
    produces: 'application/pdf',
    response: z.string().describe('The PDF file'),
  }),
  uploadImage: defineRoute({
    method: 'POST',
    path: '/billing/invoices/:id/image/upload/',
    access: 'org',
    summary: 'Attach or replace the invoice image (JPG, PNG, WEBP or PDF as a data URL, at most 10 MB)',
    params: idParams,
    body: imageUploadInput,
    response: invoice,
    // A data URL: base64 makes 10 MB of file about 13.4 MB of text.
    bodyLimit: 15 * 1024 * 1024,
  }),
  deleteImage: defineRoute({
    method: 'POST',
    path: '/billing/invoices/:id/image/delete/',
    access: 'org',
    summary: 'Delete the invoice image with a reason; the file is kept so that it can be restored',
    params: idParams,
    body: imageDeleteInput,
    response: imageActionResponse,
  }),
  restoreImage: defineRoute({
    method: 'POST',
    path: '/billing/invoices/:id/image/restore/',
    access: 'org',
    summary: 'Restore a deleted invoice image',
    params: idParams,
    response: imageActionResponse,
  }),
};
