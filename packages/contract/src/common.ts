import { z } from 'zod';

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
