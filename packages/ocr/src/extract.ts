import { readLine, reconcileTotals } from './arith.js';
import type { AmountCandidate } from './arith.js';
import { SCALE, fmtFixed, fmtTrim } from './decimal.js';
import type { Dec } from './decimal.js';
import { logicalWords, segmentText } from './layout.js';
import type { Line, Segment, Word } from './layout.js';
import { parseAmount, parsePercent } from './parse/amount.js';
import type { AmountOptions } from './parse/amount.js';
import { currencyInToken, currencyOf } from './parse/currency.js';
import { parseDate } from './parse/date.js';
import { confirmByPage } from './parse/page-words.js';
import { HEADER_WORDS, findLabels } from './parse/labels.js';
import type { LabelField } from './parse/labels.js';
import { countArabic, countLatin, hasArabic, toWesternDigits, wordKey } from './text.js';
import type { Box, FieldsJson, LineItem } from './types.js';

interface Label {
  field: LabelField;
  /** Indexes into line.words (left to right). */
  start: number;
  end: number;
  arabic: boolean;
  x0: number;
  x1: number;
}

interface LineInfo {
  line: Line;
  idx: number;
  labels: Label[];
  /** Words that belong to a label. */
  inLabel: Set<number>;
  header: HeaderInfo | null;
}

interface HeaderInfo {
  columns: { kind: 'desc' | 'qty' | 'price' | 'amount' | 'index'; xc: number }[];
}

interface Found<T> {
  value: T;
  words: Word[];
  line: Line;
  conf: number;
  /** Every word the value was read from, where `words` holds only those of its first line (for its box). */
  source?: Word[];
}

type ValueKind = 'amount' | 'date' | 'id' | 'percent';

const xc = (w: { x0: number; x1: number }): number => (w.x0 + w.x1) / 2;
const meanConf = (ws: Word[]): number => (ws.length ? ws.reduce((a, w) => a + w.conf, 0) / ws.length : 0);

function boxOf(words: Word[], line: Line): Box {
  const x0 = Math.min(...words.map((w) => w.x0));
  const y0 = Math.min(...words.map((w) => w.y0));
  const x1 = Math.max(...words.map((w) => w.x1));
  const y1 = Math.max(...words.map((w) => w.y1));
  const r = (v: number): number => Math.round(v * 10000) / 10000;
  return {
    page: line.page,
    x: r(x0 / line.pageWidth),
    y: r(y0 / line.pageHeight),
    w: r((x1 - x0) / line.pageWidth),
    h: r((y1 - y0) / line.pageHeight),
  };
}

function detectHeader(line: Line): HeaderInfo | null {
  const keys = line.words.map((w) => wordKey(w.text));
  const columns: HeaderInfo['columns'] = [];
  const kinds = new Set<string>();
  keys.forEach((k, i) => {
    const w = line.words[i];
    if (!w || !k) return;
    for (const [kind, list] of Object.entries(HEADER_WORDS) as [keyof typeof HEADER_WORDS, string[]][]) {
      if (list.some((p) => wordKey(p.split(' ').pop() ?? p) === k || wordKey(p) === k)) {
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

function isPercentAt(words: Word[], i: number): boolean {
  const w = words[i];
  if (!w) return false;
  if (/[%٪]/.test(w.text)) return true;
  return /^[%٪]$/.test(words[i + 1]?.text ?? '') || /^[%٪]$/.test(words[i - 1]?.text ?? '');
}

/** Phone numbers, dates and ids are not amounts even when their digits would parse. */
function amountAt(words: Word[], i: number, opts: AmountOptions): Dec | null {
  const w = words[i];
  if (!w) return null;
  const t = toWesternDigits(w.text);
  if (isPercentAt(words, i)) return null;
  if (/^\+/.test(t) || /\d[-/:]\d/.test(t) || /^\d{9,}$/.test(t.replace(/\D/g, '')) || /^#/.test(t))
    return null;
  if (/[A-Za-z]{2,}\d|\d[A-Za-z]{3,}/.test(t) && !currencyInToken(t)) return null;
  return parseAmount(w.text, opts)?.value ?? null;
}

function percentAt(words: Word[], i: number): Dec | null {
  const w = words[i];
  if (!w) return null;
  const direct = parsePercent(w.text);
  if (direct !== null) return direct;
  const next = words[i + 1]?.text ?? '';
  const prev = words[i - 1]?.text ?? '';
  if (/^[%٪]$/.test(next) || /^[%٪]$/.test(prev)) return parsePercent(w.text + '%');
  return null;
}

function idAt(words: Word[], i: number): string | null {
  const t = toWesternDigits(words[i]?.text ?? '')
    .replace(/^[#:：.\-–]+|[:：.,;]+$/g, '')
    .replace(/^(?:no|nr)[.:]?/i, '');
  if (t.length < 2 || !/\d/.test(t) || /[\u0600-\u06ff]/.test(t)) return null;
  if (!/^[A-Za-z0-9][A-Za-z0-9\-/_.]*$/.test(t)) return null;
  return t;
}

/**
 * An id printed as one token may come out of the engine as several ("F" "090367-" on a right-to-left
 * line, where the hyphen is moved to the wrong end): neighbouring Latin and digit words joined by a
 * separator are read back as one id.
 */
function idRun(words: Word[], i: number, line: Line): { value: string; n: number } | null {
  const fix = (w: Word): string => {
    const t = toWesternDigits(w.text);
    return line.rtl && /^[^-/]+[-/]$/.test(t) ? t.slice(-1) + t.slice(0, -1) : t;
  };
  const base = idAt(words, i);
  if (!base) return null;
  let start = i;
  let end = i;
  const close = (a: Word, b: Word): boolean => b.x0 - a.x1 < line.height * 0.9;
  while (start > 0) {
    const prev = words[start - 1] as Word;
    const cur = words[start] as Word;
    if (hasArabic(prev.text) || !close(prev, cur) || !/^[A-Za-z0-9][A-Za-z0-9\-/]*$/.test(fix(prev))) break;
    if (!/[-/]$/.test(fix(prev)) && !/^[-/]/.test(fix(cur))) break;
    start--;
  }
  while (end + 1 < words.length) {
    const next = words[end + 1] as Word;
    const cur = words[end] as Word;
    if (hasArabic(next.text) || !close(cur, next) || !/^[A-Za-z0-9\-/]+$/.test(fix(next))) break;
    if (!/[-/]$/.test(fix(cur)) && !/^[-/]/.test(fix(next))) break;
    end++;
  }
  if (start === end) {
    const single = idAt([{ ...(words[i] as Word), text: fix(words[i] as Word) }], 0);
    return single ? { value: single, n: 1 } : null;
  }
  const joined = words
    .slice(start, end + 1)
    .map(fix)
    .join('')
    .replace(/^[-/]+|[-/]+$/g, '');
  return { value: joined, n: end - i + 1 };
}

/** The first date in a row of words, as the extraction reads dates (misread digits repaired). */
export function firstDateIn(words: Word[]): string | null {
  for (let i = 0; i < words.length; i++) {
    const d = dateAt(words, i);
    if (d) return d.value;
  }
  return null;
}

function dateAt(words: Word[], i: number): { value: string; n: number } | null {
  let d = dateAtRaw(words, i);
  // "46 Jun 2018": a day past 31 before a month's name is a 1 read as 4 or 7.
  const w = words[i];
  if (!d && w && /^[47]\d$/.test(w.text) && /^[A-Za-z]{3,9}\.?$/.test(words[i + 1]?.text ?? '')) {
    const fixed = [...words];
    fixed[i] = { ...w, text: `1${w.text.slice(1)}` };
    d = dateAtRaw(fixed, i);
  }
  // "22/11/2925": a 0 read as 9, 8 or 6 in the year's hundreds; no invoice is dated centuries ahead.
  const farYear = /(?<!\d)2[1-9](\d\d)(?!\d)/;
  if (!d && w && /\d\s*[/.-]/.test(toWesternDigits(w.text)) && farYear.test(toWesternDigits(w.text))) {
    const fixed = [...words];
    fixed[i] = { ...w, text: toWesternDigits(w.text).replace(farYear, '20$1') };
    d = dateAtRaw(fixed, i);
  }
  // "31/03/2078": a 1 read as 7 in the year's tens; no receipt is dated fifty years ahead.
  return d ? { ...d, value: d.value.replace(/^207(\d)/, '201$1') } : null;
}

function dateAtRaw(words: Word[], i: number): { value: string; n: number } | null {
  for (let n = Math.min(4, words.length - i); n >= 1; n--) {
    // "|7-06-2018": a bar or an l before the digits of a date is a 1 the engine misread.
    const span = words
      .slice(i, i + n)
      .map((w) => ({ ...w, text: w.text.replace(/^[|lI](?=\d{1,2}[/.-]\d)/, '1') }));
    // Right-to-left lines hold "١٤ مارس ٢٠٢٥" with the year on the left: try both orders.
    const texts = [
      span.map((w) => w.text).join(' '),
      [...span]
        .reverse()
        .map((w) => w.text)
        .join(' '),
    ];
    // A numeric date split by the engine ("١٧/٠٨/٢" "٠٢٥") is read glued back together.
    if (n === 2 && span.every((w) => /^[\d\u0660-\u0669\u06f0-\u06f9/.\-]+$/.test(w.text))) {
      texts.push(span.map((w) => w.text).join(''));
    }
    for (const t of texts) {
      if (
        n > 1 &&
        !/\d/.test(toWesternDigits(span[0]?.text ?? '') + toWesternDigits(span[n - 1]?.text ?? ''))
      )
        continue;
      const v = parseDate(t);
      if (v) return { value: v, n };
    }
  }
  const one = repairDate(words[i]?.text ?? '');
  return one ? { value: one, n: 1 } : null;
}

/**
 * A numeric date the engine garbled in one word: glued to its label ("Date:D2/O2/17") or with letters
 * for digits ("|7-06-2018", "O5/03/2018"). Only a full day-month-year pattern is repaired.
 */
function repairDate(text: string): string | null {
  const t = toWesternDigits(text);
  // "20180428/191204": a till's compact date with the time glued on.
  const compact = /^((?:19|20)\d{2})(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])[/:-]\d{4,6}$/.exec(t);
  if (compact) return parseDate(`${compact[1]}-${compact[2]}-${compact[3]}`);
  // "2703/2018": the first slash of a day-month-year lost.
  const glued = /(?:^|[^\d/.-])(\d{2})(\d{2})\/((?:19|20)\d{2})$/.exec(t);
  if (glued) return parseDate(`${glued[1]}/${glued[2]}/${glued[3]}`);
  const m =
    /(?:^|[^\dA-Za-z|]|[A-Za-z]{2,}?:?)([\dODoIl|]{1,2})([/.-])([\dODoIl|]{1,2})\2(\d{2}|\d{4})(?!\d)/.exec(
      t,
    );
  if (!m?.[1] || !m[3] || !m[4]) return null;
  const fix = (s: string): string => s.replace(/[ODo]/g, '0').replace(/[Il|]/g, '1');
  const day = fix(m[1]);
  const month = fix(m[3]);
  if (!/\d/.test(m[1] + m[3])) return null;
  return parseDate(`${day}${m[2]}${month}${m[2]}${m[4]}`);
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
 * Totals are printed with cents: when a row offers such an amount, a bare one- or two-digit number
 * beside the label is a rate or a misread mark ("Tax / 15 4, -2!%   627.25"), not the value.
 */
function withCents<T extends { words: Word[] }>(vs: T[]): T[] {
  const text = (v: T): string => toWesternDigits(v.words.map((w) => w.text).join(''));
  if (!vs.some((v) => /\d[.,]\d{2}(?!\d)/.test(text(v)))) return vs;
  return vs.filter((v) => !/^\D*\d{1,2}\D*$/.test(text(v)));
}

/**
 * The amount a receipt's tender block settles: "CASH 50.00" then "CHANGE 40.70" a few lines below is
 * 9.30 paid. Null without both readable amounts or when they make no sense (change above the cash).
 */
function paidLessChange(
  infos: LineInfo[],
  valueOf: (info: LineInfo, label: Label) => Found<string | Dec> | undefined,
): Dec | null {
  const keyOf = (info: LineInfo, l: Label): string =>
    info.line.words
      .slice(l.start, l.end + 1)
      .map((w) => wordKey(w.text))
      .join(' ');
  let paid: { value: Dec; idx: number } | null = null;
  for (const info of infos) {
    for (const label of info.labels) {
      if (label.field !== 'other_amount') continue;
      const key = keyOf(info, label);
      const isPaid = /^(?:cash|paid|amount paid|tendered)$/.test(key);
      const isChange = key === 'change';
      if (!isPaid && !isChange) continue;
      const v = valueOf(info, label);
      if (!v || typeof v.value !== 'bigint') continue;
      if (isPaid) {
        // The cash paid closest above the change: "CASH SALES COUNTER 012" higher up is no tender.
        paid = { value: v.value, idx: info.idx };
        continue;
      }
      if (!paid || info.idx <= paid.idx || info.idx - paid.idx > 3) return null;
      const rest = paid.value - v.value;
      return v.value >= 0n && rest > 0n ? rest : null;
    }
  }
  return null;
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

export interface ExtractResult {
  fields: FieldsJson;
  /** Fraction of header fields that take part in an arithmetic check that holds. */
  consistency: number;
  /** The words each name and address was read from, with the engine's confidences. */
  sources: Record<string, Word[]>;
  /** Amounts computed from the others rather than read, and amounts an arithmetic check confirms. */
  amounts: { derived: ReadonlySet<string>; checked: ReadonlySet<string> };
}

/** Turns layout lines of one document into `fields_json`. */
export function extractFields(lines: Line[]): ExtractResult {
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

  const confidence: Record<string, number> = {};
  const boxes: Record<string, Box> = {};
  const put = (path: string, f: { words: Word[]; line: Line; conf: number }): void => {
    confidence[path] = Math.round(Math.max(0, Math.min(1, f.conf)) * 1000) / 1000;
    if (f.words.length) boxes[path] = boxOf(f.words, f.line);
  };

  // ---- values next to labels -------------------------------------------------------------------
  function valuesFor(info: LineInfo, label: Label, kind: ValueKind): Found<string | Dec>[] {
    const { line } = info;
    const words = line.words;
    const out: (Found<string | Dec> & { dist: number })[] = [];
    // Labels of the same field beside each other ("Invoice No. / رقم الفاتورة") act as one.
    const group = info.labels.filter(
      (l) =>
        l.field === label.field &&
        Math.abs(l.start - label.start) <= 8 &&
        (l === label || l.start !== label.start),
    );
    const gx0 = Math.min(...group.map((l) => l.x0));
    const gx1 = Math.max(...group.map((l) => l.x1));
    const blocked = (i: number): boolean => {
      const w = words[i];
      if (!w) return true;
      return info.labels.some(
        (o) => o.field !== label.field && ((o.x0 > gx1 && o.x0 < w.x0) || (o.x1 < gx0 && o.x1 > w.x1)),
      );
    };
    const scan = (
      ws: Word[],
      li: Line,
      usable: (i: number) => boolean,
      distOf: (w: Word[]) => number,
    ): void => {
      for (let i = 0; i < ws.length; i++) {
        if (!usable(i)) continue;
        let value: string | Dec | null = null;
        let n = 1;
        if (kind === 'amount') value = amountAt(ws, i, amountOpts);
        else if (kind === 'percent') value = percentAt(ws, i);
        else if (kind === 'id') {
          const id = idRun(ws, i, li);
          if (id) {
            value = id.value;
            n = id.n;
          }
        } else {
          const d = dateAt(ws, i);
          if (d) {
            value = d.value;
            n = d.n;
          }
        }
        if (value === null) continue;
        const span = ws.slice(i, i + n);
        out.push({ value, words: span, line: li, conf: meanConf(span), dist: distOf(span) });
        i += n - 1;
      }
    };
    const preferLeft = label.arabic && line.rtl;
    scan(
      words,
      line,
      (i) => !info.inLabel.has(i) && !blocked(i),
      (span) => {
        const a = Math.min(...span.map((w) => w.x0));
        const b = Math.max(...span.map((w) => w.x1));
        const right = a >= gx1 - 2;
        const d = right ? a - gx1 : gx0 - b;
        return Math.max(0, d) * (right === !preferLeft ? 1 : 1.6) + (d < 0 ? 1e6 : 0);
      },
    );
    if (out.length) return out.sort((a, b) => a.dist - b.dist);
    // Nothing on the label's row: the value sits below it, in the same column.
    for (let k = info.idx + 1; k < infos.length && k <= info.idx + 3; k++) {
      const below = infos[k];
      if (!below || below.line.page !== line.page || below.header) break;
      if (below.line.y0 - line.y1 > line.height * 4) break;
      const width = gx1 - gx0;
      const usable = (i: number): boolean => {
        const w = below.line.words[i];
        return !!w && !below.inLabel.has(i) && w.x1 > gx0 - width * 0.6 && w.x0 < gx1 + width * 0.6;
      };
      scan(
        below.line.words,
        below.line,
        usable,
        (span) =>
          Math.abs(xc({ x0: span[0]?.x0 ?? 0, x1: span[span.length - 1]?.x1 ?? 0 }) - (gx0 + gx1) / 2) +
          k * 1000,
      );
      if (out.length) break;
      // A label in another column ("PAYMENT DUE" set lower beside "INVOICE NUMBER") does not end the search.
      if (below.labels.some((l) => l.x1 > gx0 - width * 0.6 && l.x0 < gx1 + width * 0.6)) break;
    }
    return out.sort((a, b) => a.dist - b.dist);
  }

  /** Text right after a label on its segment, else the segment below it. */
  function textFor(info: LineInfo, label: Label): Found<string> | null {
    const { line } = info;
    const seg = line.segments.find((s) => s.words.includes(line.words[label.start] as Word));
    if (!seg) return null;
    // "Seller / البائع", "BILLED TO | العميل": the segment is cut into parts at "/" and "|"; a short
    // part next to the label in the other script (or unreadable) is the label's translation, not a name.
    const logical = logicalWords(seg.words, seg.rtl);
    const parts: Word[][] = [[]];
    for (const w of logical) {
      if (/^[|/¦]+$/.test(w.text)) parts.push([]);
      else (parts[parts.length - 1] as Word[]).push(w);
    }
    const inThisLabel = (w: Word): boolean => {
      const i = line.words.indexOf(w);
      return info.labels.some((l) => l.field === label.field && i >= l.start && i <= l.end);
    };
    const at = parts.findIndex((p) => p.some(inThisLabel));
    const labelPart = parts[at] ?? [];
    const isTranslation = (p: Word[]): boolean => {
      const ws = p.filter((w) => !/^[#:：.\-–]+$/.test(w.text));
      if (!ws.length) return true;
      if (ws.every((w) => info.inLabel.has(line.words.indexOf(w)))) return true;
      if (ws.length > 3) return false;
      return ws.some((w) => hasArabic(w.text)) !== label.arabic || meanConf(ws) < 0.6;
    };
    let from = at;
    while (from > 0 && isTranslation(parts[from - 1] as Word[])) from--;
    // A party label opens its segment ("Bill To ...", "العميل: ..."); elsewhere the word is prose.
    const lead = [...parts.slice(from, at).flat(), ...labelPart].filter((w) => !/^[#:]+$/.test(w.text))[0];
    if (!lead || !(inThisLabel(lead) || from < at)) return null;
    const after = parts.slice(at + 1);
    while (after.length && isTranslation(after[0] as Word[])) after.shift();
    {
      const rest = labelPart.filter(
        (w) => !info.inLabel.has(line.words.indexOf(w)) && /\p{L}{2,}/u.test(w.text),
      );
      const restAll = labelPart.filter(
        (w) => !info.inLabel.has(line.words.indexOf(w)) && !/^[:：/|\-–]+$/.test(w.text),
      );
      const value = rest.length ? restAll : (after[0] ?? []).filter((w) => !/^[:：\-–]+$/.test(w.text));
      if (value.some((w) => /\p{L}{2,}/u.test(w.text))) {
        const words = rest.length ? restAll : value;
        return pickLanguage(words, line);
      }
    }
    if (seg) {
      // "اسم العميل      فندق الوادي" : the name is the next segment in the label's reading direction.
      const leftward = label.arabic && line.rtl;
      const next = line.segments
        .filter((s) => (leftward ? s.x1 <= seg.x0 : s.x0 >= seg.x1))
        .sort((a, b) => (leftward ? b.x1 - a.x1 : a.x0 - b.x0))[0];
      const nextHasLabel = next?.words.some((w) => info.inLabel.has(line.words.indexOf(w)));
      if (next && !nextHasLabel && /\p{L}{2,}/u.test(segmentText(next))) {
        const gap = leftward ? seg.x0 - next.x1 : next.x0 - seg.x1;
        if (gap < line.pageWidth * 0.6) {
          return pickLanguage(logicalWords(next.words, next.rtl), line);
        }
      }
    }
    const lx0 = Math.min(...info.labels.filter((l) => l.field === label.field).map((l) => l.x0));
    const lx1 = Math.max(...info.labels.filter((l) => l.field === label.field).map((l) => l.x1));
    for (let k = info.idx + 1; k < infos.length && k <= info.idx + 2; k++) {
      const below = infos[k];
      if (!below || below.line.page !== line.page) break;
      if (below.line.y0 - line.y1 > line.height * 3) break;
      const cands = below.line.segments.filter((s) => s.x1 > lx0 - line.height && s.x0 < lx1 + line.height);
      const s = cands.sort(
        (a, b) => Math.abs(xc(a) - (lx0 + lx1) / 2) - Math.abs(xc(b) - (lx0 + lx1) / 2),
      )[0];
      if (
        s &&
        /\p{L}{2,}/u.test(segmentText(s)) &&
        !s.words.some((w) => below.inLabel.has(below.line.words.indexOf(w)))
      ) {
        return pickLanguage(logicalWords(s.words, s.rtl), below.line);
      }
    }
    return null;
  }

  const labelsOf = (field: LabelField): { info: LineInfo; label: Label }[] =>
    infos.flatMap((info) => info.labels.filter((l) => l.field === field).map((label) => ({ info, label })));

  // ---- invoice number, dates -------------------------------------------------------------------------
  let invoiceNumber: Found<string> | null = null;
  for (const { info, label } of labelsOf('invoice_number')) {
    const v = valuesFor(info, label, 'id')[0];
    if (v && typeof v.value === 'string') {
      invoiceNumber = { ...v, value: v.value };
      break;
    }
  }

  const firstDate = (field: LabelField): Found<string> | null => {
    for (const { info, label } of labelsOf(field)) {
      const v = valuesFor(info, label, 'date')[0];
      if (v && typeof v.value === 'string') return { ...v, value: v.value };
    }
    return null;
  };
  let issueDate = firstDate('issue_date');
  const dueDate = firstDate('due_date');
  if (!issueDate) {
    // Receipts often print the date without a label: take the first date that is not the due date.
    outer: for (const info of infos) {
      for (let i = 0; i < info.line.words.length; i++) {
        const d = dateAt(info.line.words, i);
        if (d && (!dueDate || d.value !== dueDate.value || info.line !== dueDate.line)) {
          const ws = info.line.words.slice(i, i + d.n);
          issueDate = { value: d.value, words: ws, line: info.line, conf: meanConf(ws) * 0.8 };
          break outer;
        }
      }
    }
  }

  // ---- parties ----------------------------------------------------------------------------------------
  let customer: Found<string> | null = null;
  let customerLabel: { info: LineInfo; label: Label } | null = null;
  for (const c of labelsOf('customer')) {
    const v = textFor(c.info, c.label);
    if (v && v.value) {
      customer = v;
      customerLabel = c;
      break;
    }
  }
  let vendor: Found<string> | null = null;
  for (const c of labelsOf('vendor')) {
    const v = textFor(c.info, c.label);
    if (v && v.value) {
      vendor = v;
      break;
    }
  }
  if (!vendor) vendor = guessVendor(infos, customer);

  let vendorTaxId: Found<string> | null = null;
  let customerTaxId: Found<string> | null = null;
  for (const { info, label } of labelsOf('tax_id')) {
    const v = valuesFor(info, label, 'id')[0];
    if (!v || typeof v.value !== 'string') continue;
    const f = { ...v, value: v.value.replace(/[^\dA-Za-z\-]/g, '') };
    const underCustomer =
      customerLabel &&
      customerLabel.info.line.page === info.line.page &&
      info.idx > customerLabel.info.idx &&
      info.idx - customerLabel.info.idx <= 4 &&
      label.x1 > customerLabel.label.x0 - info.line.height * 2 &&
      label.x0 < customerLabel.label.x1 + info.line.pageWidth * 0.25 &&
      (!vendor || info.idx > infos.findIndex((i) => i.line === vendor?.line) + 4);
    if (underCustomer && !customerTaxId) customerTaxId = f;
    else if (!vendorTaxId) vendorTaxId = f;
  }
  const vendorAddress = vendor ? guessAddress(infos, vendor) : null;

  // ---- line items -------------------------------------------------------------------------------------
  const currency = detectCurrency(infos);
  // Currencies with fils and baisa print three decimals: "12.505" is one amount there.
  const millesimal = ['KWD', 'BHD', 'OMR', 'JOD', 'TND', 'LYD', 'IQD'].includes(currency?.value ?? '');
  const items = readItems(infos, amountOpts, millesimal);

  // ---- totals -----------------------------------------------------------------------------------------
  const amountCands = (field: LabelField, strengthOf: (info: LineInfo, l: Label) => number) =>
    labelsOf(field).flatMap(({ info, label }) =>
      withCents(valuesFor(info, label, 'amount'))
        .slice(0, 2)
        .map((v, k) => ({
          value: v.value as Dec,
          strength: strengthOf(info, label) * (k ? 0.6 : 1) * (0.5 + 0.5 * v.conf),
          found: v,
        })),
    );
  const lastItemIdx = items.rows.length ? Math.max(...items.rows.map((r) => r.lastLine)) : -1;
  const belowItems = (info: LineInfo): number => (info.idx > lastItemIdx ? 1 : 0.6);
  const subC = amountCands('subtotal', belowItems);
  const taxC = amountCands('tax', belowItems);
  const totalC = amountCands('total', (info, l) => {
    const text = info.line.words
      .slice(l.start, l.end + 1)
      .map((w) => wordKey(w.text))
      .join(' ');
    const strong = /grand|due|payable|incl|inc |rounded|final|after|nett|المستحق|الكلي|شامل|النهائي/.test(
      text,
    )
      ? 1
      : 0.8;
    // The last total on the page is most often the one that counts.
    return strong * belowItems(info) * (0.85 + 0.15 * (info.idx / Math.max(1, infos.length)));
  });
  // Rounding adjustments ("Rounding Adj -0.02") close the sum between subtotal + tax and a rounded total.
  const roundC = labelsOf('other_amount')
    .filter(({ info, label }) => /^round/.test(wordKey(info.line.words[label.start]?.text ?? '')))
    .flatMap(({ info, label }) =>
      valuesFor(info, label, 'amount')
        .slice(0, 1)
        .map((v) => ({ value: v.value as Dec, strength: 1, found: v })),
    );
  const rateC: (AmountCandidate & { found: Found<string | Dec> })[] = labelsOf('tax').flatMap(
    ({ info, label }) =>
      valuesFor(info, label, 'percent').map((v) => ({ value: v.value as Dec, strength: 1, found: v })),
  );
  const linesSum =
    items.rows.length && items.rows.every((r) => r.total !== null)
      ? items.rows.reduce((a, r) => a + (r.total ?? 0n), 0n)
      : null;
  const choice = reconcileTotals({
    subtotal: subC,
    tax: taxC,
    // A total of nothing is a misread ("Grand Total obs, , 00"), not a receipt.
    total: totalC.filter((c) => c.value > 0n),
    rate: rateC,
    linesSum,
    rounding: roundC,
  });
  const foundOf = (cands: { value: Dec; found: Found<string | Dec> }[], v: Dec | null) =>
    v === null ? undefined : cands.find((c) => c.value === v)?.found;
  // "Total with GST 41.48 / Rounding 0.02" and no total printed readably after it: the rounded total.
  const lineAt = (f: Found<string | Dec>): number => infos.findIndex((i) => i.line === f.line);
  const round = roundC.find((c) => c.value !== 0n && c.value > -SCALE / 2n && c.value < SCALE / 2n);
  const totalFound = choice.derived.has('total') ? undefined : foundOf(totalC, choice.total);
  if (
    round &&
    choice.total !== null &&
    totalFound &&
    lineAt(totalFound) < lineAt(round.found) &&
    // The rounding right under the total: one printed after other amounts ("DASH 20.00 / ROUNDING
    // ADJUSTMENTS 0.02 / CHANGE DUE 6.20") rounds the change, and the total is as printed.
    !infos
      .slice(lineAt(totalFound) + 1, lineAt(round.found))
      .some((info) => info.line.words.some((_, i) => amountAt(info.line.words, i, amountOpts) !== null)) &&
    // A later total far from this one ("Total 4i 50" read as 50) is a misread, not the rounded total.
    !totalC.some(
      (c) =>
        c.value > 0n &&
        lineAt(c.found) > lineAt(round.found) &&
        c.value - (choice.total ?? 0n) < SCALE &&
        (choice.total ?? 0n) - c.value < SCALE,
    ) &&
    // A total that subtotal and tax already add up to with the rounding is the rounded one.
    !(
      choice.subtotal !== null &&
      choice.tax !== null &&
      !choice.derived.has('subtotal') &&
      !choice.derived.has('tax') &&
      choice.subtotal + choice.tax + round.value === choice.total
    )
  ) {
    choice.total += round.value;
    choice.derived.add('total');
    choice.checked.delete('total');
  }
  // "CASH 50.00 / CHANGE 40.70": what was paid less the change is what the receipt cost. It settles a
  // total that was misread ("Net Total Rounded 43.00" for 48.00) or not read at all.
  const tendered = paidLessChange(infos, (info, label) => withCents(valuesFor(info, label, 'amount'))[0]);
  if (tendered !== null && tendered !== choice.total && !choice.checked.has('total')) {
    const printedAsTotal = infos.some(
      (info) =>
        /total/i.test(info.line.words.map((w) => w.text).join(' ')) &&
        info.line.words.some((_, i) => amountAt(info.line.words, i, amountOpts) === tendered),
    );
    const known =
      printedAsTotal || [...totalC, ...subC].some((c) => c.value === tendered) || linesSum === tendered;
    // A total read without its cents ("TOTAL 19,9") is a partial reading: the tender settles it when the
    // two are within a ringgit, dollar or pound of each other.
    const read = choice.derived.has('total') ? undefined : foundOf(totalC, choice.total);
    const partial =
      read !== undefined &&
      !/\d[.,]\d{2}(?!\d)/.test(toWesternDigits(read.words.map((w) => w.text).join(''))) &&
      choice.total !== null &&
      tendered - choice.total < SCALE &&
      choice.total - tendered < SCALE;
    if (choice.total === null || known || partial) {
      choice.total = tendered;
      if (!totalC.some((c) => c.value === tendered)) choice.derived.add('total');
      else choice.derived.delete('total');
    }
  }

  // ---- assemble --------------------------------------------------------------------------------------
  const checkedBoost = (k: 'subtotal' | 'tax' | 'total' | 'rate'): number =>
    choice.checked.has(k) ? 1 : choice.derived.has(k) ? 0.5 : 0.75;
  const setAmount = (
    path: 'subtotal' | 'tax_amount' | 'total' | 'tax_rate',
    key: 'subtotal' | 'tax' | 'total' | 'rate',
    v: Dec | null,
    cands: { value: Dec; found: Found<string | Dec> }[],
  ): string | null => {
    if (v === null) return null;
    const f = foundOf(cands, v);
    const conf = (f ? f.conf : 0.6) * checkedBoost(key);
    if (f && !choice.derived.has(key)) put(path, { words: f.words, line: f.line, conf });
    else confidence[path] = Math.round(conf * 1000) / 1000;
    return fmtFixed(v, 2);
  };

  const lineItems: LineItem[] = items.rows.map((r, i) => {
    const k = `line_items.${i}`;
    const lineOk = r.consistent ? (r.repaired ? 0.75 : 1) : 0.6;
    if (r.desc) put(`${k}.description`, { words: r.descWords, line: r.line, conf: meanConf(r.descWords) });
    const num = (
      name: string,
      f: { value: Dec; word: Word } | null,
      fmt: (d: Dec) => string,
    ): string | null => {
      if (!f) return null;
      put(`${k}.${name}`, { words: [f.word], line: r.line, conf: f.word.conf * lineOk });
      return fmt(f.value);
    };
    return {
      description: r.desc,
      quantity: num('quantity', r.quantity, fmtTrim),
      unit_price: num('unit_price', r.unitPrice, (d) => fmtFixed(d, 2)),
      total: num('total', r.totalW, (d) => fmtFixed(d, 2)),
    };
  });

  if (invoiceNumber) put('invoice_number', invoiceNumber);
  if (issueDate) put('issue_date', issueDate);
  if (dueDate) put('due_date', dueDate);
  if (vendor) put('vendor.name', vendor);
  if (vendorTaxId) put('vendor.tax_id', vendorTaxId);
  if (vendorAddress) put('vendor.address', vendorAddress);
  if (customer) put('customer.name', customer);
  if (customerTaxId) put('customer.tax_id', customerTaxId);
  if (currency) put('currency', currency);

  const fields: FieldsJson = {
    language: languageOf(lines.flatMap((l) => l.words)),
    invoice_number: invoiceNumber?.value ?? null,
    issue_date: issueDate?.value ?? null,
    due_date: dueDate?.value ?? null,
    currency: currency?.value ?? null,
    vendor: {
      name: vendor?.value ?? null,
      tax_id: vendorTaxId?.value ?? null,
      address: vendorAddress?.value ?? null,
    },
    customer: { name: customer?.value ?? null, tax_id: customerTaxId?.value ?? null, address: null },
    subtotal: setAmount('subtotal', 'subtotal', choice.subtotal, subC),
    tax_rate: setAmount('tax_rate', 'rate', choice.rate, rateC),
    tax_amount: setAmount('tax_amount', 'tax', choice.tax, taxC),
    total: setAmount('total', 'total', choice.total, totalC),
    line_items: lineItems,
    confidence,
    boxes,
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
  return { fields, consistency, sources, amounts: { derived: choice.derived, checked: choice.checked } };
}

function textOf(words: Word[], rtl: boolean): string {
  return logicalWords(words, rtl)
    .map((w) => w.text)
    .join(' ');
}

/** Drops label leftovers and separators around a name ("/ ", ": ", trailing "|"). */
function cleanName(s: string): string {
  return s
    .replace(/^[\s:：/|\-–—.,_]+|[\s:：/|\-–—,_]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A name printed in both scripts ("Pharaoh Tech Solutions / فرعون للحلول التقنية") is one name: the
 * part the engine read with more confidence is kept. Words are given in reading order.
 */
function pickLanguage(words: Word[], line: Line): Found<string> {
  const parts: Word[][] = [[]];
  for (const w of words) {
    if (/^[|/¦]+$/.test(w.text)) parts.push([]);
    else (parts[parts.length - 1] as Word[]).push(w);
  }
  const named = parts.filter((p) => p.some((w) => /\p{L}{2,}/u.test(w.text)));
  const arabic = named.filter((p) => p.some((w) => hasArabic(w.text)));
  const latin = named.filter((p) => !p.some((w) => hasArabic(w.text)));
  let pick: Word[];
  if (named.length === 2 && arabic.length === 1 && latin.length === 1) {
    const a = arabic[0] as Word[];
    const l = latin[0] as Word[];
    // Latin letters are the engine's stronger side: Arabic must be clearly surer to win.
    pick = meanConf(a) > meanConf(l) + 0.05 ? a : l;
  } else if (named.length === 2) {
    // The other script misread as letters of this one ("Orient Pharmacy / dJiuo"): the engine doubts it.
    const [x, y] = named as [Word[], Word[]];
    if (meanConf(y) < 0.6 && meanConf(x) >= 0.75) pick = x;
    else if (meanConf(x) < 0.6 && meanConf(y) >= 0.75) pick = y;
    else pick = words;
  } else pick = words;
  return { value: cleanName(pick.map((w) => w.text).join(' ')), words: pick, line, conf: meanConf(pick) };
}

/**
 * A bilingual table row describes its item twice ("Office Chair كرسي مكتب"): one description is kept,
 * the better read one (Latin unless the Arabic is clearly surer). A Latin code inside an Arabic
 * description ("كابل HDMI") is not a second description.
 */
function oneScript(words: Word[]): Word[] {
  const ar = words.filter((w) => hasArabic(w.text));
  const la = words.filter((w) => !hasArabic(w.text) && /\p{L}{2,}/u.test(w.text));
  const letters = (ws: Word[]): number => ws.reduce((a, w) => a + (w.text.match(/\p{L}/gu) ?? []).length, 0);
  if (ar.length < 2 || la.length < 2 || letters(ar) < 6 || letters(la) < 6) return words;
  const keepArabic = meanConf(ar) > meanConf(la) + 0.05;
  return words.filter((w) => (hasArabic(w.text) ? keepArabic : !keepArabic));
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

const LEGAL_FORM =
  /\b(?:sdn\.?\s*bhd|bhd|s\/b|ltd|limited|llc|inc|corp|co\.|company|est\.?|establishment|trading|enterprises?|gmbh|plc|l\.?l\.?c|restaurants?|restoran|stationery|hardware|pharmacy|farmasi|baker(?:y|ies)|shop|store|mart|supermarket|hypermarket|perniagaan|syarikat|kedai)\b|(?:^|\s)(?:شركة|شركه|مؤسسة|مؤسسه|مجموعة)(?:\s|$)/i;

/**
 * A company registration number printed after the name ("AEON CO. (M) BHD. (126926-H)",
 * "KING'S CONFECTIONERY S/B 273500-U"): the name ends before it.
 */
const REG_TAIL = /\s+(?:[(\[{]\s*\d{2,}|\d{4,}|\d{3,}\s?-\s?[A-Z]\b).*$/;

const NOT_A_NAME =
  /@|www\.|https?:|\.com\b|^\+?[\d\s\-()]+$|^(?:tel|phone|fax|email|date|page)\b|^(?:هاتف|تليفون|فاكس)/i;

/**
 * Misreads the engine makes in a company's name that its shape gives away:
 * - the "SDN" of "SDN BHD" read as "SUN", "Sin", "SC':" (a short S-word before BHD is always SDN);
 * - initials read with digits or a yen sign ("MR. D.1.¥." is "MR. D.I.Y.");
 * - an L read as "I." in a bracketed abbreviation ("(KI.)" is "(KL)");
 * - a common word of company names with one letter misread (see NAME_WORDS).
 */
/**
 * Words of company names long enough that one letter misread or added leaves them recognisable:
 * "PERNIAGAARN" is PERNIAGAAN, "OISTRIBUTION" is DISTRIBUTION. A word one letter shorter is left
 * alone: "SERVICE" is no misread of "SERVICES", nor is a plural one of its singular.
 */
const NAME_WORDS = [
  'advertising',
  'bakeries',
  'confectionery',
  'construction',
  'corporation',
  'distribution',
  'distributors',
  'electrical',
  'engineering',
  'enterprise',
  'enterprises',
  'establishment',
  'furniture',
  'hardware',
  'holdings',
  'hypermarket',
  'industries',
  'international',
  'manufacturing',
  'marketing',
  'perniagaan',
  'pharmacy',
  'restaurant',
  'restoran',
  'services',
  'stationery',
  'supermarket',
  'supplies',
  'syarikat',
  'trading',
];

/** True when `a` is `b` with one letter changed or one added. */
export function oneMisread(a: string, b: string): boolean {
  if (a.length === b.length) {
    let diff = 0;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) diff++;
    return diff === 1;
  }
  if (a.length !== b.length + 1) return false;
  for (let i = 0; i < a.length; i++) if (a.slice(0, i) + a.slice(i + 1) === b) return true;
  return false;
}

function fixNameWord(w: string): string {
  const k = w.toLowerCase();
  // A plural ("RESTAURANTS") is no misread either.
  if (k.length < 7 || !/^\p{L}+$/u.test(w) || NAME_WORDS.some((n) => k === n || k === `${n}s`)) return w;
  const hit = NAME_WORDS.find((n) => oneMisread(k, n));
  if (!hit) return w;
  if (w === w.toUpperCase()) return hit.toUpperCase();
  return w[0] === w[0]?.toUpperCase() ? hit[0]?.toUpperCase() + hit.slice(1) : hit;
}

/** Words a company name is made of that an engine may cut in two: its common words and legal forms. */
const WHOLE_NAME_WORDS = new Set([...NAME_WORDS, 'sdn', 'bhd', 'ltd', 'llc', 'inc', 'corp', 'gmbh', 'plc']);

/**
 * Words the engine cut in two ("Ad vertising", "Sdn bh d"): joined where the whole is a word of company
 * names or a legal form and the second part is none; a bracketed initial loses its inner blanks ("(M )").
 */
function joinCutWords(name: string): string {
  const tokens = name.split(' ');
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as string;
    const next = tokens[i + 1];
    if (
      next !== undefined &&
      /^\p{L}+$/u.test(t) &&
      /^\p{L}+$/u.test(next) &&
      WHOLE_NAME_WORDS.has(`${t}${next}`.toLowerCase()) &&
      !WHOLE_NAME_WORDS.has(next.toLowerCase())
    ) {
      out.push(`${t}${next}`);
      i++;
    } else out.push(t);
  }
  return out.join(' ').replace(/\(\s*(\p{Lu}{1,3})\s*\)/gu, '($1)');
}

function fixNameMisreads(name: string): string {
  return (
    joinCutWords(name)
      .replace(/\p{L}+/gu, fixNameWord)
      .replace(/\bS[DUIOCE0][NMHI:'’.,]{0,2}(?=\s+bhd\b)/gi, (w) => {
        if (/^sdn\.?$/i.test(w)) return w;
        return w[1] && w[1] === w[1].toLowerCase() && /\p{L}/u.test(w[1]) ? 'Sdn' : 'SDN';
      })
      // The foot of an L read as a full stop: "GARDENIA BAKERIES (KI.) SDN BHD" is (KL).
      .replace(/(?<=\(\p{Lu})I\.(?=\))/gu, 'L')
      .replace(/(?<![\p{L}\d])(?:[\p{Lu}\d¥$]\.){2,}(?![\p{L}\d])/gu, (w) =>
        /\p{Lu}/u.test(w)
          ? w
              .replace(/1/g, 'I')
              .replace(/0/g, 'O')
              .replace(/¥/g, 'Y')
              .replace(/\$|5/g, 'S')
              .replace(/8/g, 'B')
          : w,
      )
  );
}

function guessVendor(infos: LineInfo[], customer: Found<string> | null): Found<string> | null {
  const first = infos[0]?.line;
  if (!first) return null;
  const cands: { seg: Segment; info: LineInfo; words: Word[]; text: string; h: number }[] = [];
  // The seller heads the page: above the table and above the customer's block.
  const customerAt = infos.findIndex((i) => i.labels.some((l) => l.field === 'customer'));
  const tableAt = infos.findIndex((i) => i.header);
  const limit = Math.min(...[customerAt, tableAt].filter((i) => i >= 0), infos.length);
  for (const info of infos) {
    const { line } = info;
    if (info.idx > limit || (info.idx === limit && info.header)) break;
    if (line.page !== first.page || line.y0 > line.pageHeight * 0.3) continue;
    if (customer && info.line === customer.line) continue;
    for (const seg of line.segments) {
      // Title and label words are not the vendor's name: "Invoice", "فاتورة ضريبية", "Bill To".
      const words = seg.words.filter((w) => {
        const i = line.words.indexOf(w);
        return !info.inLabel.has(i) && !/^[/|:\-–]+$/.test(w.text);
      });
      const hadLabel = seg.words.some((w) => info.inLabel.has(line.words.indexOf(w)));
      if (hadLabel && info.labels.some((l) => l.field !== 'title')) continue;
      const full = cleanName(textOf(words, seg.rtl));
      const cut = full.replace(REG_TAIL, '');
      // "$" in a word of capitals is an S the engine took for a dollar sign ("CONFECTIONERY $/B").
      const text = fixNameMisreads(
        cleanName(/\p{L}{2,}.*\p{L}{2,}/u.test(cut) ? cut : full).replace(/\$(?=[/A-Z])|(?<=[A-Z])\$/g, 'S'),
      );
      const letters = (text.match(/\p{L}/gu) ?? []).length;
      if (letters < 3 || NOT_A_NAME.test(text)) continue;
      const digits = (toWesternDigits(text).match(/\d/g) ?? []).length;
      if (digits > 3 || (digits && /[,،]/.test(text))) continue;
      // A logo or stamp read as letters comes with the engine's doubt.
      if (meanConf(words) < 0.5) continue;
      if (customer && text === customer.value) continue;
      const h = words.reduce((a, w) => a + (w.y1 - w.y0), 0) / words.length;
      cands.push({ seg, info, words, text, h });
    }
  }
  if (!cands.length) return null;
  const maxH = Math.max(...cands.map((c) => c.h));
  // A legal entity's name beats a brand or logo line above it ("SDN BHD", "Ltd", "Est.", "شركة").
  const legal = cands.slice(0, 4).find((c) => LEGAL_FORM.test(c.text));
  const pick = legal ?? cands.find((c) => c.h >= maxH * 0.8) ?? cands[0];
  if (!pick) return null;
  // "CHECKERS HYPERMARKET SDN BHD" over "(JALAN KLANG LAMA)": the branch in brackets is part of the name.
  const next = infos[pick.info.idx + 1];
  const branch = next && branchLine(next.line.words);
  if (next && branch && LEGAL_FORM.test(pick.text) && next.line.y0 - pick.info.line.y1 < pick.h * 1.5) {
    const words = [...pick.words, ...next.line.words];
    return {
      value: `${pick.text} ${branch}`,
      words: pick.words,
      line: pick.info.line,
      conf: meanConf(words) * 0.9,
      source: words,
    };
  }
  return { value: pick.text, words: pick.words, line: pick.info.line, conf: meanConf(pick.words) * 0.9 };
}

/**
 * The seller's name (Latin) with its words misread by one letter put back where the rest of the page
 * prints them surely (`confirmByPage`).
 */
export function confirmVendorName(name: string, lines: Line[]): string {
  if (hasArabic(name)) return name;
  return confirmByPage(
    name,
    lines.map((l) => l.words.map((w) => w.text).join(' ')),
  );
}

/** A line that is only a branch name in brackets, "(JALAN KLANG LAMA)", read as "(...)". */
function branchLine(words: Word[]): string | null {
  const t = cleanName(words.map((w) => w.text).join(' '));
  const m = /^[(\[{]\s*([\p{L}][\p{L}\s.&'-]{2,}?)\s*[)\]}]$/u.exec(t);
  return m?.[1] ? `(${m[1]})` : null;
}

/** Words that make a line an address: street, lot, floor, building, post box. */
const ADDRESS_WORD =
  /\b(?:no|lot|jalan|jln|lorong|taman|street|st|road|rd|avenue|ave|floor|flr|level|unit|suite|building|bldg|tower|block|blk|plaza|p\.?\s?o\.?\s?box|district|city)\b|(?:^|\s)(?:شارع|طريق|حي|مبنى|برج|ص\.?ب|الدور|الطابق|مدينة)(?:\s|$)/i;
/** A company registration line between name and address: "(162761-M)", "Company Reg. No. : 725186-V". */
const REG_LINE =
  /\b(?:co\.?\s*reg|company\s*(?:reg|no)|reg\.?\s*no|roc|co\.?\s*no|business\s*reg|registration|cr\s*no)\b|^\W*[a-z]{0,3}\d{4,}\W*[a-z]?\W*$/i;
const TAX_ID_LINE = /\b(?:gst|sst|vat|trn|tax|tin)\b|الرقم الضريبي|رقم التسجيل/i;

/**
 * Misreads the engine makes in an address that its shape gives away:
 * - "$" or "§" in a street code is an S ("JALAN $S21/39" is "JALAN SS21/39"), and so is a 5 after it
 *   in a section code ("JLN $56/4" is "JLN SS6/4");
 * - four characters before a street's slash, the first two S, 9, 8, 5 or $, are a section code SS and
 *   its number: the engines read the S of "SS" as those digits, and streets are not numbered in the
 *   thousands ("JALAN 9821/60" is "JALAN SS21/60");
 * - "!" closing a word of capitals is an I ("JALAN MERANT! 1A");
 * - Kuala Lumpur's postcodes all start with 5 (50000-60000): "93300 KUALA LUMPUR" is 53300 with the
 *   5 read as 9.
 */
export function fixAddressMisreads(address: string): string {
  return address
    .replace(/(?<=^|[\s,(])[$§]5(?=\d{1,2}\/\d)/g, 'SS')
    .replace(/(?<=\b(?:jalan|jln)\s+)(?!SS)[985$§S]{2}(?=\d{2}\/\d)/gi, 'SS')
    .replace(/(?<=^|[\s,(]|[$§])[$§](?=[$§\p{Lu}])|(?<=(?:^|[\s,(])[S$§])[$§](?=\d)/gu, 'S')
    .replace(/(?<=\p{Lu}{2})!(?=[\s,.]|$)/gu, 'I')
    .replace(/(?<!\d)9(\d{4})(?=[\s,.]+kuala\s*lumpur\b)/gi, '5$1');
}

function guessAddress(infos: LineInfo[], vendor: Found<string>): Found<string> | null {
  const start = infos.findIndex((i) => i.line === vendor.line);
  if (start < 0) return null;
  const vx0 = Math.min(...vendor.words.map((w) => w.x0));
  const vx1 = Math.max(...vendor.words.map((w) => w.x1));
  const parts: { text: string; words: Word[]; line: Line }[] = [];
  // A first line that looks like no address ("Licensee of ...", a branch name) is kept aside: it is the
  // address only if nothing more address-like follows.
  let held: { text: string; words: Word[]; line: Line } | null = null;
  let prev = vendor.line;
  for (let k = start + 1; k < infos.length && k <= start + 9 && parts.length < 5; k++) {
    const info = infos[k];
    if (!info || info.line.page !== vendor.line.page) break;
    if (info.line.y0 - prev.y1 > prev.height * 2.5) break;
    const segs = info.line.segments.filter(
      (s) => s.x1 > vx0 - prev.height * 4 && s.x0 < vx1 + prev.height * 4,
    );
    if (!segs.length) break;
    const segWords = segs.flatMap((s) => s.words);
    const segLabels = info.labels.filter((l) => segWords.includes(info.line.words[l.start] as Word));
    const whole = toWesternDigits(segs.map((seg) => textOf(seg.words, seg.rtl)).join(' '));
    const letters = (whole.match(/\p{L}/gu) ?? []).length;
    const digitCount = (whole.match(/\d/g) ?? []).length;
    const isTaxId =
      segLabels.some((l) => l.field === 'tax_id') || (TAX_ID_LINE.test(whole) && /\d{5,}/.test(whole));
    // Registration numbers sit between the name and the address on many receipts: "(162761-M)".
    const isReg = REG_LINE.test(whole) || (digitCount >= 4 && letters <= 3);
    if (!isTaxId && !isReg && segLabels.some((l) => l.field !== 'address')) break;
    const text = cleanName(
      segs
        .map((seg) =>
          textOf(
            seg.words.filter((w) => !info.inLabel.has(info.line.words.indexOf(w))),
            seg.rtl,
          ),
        )
        .join(' '),
    );
    const skip = (): void => {
      prev = info.line;
    };
    // A registration line ends an address ("58000 KUALA LUMPUR. / COMPANY NO: 564429-W").
    if (isReg && parts.length && /\p{L}{2,}/u.test(whole)) break;
    // A branch name in brackets under the company's name belongs to the name.
    if (!/[\p{L}\d]/u.test(text) || isReg || (!parts.length && branchLine(segWords))) {
      skip();
      continue;
    }
    // "1@51-B" is a lot number with a digit misread, not an e-mail address.
    if (!isTaxId && NOT_A_NAME.test(text.replace(/(?<=\d)@(?=\d)/g, '8'))) break;
    if (/\b(?:tel|phone|fax|mobile|hp|email)\b|هاتف|جوال|فاكس/i.test(whole)) break;
    const hasDate =
      info.line.words.some((_, i) => dateAt(info.line.words, i) !== null) || /\b\d{1,2}:\d{2}\b/.test(whole);
    if (isTaxId || hasDate || (hasArabic(text) !== hasArabic(vendor.value) && !/\d/.test(text))) {
      // Before the address: a tax id, the date, the name in the other language; after it: the end.
      if (parts.length) break;
      skip();
      continue;
    }
    const part = { text, words: segWords, line: info.line };
    const addressLike = /\d/.test(text) || ADDRESS_WORD.test(text);
    if (!parts.length && !addressLike) {
      if (held) break;
      held = part;
      skip();
      continue;
    }
    parts.push(part);
    skip();
  }
  if (!parts.length && held) parts.push(held);
  if (!parts.length) return null;
  const words = parts.flatMap((p) => p.words);
  const first = parts[0] as { line: Line };
  return {
    value: fixAddressMisreads(
      parts
        .map((p) => p.text)
        .join(', ')
        .replace(/,\s*,/g, ','),
    ),
    words: words.filter((w) => first.line.words.includes(w)),
    line: first.line,
    conf: meanConf(words) * 0.85,
    source: words,
  };
}

function detectCurrency(infos: LineInfo[]): Found<string> | null {
  const votes = new Map<string, { n: number; found: Found<string> }>();
  for (const info of infos) {
    const ws = info.line.words;
    const weight = info.labels.some((l) => l.field === 'total' || l.field === 'subtotal') ? 3 : 1;
    for (let i = 0; i < ws.length; i++) {
      const w = ws[i] as Word;
      const pair = i + 1 < ws.length ? `${w.text}${ws[i + 1]?.text}` : '';
      // A mark glued to a number counts when the number is an amount ("E£41,119.52"), not "£0" or "£966".
      const glued = /\d[.,٫٬]\d/.test(toWesternDigits(w.text)) ? currencyInToken(w.text) : null;
      let code = currencyOf(w.text) ?? glued;
      let span = [w];
      if (!code && pair && hasArabic(pair)) {
        code = currencyOf(pair);
        span = [w, ws[i + 1] as Word];
      }
      if (!code) continue;
      const v = votes.get(code);
      if (v) v.n += weight;
      else
        votes.set(code, {
          n: weight,
          found: { value: code, words: span, line: info.line, conf: meanConf(span) },
        });
    }
  }
  const best = [...votes.values()].sort((a, b) => b.n - a.n)[0];
  return best ? best.found : null;
}

/**
 * Two cells the engine read as one word ("5.002.5" for "5.00" and "2.5"): an amount with cents
 * directly followed by another number is cut after the cents.
 */
function splitGlued(w: Word, millesimal: boolean): Word[] {
  const m = /^(\d{1,3}(?:,\d{3})*\.\d{2})(\d{1,3}(?:\.\d{1,2})?)$/.exec(toWesternDigits(w.text));
  // "12.505" is an amount with three decimals in KWD, BHD or OMR, not two cells.
  if (!m?.[1] || !m[2] || (millesimal && m[2].length < 3)) return [w];
  const cut = w.x0 + ((w.x1 - w.x0) * m[1].length) / (m[1].length + m[2].length);
  return [
    { ...w, text: m[1], x1: cut },
    { ...w, text: m[2], x0: cut },
  ];
}

interface ItemRow {
  desc: string | null;
  descWords: Word[];
  line: Line;
  lastLine: number;
  quantity: { value: Dec; word: Word } | null;
  unitPrice: { value: Dec; word: Word } | null;
  totalW: { value: Dec; word: Word } | null;
  total: Dec | null;
  consistent: boolean;
  /** A quantity or price was corrected by one digit to make the row multiply out. */
  repaired: boolean;
}

const STOP_FIELDS = new Set<LabelField>(['subtotal', 'total', 'tax', 'other_amount']);

function readItems(infos: LineInfo[], opts: AmountOptions, millesimal: boolean): { rows: ItemRow[] } {
  const rows: ItemRow[] = [];
  let header: HeaderInfo | null = null;
  let inTable = false;
  let pending: { words: Word[]; line: Line; joined?: boolean } | null = null;
  const lines = infos.map((i) => i.line);
  for (const info of infos) {
    const { line } = info;
    if (info.header) {
      // Rows taken for items before the page's first table header were letterhead or address lines.
      if (!header) {
        for (let k = rows.length - 1; k >= 0; k--) if (rows[k]?.line.page === line.page) rows.splice(k, 1);
      }
      header = info.header;
      inTable = true;
      pending = null;
      continue;
    }
    const stop = info.labels.some((l) => STOP_FIELDS.has(l.field));
    const hasDate = line.words.some((_, i) => dateAt(line.words, i) !== null);
    if (!inTable && !header && !stop && !rows.length && !info.labels.length && !hasDate) {
      // No header found: a row whose numbers multiply out (qty x price = total) opens the table.
      const vis = line.words;
      const vals = vis.map((_, i) => amountAt(vis, i, opts)).filter((v): v is Dec => v !== null);
      if (vals.length >= 3 && vals.length <= 5 && readLine(vals).consistent) inTable = true;
    }
    if (!inTable) {
      const txt = logicalWords(line.words, line.rtl).filter((w) => /\p{L}{2,}/u.test(w.text));
      pending = !header && txt.length && !info.labels.length ? { words: txt, line } : null;
      continue;
    }
    if (stop) {
      inTable = false;
      continue;
    }
    const ws = logicalWords(line.words, line.rtl).filter((w) => !/^[|¦]+$/.test(w.text));
    // Numbers in the row in visual left-to-right order, which is column order for Western tables and
    // reversed column order for right-to-left ones.
    const visual = [...line.words]
      .filter((w) => !/^[|¦]+$/.test(w.text))
      .flatMap((w) => splitGlued(w, millesimal))
      // A decimal point read as a colon ("22:75"): item rows hold amounts, not times of day.
      .map((w) => (/^\d{1,7}:\d{2}$/.test(w.text) ? { ...w, text: w.text.replace(':', '.') } : w));
    const nums: { value: Dec; word: Word; plain: boolean }[] = [];
    visual.forEach((w, i) => {
      const v = amountAt(visual, i, opts);
      if (v === null || /\p{L}{2,}/u.test(w.text.replace(/^(?:x|X)/, ''))) return;
      const t = toWesternDigits(w.text);
      nums.push({ value: v, word: w, plain: /^\d+$/.test(t) });
    });
    const ordered = line.rtl ? [...nums].reverse() : nums;
    // Stray marks read as letters ("i", "é", "xX" for a multiplication sign) are not a description.
    const textWords = ws.filter(
      (w) =>
        !nums.some((n) => n.word === w) &&
        /\p{L}/u.test(w.text) &&
        !/^[x×@]+$/i.test(w.text) &&
        !currencyOf(w.text) &&
        (hasArabic(w.text) || /\p{L}{2,}/u.test(w.text) || w.conf > 0.8),
    );
    const strongText =
      textWords
        .map((w) => w.text)
        .join('')
        .replace(/[^\p{L}]/gu, '').length >= 3;
    // A leading running number ("1", "#2") is the row index, not a quantity.
    let cells = ordered;
    const firstCell = ordered[0];
    if (firstCell && firstCell.plain && ordered.length >= 2) {
      const firstText = line.rtl
        ? Math.max(...line.words.map((w) => w.x1)) === firstCell.word.x1
        : Math.min(...line.words.map((w) => w.x0)) === firstCell.word.x0;
      const isIndex = firstText && (ordered.length >= 4 || header?.columns.some((c) => c.kind === 'index'));
      if (isIndex && textWords.length) cells = ordered.slice(1);
    }
    // A description line with a stray digit ("خدمات استشارية (ساعة) 7") is not a row of numbers.
    const lone = cells.length === 1 && cells[0]?.plain && strongText;
    if (!cells.length || lone) {
      if (strongText) {
        // A description wrapped over two lines (or printed in both languages one above the other)
        // is one description; a third line starts another.
        const prevLine = pending ? lines.indexOf(pending.line) : -2;
        pending =
          pending &&
          !pending.joined &&
          prevLine === lines.indexOf(line) - 1 &&
          pending.line.page === line.page
            ? { words: [...pending.words, ...textWords], line: pending.line, joined: true }
            : { words: textWords, line };
      }
      continue;
    }
    const hint = cells.map((c) => {
      if (!header) return null;
      const cols = header.columns.filter((k) => k.kind !== 'desc' && k.kind !== 'index');
      const near = cols.sort((a, b) => Math.abs(a.xc - xc(c.word)) - Math.abs(b.xc - xc(c.word)))[0];
      return (near?.kind ?? null) as 'qty' | 'price' | 'amount' | null;
    });
    const r = readLine(
      cells.map((c) => c.value),
      hint,
      true,
      cells.some((c) => /[\u0660-\u0669]/.test(c.word.text)),
    );
    // Codes such as "A4" or "M8" stay in a description when the engine is sure of them.
    const keep = (w: Word): boolean =>
      /\p{L}{2,}/u.test(w.text) || hasArabic(w.text) || (/\d/.test(w.text) && w.conf > 0.8);
    let descWords = strongText ? textWords.filter(keep) : [];
    if (!descWords.length && pending) descWords = pending.words;
    pending = null;
    if (!descWords.length && !r.consistent) continue;
    const at = (i: number | null) => (i === null ? null : (cells[i] ?? null));
    const q = at(r.used[0]);
    const u = at(r.used[1]);
    const t = at(r.used[2]);
    descWords = oneScript(descWords);
    const desc = descWords.length ? cleanName(descWords.map((w) => w.text).join(' ')) : null;
    rows.push({
      desc,
      descWords,
      line,
      lastLine: info.idx,
      quantity: q
        ? { value: r.quantity ?? q.value, word: q.word }
        : r.quantity !== null && t
          ? { value: r.quantity, word: t.word }
          : null,
      unitPrice: u
        ? { value: r.unitPrice ?? u.value, word: u.word }
        : r.unitPrice !== null && t
          ? { value: r.unitPrice, word: t.word }
          : null,
      totalW: t ? { value: r.total ?? t.value, word: t.word } : null,
      total: t ? (r.total ?? t.value) : null,
      consistent: r.consistent,
      repaired: !!r.repaired,
    });
  }
  return { rows };
}
