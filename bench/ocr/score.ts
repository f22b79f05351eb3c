// Scoring of extractions against the samples' truth files. Used only by the benchmark and the tests.
import { parseDate } from '../../packages/ocr/src/parse/date.js';
import { foldArabic, toWesternDigits } from '../../packages/ocr/src/text.js';
import type { FieldsJson } from '../../packages/ocr/src/types.js';

export interface InvoiceTruth {
  id: string;
  file: string;
  language: 'en' | 'ar' | 'bi';
  kind: string;
  /** Generated documents: the layout family. */
  family?: string;
  fields: {
    invoice_number: string;
    issue_date: string;
    due_date: string;
    vendor_name: string;
    vendor_name_ar?: string;
    customer_name: string;
    customer_name_ar?: string;
    currency: string;
    subtotal: number;
    tax_rate: number;
    tax: number;
    total: number;
    vendor_tax_id?: string;
    line_items: {
      description: string;
      description_ar?: string;
      quantity: number;
      unit_price: number;
      line_total: number;
    }[];
  };
  rendered: Record<string, unknown>;
}

export interface ReceiptTruth {
  company: string;
  date: string;
  address: string;
  total: string;
}

export interface FieldScore {
  field: string;
  ok: boolean;
}

export function normText(s: string | null | undefined): string {
  return foldArabic(toWesternDigits(s ?? ''))
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function similarity(a: string, b: string): number {
  if (a === b) return 1;
  const m = a.length;
  const n = b.length;
  if (!m || !n) return 0;
  let prev = Array.from({ length: n + 1 }, (_, i) => i);
  for (let i = 1; i <= m; i++) {
    const cur = [i];
    for (let j = 1; j <= n; j++) {
      cur[j] = Math.min(
        (prev[j] ?? 0) + 1,
        (cur[j - 1] ?? 0) + 1,
        (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    prev = cur;
  }
  return 1 - (prev[n] ?? 0) / Math.max(m, n);
}

function sameNumber(got: string | null | undefined, want: number | string | null | undefined): boolean {
  if (got === null || got === undefined || want === null || want === undefined) return false;
  const g = Number(String(got).replace(/[^\d.-]/g, ''));
  const w = Number(String(want).replace(/[^\d.-]/g, ''));
  return Number.isFinite(g) && Math.abs(g - w) < 0.005;
}

function sameName(got: string | null, ...wants: (string | undefined)[]): boolean {
  const g = normText(got);
  return Boolean(g) && wants.some((w) => w !== undefined && normText(w) === g);
}

/** Header fields plus four per line item; predicted lines that match no truth line count against. */
export function scoreInvoice(f: FieldsJson, t: InvoiceTruth): FieldScore[] {
  const tf = t.fields;
  const out: FieldScore[] = [
    {
      field: 'invoice_number',
      ok: normText(f.invoice_number).replace(/\s/g, '') === normText(tf.invoice_number).replace(/\s/g, ''),
    },
    { field: 'issue_date', ok: f.issue_date === tf.issue_date },
    { field: 'due_date', ok: f.due_date === tf.due_date },
    { field: 'vendor', ok: sameName(f.vendor.name, tf.vendor_name, tf.vendor_name_ar) },
    { field: 'customer', ok: sameName(f.customer.name, tf.customer_name, tf.customer_name_ar) },
    { field: 'currency', ok: f.currency === tf.currency },
    { field: 'subtotal', ok: sameNumber(f.subtotal, tf.subtotal) },
    { field: 'tax_rate', ok: sameNumber(f.tax_rate, Math.round(tf.tax_rate * 10000) / 100) },
    { field: 'tax', ok: sameNumber(f.tax_amount, tf.tax) },
    { field: 'total', ok: sameNumber(f.total, tf.total) },
  ];
  const used = new Set<number>();
  for (const li of tf.line_items) {
    let bestI = -1;
    let bestS = -1;
    f.line_items.forEach((p, i) => {
      if (used.has(i)) return;
      const d = Math.max(
        similarity(normText(p.description), normText(li.description)),
        similarity(normText(p.description), normText(li.description_ar)),
      );
      const s =
        d +
        (sameNumber(p.total, li.line_total) ? 1 : 0) +
        (sameNumber(p.unit_price, li.unit_price) ? 0.5 : 0);
      if (s > bestS) {
        bestS = s;
        bestI = i;
      }
    });
    const p = bestI >= 0 && bestS > 0.5 ? f.line_items[bestI] : undefined;
    if (p) used.add(bestI);
    const desc = p
      ? Math.max(
          similarity(normText(p.description), normText(li.description)),
          similarity(normText(p.description), normText(li.description_ar)),
        ) >= 0.8
      : false;
    out.push({ field: 'item.description', ok: desc });
    out.push({ field: 'item.quantity', ok: sameNumber(p?.quantity, li.quantity) });
    out.push({ field: 'item.unit_price', ok: sameNumber(p?.unit_price, li.unit_price) });
    out.push({ field: 'item.total', ok: sameNumber(p?.total, li.line_total) });
  }
  for (let i = 0; i < f.line_items.length - used.size; i++) out.push({ field: 'item.extra', ok: false });
  return out;
}

export function receiptDate(raw: string): string | null {
  const s = raw.trim();
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(s);
  if (compact) return `${compact[1]}-${compact[2]}-${compact[3]}`;
  return parseDate(s);
}

export function scoreReceipt(f: FieldsJson, t: ReceiptTruth): FieldScore[] {
  const squash = (s: string | null): string => normText(s).replace(/\s/g, '');
  return [
    { field: 'company', ok: squash(f.vendor.name) === squash(t.company) },
    { field: 'date', ok: f.issue_date !== null && f.issue_date === receiptDate(t.date) },
    { field: 'address', ok: squash(f.vendor.address) === squash(t.address) },
    { field: 'total', ok: sameNumber(f.total, t.total) },
  ];
}

/** Share of the printed key values that appear anywhere in a text: the ceiling for any extractor. */
export function rawCoverage(text: string, values: string[]): { found: number; total: number } {
  const hay = normText(text).replace(/\s/g, '');
  let found = 0;
  const vs = values.map((v) => normText(v).replace(/\s/g, '')).filter(Boolean);
  for (const v of vs) if (hay.includes(v)) found++;
  return { found, total: vs.length };
}

export function invoiceKeyValues(t: InvoiceTruth): string[] {
  const r = t.rendered as Record<string, unknown>;
  const pick = (k: string): string[] => (typeof r[k] === 'string' ? [r[k] as string] : []);
  const items = Array.isArray(r.line_items) ? (r.line_items as Record<string, string>[]) : [];
  return [
    ...[
      'invoice_number',
      'issue_date',
      'due_date',
      'vendor_name',
      'customer_name',
      'subtotal',
      'tax',
      'total',
    ].flatMap(pick),
    ...items.flatMap((i) => [i.description ?? '', i.quantity ?? '', i.unit_price ?? '', i.line_total ?? '']),
  ];
}
