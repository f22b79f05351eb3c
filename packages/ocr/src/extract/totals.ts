// Totals: subtotal, tax, rate and total picked among the amounts beside their labels so that the
// document adds up, then settled by its rounding line and by what was paid less the change.
import { lineMatches, reconcileTotals, zeroReadAsMark } from '../arith.js';
import type { AmountCandidate, TotalsChoice } from '../arith.js';
import { SCALE, mul, near, roundDec } from '../decimal.js';
import type { Dec } from '../decimal.js';
import type { Word } from '../layout.js';
import type { LabelField } from '../parse/labels.js';
import { toWesternDigits, wordKey } from '../text.js';
import type { ItemRow } from './items.js';
import { labelsOf } from './model.js';
import type { Doc, Found, Label, LineInfo } from './model.js';
import { amountAt } from './tokens.js';
import { valuesFor } from './values.js';

/** An amount read beside a label, with how much its label and place make it the one wanted. */
export interface Candidate extends AmountCandidate {
  found: Found<string | Dec>;
}

export interface Totals {
  choice: TotalsChoice;
  subtotal: Candidate[];
  tax: Candidate[];
  total: Candidate[];
  rate: Candidate[];
}

/** The candidate a chosen value was read from; none for a value computed from the others. */
export function foundOf(cands: Candidate[], v: Dec | null): Found<string | Dec> | undefined {
  return v === null ? undefined : cands.find((c) => c.value === v)?.found;
}

/**
 * In Arabic-Indic digits the decimal mark is a dot like the zero ٠, and is read as one ("٨٨٤٠٠٦١" for
 * ٨٨٤٠٫٦١): a whole amount so printed, without a mark, also stands for each reading of one of its zeros as
 * the mark, with two or three decimals. Such readings are weaker; the totals take one only where it makes
 * the invoice add up better than the amount as read.
 */
export function markReadings(v: Found<string | Dec>): Dec[] {
  const text = v.words.map((w) => w.text).join('');
  if (!/[٠-٩۰-۹]/.test(text) || /[.,٫٬]/.test(text)) return [];
  return zeroReadAsMark(v.value as Dec, 2);
}

function amountCands(
  doc: Doc,
  field: LabelField,
  strengthOf: (info: LineInfo, l: Label) => number,
): Candidate[] {
  return labelsOf(doc, field).flatMap(({ info, label }) =>
    withCents(valuesFor(doc, info, label, 'amount'))
      .slice(0, 2)
      .flatMap((v, k) => {
        const strength = strengthOf(info, label) * (k ? 0.6 : 1) * (0.5 + 0.5 * v.conf);
        return [
          { value: v.value as Dec, strength, found: v },
          ...markReadings(v).map((m) => ({ value: m, strength: strength * 0.5, found: { ...v, value: m } })),
        ];
      }),
  );
}

/**
 * The amounts of the rows below the items whose label was not read (a label misread past recognition,
 * "الضرء" for الضريبة): each row's amount nearest its words, a weak candidate for the tax and the total,
 * which the totals take only where it makes the subtotal read add up.
 */
function unlabelledAmounts(doc: Doc, lastItemIdx: number): Candidate[] {
  if (lastItemIdx < 0) return [];
  return doc.infos
    .filter((info) => info.idx > lastItemIdx && !info.labels.length && !info.header)
    .flatMap((info) => {
      const ws = info.line.words;
      const lettered = ws.filter((w) => (w.text.match(/\p{L}/gu) ?? []).length >= 2);
      const first = lettered[0];
      if (!first) return [];
      const at = ws.indexOf(first);
      const label: Label = {
        field: 'other_amount',
        start: at,
        end: at,
        arabic: info.line.rtl,
        x0: Math.min(...lettered.map((w) => w.x0)),
        x1: Math.max(...lettered.map((w) => w.x1)),
      };
      return withCents(valuesFor(doc, info, label, 'amount'))
        .filter((v) => v.line === info.line)
        .slice(0, 1)
        .map((v) => ({ value: v.value as Dec, strength: 0.2 * v.conf, found: v, loose: true }));
    });
}

export function readTotals(doc: Doc, rows: ItemRow[]): Totals {
  const { infos } = doc;
  const lastItemIdx = rows.length ? Math.max(...rows.map((r) => r.lastLine)) : -1;
  const belowItems = (info: LineInfo): number => (info.idx > lastItemIdx ? 1 : 0.6);
  const loose = unlabelledAmounts(doc, lastItemIdx);
  const subC = amountCands(doc, 'subtotal', belowItems);
  const taxC = [...amountCands(doc, 'tax', belowItems), ...loose];
  const totalC = [
    ...amountCands(doc, 'total', (info, l) => {
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
    }),
    ...loose,
  ];
  // Rounding adjustments ("Rounding Adj -0.02") close the sum between subtotal + tax and a rounded total.
  const roundC = labelsOf(doc, 'other_amount')
    .filter(({ info, label }) => /^round/.test(wordKey(info.line.words[label.start]?.text ?? '')))
    .flatMap(({ info, label }) =>
      valuesFor(doc, info, label, 'amount')
        .slice(0, 1)
        .map((v) => ({ value: v.value as Dec, strength: 1, found: v })),
    );
  const rateC: Candidate[] = labelsOf(doc, 'tax').flatMap(({ info, label }) =>
    valuesFor(doc, info, label, 'percent').map((v) => ({ value: v.value as Dec, strength: 1, found: v })),
  );
  const linesSum =
    rows.length && rows.every((r) => r.total !== null)
      ? rows.reduce((a, r) => a + (r.total ?? 0n), 0n)
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
  applyRounding(doc, choice, totalC, roundC);
  applyTender(doc, choice, { subC, totalC, linesSum });
  return { choice, subtotal: subC, tax: taxC, total: totalC, rate: rateC };
}

/** "Total with GST 41.48 / Rounding 0.02" and no total printed readably after it: the rounded total. */
function applyRounding(doc: Doc, choice: TotalsChoice, totalC: Candidate[], roundC: Candidate[]): void {
  const { infos, amountOpts } = doc;
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
}

/**
 * "CASH 50.00 / CHANGE 40.70": what was paid less the change is what the receipt cost. It settles a
 * total that was misread ("Net Total Rounded 43.00" for 48.00) or not read at all.
 */
function applyTender(
  doc: Doc,
  choice: TotalsChoice,
  read: { subC: Candidate[]; totalC: Candidate[]; linesSum: Dec | null },
): void {
  const { infos, amountOpts } = doc;
  const { subC, totalC, linesSum } = read;
  const tendered = paidLessChange(
    infos,
    (info, label) => withCents(valuesFor(doc, info, label, 'amount'))[0],
  );
  if (tendered === null || tendered === choice.total || choice.checked.has('total')) return;
  const printedAsTotal = infos.some(
    (info) =>
      /total/i.test(info.line.words.map((w) => w.text).join(' ')) &&
      info.line.words.some((_, i) => amountAt(info.line.words, i, amountOpts) === tendered),
  );
  const known =
    printedAsTotal || [...totalC, ...subC].some((c) => c.value === tendered) || linesSum === tendered;
  // A total read without its cents ("TOTAL 19,9") is a partial reading: the tender settles it when the
  // two are within a ringgit, dollar or pound of each other.
  const readTotal = choice.derived.has('total') ? undefined : foundOf(totalC, choice.total);
  const partial =
    readTotal !== undefined &&
    !/\d[.,]\d{2}(?!\d)/.test(toWesternDigits(readTotal.words.map((w: Word) => w.text).join(''))) &&
    choice.total !== null &&
    tendered - choice.total < SCALE &&
    choice.total - tendered < SCALE;
  if (choice.total === null || known || partial) {
    choice.total = tendered;
    if (!totalC.some((c) => c.value === tendered)) choice.derived.add('total');
    else choice.derived.delete('total');
  }
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
 * Rows whose quantity times price is not the total read: where putting that product in place of one row's
 * total, or of two rows', makes the rows add up to the subtotal the document prints, and no other choice of
 * rows does, the total was misread. Null when no such repair exists.
 */
export function settleRows(rows: ItemRow[], choice: TotalsChoice): ItemRow[] | null {
  const subtotal = choice.subtotal;
  if (subtotal === null || choice.checked.has('lines') || !rows.length) return null;
  // Every row must have a total or a product to stand in for it: otherwise the sum says nothing.
  const products = rows.map((r) => {
    if (r.consistent || !r.quantity || !r.unitPrice || r.quantity.value <= 0n) return [];
    const p = mul(r.quantity.value, r.unitPrice.value);
    return [...new Set([roundDec(p, 2), roundDec(p, 3)])].filter((v) => v > 0n && v !== r.total);
  });
  if (rows.some((r, i) => r.total === null && !products[i]?.length)) return null;
  const sum = rows.reduce((a, r) => a + (r.total ?? 0n), 0n);
  const open = rows.flatMap((r, i) => (products[i] ?? []).map((v) => ({ i, delta: v - (r.total ?? 0n), v })));
  const need = subtotal - sum;
  const fixes: { i: number; v: Dec }[][] = [];
  for (const a of open) if (a.delta === need) fixes.push([a]);
  for (const [k, a] of open.entries()) {
    for (const b of open.slice(k + 1)) if (a.i !== b.i && a.delta + b.delta === need) fixes.push([a, b]);
  }
  // One repair, of as few rows as can do it.
  const fewest = fixes.filter((f) => f.length === Math.min(...fixes.map((x) => x.length)));
  if (fewest.length !== 1) return null;
  const out = rows.map((r) => ({ ...r }));
  for (const { i, v } of fewest[0] ?? []) {
    const r = out[i] as ItemRow;
    const word = (r.totalW ?? r.unitPrice)?.word;
    if (!word) return null;
    r.total = v;
    r.totalW = { value: v, word };
    r.consistent = true;
    r.repaired = true;
  }
  return out;
}

/**
 * Rows that multiply out as read, in Arabic-Indic digits whose decimal mark came out as a zero in both the
 * price and the total ("٨ x ١٦٧٠٠٠ = ١٣٣٦٠٠٠" for ٨ x ١٦٧٫٠٠ = ١٣٣٦٫٠٠): where reading such rows with the
 * zeros as marks makes the rows add up to the subtotal the document prints, and only one choice of rows
 * does with as few rows, those rows are so read. Null when no such choice exists.
 */
export function rescaleRows(rows: ItemRow[], choice: TotalsChoice): ItemRow[] | null {
  const subtotal = choice.subtotal;
  if (subtotal === null || choice.derived.has('subtotal') || choice.checked.has('lines') || !rows.length)
    return null;
  if (rows.some((r) => r.total === null)) return null;
  const arabicIndic = (w: Word | undefined): boolean => !!w && /[\u0660-\u0669]/.test(w.text);
  const options = rows.map((r) => {
    const q = r.quantity?.value;
    const u = r.unitPrice?.value;
    const t = r.total as Dec;
    if (!r.consistent || !q || !u || !arabicIndic(r.totalW?.word) || !arabicIndic(r.unitPrice?.word))
      return [];
    return zeroReadAsMark(u, 1).flatMap((u2) =>
      zeroReadAsMark(t, 1)
        .filter((t2) => lineMatches(q, u2, t2))
        .map((t2) => ({ u: u2, t: t2 })),
    );
  });
  const open = options.flatMap((o, i) => o.map((x) => ({ i, ...x })));
  if (!open.length || open.length > 16) return null;
  const sum = rows.reduce((a, r) => a + (r.total as Dec), 0n);
  let best: { i: number; u: Dec; t: Dec }[][] = [];
  const walk = (k: number, picked: { i: number; u: Dec; t: Dec }[], s: Dec): void => {
    if (near(s, subtotal) && picked.length) {
      if (!best.length || picked.length < (best[0] as unknown[]).length) best = [picked];
      else if (picked.length === (best[0] as unknown[]).length) best.push(picked);
    }
    for (let j = k; j < open.length; j++) {
      const o = open[j] as { i: number; u: Dec; t: Dec };
      if (picked.some((p) => p.i === o.i)) continue;
      walk(j + 1, [...picked, o], s - (rows[o.i]?.total as Dec) + o.t);
    }
  };
  walk(0, [], sum);
  if (best.length !== 1) return null;
  const out = rows.map((r) => ({ ...r }));
  for (const { i, u, t } of best[0] ?? []) {
    const r = out[i] as ItemRow;
    r.unitPrice = r.unitPrice && { ...r.unitPrice, value: u };
    r.totalW = r.totalW && { ...r.totalW, value: t };
    r.total = t;
    r.repaired = true;
  }
  return out;
}
