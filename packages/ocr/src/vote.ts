// The advanced pipeline reads a page several ways; the readings are extracted and voted on here.
import type { Lexicon } from './engine/lexicon.js';
import { capitalsReadAsDigits } from './digits.js';
import { OcrError } from './errors.js';
import { extractFields, oneMisread } from './extract.js';
import type { ExtractResult } from './extract.js';
import { lineMatches } from './arith.js';
import { SCALE, dec } from './decimal.js';
import { rawText } from './layout.js';
import { hasRegionalLegalForm } from './regions/index.js';
import { fold, mergeReadings, squash, wordSet } from './merge.js';
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

/**
 * Picks, among the readings of the same pages, the one whose fields are most complete and add up. The first
 * (the normal pipeline's) stays unless another adds up better, and then lends it its parties and the
 * descriptions of the rows both read alike; then the second engine's reading, when there is one, has its say
 * on the fields it reads differently. The readings marked `extra` (the advanced pipeline's further passes)
 * win only by adding up better, and lend the winner their rows only when they won.
 */
export function vote(
  readings: Line[][],
  second: Line[] | null = null,
  lexicon: Lexicon | null = null,
  extra: boolean[] = [],
): { lines: Line[]; result: ExtractResult } {
  let best: { lines: Line[]; result: ExtractResult; score: number } | null = null;
  const results: ExtractResult[] = [];
  for (const [i, lines] of readings.entries()) {
    const result = extractFields(lines);
    results.push(result);
    const score = scoreOf(result);
    // A further pass of the advanced pipeline (a global threshold, a higher resolution) wins only by
    // adding up better: with the same sums, one more field found is as likely noise read as a label.
    const displaces =
      !best || ((!extra[i] || result.consistency > best.result.consistency) && score > best.score);
    if (displaces) best = { lines, result, score };
  }
  if (!best) throw new OcrError('ENGINE_FAILED', 'No reading was produced.');
  // The first reading is the normal pipeline's; the others are there to rescue amounts. One that wins with
  // the same amounts and line items (by finding a printed rate, say), or without adding up better (by
  // finding one more field), has no claim on the names and dates, which the first reads best: it is kept,
  // and only its missing fields are filled below.
  const first = results[0];
  if (
    first &&
    best.result !== first &&
    (best.result.consistency <= first.consistency || sameAmounts(first.fields, best.result.fields))
  ) {
    best = { lines: readings[0] as Line[], result: first, score: scoreOf(first) };
  }
  if (first && best.result !== first) {
    keepDescriptions(best.result, first);
    keepParties(best.result, first);
  }
  // A table another reading read better: its rows replace the winner's when clearly more of them
  // multiply out (the page reading dropped a column, a block reading kept it).
  // Not from a further pass of the advanced pipeline that lost the vote: its rows replace none of the
  // normal pipeline's.
  const tableOf = results.filter((r, i) => !extra[i] || r === best.result);
  const table = tableOf.reduce((a, r) => (rowsOk(r) > rowsOk(a) ? r : a), best.result);
  if (table !== best.result) {
    const gain = rowsOk(table) - rowsOk(best.result);
    const sums = table.amounts.checked.has('lines') && !best.result.amounts.checked.has('lines');
    // Noise read as a table has rows that multiply out by chance; a table read well, most of its rows.
    const mostly = 3 * rowsOk(table) >= 2 * table.fields.line_items.length;
    if ((gain >= 2 && mostly) || (gain >= 1 && sums)) takeItems(best.result, table);
  }
  // A table another reading read whole where the winner lost a part of it (the rows of a page whose
  // descriptions the engine read apart from their figures): clearly more rows, the winner's among them,
  // and no fewer that multiply out.
  const whole = tableOf.reduce((a, r) => (r.fields.line_items.length > a.fields.line_items.length ? r : a));
  if (whole !== best.result && holdsMore(whole, best.result)) takeItems(best.result, whole);
  mendRows(
    best.result,
    results.filter((r) => r !== best.result),
  );
  // Fields the winner missed, or read without their label, are taken from the other readings; and a
  // reference whose capitals the winner read as digits ("8961522" for A961522), from a reading that kept them.
  const f = best.result.fields;
  for (const r of results) {
    if (r === best.result) continue;
    const o = r.fields;
    if (f.invoice_number && o.invoice_number && capitalsReadAsDigits(o.invoice_number, f.invoice_number)) {
      f.invoice_number = o.invoice_number;
      copyMeta(best.result, r, 'invoice_number');
    }
    // A total too: a winner that found none (it added up a subtotal and tax instead) is no reason to
    // lose the one another reading found.
    for (const k of ['invoice_number', 'issue_date', 'due_date', 'currency', 'total'] as const) {
      const outranked = best.result.unlabelled.has(k) && !r.unlabelled.has(k);
      if ((f[k] === null || outranked) && o[k] !== null) {
        f[k] = o[k];
        copyMeta(best.result, r, k);
        if (!r.unlabelled.has(k)) best.result.unlabelled.delete(k);
      }
    }
    for (const party of ['vendor', 'customer'] as const) {
      for (const k of ['name', 'tax_id', 'address'] as const) {
        if (f[party][k] === null && o[party][k] !== null) {
          f[party][k] = o[party][k];
          copyMeta(best.result, r, `${party}.${k}`);
        }
      }
    }
  }
  if (second) {
    const winner = best.result;
    const variants = results.filter((r) => r !== winner);
    secondOpinion(winner, best.lines, extractFields(second), second, variants, lexicon);
  }
  return { lines: best.lines, result: best.result };
}

const TITLE = /invoice|receipt|فاتور|إيصال|ايصال/u;
/** A company's legal form in its name; those of one region are in its table (`regions/`). */
const LEGAL =
  /\b(?:ltd|limited|llc|l\.l\.c|inc|corp|gmbh|plc|co\.)(?![\p{L}])|(?:^|\s)(?:شركة|مؤسسة)(?:\s|$)/iu;
const hasLegal = (name: string): boolean => LEGAL.test(name) || hasRegionalLegalForm(name);

/** The amounts a reading's text holds, as "12.30". */
function amountsOf(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/\d[\d,]*[.,]\d{2}(?!\d)/g)) {
    const v = Number(
      m[0]
        .replace(/[.,](?=\d{2}$)/, '#')
        .replace(/[.,]/g, '')
        .replace('#', '.'),
    );
    if (Number.isFinite(v)) out.add(v.toFixed(2));
  }
  return out;
}

/**
 * Signs of a misread in a name or an address: characters no name prints (! | ¥ $ { } [ ] ~ ^), a small
 * letter among capitals ("PRESTlGE"), a digit inside a word of letters ("Leve1"), a lone letter.
 */
export function oddities(s: string): number {
  let n = (s.match(/[!|¥${}[\]~^`]/g) ?? []).length;
  n += (s.match(/\p{Lu}{2}\p{Ll}+\p{Lu}|\p{Lu}\p{Ll}\p{Lu}{2}/gu) ?? []).length;
  n += (s.match(/\p{L}{2}\d+\p{L}|\p{L}\d+\p{L}{2}|\p{Ll}{2}[01](?![\p{L}\d])/gu) ?? []).length;
  n += (s.match(/(?<![\p{L}\d.])[b-hj-z](?![\p{L}\d.])/giu) ?? []).length;
  return n;
}

/**
 * The second engine's opinion on the fields both read. Where the two differ:
 * - the first reading's other variants vote: the second engine's value is taken when one of them agrees
 *   with it and none with the first (two engines rarely misread alike);
 * - a value the other engine's text also holds is kept; the second engine's value is taken when only it
 *   is confirmed so;
 * - a name with a legal form ("SDN BHD", "LLC") beats one without (a logo or a label read as the name);
 * - a name or an address shows fewer signs of a misread;
 * - a total the first engine read unsurely (below 0.5) and the second surely (0.9), with no variant
 *   agreeing with the first.
 * Fields the first reading lacks are filled.
 */
export function secondOpinion(
  best: ExtractResult,
  lines: Line[],
  other: ExtractResult,
  otherLines: Line[],
  variants: ExtractResult[] = [],
  lexicon: Lexicon | null = null,
): void {
  const f = best.fields;
  const o = other.fields;
  const rawA = rawText(lines);
  const rawB = rawText(otherLines);
  const textA = squash(rawA);
  const textB = squash(rawB);
  const words = { wordsA: wordSet(rawA), wordsB: wordSet(rawB) };
  type Get = (x: ExtractResult['fields']) => string | null;
  const same = (x: string | null, y: string | null): boolean =>
    x !== null && y !== null && squash(x) === squash(y);
  /** Another variant of the first engine agrees with the second engine and none with the first. */
  const outvoted = (get: Get): boolean =>
    variants.some((v) => same(get(v.fields), get(o))) && !variants.some((v) => same(get(v.fields), get(f)));
  const texts: [string, Get, (v: string) => void][] = [
    ['vendor.name', (x) => x.vendor.name, (v) => (f.vendor.name = v)],
    ['vendor.address', (x) => x.vendor.address, (v) => (f.vendor.address = v)],
    ['customer.name', (x) => x.customer.name, (v) => (f.customer.name = v)],
    ['invoice_number', (x) => x.invoice_number, (v) => (f.invoice_number = v)],
  ];
  for (const [path, get, set] of texts) {
    const a = get(f);
    const b = get(o);
    if (b === null || same(a, b)) continue;
    if (a === null) {
      set(b);
      copyMeta(best, other, path);
      continue;
    }
    // A title the second engine ran together ("TAXINVOICE") is no name; a value that differs only in
    // shapes the engines confuse ("HAI-O", "HAI-0") stays as the first engine read it.
    if (!squash(b) || TITLE.test(squash(b)) || fold(squash(a)) === fold(squash(b))) continue;
    // A label or a logo read as the seller's name is in both texts too: the legal form speaks first (not
    // for the customer: the second engine's lines may have given it the seller's name).
    const legal = path === 'vendor.name' && hasLegal(b) && !hasLegal(a) && !same(b, f.customer.name);
    // Confirmation by the other text needs a value long enough not to be found anywhere by chance.
    const similar = b.length >= a.length * 0.7 && b.length <= a.length * 1.4;
    let take = outvoted(get) || legal;
    if (!take && !textB.includes(squash(a))) {
      take =
        (squash(b).length >= 6 && similar && textA.includes(squash(b))) ||
        (path !== 'invoice_number' && oddities(b) < oddities(a) && similar);
    }
    if (take) {
      set(b);
      copyMeta(best, other, path);
      continue;
    }
    // Otherwise the two readings are merged word by word, where they are readings of the same value.
    const wa = best.sources[path];
    const wb = other.sources[path];
    if (path === 'invoice_number' || !wa?.length || !wb?.length) continue;
    const merged = mergeReadings({ value: a, words: wa }, { value: b, words: wb }, { lexicon, ...words });
    if (merged) set(merged);
  }
  const date: Get = (x) => x.issue_date;
  // Two readings of one date that differ in one digit ("2012" and "2018"): the far surer one.
  const surer =
    f.issue_date !== null &&
    o.issue_date !== null &&
    oneMisread(f.issue_date, o.issue_date) &&
    (o.confidence.issue_date ?? 0) >= (f.confidence.issue_date ?? 0) + SURER_DATE;
  if (
    o.issue_date !== null &&
    (f.issue_date === null || (f.issue_date !== o.issue_date && (outvoted(date) || surer)))
  ) {
    f.issue_date = o.issue_date;
    copyMeta(best, other, 'issue_date');
  }
  if (o.total !== null && f.total !== o.total) {
    const inA = amountsOf(rawA);
    const inB = amountsOf(rawB);
    const total: Get = (x) => x.total;
    const unsure =
      (f.confidence.total ?? 0) < 0.5 &&
      (o.confidence.total ?? 0) >= 0.9 &&
      !variants.some((v) => v.fields.total === f.total);
    // A total that the first reading's subtotal and tax add up to stays (unless it was computed from
    // them: then it adds up by construction).
    const computed = best.amounts.derived.has('total');
    const adds =
      !computed &&
      f.subtotal !== null &&
      f.tax_amount !== null &&
      Math.round((Number(f.subtotal) + Number(f.tax_amount)) * 100) === Math.round(Number(f.total) * 100);
    // The first reading computed its total (none was read beside the label) where the second engine read
    // one that its own subtotal and tax confirm.
    const printed = computed && !other.amounts.derived.has('total') && other.amounts.checked.has('total');
    if (
      f.total === null ||
      printed ||
      (!adds && ((!inB.has(f.total) && inA.has(o.total)) || outvoted(total) || unsure))
    ) {
      f.total = o.total;
      copyMeta(best, other, 'total');
    }
  }
}

type Item = ExtractResult['fields']['line_items'][number];

/**
 * A row whose quantity times unit price is its total; not a quantity of one or a total of nothing, which
 * any two numbers of noise make.
 */
function rowOk(l: Item): boolean {
  const [q, u, t] = [l.quantity, l.unit_price, l.total].map((v) => (v === null ? null : dec(v)));
  return q != null && u != null && t != null && q !== SCALE && t > 0n && lineMatches(q, u, t);
}

/** Rows of a reading that multiply out (`rowOk`). */
function rowsOk(r: ExtractResult): number {
  return r.fields.line_items.filter(rowOk).length;
}

const ROW_FIELDS = ['quantity', 'unit_price', 'total'] as const;

/** Where a row was read: the page and the vertical middle and height of its figures' boxes. */
function rowAt(r: ExtractResult, i: number): { page: number; y: number; h: number } | null {
  const b = ROW_FIELDS.map((k) => r.fields.boxes[`line_items.${i}.${k}`]).find((x) => x !== undefined);
  return b ? { page: b.page, y: b.y + b.h / 2, h: b.h } : null;
}

/**
 * Rows the winner read whose figures do not multiply out, mended from another reading of the same page
 * that read the row at the same height with figures that do, and agrees with at least one of the
 * winner's figures there (or the winner read one figure at most): the readings misread different digits,
 * and the arithmetic tells which is right. The winner's description stays.
 */
function mendRows(winner: ExtractResult, others: ExtractResult[]): void {
  winner.fields.line_items.forEach((row, i) => {
    if (rowOk(row)) return;
    const at = rowAt(winner, i);
    if (!at) return;
    const figures = ROW_FIELDS.filter((k) => row[k] !== null);
    for (const r of others) {
      const j = r.fields.line_items.findIndex((o, k) => {
        const there = rowAt(r, k);
        if (!rowOk(o) || !there || there.page !== at.page) return false;
        if (Math.abs(there.y - at.y) > 0.6 * Math.max(at.h, there.h)) return false;
        return figures.length <= 1 || figures.some((f) => o[f] === row[f]);
      });
      const o = r.fields.line_items[j];
      if (!o) continue;
      for (const k of ROW_FIELDS) {
        row[k] = o[k];
        delete winner.fields.confidence[`line_items.${i}.${k}`];
        delete winner.fields.boxes[`line_items.${i}.${k}`];
        delete winner.sources[`line_items.${i}.${k}`];
        copyMeta(winner, r, `line_items.${i}.${k}`, `line_items.${j}.${k}`);
      }
      return;
    }
  });
}

/**
 * `whole` holds clearly more rows than `part` (half as many again, three at least), as many that multiply
 * out, and two in three of `part`'s rows with a total (the same total), of which `part` has three at least:
 * `part` lost rows `whole` read.
 */
function holdsMore(whole: ExtractResult, part: ExtractResult): boolean {
  const rows = whole.fields.line_items;
  const fewer = part.fields.line_items;
  if (rows.length < fewer.length + 3 || 2 * rows.length < 3 * fewer.length) return false;
  if (rowsOk(whole) < rowsOk(part)) return false;
  const totals = new Set(rows.map((l) => l.total));
  const withTotal = fewer.filter((l) => l.total !== null);
  // Rows of noise (a block reading of a page the engine could not read) hold no table of the winner's.
  if (withTotal.length < 3) return false;
  const held = withTotal.filter((l) => totals.has(l.total)).length;
  return 3 * held >= 2 * withTotal.length;
}

/** The rows of another reading, with their confidences, boxes and sources, in place of the winner's. */
function takeItems(winner: ExtractResult, from: ExtractResult): void {
  const isItem = (k: string): boolean => k.startsWith('line_items.');
  const records: Record<string, unknown>[] = [winner.fields.confidence, winner.fields.boxes, winner.sources];
  for (const rec of records) for (const k of Object.keys(rec)) if (isItem(k)) delete rec[k];
  winner.fields.line_items = from.fields.line_items.map((l) => ({ ...l }));
  for (const k of Object.keys(from.fields.confidence)) if (isItem(k)) copyMeta(winner, from, k);
  for (const k of Object.keys(from.fields.boxes)) if (isItem(k)) copyMeta(winner, from, k);
}

/** How much surer the second engine's reading of a date must be to replace the first's. */
const SURER_DATE = 0.15;

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

/**
 * How much surer the winner must have read a name or a description for the first reading's not to replace
 * it: a block reading of a gridded photo can read the words better than the page reading too.
 */
const SURER = 0.2;
/** The winner read this field clearly more surely than the first reading did. */
function surer(winner: ExtractResult, first: ExtractResult, path: string, fromPath = path): boolean {
  const w = winner.fields.confidence[path];
  const f = first.fields.confidence[fromPath];
  return w !== undefined && f !== undefined && w > f + SURER;
}

/**
 * A winner that rescued the amounts takes the first reading's parties (names, tax numbers, addresses) where
 * the first read them: it won on its sums, and the first reads the words best, unless the winner read one
 * clearly more surely.
 */
function keepParties(winner: ExtractResult, first: ExtractResult): void {
  const w = winner.fields;
  const f = first.fields;
  for (const party of ['vendor', 'customer'] as const) {
    for (const k of ['name', 'tax_id', 'address'] as const) {
      if (f[party][k] !== null && !surer(winner, first, `${party}.${k}`)) {
        w[party][k] = f[party][k];
        copyMeta(winner, first, `${party}.${k}`);
      }
    }
  }
}

/**
 * A winner that rescued the amounts keeps the first reading's descriptions of the rows both read alike (the
 * same total, and the same quantity or unit price): the first reads the words best, unless the winner read
 * a description clearly more surely.
 */
function keepDescriptions(winner: ExtractResult, first: ExtractResult): void {
  const used = new Set<number>();
  winner.fields.line_items.forEach((row, i) => {
    if (row.total === null) return;
    const j = first.fields.line_items.findIndex(
      (o, k) =>
        !used.has(k) &&
        o.total === row.total &&
        ((o.quantity !== null && o.quantity === row.quantity) ||
          (o.unit_price !== null && o.unit_price === row.unit_price)),
    );
    const match = first.fields.line_items[j];
    if (!match?.description) return;
    used.add(j);
    const path = `line_items.${i}.description`;
    if (row.description && surer(winner, first, path, `line_items.${j}.description`)) return;
    row.description = match.description;
    copyMeta(winner, first, path, `line_items.${j}.description`);
  });
}

function copyMeta(to: ExtractResult, from: ExtractResult, path: string, fromPath = path): void {
  const c = from.fields.confidence[fromPath];
  const b = from.fields.boxes[fromPath];
  const s = from.sources[fromPath];
  if (c !== undefined) to.fields.confidence[path] = c;
  if (b) to.fields.boxes[path] = b;
  if (s) to.sources[path] = s;
}
