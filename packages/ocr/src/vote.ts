// The advanced pipeline reads a page several ways; the readings are extracted and voted on here.
import { OcrError } from './errors.js';
import { extractFields } from './extract.js';
import type { ExtractResult } from './extract.js';
import type { Line } from './layout.js';

function scoreOf(r: ExtractResult): number {
  const f = r.fields;
  const found = [
    f.invoice_number,
    f.issue_date,
    f.due_date,
    f.vendor.name,
    f.customer.name,
    f.currency,
    f.total,
    f.subtotal,
    f.tax_amount,
  ].filter((v) => v !== null).length;
  const itemsOk = f.line_items.filter((_, i) => (f.confidence[`line_items.${i}.total`] ?? 0) > 0).length;
  return r.consistency * 10 + found + Math.min(itemsOk, 20) * 0.2;
}

/** Picks, among the readings of the same pages, the one whose fields are most complete and add up. */
export function vote(readings: Line[][]): { lines: Line[]; result: ExtractResult } {
  let best: { lines: Line[]; result: ExtractResult; score: number } | null = null;
  const results: ExtractResult[] = [];
  for (const lines of readings) {
    const result = extractFields(lines);
    results.push(result);
    const score = scoreOf(result);
    if (!best || score > best.score) best = { lines, result, score };
  }
  if (!best) throw new OcrError('ENGINE_FAILED', 'No reading was produced.');
  // The first reading is the normal pipeline's; the others are there to rescue amounts. One that wins with
  // the same amounts and line items (by finding a printed rate, say) has no claim on the names and dates, which
  // the first reads best: it is kept.
  const first = results[0];
  if (first && best.result !== first && sameAmounts(first.fields, best.result.fields)) {
    best = { lines: readings[0] as Line[], result: first, score: scoreOf(first) };
  }
  // Fields the winner missed are taken from the other readings.
  const f = best.result.fields;
  for (const r of results) {
    if (r === best.result) continue;
    const o = r.fields;
    for (const k of ['invoice_number', 'issue_date', 'due_date', 'currency'] as const) {
      if (f[k] === null && o[k] !== null) {
        f[k] = o[k];
        copyMeta(f, o, k);
      }
    }
    for (const party of ['vendor', 'customer'] as const) {
      for (const k of ['name', 'tax_id', 'address'] as const) {
        if (f[party][k] === null && o[party][k] !== null) {
          f[party][k] = o[party][k];
          copyMeta(f, o, `${party}.${k}`);
        }
      }
    }
  }
  return { lines: best.lines, result: best.result };
}

/** Two readings with the same subtotal, tax, total and line items' numbers. */
function sameAmounts(a: ExtractResult['fields'], b: ExtractResult['fields']): boolean {
  const key = (f: ExtractResult['fields']): string =>
    [
      f.subtotal,
      f.tax_amount,
      f.total,
      ...f.line_items.map((l) => `${l.quantity} ${l.unit_price} ${l.total}`),
    ].join('|');
  return a.total !== null && key(a) === key(b);
}

function copyMeta(to: ExtractResult['fields'], from: ExtractResult['fields'], path: string): void {
  const c = from.confidence[path];
  const b = from.boxes[path];
  if (c !== undefined) to.confidence[path] = c;
  if (b) to.boxes[path] = b;
}
