// Line items: the table's rows (description, quantity, unit price, total) and the document's currency,
// which tells how many decimals its amounts have.
import { leadingZeroMark, readLine } from '../arith.js';
import type { Dec } from '../decimal.js';
import { logicalWords, median } from '../layout.js';
import type { Line, Word } from '../layout.js';
import type { AmountOptions } from '../parse/amount.js';
import { currencyInToken, currencyOf } from '../parse/currency.js';
import { currencyOfAdjective, currencyOfAdjectiveSkeleton, inRegionalLegalForm } from '../regions/index.js';
import type { LabelField } from '../parse/labels.js';
import { foldArabic, hasArabic, stripBidi, toWesternDigits } from '../text.js';
import { meanConf, xc } from './model.js';
import type { Doc, Found, HeaderInfo, LineInfo } from './model.js';
import { cleanName } from './names.js';
import { amountAt, dateAt } from './tokens.js';

/** Currencies with fils and baisa print three decimals: "12.505" is one amount there. */
const MILLESIMAL = ['KWD', 'BHD', 'OMR', 'JOD', 'TND', 'LYD', 'IQD'];

export interface Items {
  currency: Found<string> | null;
  rows: ItemRow[];
  /** The page prints its amounts with three decimals (fils, baisa), whatever the currency read. */
  threeDecimals: boolean;
}

export function readItemsStep(doc: Doc): Items {
  const currency = detectCurrency(doc.infos);
  const three = threeDecimals(doc);
  const millesimal = MILLESIMAL.includes(currency?.value ?? '') || three;
  const rows = withoutSumRow(orientColumns(readItems(doc.infos, doc.amountOpts, millesimal).rows));
  return { currency, rows, threeDecimals: three };
}

/**
 * A row of the table with one amount, no quantity or price, that is the sum of the rows above it: their
 * subtotal (or total) whose label the engine did not read ("9762.35 الب gle" for المجموع الفرعي), not an
 * item. It is left to the totals, which the rows above then add up to. Rows after it that do not multiply
 * out are the totals' other rows read as items; those that do are items (a table continued after a sum
 * carried forward).
 */
function withoutSumRow(rows: ItemRow[]): ItemRow[] {
  let sum = 0n;
  for (let k = 0; k < rows.length; k++) {
    const r = rows[k] as ItemRow;
    if (k >= 2 && !r.quantity && !r.unitPrice && r.total === sum) {
      return [...rows.slice(0, k), ...rows.slice(k + 1).filter((x) => x.consistent)];
    }
    if (r.total === null) return rows;
    sum += r.total;
  }
  return rows;
}

/** Printed as a whole number ("15", "١٥"), or with cents ("225.50", "٢٢٥٫٥٠"). */
const wholeNumber = (w: Word): boolean => /^\d+$/.test(toWesternDigits(w.text));
const withCents = (w: Word): boolean => /^[\d,٬]*[.,٫]\d{2,3}$/.test(toWesternDigits(w.text));

/**
 * Quantity times price is price times quantity: where the header did not say which column is which, a
 * row that multiplies out may have them the wrong way round, and then the whole table has. Quantities are
 * counted in whole numbers and prices in cents: when at least two rows, and twice as many as the other way
 * round, have a quantity printed with cents beside a price printed whole, the two are swapped in every row
 * that multiplies out.
 */
function orientColumns(rows: ItemRow[]): ItemRow[] {
  type Pair = ItemRow & { quantity: Priced; unitPrice: Priced };
  type Priced = NonNullable<ItemRow['quantity']>;
  const pairs = rows.filter(
    (r): r is Pair => r.consistent && !!r.quantity && !!r.unitPrice && r.quantity.word !== r.unitPrice.word,
  );
  const swapped = pairs.filter((r) => withCents(r.quantity.word) && wholeNumber(r.unitPrice.word));
  const right = pairs.filter((r) => wholeNumber(r.quantity.word) && withCents(r.unitPrice.word));
  if (swapped.length < 2 || swapped.length < 2 * right.length) return rows;
  const swap = new Set<ItemRow>(pairs);
  return rows.map((r) => (swap.has(r) ? { ...r, quantity: r.unitPrice, unitPrice: r.quantity } : r));
}

/**
 * Amounts printed with three decimals throughout ("2,448.000", "0.250"), as in fils and baisa, whether
 * or not the currency was read: most amounts with decimals on the page have three, and at least four do.
 */
function threeDecimals(doc: Doc): boolean {
  // "25.000" on a page of decimal commas is twenty-five thousand.
  if (doc.amountOpts.decimalComma) return false;
  let three = 0;
  let two = 0;
  for (const info of doc.infos) {
    for (const w of info.line.words) {
      const t = toWesternDigits(w.text);
      if (/^\(?-?\d{1,3}(?:,\d{3})*\.\d{3}\)?$|^\d+\.\d{3}$/.test(t)) three++;
      else if (/^\(?-?\d[\d,]*\.\d{2}\)?$/.test(t)) two++;
    }
  }
  return three >= 4 && three > 2 * two;
}

/**
 * A bilingual table row describes its item twice ("Office Chair كرسي مكتب"): one description is kept,
 * the fuller one (an English description has at least as many words as its Arabic, so the Arabic wins
 * by words only where the engine lost some of the English: "Wire سلك نحاس"), and with as many words the
 * better read one (Latin unless the Arabic is clearly surer). A Latin code inside an Arabic
 * description ("كابل HDMI") is not a second description.
 */
function oneScript(words: Word[]): Word[] {
  const ar = words.filter((w) => hasArabic(w.text));
  const la = words.filter((w) => !hasArabic(w.text) && /\p{L}{2,}/u.test(w.text));
  const letters = (ws: Word[]): number => ws.reduce((a, w) => a + (w.text.match(/\p{L}/gu) ?? []).length, 0);
  // One short word in capitals beside Arabic is a code or a brand of the Arabic description ("HDMI").
  const code = la.length === 1 && !/\p{Ll}/u.test(la[0]?.text ?? '') && letters(la) < 6;
  if (!ar.length || !la.length || letters(ar) < 3 || letters(la) < 3 || code) return words;
  const keepArabic = ar.length > la.length || (ar.length === la.length && meanConf(ar) > meanConf(la) + 0.05);
  return words.filter((w) => (hasArabic(w.text) ? keepArabic : !keepArabic));
}

/** A row that names the document's currency: "Currency", "Amounts in", "العملة", "المبالغ ب...". */
const CURRENCY_LABEL = /currency|amounts? in|العمله|المبالغ/i;

function detectCurrency(infos: LineInfo[]): Found<string> | null {
  const votes = new Map<string, { n: number; found: Found<string> }>();
  for (const info of infos) {
    const ws = info.line.words;
    const weight = info.labels.some((l) => l.field === 'total' || l.field === 'subtotal') ? 3 : 1;
    const rowText = ws.map((x) => x.text).join(' ');
    const currencyRow = CURRENCY_LABEL.test(foldArabic(rowText));
    for (let i = 0; i < ws.length; i++) {
      const w = ws[i] as Word;
      // Two Arabic words in their reading order: the right one first (the words are left to right).
      const next = ws[i + 1]?.text ?? '';
      const pair = !next
        ? ''
        : hasArabic(w.text) && hasArabic(next)
          ? `${next}${w.text}`
          : `${w.text}${next}`;
      // A mark glued to a number counts when the number is an amount ("E£41,119.52"), not "£0" or "£966".
      const glued = /\d[.,٫٬]\d/.test(toWesternDigits(w.text)) ? currencyInToken(w.text) : null;
      // Two words first: "ريال عماني" is the Omani rial, though "ريال" alone is the Saudi one.
      // The country's adjective after the currency's name read with a dot lost ("ريال عماتي").
      const named =
        pair && hasArabic(w.text) && hasArabic(next) && currencyOf(next)
          ? currencyOfAdjectiveSkeleton(foldArabic(w.text).replace(/[^\u0621-\u064a]/g, ''))
          : null;
      const pairCode = (pair && hasArabic(pair) ? currencyOf(pair) : null) ?? named;
      let code = pairCode ?? currencyOf(w.text) ?? glued;
      const span = pairCode ? [w, ws[i + 1] as Word] : [w];
      if (pairCode) i++;
      // The country's adjective alone beside a currency label ("العملة: جنيه مصري" with the جنيه lost).
      if (!code && currencyRow)
        code = currencyOfAdjective(foldArabic(w.text).replace(/[^\u0621-\u064a]/g, ''));
      // A legal form's word ("SDN BHD") that spells a currency code is part of a name.
      if (!code || inRegionalLegalForm(rowText, w.text)) continue;
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
  // "١٠٫٢٥٢٫٥٠" is one amount whose thousands mark ٬ was read as the decimal mark ٫ it looks like
  // (`parseAmount`), not "١٠٫٢٥" and "٢٫٥٠": cells stand apart, the two marks are alike.
  if (
    /^[\u0660-\u0669\u06f0-\u06f9]{1,3}(?:\u066b[\u0660-\u0669\u06f0-\u06f9]{3})+\u066b[\u0660-\u0669\u06f0-\u06f9]{2,3}$/.test(
      stripBidi(w.text),
    )
  ) {
    return [w];
  }
  const m = /^(\d{1,3}(?:,\d{3})*\.\d{2})(\d{1,3}(?:\.\d{1,2})?)$/.exec(toWesternDigits(w.text));
  // "12.505" is an amount with three decimals in KWD, BHD or OMR, not two cells.
  if (!m?.[1] || !m[2] || (millesimal && m[2].length < 3)) return [w];
  const cut = w.x0 + ((w.x1 - w.x0) * m[1].length) / (m[1].length + m[2].length);
  return [
    { ...w, text: m[1], x1: cut },
    { ...w, text: m[2], x0: cut },
  ];
}

export interface ItemRow {
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

type Cell = { value: Dec; word: Word; plain: boolean };
type Pending = { words: Word[]; line: Line; joined?: boolean };

/** An Arabic-Indic number with a slash before its last two or three digits; and one after a year. */
const SLASH_MARK = /^[\u200e\u200f\u061c]*[\u0660-\u0669]{1,7}\/[\u0660-\u0669]{2,3}[\u200e\u200f\u061c]*$/;
const YEAR_SLASH = /^[\u200e\u200f\u061c]*\u0662\u0660[\u0660-\u0669]{2}\//;

/** No header found: a row whose numbers multiply out (qty x price = total) opens the table. */
function opensTable(line: Line, opts: AmountOptions): boolean {
  const vis = line.words;
  const vals = vis.map((_, i) => amountAt(vis, i, opts)).filter((v): v is Dec => v !== null);
  return vals.length >= 3 && vals.length <= 5 && readLine(vals).consistent;
}

/**
 * Numbers in the row in visual left-to-right order, which is column order for Western tables and
 * reversed column order for right-to-left ones.
 */
function numbersOf(line: Line, opts: AmountOptions, millesimal: boolean): Cell[] {
  const visual = [...line.words]
    .filter((w) => !/^[|¦]+$/.test(w.text))
    .flatMap((w) => splitGlued(w, millesimal))
    // A decimal point read as a colon ("22:75"): item rows hold amounts, not times of day.
    .map((w) => (/^\d{1,7}:\d{2}$/.test(w.text) ? { ...w, text: w.text.replace(':', '.') } : w))
    // So is the slanted Arabic mark ٫ read as a slash ("٤٧/٧٠"), unless the number before it is a year.
    .map((w) =>
      SLASH_MARK.test(w.text) && !YEAR_SLASH.test(w.text) ? { ...w, text: w.text.replace('/', '\u066b') } : w,
    );
  const nums: Cell[] = [];
  visual.forEach((w, i) => {
    const v = amountAt(visual, i, opts);
    if (v === null || /\p{L}{2,}/u.test(w.text.replace(/^(?:x|X)/, ''))) return;
    const t = toWesternDigits(w.text);
    nums.push({ value: v, word: w, plain: /^\d+$/.test(t) });
  });
  return nums;
}

/** How many letters the words hold: three or more make a description, not a stray mark. */
const lettersIn = (ws: Word[]): number =>
  ws
    .map((w) => w.text)
    .join('')
    .replace(/[^\p{L}]/gu, '').length;

/**
 * A word of Latin letters mixed with Arabic letters or Arabic-Indic digits ("erامStap", "Ur.٠٠") is no word
 * of either script: the Arabic model's reading of an English word beside the Arabic one.
 */
const mixedScripts = (t: string): boolean => /[A-Za-z]/.test(t) && (hasArabic(t) || /[٠-٩۰-۹]/.test(t));

/** Stray marks read as letters ("i", "é", "xX" for a multiplication sign) are not a description. */
function textWordsOf(line: Line, nums: Cell[]): Word[] {
  const ws = logicalWords(line.words, line.rtl).filter((w) => !/^[|¦]+$/.test(w.text));
  return ws.filter(
    (w) =>
      !nums.some((n) => n.word === w) &&
      /\p{L}/u.test(w.text) &&
      !mixedScripts(w.text) &&
      !/^[x×@]+$/i.test(w.text) &&
      !currencyOf(w.text) &&
      (hasArabic(w.text) || /\p{L}{2,}/u.test(w.text) || w.conf > 0.8),
  );
}

/** A leading running number ("1", "#2") is the row index, not a quantity. */
function withoutIndex(ordered: Cell[], line: Line, header: HeaderInfo | null, hasText: boolean): Cell[] {
  const firstCell = ordered[0];
  if (!firstCell || !firstCell.plain || ordered.length < 2) return ordered;
  const firstText = line.rtl
    ? Math.max(...line.words.map((w) => w.x1)) === firstCell.word.x1
    : Math.min(...line.words.map((w) => w.x0)) === firstCell.word.x0;
  const isIndex = firstText && (ordered.length >= 4 || header?.columns.some((c) => c.kind === 'index'));
  return isIndex && hasText ? ordered.slice(1) : ordered;
}

/** The column each cell sits under, by the header's nearest numeric column. */
function columnHints(cells: Cell[], header: HeaderInfo | null): ('qty' | 'price' | 'amount' | null)[] {
  const cols = header ? header.columns.filter((k) => k.kind !== 'desc' && k.kind !== 'index') : [];
  // Neighbouring header words of one kind are one column ("Line Total / الإجمالي" in a bilingual header);
  // words of one kind with another column between them are two ("Amount | VAT % | Total").
  const sorted = [...cols].sort((a, b) => a.xc - b.xc);
  const group = new Map<(typeof cols)[number], number>();
  sorted.forEach((c, i) => {
    const prev = sorted[i - 1];
    group.set(c, prev && prev.kind === c.kind ? (group.get(prev) as number) : i);
  });
  const hints = cells.map((c) => {
    const near = [...cols].sort((a, b) => Math.abs(a.xc - xc(c.word)) - Math.abs(b.xc - xc(c.word)))[0];
    return near ? { kind: near.kind, col: group.get(near), dist: Math.abs(near.xc - xc(c.word)) } : null;
  });
  // A column is one cell's: where two cells are nearest the same column (a header word the engine
  // misread, "Price/Unit"), the nearer keeps it and the other is left to the arithmetic.
  return hints.map((h) =>
    h && !hints.some((o) => o !== h && o !== null && o.col === h.col && o.dist < h.dist)
      ? (h.kind as 'qty' | 'price' | 'amount')
      : null,
  );
}

/** A row of the table from its cells and description; null for numbers that are no item. */
function itemRow(
  info: LineInfo,
  cells: Cell[],
  header: HeaderInfo | null,
  descWords: Word[],
  totalAt?: number,
  hints?: ('qty' | 'price' | 'amount' | null)[],
): ItemRow | null {
  const r = readLine(
    cells.map((c) => c.value),
    hints ?? columnHints(cells, header),
    true,
    cells.some((c) => /[\u0660-\u0669]/.test(c.word.text)),
    cells.map((c) => {
      const mark = leadingZeroMark(toWesternDigits(stripBidi(c.word.text)));
      return mark === null ? [] : [mark];
    }),
    cells.map((c) => /[.\u066b]\d/.test(stripBidi(c.word.text))),
    totalAt,
  );
  if (!descWords.length && !r.consistent) return null;
  const at = (i: number | null) => (i === null ? null : (cells[i] ?? null));
  const q = at(r.used[0]);
  const u = at(r.used[1]);
  const t = at(r.used[2]);
  const words = oneScript(descWords);
  const desc = words.length ? cleanName(words.map((w) => w.text).join(' ')) : null;
  return {
    desc,
    descWords: words,
    line: info.line,
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
  };
}

/**
 * A description wrapped over two lines (or printed in both languages one above the other) is one
 * description; a third line starts another.
 */
function extendPending(pending: Pending | null, line: Line, textWords: Word[], lines: Line[]): Pending {
  const prevLine = pending ? lines.indexOf(pending.line) : -2;
  return pending && !pending.joined && prevLine === lines.indexOf(line) - 1 && pending.line.page === line.page
    ? { words: [...pending.words, ...textWords], line: pending.line, joined: true }
    : { words: textWords, line };
}

/**
 * The rows printed above the first row that multiplies out, on a page whose table header was not read
 * (a table opens there): the lines right above it, up to the first that is not such a row, that hold a
 * description and at least two amounts, one of them with decimals. A misread quantity keeps a row from
 * multiplying out, not from being a row of the table it stands in.
 */
function rowsAbove(infos: LineInfo[], at: number, opts: AmountOptions, millesimal: boolean): ItemRow[] {
  const out: ItemRow[] = [];
  const page = infos[at]?.line.page;
  for (let k = at - 1; k >= 0; k--) {
    const info = infos[k] as LineInfo;
    const { line } = info;
    if (line.page !== page || info.header || info.labels.length) break;
    if (line.words.some((_, i) => dateAt(line.words, i) !== null)) break;
    const nums = numbersOf(line, opts, millesimal);
    const textWords = textWordsOf(line, nums);
    const strong = lettersIn(textWords) >= 3;
    const money = nums.some((n) => /[.,\u066b]\d{2,3}$/.test(toWesternDigits(n.word.text)));
    if (nums.length < 2 || !strong || !money) break;
    const ordered = line.rtl ? [...nums].reverse() : nums;
    const row = itemRow(info, withoutIndex(ordered, line, null, true), null, textWords);
    if (!row) break;
    out.unshift(row);
  }
  return out;
}

type RowRead = { row: ItemRow; info: LineInfo; cells: Cell[]; header: HeaderInfo | null; descWords: Word[] };

function readItems(infos: LineInfo[], opts: AmountOptions, millesimal: boolean): { rows: ItemRow[] } {
  const rows: ItemRow[] = [];
  const read: RowRead[] = [];
  let header: HeaderInfo | null = null;
  let inTable = false;
  let pending: Pending | null = null;
  const lines = infos.map((i) => i.line);
  for (const [at, info] of infos.entries()) {
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
    let lineNumbers: Cell[] | undefined;
    const numbers = (): Cell[] => (lineNumbers ??= numbersOf(line, opts, millesimal));
    // A charge in the table ("Shipping  15  30.500  457.500", "رسوم الشحن") is a row of it: a label of
    // another amount stops the table only on a row without a quantity, a price and a total. Printed with
    // no figures right before a row of the table, it is a row's description in a second line or language.
    const charge = (): boolean => {
      if (!inTable) return false;
      if (numbers().length >= 3) return true;
      const next = infos[at + 1];
      return (
        numbers().length === 0 &&
        !!next &&
        next.line.page === line.page &&
        !next.labels.some((l) => STOP_FIELDS.has(l.field)) &&
        numbersOf(next.line, opts, millesimal).length >= 3
      );
    };
    const stop = info.labels.some(
      (l) => STOP_FIELDS.has(l.field) && !(l.field === 'other_amount' && charge()),
    );
    const hasDate = line.words.some((_, i) => dateAt(line.words, i) !== null);
    if (!inTable && !header && !stop && !rows.length && !info.labels.length && !hasDate) {
      if (opensTable(line, opts)) {
        inTable = true;
        rows.push(...rowsAbove(infos, at, opts, millesimal));
        pending = null;
      }
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
    const nums = numbers();
    const ordered = line.rtl ? [...nums].reverse() : nums;
    const textWords = textWordsOf(line, nums);
    const strongText = lettersIn(textWords) >= 3;
    const cells = withoutIndex(ordered, line, header, textWords.length > 0);
    // A description line with a stray digit ("خدمات استشارية (ساعة) 7") is not a row of numbers.
    const lone = cells.length === 1 && cells[0]?.plain && strongText;
    if (!cells.length || lone) {
      if (strongText) pending = extendPending(pending, line, textWords, lines);
      continue;
    }
    // Codes such as "A4" or "M8" stay in a description when the engine is sure of them.
    const keep = (w: Word): boolean =>
      /\p{L}{2,}/u.test(w.text) || hasArabic(w.text) || (/\d/.test(w.text) && w.conf > 0.8);
    let descWords = strongText ? textWords.filter(keep) : [];
    if (!descWords.length && pending) descWords = pending.words;
    pending = null;
    const row = itemRow(info, cells, header, descWords);
    if (row) {
      rows.push(row);
      read.push({ row, info, cells, header, descWords });
    }
  }
  return { rows: rowsByTotalColumn(rows, read) };
}

/**
 * Rows read again with the table's columns, where two rows or more that multiply out as read show them: a
 * row whose figures do not multiply out, or multiply out only repaired, is read again with the number in
 * the column of totals as its total and the columns of quantities and prices in place of the header's, and
 * the reading is taken where it multiplies out ("٠٫٥ ١٣٫٠٠ ٦٫٠٠" under a misread header: 0.5 x 6 = 3 read
 * as 0.5 x 12 = 6 with the 13 a misread 12, where the column says 13 is the total and 0.5 x 26 = 13 with a
 * ٢ lost).
 */
function rowsByTotalColumn(rows: ItemRow[], read: RowRead[]): ItemRow[] {
  const out = [...rows];
  type Kind = 'qty' | 'price' | 'amount';
  type Col = { centre: number; width: number };
  for (const page of new Set(read.map((r) => r.info.line.page))) {
    const onPage = read.filter((r) => r.info.line.page === page);
    const sureRows = onPage.filter((r) => r.row.consistent && !r.row.repaired);
    // Each column's middle and width, from the rows that multiply out as read.
    const column = (words: (Word | undefined)[]): Col | null => {
      const ws = words.filter((w): w is Word => !!w);
      return ws.length < 2 ? null : { centre: median(ws.map(xc)), width: median(ws.map((w) => w.x1 - w.x0)) };
    };
    const total = column(sureRows.map((r) => r.row.totalW?.word));
    if (!total) continue;
    // A quantity or price read from the total's word (derived from it) stands in no column of its own.
    const own = (r: RowRead, w: Word | undefined): Word | undefined =>
      w === r.row.totalW?.word ? undefined : w;
    const others: [Kind, Col | null][] = [
      ['qty', column(sureRows.map((r) => own(r, r.row.quantity?.word)))],
      ['price', column(sureRows.map((r) => own(r, r.row.unitPrice?.word)))],
    ];
    for (const r of onPage) {
      if ((r.row.consistent && !r.row.repaired) || r.cells.length < 3) continue;
      const dist: number[] = r.cells.map((c) => Math.abs(xc(c.word) - total.centre));
      const at = dist.indexOf(Math.min(...dist));
      if ((dist[at] as number) > total.width) continue;
      // The other columns, where the rows show them, in place of the header's.
      const hints: (Kind | null)[] = r.cells.map((c, i) => {
        if (i === at) return 'amount';
        const near = others.find(([, col]) => col && Math.abs(xc(c.word) - col.centre) <= col.width);
        return near ? near[0] : null;
      });
      if (r.row.totalW?.word === r.cells[at]?.word && !hints.some((h, i) => h && i !== at)) continue;
      const again = itemRow(r.info, r.cells, r.header, r.descWords, at, hints);
      const k = out.indexOf(r.row);
      if (again?.consistent && k >= 0) out[k] = again;
    }
  }
  return out;
}
