// Assembly: the steps' findings as `fields_json`, with a confidence and a box for each field read.
import { fmtFixed, fmtTrim } from '../decimal.js';
import { currencyDecimals, fixArabicLegalFormTail } from '../regions/index.js';
import type { Dec } from '../decimal.js';
import type { Line, Word } from '../layout.js';
import { countArabic, countLatin, hasArabic, toWesternDigits } from '../text.js';
import type { Box, FieldsJson, LineItem } from '../types.js';
import type { ItemRow, Items } from './items.js';
import { boxOf, meanConf } from './model.js';
import type { Found } from './model.js';
import type { NumberAndDates } from './numbers-dates.js';
import type { Parties } from './parties.js';
import { foundOf } from './totals.js';
import type { Candidate, Totals } from './totals.js';

export interface ExtractResult {
  fields: FieldsJson;
  /** Fraction of header fields that take part in an arithmetic check that holds. */
  consistency: number;
  /** The words each name and address was read from, with the engine's confidences. */
  sources: Record<string, Word[]>;
  /** Amounts computed from the others rather than read, and amounts an arithmetic check confirms. */
  amounts: { derived: ReadonlySet<string>; checked: ReadonlySet<string> };
  /** Fields read without a label of their own (a number standing alone), which another reading's labelled value outranks. */
  unlabelled: Set<string>;
}

/** Confidences (0..1, three decimals) and page boxes of the fields, by path. */
class Marks {
  readonly confidence: Record<string, number> = {};
  readonly boxes: Record<string, Box> = {};

  put(path: string, f: { words: Word[]; line: Line; conf: number }): void {
    this.confidence[path] = Math.round(Math.max(0, Math.min(1, f.conf)) * 1000) / 1000;
    if (f.words.length) this.boxes[path] = boxOf(f.words, f.line);
  }
}

function lineItem(marks: Marks, r: ItemRow, i: number, places: number): LineItem {
  const k = `line_items.${i}`;
  const lineOk = r.consistent ? (r.repaired ? 0.75 : 1) : 0.6;
  if (r.desc)
    marks.put(`${k}.description`, { words: r.descWords, line: r.line, conf: meanConf(r.descWords) });
  const num = (
    name: string,
    f: { value: Dec; word: Word } | null,
    fmt: (d: Dec) => string,
  ): string | null => {
    if (!f) return null;
    marks.put(`${k}.${name}`, { words: [f.word], line: r.line, conf: f.word.conf * lineOk });
    return fmt(f.value);
  };
  return {
    description: r.desc,
    quantity: num('quantity', r.quantity, fmtTrim),
    unit_price: num('unit_price', r.unitPrice, (d) => fmtFixed(d, places)),
    total: num('total', r.totalW, (d) => fmtFixed(d, places)),
  };
}

function amountField(
  marks: Marks,
  totals: Totals,
  path: 'subtotal' | 'tax_amount' | 'total' | 'tax_rate',
  key: 'subtotal' | 'tax' | 'total' | 'rate',
  v: Dec | null,
  cands: Candidate[],
  places: number,
): string | null {
  const { choice } = totals;
  if (v === null) return null;
  const checkedBoost = choice.checked.has(key) ? 1 : choice.derived.has(key) ? 0.5 : 0.75;
  const f = foundOf(cands, v);
  const conf = (f ? f.conf : 0.6) * checkedBoost;
  if (f && !choice.derived.has(key)) marks.put(path, { words: f.words, line: f.line, conf });
  else marks.confidence[path] = Math.round(conf * 1000) / 1000;
  return fmtFixed(v, path === 'tax_rate' ? 2 : places);
}

export function assemble(
  lines: Line[],
  numbers: NumberAndDates,
  parties: Parties,
  items: Items,
  totals: Totals,
): ExtractResult {
  const marks = new Marks();
  const { invoiceNumber, issueDate, dueDate } = numbers;
  const { vendor, vendorTaxId, vendorAddress, customer, customerTaxId } = parties;
  const { currency } = items;
  const { choice } = totals;
  // Amounts keep the decimals of the currency's minor unit (three for the dinars and the rial of Oman).
  const places = printedDecimals(totals) ?? (items.threeDecimals ? 3 : currencyDecimals(currency?.value));
  const lineItems = items.rows.map((r, i) => lineItem(marks, r, i, places));
  const found: [string, Found<string> | null][] = [
    ['invoice_number', invoiceNumber],
    ['issue_date', issueDate],
    ['due_date', dueDate],
    ['vendor.name', vendor],
    ['vendor.tax_id', vendorTaxId],
    ['vendor.address', vendorAddress],
    ['customer.name', customer],
    ['customer.tax_id', customerTaxId],
    ['currency', currency],
  ];
  for (const [path, f] of found) if (f) marks.put(path, f);

  const fields: FieldsJson = {
    language: languageOf(lines.flatMap((l) => l.words)),
    invoice_number: invoiceNumber?.value ?? null,
    issue_date: issueDate?.value ?? null,
    due_date: dueDate?.value ?? null,
    currency: currency?.value ?? null,
    vendor: {
      name: vendor ? fixArabicLegalFormTail(vendor.value) : null,
      tax_id: vendorTaxId?.value ?? null,
      address: vendorAddress?.value ?? null,
    },
    customer: {
      name: customer ? fixArabicLegalFormTail(customer.value) : null,
      tax_id: customerTaxId?.value ?? null,
      address: null,
    },
    subtotal: amountField(marks, totals, 'subtotal', 'subtotal', choice.subtotal, totals.subtotal, places),
    tax_rate: amountField(marks, totals, 'tax_rate', 'rate', choice.rate, totals.rate, places),
    tax_amount: amountField(marks, totals, 'tax_amount', 'tax', choice.tax, totals.tax, places),
    total: amountField(marks, totals, 'total', 'total', choice.total, totals.total, places),
    line_items: lineItems,
    confidence: marks.confidence,
    boxes: marks.boxes,
  };
  const amountsKnown = [choice.subtotal, choice.tax, choice.total].filter((v) => v !== null).length;
  const consistency = amountsKnown ? choice.checked.size / 5 : 0;
  const sources: Record<string, Word[]> = {};
  for (const [path, f] of [
    ['vendor.name', vendor],
    ['vendor.address', vendorAddress],
    ['customer.name', customer],
  ] as const) {
    if (f) sources[path] = f.source ?? f.words;
  }
  const unlabelled = new Set(found.filter(([, f]) => f?.unlabelled).map(([path]) => path));
  return {
    fields,
    consistency,
    sources,
    amounts: { derived: choice.derived, checked: choice.checked },
    unlabelled,
  };
}

/** The decimals the total is printed with (three for fils and baisa, two), when it was read from the page. */
function printedDecimals(totals: Totals): number | null {
  const { total } = totals.choice;
  const f = total === null ? null : foundOf(totals.total, total);
  const text = toWesternDigits(f?.words.map((w) => w.text).join('') ?? '');
  const m = /\d[.,٫](\d{2,3})(?!\d)\D*$/.exec(text);
  return m?.[1] ? m[1].length : null;
}

function languageOf(all: Word[]): 'en' | 'ar' | 'mixed' {
  // Unsure words are left out: Arabic-Indic digits misread as Latin letters are not English text.
  const words = all
    .filter((w) => w.conf >= 0.6 && /\p{L}{2,}/u.test(w.text))
    .map((w) => w.text)
    // Codes and ids ("EGP", "INV-2025-1") are written in Latin letters on Arabic invoices too.
    .filter((t) => hasArabic(t) || (!/\d/.test(t) && /^[^A-Z]*[a-z]|[A-Za-z]{4,}/.test(t)));
  const ar = words.filter((w) => countArabic(w) > countLatin(w)).length;
  const la = words.length - ar;
  if (!words.length) return 'en';
  if (ar / words.length < 0.06) return 'en';
  if (la / words.length < 0.12) return 'ar';
  return 'mixed';
}
