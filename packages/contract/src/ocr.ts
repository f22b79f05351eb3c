import { z } from 'zod';
import { defineRoute } from './route';
import { currencies, decimalInput, idParams, optionalText, pageQuery, paginated } from './common';
import { validationMessages as m } from './errors';
import { isoDate } from './invoices';
import { extractionStatuses, ocrMethods } from './attachments';
import { lineTotal, toScaled } from './money';

/** Where a field was read: fractions of the page, `page` counted from 1 (DECISIONS.md, OCR). */
const fieldBox = z.object({
  page: z.number().int(),
  x: z.number(),
  y: z.number(),
  w: z.number(),
  h: z.number(),
});
export type FieldBox = z.infer<typeof fieldBox>;

const party = z.object({
  name: z.string().nullable(),
  tax_id: z.string().nullable(),
  address: z.string().nullable(),
});

const lineItem = z.object({
  description: z.string().nullable(),
  quantity: z.string().nullable(),
  unit_price: z.string().nullable(),
  total: z.string().nullable(),
});

/** `fields_json` of DECISIONS.md: absent values are null, amounts decimal strings, dates ISO. */
export const fieldsJson = z.object({
  language: z.enum(['en', 'ar', 'mixed']),
  invoice_number: z.string().nullable(),
  issue_date: z.string().nullable(),
  due_date: z.string().nullable(),
  currency: z.string().nullable(),
  vendor: party,
  customer: party,
  subtotal: z.string().nullable(),
  tax_rate: z.string().nullable(),
  tax_amount: z.string().nullable(),
  total: z.string().nullable(),
  line_items: z.array(lineItem),
  /** Field path (`total`, `vendor.name`, `line_items.2.unit_price`) to a confidence from 0 to 1. */
  confidence: z.record(z.string(), z.number()),
  /** Field path to where it was read. */
  boxes: z.record(z.string(), fieldBox),
});
export type FieldsJson = z.infer<typeof fieldsJson>;

/** The stages a run's progress names, in the order the engine runs them; each page repeats the page stages. */
export const ocrStages = [
  'open',
  'text-layer',
  'render',
  'preprocess',
  'recognize',
  'recognize-faint',
  'probe-arabic',
  'recognize-arabic',
  'reread-arabic',
  'arabic-digits',
  'recognize-bands',
  'recognize-block',
  'recognize-variant',
  'recognize-second-engine',
  'recognize-hires',
  'extract',
  'second-look',
  'done',
] as const;
export type OcrStage = (typeof ocrStages)[number];

const ocrProgress = z.object({
  /** One of `ocrStages`; a string, so that a run stored by an older engine still reads. */
  stage: z.string(),
  /** The page being read, from 1; 0 before the pages are known. */
  page: z.number().int(),
  pages: z.number().int(),
  /** 0 to 100. */
  percent: z.number(),
});
export type OcrProgress = z.infer<typeof ocrProgress>;

const extractionPage = z.object({
  page: z.number().int(),
  /** A signed link to a picture of the page, as the fields' boxes measure it. */
  image_url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});

const correctionChange = z.object({
  path: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
});

export const correction = z.object({
  at: z.string(),
  by_name: z.string(),
  changes: z.array(correctionChange),
});

export const extractionListItem = z.object({
  id: z.string(),
  /** The file's id. */
  attachment: z.string(),
  attachment_info: z.object({
    original_name: z.string(),
    mime: z.string(),
    size_mb: z.number(),
    preview_url: z.string().nullable(),
  }),
  status: z.enum(extractionStatuses),
  method_used: z.enum(ocrMethods),
  credits_charged: z.number().int(),
  /** Credits given back because the run failed for a reason of ours. */
  credits_refunded: z.number().int(),
  /** 0 to 1; null until DONE. */
  confidence_score: z.number().nullable(),
  has_invoice_data: z.boolean(),
  fields_json: fieldsJson.nullable(),
  error_code: z.string().nullable(),
  error_message: z.string().nullable(),
  progress: ocrProgress.nullable(),
  invoice_id: z.string().nullable(),
  invoice_number: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** How long the engine took, once DONE. */
  duration_ms: z.number().int().nullable(),
});
export type ExtractionListItem = z.infer<typeof extractionListItem>;

export const extraction = extractionListItem.extend({
  raw_text: z.string(),
  pages: z.array(extractionPage),
  corrections: z.array(correction),
  warnings: z.array(z.string()),
});
export type Extraction = z.infer<typeof extraction>;

const extractionListQuery = pageQuery.extend({
  status: z.enum(extractionStatuses).optional(),
  attachment: z.uuid().optional(),
});

const amount = (message: string) =>
  decimalInput({
    scale: 2,
    min: 0,
    max: 999_999_999_999,
    messages: { invalid: message, min: m.priceNegative, max: m.amountTooLarge },
  }).nullish();

const correctedParty = z
  .object({
    name: optionalText({ max: 200 }),
    tax_id: optionalText({ max: 60, directionMarks: false }),
    address: optionalText({ max: 1000, multiline: true }),
  })
  .transform((p) => ({ name: p.name || null, tax_id: p.tax_id || null, address: p.address || null }));

/**
 * The fields a user corrects on the review screen, checked like an invoice: dates, a currency of the
 * product, amounts with two decimals, quantities of at least one on lines that name one.
 */
export const extractionCorrectionInput = z
  .object({
    invoice_number: optionalText({ max: 40, directionMarks: false }).transform((v) => v || null),
    issue_date: isoDate(m.dateInvalid).nullish(),
    due_date: isoDate(m.dateInvalid).nullish(),
    currency: z.enum(currencies, { error: m.currencyInvalid }).nullish(),
    vendor: correctedParty,
    customer: correctedParty,
    subtotal: amount(m.priceInvalid),
    tax_rate: decimalInput({
      scale: 2,
      min: 0,
      max: 100,
      messages: { invalid: m.taxRateInvalid, min: m.taxRateInvalid, max: m.taxRateInvalid },
    }).nullish(),
    tax_amount: amount(m.priceInvalid),
    total: amount(m.priceInvalid),
    line_items: z
      .array(
        z.object({
          description: optionalText({ max: 500 }).transform((v) => v || null),
          quantity: decimalInput({
            scale: 3,
            min: 1,
            max: 999_999_999,
            messages: { invalid: m.quantityInvalid, min: m.quantityMin, max: m.amountTooLarge },
          }).nullish(),
          unit_price: amount(m.priceInvalid),
          total: amount(m.priceInvalid),
        }),
      )
      .max(500),
  })
  .superRefine((v, ctx) => {
    if (v.issue_date && v.due_date && v.due_date < v.issue_date)
      ctx.addIssue({ code: 'custom', path: ['due_date'], message: m.dueBeforeIssue });
  });
export type ExtractionCorrectionInput = z.input<typeof extractionCorrectionInput>;

const appliedExtraction = z.object({
  invoice_id: z.string(),
  invoice_number: z.string(),
  /** false when the extraction had made its invoice already: that one is answered, none is made. */
  created: z.boolean(),
});

/** One change of an extraction, pushed to the page as it happens (server-sent events). */
export const ocrEvent = z.object({
  extraction_id: z.string(),
  attachment_id: z.string(),
  status: z.enum(extractionStatuses),
  progress: ocrProgress.nullable(),
  error_message: z.string().nullable(),
  credits_refunded: z.number().int(),
});
export type OcrEvent = z.infer<typeof ocrEvent>;

/** The path of the event stream (text/event-stream, not JSON; the same headers as every call). */
export const ocrEventsPath = '/ocr/events/';

export const ocrRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/ocr/',
    access: 'org',
    summary: 'OCR extractions, newest first',
    query: extractionListQuery,
    response: paginated(extractionListItem),
  }),
  get: defineRoute({
    method: 'GET',
    path: '/ocr/:id/',
    access: 'org',
    summary: 'One extraction with its text, page pictures and corrections',
    params: idParams,
    response: extraction,
  }),
  correct: defineRoute({
    method: 'PATCH',
    path: '/ocr/:id/',
    access: 'org',
    summary: "Correct a DONE extraction's fields; who changed what and when is kept",
    params: idParams,
    body: extractionCorrectionInput,
    response: extraction,
  }),
  apply: defineRoute({
    method: 'POST',
    path: '/ocr/:id/apply/',
    access: 'org',
    summary: 'Make a DRAFT invoice from an extraction (once: again answers the same invoice)',
    params: idParams,
    response: appliedExtraction,
  }),
};

interface ArithmeticCheck {
  /** The lines add up to the subtotal (null when there is nothing to compare). */
  linesMatchSubtotal: boolean | null;
  /** Subtotal plus tax is the total. */
  totalMatches: boolean | null;
  /** Each line's quantity times unit price is its total. */
  lineTotals: (boolean | null)[];
}

const parsedAmount = (v: string | null | undefined): bigint | null => {
  if (v === null || v === undefined || v.trim() === '') return null;
  try {
    return toScaled(v, 2);
  } catch {
    return null;
  }
};

/**
 * Whether an invoice's figures agree, one cent of rounding allowed: the review screen flags what does not,
 * live, with the same arithmetic as the server's.
 */
export const checkArithmetic = (f: {
  subtotal?: string | null;
  tax_amount?: string | null;
  total?: string | null;
  line_items: { quantity?: string | null; unit_price?: string | null; total?: string | null }[];
}): ArithmeticCheck => {
  const close = (a: bigint, b: bigint) => (a > b ? a - b : b - a) <= 1n;
  const lineTotals = f.line_items.map((l) => {
    const total = parsedAmount(l.total);
    if (total === null || !l.quantity || !l.unit_price) return null;
    try {
      return close(toScaled(lineTotal(l.quantity, l.unit_price), 2), total);
    } catch {
      return null;
    }
  });
  const totals = f.line_items.map((l) => parsedAmount(l.total));
  const subtotal = parsedAmount(f.subtotal);
  const linesMatchSubtotal =
    subtotal === null || totals.length === 0 || totals.some((t) => t === null)
      ? null
      : close(
          totals.reduce((a, b) => a! + b!, 0n)!,
          subtotal,
        );
  const tax = parsedAmount(f.tax_amount);
  const total = parsedAmount(f.total);
  const totalMatches = subtotal === null || total === null ? null : close(subtotal + (tax ?? 0n), total);
  return { linesMatchSubtotal, totalMatches, lineTotals };
};
