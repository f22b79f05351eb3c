// Labelled lines: each layout line with the labels it holds ("Total", "رقم الفاتورة") and, for a table's
// header row, its columns. The later steps look for values beside these labels.
import type { Line, Word } from '../layout.js';
import type { AmountOptions } from '../parse/amount.js';
import { HEADER_WORDS, findLabels } from '../parse/labels.js';
import type { LabelField } from '../parse/labels.js';
import { toWesternDigits, wordKey } from '../text.js';
import { xc } from './model.js';
import type { Doc, HeaderInfo, Label, LineInfo } from './model.js';

/** Labels every line of a document and tells the number format its amounts are written in. */
export function readLines(lines: Line[]): Doc {
  lines = lines.map(joinDigitGroups);
  const allText = lines.map((l) => l.words.map((w) => w.text).join(' ')).join('\n');
  const western = toWesternDigits(allText);
  const decimalComma =
    (western.match(/\d\.\d{3},\d{2}(?!\d)/g)?.length ?? 0) >
    (western.match(/\d,\d{3}\.\d{2}(?!\d)/g)?.length ?? 0);
  const amountOpts: AmountOptions = { decimalComma };

  let summaryPage = -1;
  const infos: LineInfo[] = lines.map((line, idx) => {
    const header = detectHeader(line);
    let labels: Label[] = header
      ? []
      : findLabels(
          line.words.map((w) => w.text),
          // Words of one label stand closer than this; columns of labels side by side, farther apart.
          line.words.map((w, i) => i > 0 && w.x0 - (line.words[i - 1] as Word).x1 > line.height * 3),
        ).map((m) => {
          const ws = line.words.slice(m.start, m.end + 1);
          return { ...m, x0: Math.min(...ws.map((w) => w.x0)), x1: Math.max(...ws.map((w) => w.x1)) };
        });
    const keys = line.words.map((w) => wordKey(w.text));
    if (SUMMARY_HEAD.test(keys.join(' '))) summaryPage = line.page;
    labels = refineLabels(
      labels,
      keys,
      line.words.map((w) => w.text),
      summaryPage === line.page,
    );
    const inLabel = new Set<number>();
    for (const l of labels) for (let i = l.start; i <= l.end; i++) inLabel.add(i);
    return { line, idx, labels, inLabel, header };
  });
  netTotalsBelowTax(infos);
  return { infos, amountOpts };
}

const LEAD_GROUP = /^[-(]?\d{1,3}$/;
const MID_GROUP = /^\d{3}$/;
const LAST_GROUP = /^\d{3}[.,٫]\d{2,3}\)?$/;

/**
 * Amounts grouped by spaces ("2 828.14", "4 130 372.44", as much of the region prints them) come out of the
 * engine as one word per group. Groups that stand a word's space apart, led by one to three digits, followed
 * by groups of three and ended by a group with decimals, are one amount. Table columns stand much farther apart.
 */
function joinDigitGroups(line: Line): Line {
  const ws = line.words;
  const digits = (w: Word): string => toWesternDigits(w.text);
  const near = (a: Word, b: Word): boolean =>
    b.x0 - a.x1 < line.height * 1.1 && b.x0 - a.x1 > -line.height * 0.3;
  const replaced = new Map<Word, Word | null>();
  for (let i = 0; i < ws.length; i++) {
    const first = ws[i] as Word;
    if (!LEAD_GROUP.test(digits(first))) continue;
    let j = i + 1;
    while (j < ws.length && MID_GROUP.test(digits(ws[j] as Word)) && near(ws[j - 1] as Word, ws[j] as Word))
      j++;
    const last = ws[j];
    if (!last || !LAST_GROUP.test(digits(last)) || !near(ws[j - 1] as Word, last)) continue;
    const group = ws.slice(i, j + 1);
    const merged: Word = {
      ...first,
      text: group.map((w) => w.text).join(''),
      conf: Math.min(...group.map((w) => w.conf)),
      x1: last.x1,
      y0: Math.min(...group.map((w) => w.y0)),
      y1: Math.max(...group.map((w) => w.y1)),
    };
    replaced.set(first, merged);
    for (const w of group.slice(1)) replaced.set(w, null);
    i = j;
  }
  if (!replaced.size) return line;
  const swap = (list: Word[]): Word[] =>
    list.flatMap((w) => {
      const r = replaced.get(w);
      return r === undefined ? [w] : r ? [r] : [];
    });
  return { ...line, words: swap(ws), segments: line.segments.map((g) => ({ ...g, words: swap(g.words) })) };
}

/**
 * The keys that name each kind of column: a header word as a whole, or its last word ("Unit Price": "unit"
 * alone is not a column, "price" is). In `HEADER_WORDS`' order, which decides between kinds.
 */
const HEADER_KEYS = (Object.entries(HEADER_WORDS) as [keyof typeof HEADER_WORDS, string[]][]).map(
  ([kind, list]) =>
    [kind, new Set(list.flatMap((p) => [wordKey(p.split(' ').pop() ?? p), wordKey(p)]))] as const,
);

function detectHeader(line: Line): HeaderInfo | null {
  const keys = line.words.map((w) => wordKey(w.text));
  const columns: HeaderInfo['columns'] = [];
  const kinds = new Set<string>();
  keys.forEach((k, i) => {
    const w = line.words[i];
    if (!w || !k) return;
    for (const [kind, names] of HEADER_KEYS) {
      // "Price/Unit", "Qty/الكمية": either part of a word joined by a slash names the column.
      const parts = [k, ...k.split('/').filter(Boolean)];
      if (parts.some((x) => names.has(x))) {
        // "Unit Price": "unit" alone is not a column, "price" is.
        columns.push({ kind, xc: xc(w) });
        if (kind !== 'index') kinds.add(kind);
        break;
      }
    }
  });
  // Narrow receipts head their table with two words ("Description  Amount"); a row with numbers is no header.
  const short = line.words.length <= 8 && !line.words.some((w) => /\d/.test(toWesternDigits(w.text)));
  const enough = kinds.size >= 3 || (kinds.size === 2 && (kinds.has('qty') || (short && kinds.has('desc'))));
  return enough ? { columns } : null;
}

/** "GST Summary", "VAT analysis", "ملخص الضريبة": the per-rate table printed under a receipt's total. */
const SUMMARY_HEAD = /\b(?:gst|vat|tax|sst)\s*(?:summary|summ\w*|analysis)\b|ملخص الضريبه/;
/** Words that turn a following tax word into a qualifier of another amount ("Total (incl. GST)"). */
const TAX_QUALIFIER =
  /^(?:incl|inc|including|inclusive|ins|excl|exc|excluding|exclusive|excluded|of|with|w|before|after|شامل|غير|قبل|بعد)$/;
const TAX_INCLUDED = /^(?:includes|included|include|inclusive)$/;
const STRONG_TOTAL = /grand|due|payable|rounded|final|after|المستحق|النهائي/;

/**
 * Label corrections that need the whole row:
 * - a tax word right after a total's label qualifies it ("Total (Inclusive of GST) 5.00" is a total);
 * - a row that says the tax is included ("TOTAL INCLUDES 6% GST 1.44", "GST 6% included in total 3.01")
 *   gives the tax, not the total;
 * - under a tax summary table ("GST Summary") per-rate totals and taxes are not the document's.
 */
function refineLabels(labels: Label[], keys: string[], texts: string[], inSummary: boolean): Label[] {
  const isTax = (l: Label): boolean => l.field === 'tax';
  const isSum = (l: Label): boolean => l.field === 'total' || l.field === 'subtotal';
  // "TOTAL (GST INCL)" is a total, not the phrase "total GST" (a tax): the bracket opens inside it.
  labels = labels.map((l) =>
    isTax(l) &&
    l.end === l.start + 1 &&
    keys[l.start] === 'total' &&
    /^\(/.test(texts[l.end] ?? '') &&
    /^(?:incl|inc|ins|included|inclusive)$/.test(keys[l.end + 1] ?? '')
      ? { ...l, field: 'total' as LabelField }
      : l,
  );
  // "(Inclusive of GST)", "(GST Ins)": a tax word qualified or in brackets after a total is no tax label.
  const prevKey = (i: number): string => keys.slice(0, i).filter(Boolean).pop() ?? '';
  let out = labels.filter(
    (l) =>
      !isTax(l) ||
      l.arabic ||
      !(
        TAX_QUALIFIER.test(prevKey(l.start)) ||
        (/^\(/.test(texts[l.start] ?? '') && labels.some((t) => isSum(t) && t.end < l.start))
      ),
  );
  // "Total 6% supplies (excl. GST)": a total said to be without the tax is a subtotal.
  const excl = labels.find(
    (l) =>
      isTax(l) &&
      !out.includes(l) &&
      /^(?:excl|exc|excluding|exclusive|excluded|before)$/.test(prevKey(l.start)),
  );
  if (excl) {
    out = out.map((l) =>
      l.field === 'total' && l.end < excl.start ? { ...l, field: 'subtotal' as LabelField } : l,
    );
  }
  const sums = out.filter(isSum);
  if (sums.length && out.some(isTax)) {
    out = out.filter((l) => {
      if (!isTax(l)) return true;
      const before = sums.find((t) => t.end < l.start && l.start - t.end <= 5);
      if (!before) return true;
      const between = keys.slice(before.end + 1, l.start).filter(Boolean);
      if (between.some((k) => /\d/.test(k))) return true;
      return between.length > 0 && !between.some((k) => TAX_QUALIFIER.test(k));
    });
  }
  if (out.some(isTax) && keys.some((k) => TAX_INCLUDED.test(k))) {
    const tax = out.find(isTax) as Label;
    const qualifies = out.some(
      (l) =>
        isSum(l) &&
        l.end < tax.start &&
        keys.slice(l.end + 1, tax.start).some((k) => TAX_QUALIFIER.test(k) && !TAX_INCLUDED.test(k)),
    );
    if (!qualifies) out = out.filter((l) => !isSum(l));
  }
  // "GST @6% included in total RM 0.75": the row gives the tax inside the total, not the total.
  out = out.filter(
    (l) =>
      !isSum(l) ||
      !/\b(?:includes|included|include|inclusive)(?: in)?$/.test(
        keys.slice(0, l.start).filter(Boolean).join(' '),
      ),
  );
  if (inSummary) {
    out = out.filter((l) => {
      if (l.field === 'tax' || l.field === 'subtotal') return false;
      if (l.field !== 'total') return true;
      return STRONG_TOTAL.test(keys.slice(l.start, l.end + 1).join(' '));
    });
  }
  return out;
}

/**
 * "Net total" names the amount before tax on most invoices and the amount paid on many receipts: printed
 * below the tax (or the rounding) of its page, it is the total ("SUB TOTAL 21.00 / GST 6% 1.26 /
 * ROUNDING ADJ -0.01 / NET TOTAL 22.25").
 */
function netTotalsBelowTax(infos: LineInfo[]): void {
  const isNet = (info: LineInfo, l: Label): boolean =>
    l.field === 'subtotal' &&
    /^nett? (?:total|amount)$/.test(
      info.line.words
        .slice(l.start, l.end + 1)
        .map((w) => wordKey(w.text))
        .join(' '),
    );
  const taxSeen = new Set<number>();
  for (const info of infos) {
    const page = info.line.page;
    if (taxSeen.has(page)) {
      info.labels = info.labels.map((l) => (isNet(info, l) ? { ...l, field: 'total' as LabelField } : l));
    }
    const isAdjustment = (l: Label): boolean =>
      l.field === 'tax' ||
      (l.field === 'other_amount' && /^round/.test(wordKey(info.line.words[l.start]?.text ?? '')));
    if (info.labels.some(isAdjustment)) taxSeen.add(page);
  }
}
