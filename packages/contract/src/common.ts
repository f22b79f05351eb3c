import { z } from 'zod';
import { validationMessages as m } from './errors';

export const idParams = z.object({ id: z.uuid({ error: 'Not a valid id' }) });

/** Decimal amounts travel as strings with two decimals, e.g. "1234.50". */
export const money = z.string().regex(/^-?\d+\.\d{2}$/);

/** A decimal typed by a user: a number or a numeric string, at most `scale` decimals. */
export const decimalInput = (opts: {
  scale: number;
  min: number;
  max: number;
  messages: { invalid: string; min: string; max: string };
}) =>
  z.union([z.number(), z.string()], { error: opts.messages.invalid }).transform((v, ctx) => {
    const s = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : v.trim();
    const pattern = new RegExp(`^-?\\d{1,12}(\\.\\d{1,${opts.scale}})?$`);
    if (!pattern.test(s)) {
      ctx.addIssue({ code: 'custom', message: opts.messages.invalid });
      return z.NEVER;
    }
    const n = Number(s);
    if (n < opts.min) {
      ctx.addIssue({ code: 'custom', message: opts.messages.min });
      return z.NEVER;
    }
    if (n > opts.max) {
      ctx.addIssue({ code: 'custom', message: opts.messages.max });
      return z.NEVER;
    }
    return s;
  });

/**
 * Characters no text may hold: C0 and C1 controls (NUL cannot be stored by PostgreSQL at all), the bidi
 * embeddings, overrides and isolates that reorder what is shown ("invoice\u202egnp.exe" reads as
 * "invoiceexe.png"), the deprecated format controls that change shaping and mirroring, the interlinear
 * annotation marks that hide text, and unpaired surrogate halves, which are not text and would be stored
 * as U+FFFD.
 */
const refusedAlways =
  '\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f\\u202a-\\u202e\\u2066-\\u206f\\ufff9-\\ufffb\\p{Cs}';
/** Line breaks and tabs, refused in single-line texts only. */
const lineBreaks = '\\t\\n\\r\\u2028\\u2029';
/**
 * The direction marks LRM, RLM and ALM. Arabic text uses them to place punctuation and digits, so names
 * and descriptions keep them; in file names and codes they can still split a run and show its parts
 * swapped ("scan\u200f.\u200fexe" reads as "exe.scan" on a right-to-left page), so those refuse them.
 */
const directionMarks = '\\u200e\\u200f\\u061c';

const refusedPattern = (multiline: boolean, marks: boolean) =>
  new RegExp(`[${refusedAlways}${multiline ? '' : lineBreaks}${marks ? '' : directionMarks}]`, 'u');

/**
 * Invisible characters trimmed from both ends like spaces: they carry no meaning there. Inside a word
 * ZWNJ and ZWJ shape Arabic and Persian letters and are kept.
 */
const invisibleEdges = /^[\s\u180e\u200b-\u200d\u2060]+|[\s\u180e\u200b-\u200d\u2060]+$/gu;
/** Nothing a reader would see: spaces, zero-width and other default-ignorable characters, the Braille blank. */
const invisibleOnly = /^[\p{White_Space}\p{Default_Ignorable_Code_Point}\u2800]*$/u;

/** Whether a text holds a character no text may hold (see `text`). */
export const hasRefusedCharacters = (
  value: string,
  opts: { multiline?: boolean; directionMarks?: boolean } = {},
): boolean => refusedPattern(opts.multiline ?? false, opts.directionMarks ?? true).test(value);

/** Whether a text shows nothing at all: only spaces and invisible characters. */
export const isInvisibleText = (value: string): boolean => invisibleOnly.test(value);

interface TextOptions {
  /** Longest text kept, in UTF-16 units after trimming. */
  max: number;
  /** The message when it is too long; 'This text is too long' unless stated. */
  tooLong?: string;
  /** The message when it is missing or shows nothing; without it the text may be empty. */
  required?: string;
  /** Keeps tabs and line breaks inside (addresses, reasons). */
  multiline?: boolean;
  /** false refuses the direction marks LRM, RLM and ALM too: file names and codes. */
  directionMarks?: boolean;
}

/**
 * Every text a client sends: trimmed of spaces and invisible edges, refused with `textControlCharacters`
 * when it holds a control or a reordering character, empty when it shows nothing (so a required text of
 * zero-width characters gets the field's 'required' message), and at most `max` long.
 */
export const text = (opts: TextOptions) => {
  const refused = refusedPattern(opts.multiline ?? false, opts.directionMarks ?? true);
  const base = z
    .string(opts.required ? { error: opts.required } : undefined)
    .overwrite((v) => v.replace(invisibleEdges, ''))
    .refine((v) => !refused.test(v), { error: m.textControlCharacters, abort: true })
    .overwrite((v) => (invisibleOnly.test(v) ? '' : v));
  const present = opts.required ? base.min(1, { error: opts.required, abort: true }) : base;
  return present.max(opts.max, { error: opts.tooLong ?? m.textTooLong });
};

/** An optional text (see `text`): null or absent is read as empty. */
export const optionalText = (opts: Omit<TextOptions, 'required'>) =>
  text(opts)
    .nullish()
    .transform((v) => v ?? '');

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});

/** A page of a list: the total count and the results of the requested page. */
export const paginated = <T extends z.ZodType>(item: T) =>
  z.object({
    count: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
    results: z.array(item),
  });

export const currencies = ['EGP', 'USD', 'EUR', 'SAR', 'AED'] as const;
export type Currency = (typeof currencies)[number];

export const successResponse = z.object({ success: z.boolean() });

/** An email as every form takes it: trimmed, at most 254 characters, one address. */
export const emailInput = text({
  max: 254,
  required: m.emailRequired,
  tooLong: m.emailInvalid,
  directionMarks: false,
}).pipe(z.email({ error: m.emailInvalid }));
