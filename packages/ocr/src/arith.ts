import { SCALE, dec, div, fmtTrim, mul, near, roundDec } from './decimal.js';
import type { Dec } from './decimal.js';
import { editDistance } from './text.js';

const CENT = SCALE / 100n;
/** Receipts round the total to 5 cents (or to the unit): an adjustment is never more than half of that. */
const ROUND_MAX = SCALE / 2n;
/** VAT and GST rates printed on invoices of the region and beyond; a derived rate must be one of them. */
const COMMON_RATES = [
  '5',
  '6',
  '7',
  '8',
  '10',
  '11',
  '12',
  '13',
  '14',
  '15',
  '16',
  '17',
  '18',
  '19',
  '20',
  '21',
  '0',
];

export function taxOf(subtotal: Dec, ratePercent: Dec): Dec {
  return roundDec(div(mul(subtotal, ratePercent), 100n * SCALE) ?? 0n, 2);
}

/** Is `tax` what `ratePercent` of `subtotal` gives, allowing the rounding of a cent either way? */
export function taxMatches(subtotal: Dec, ratePercent: Dec, tax: Dec): boolean {
  return near(taxOf(subtotal, ratePercent), tax, CENT);
}

/** Derives a tax rate from tax and subtotal, only when it lands on a rate that invoices really use. */
export function deriveRate(subtotal: Dec, tax: Dec): Dec | null {
  if (subtotal <= 0n || tax < 0n) return null;
  for (const r of COMMON_RATES) {
    const rate = dec(r);
    if (rate !== null && taxMatches(subtotal, rate, tax)) return rate;
  }
  return null;
}

export interface LineReading {
  quantity: Dec | null;
  unitPrice: Dec | null;
  total: Dec | null;
  /** quantity x unit price = total held. */
  consistent: boolean;
  /** Indexes, in the numbers given, of quantity, unit price and total. */
  used: [number | null, number | null, number | null];
  /** A quantity or unit price was corrected (one digit lost or misread) so that the row multiplies out. */
  repaired?: boolean;
}

const digitsOf = (v: Dec): string => fmtTrim(v).replace('.', '');
/** One digit lost or added (what a dropped or doubled glyph does), not one digit changed into another. */
const oneDigitApart = (a: Dec, b: Dec): boolean => {
  const x = digitsOf(a);
  const y = digitsOf(b);
  return Math.abs(x.length - y.length) === 1 && editDistance(x, y) === 1;
};

/**
 * A row printed in Arabic-Indic digits whose quantity, unit price and total were all read but do not
 * multiply out: the total anchors the row, and a quantity or price with one digit more or less than what
 * was read that makes it multiply out replaces it ("0" for a ٥٠ whose ring was lost is 50; "3.00" with
 * 50 x ? = 1,650.00 is 33.00). Only there: the engine drops these small glyphs (the dot zero, the ring
 * five), while on other rows a mismatch is more often a discount or a deal than a misread.
 */
function repairOneDigit(q: Dec, u: Dec, t: Dec): { quantity: Dec; unitPrice: Dec } | null {
  // A whole total beside a price in cents is more likely a total whose decimal point was lost; a
  // quantity of 1 with another price is a discount or a deal more often than a misread.
  if (t % SCALE === 0n && u % SCALE !== 0n) return null;
  if (q === SCALE) return null;
  const options: { quantity: Dec; unitPrice: Dec }[] = [];
  if (u > 0n) {
    for (const places of [0, 1, 2]) {
      const d = div(t, u);
      if (d === null) break;
      const q2 = roundDec(d, places);
      if (q2 > 0n && lineMatches(q2, u, t)) {
        if (oneDigitApart(q, q2)) options.push({ quantity: q2, unitPrice: u });
        break;
      }
    }
  }
  if (q > 0n) {
    const d = div(t, q);
    if (d !== null && d % CENT === 0n && d > 0n && lineMatches(q, d, t)) {
      if (oneDigitApart(u, d)) options.push({ quantity: q, unitPrice: d });
    }
  }
  // Equally near, the price is corrected: it has more digits to misread than a count.
  // Both possible: the price is corrected, it has more digits to lose than a count.
  return options.find((o) => o.unitPrice !== u) ?? options[0] ?? null;
}

/**
 * A whole figure of four digits or more read again with one of its zeros as the decimal mark (the
 * Arabic-Indic mark ٫ is a dot like the zero ٠), leaving `fewest` to three decimals, fewest first.
 */
export function zeroReadAsMark(v: Dec, fewest: number): Dec[] {
  if (v % SCALE !== 0n || v < 1000n * SCALE) return [];
  const digits = fmtTrim(v);
  const out: Dec[] = [];
  for (let k = digits.length - 1 - fewest; k >= 1 && digits.length - 1 - k <= 3; k--) {
    if (digits[k] !== '0') continue;
    const mark = dec(`${digits.slice(0, k)}.${digits.slice(k + 1)}`);
    if (mark !== null) out.push(mark);
  }
  return out;
}

/**
 * The reading of a number printed with a leading Arabic-Indic zero whose mark came out as a second zero,
 * or not at all ("٠٠٥", "٠٥" for ٠٫٥; "٠٠٢٥" for ٠٫٢٥): no figure is printed with a leading zero before
 * another digit but a fraction. `digits` is the number's digits as printed; null for any other.
 */
export function leadingZeroMark(digits: string): Dec | null {
  if (!/^0\d+$/.test(digits)) return null;
  return dec(`0.${digits[1] === '0' ? digits.slice(2) : digits.slice(1)}`);
}

/**
 * Several numbers of a row each with its mark read as a zero (all three of "٠٠٥ ٤٠١٨ ٢٠٠٩" for
 * ٠٫٥ x ٤٫١٨ = ٢٫٠٩): of the readings that make the row multiply out, with numbers read again with a zero
 * as their mark or by `alternatives`, the one that reads fewest numbers again and keeps fewest numbers
 * as read that cannot be so: a fraction with a leading zero (its alternative), or a whole figure of four
 * digits or more with a zero where the mark would stand. Null where none multiplies out, or where more
 * than a few readings would be tried.
 */
function marksInSeveral(
  nums: Dec[],
  hint: ('qty' | 'price' | 'amount' | null)[] | undefined,
  alternatives: Dec[][] | undefined,
  totalAt?: number,
): LineReading | null {
  const marks = nums.map((v) => zeroReadAsMark(v, 1));
  const options = nums.map((v, i) => [
    v,
    ...new Set([...(marks[i] as Dec[]), ...(alternatives?.[i] ?? [])].filter((a) => a !== v)),
  ]);
  if (options.reduce((a, o) => a * o.length, 1) > 512) return null;
  // What keeping a number as read costs: a fraction's leading zero cannot be, a whole figure may not be.
  const keepCost = nums.map((_, i) => (alternatives?.[i]?.length ? 2 : (marks[i] as Dec[]).length ? 1 : 0));
  let best: { r: LineReading; cost: number } | null = null;
  const walk = (i: number, picked: Dec[], cost: number, changed: number): void => {
    if (best && cost >= best.cost) return;
    if (i === nums.length) {
      if (changed < 1) return;
      const r = directReading(picked, hint, totalAt);
      if (r) best = { r: { ...r, repaired: true }, cost };
      return;
    }
    (options[i] as Dec[]).forEach((v, k) =>
      walk(i + 1, [...picked, v], cost + (k ? 0.5 : (keepCost[i] as number)), changed + (k ? 1 : 0)),
    );
  };
  walk(0, [], 0, 0);
  return (best as { r: LineReading } | null)?.r ?? null;
}

/**
 * Arabic-Indic digits drawn alike: ٢, ٣ and ٤ (and the Persian ۴) are one stroke with one, two or three
 * teeth, which blur and low resolution merge or split. On the development pages printed in such digits
 * these three made up more than half of the digits read as another.
 */
const LOOKALIKE: Record<string, string> = { '2': '34', '3': '24', '4': '23' };

/** `v` read again with exactly one of its ٢ ٣ ٤ read as another of them. */
function lookalikeReadings(v: Dec): Dec[] {
  const s = fmtTrim(v);
  const out: Dec[] = [];
  for (let i = 0; i < s.length; i++) {
    for (const c of LOOKALIKE[s[i] as string] ?? '') {
      const d = dec(s.slice(0, i) + c + s.slice(i + 1));
      if (d !== null && d > 0n) out.push(d);
    }
  }
  return out;
}

/**
 * A row in Arabic-Indic digits that does not multiply out, read again with one, then two of its ٢ ٣ ٤
 * read as another of them: the reading that multiplies out with fewest such changes, when it is the only
 * one with that many (two rows' worth of coincidences prove nothing).
 */
function lookalikesInRow(
  nums: Dec[],
  hint: ('qty' | 'price' | 'amount' | null)[] | undefined,
  totalAt?: number,
): LineReading | null {
  const once = nums.map(lookalikeReadings);
  if (once.reduce((a, o) => a + o.length, 0) > 48) return null;
  const found = (sets: Dec[][]): LineReading | null => {
    let hit: LineReading | null = null;
    for (const fixed of sets) {
      const r = directReading(fixed, hint, totalAt);
      if (!r) continue;
      if (hit && (hit.quantity !== r.quantity || hit.unitPrice !== r.unitPrice || hit.total !== r.total))
        return null;
      hit = { ...r, repaired: true };
    }
    return hit;
  };
  // Each number read again with one change, and where it was made.
  const one = nums.flatMap((_, i) =>
    (once[i] as Dec[]).map((v) => ({ fixed: nums.map((x, k) => (k === i ? v : x)), at: i })),
  );
  const r1 = found(one.map((o) => o.fixed));
  if (r1 || one.length === 0) return r1;
  // The second change in the same number or a later one.
  const two = one.flatMap(({ fixed, at }) =>
    fixed
      .slice(at)
      .flatMap((x, d) => lookalikeReadings(x).map((w) => fixed.map((y, j) => (j === at + d ? w : y)))),
  );
  return found(two);
}

/**
 * The reading of three of a row's numbers, as read, where quantity x unit price = total: nothing derived.
 * The repairs below ask it of a row with a number read again, so that a reading that leaves that number
 * out (a price derived from the quantity and another total) cannot pass for the repair.
 */
function directReading(
  nums: Dec[],
  hint?: ('qty' | 'price' | 'amount' | null)[],
  totalAt?: number,
): LineReading | null {
  const n = nums.length;
  let best: { r: LineReading; score: number } | null = null;
  for (let t = n - 1; t >= 0; t--) {
    if (totalAt !== undefined && t !== totalAt) continue;
    for (let u = 0; u < n; u++) {
      for (let q = 0; q < n; q++) {
        if (q === u || q === t || u === t) continue;
        const qv = nums[q] as Dec;
        const uv = nums[u] as Dec;
        const tv = nums[t] as Dec;
        if (qv <= 0n || !lineMatches(qv, uv, tv)) continue;
        let score = 10;
        // Prefer the conventional order (qty, price, total) and agreement with the header's columns.
        if (q < u && u < t) score += 2;
        if (hint?.[q] === 'qty') score += 1;
        if (hint?.[u] === 'price') score += 1;
        if (hint?.[t] === 'amount') score += 1;
        if (!best || score > best.score) {
          best = { r: { quantity: qv, unitPrice: uv, total: tv, consistent: true, used: [q, u, t] }, score };
        }
      }
    }
  }
  return best?.r ?? null;
}

export function lineMatches(q: Dec, u: Dec, t: Dec): boolean {
  return near(roundDec(mul(q, u), 2), t, CENT);
}

/**
 * Reads a table row's numbers (in column order, left to right as printed in the row's reading order)
 * as quantity, unit price and total. The reading where quantity x unit price = total wins; `hint`
 * gives each number's column from the table header when it is known.
 */
export function readLine(
  nums: Dec[],
  hint?: ('qty' | 'price' | 'amount' | null)[],
  repair = true,
  /** The row was printed in Arabic-Indic digits: a digit lost in a quantity or price may be put back. */
  arabicIndic = false,
  /** Further readings of each number from its printed text (`leadingZeroMark`), for such rows. */
  alternatives?: Dec[][],
  /** Which numbers were printed with a decimal mark ("3577.00"): their mark was not dropped. */
  marked?: boolean[],
  /**
   * The number that stands in the table's column of totals, as the rows that multiply out as read show it:
   * a reading that takes another number for the total, as read or repaired, is no reading of the row.
   */
  totalAt?: number,
): LineReading {
  const n = nums.length;
  const none: LineReading = {
    quantity: null,
    unitPrice: null,
    total: null,
    consistent: false,
    used: [null, null, null],
  };
  if (!n) return none;
  const direct = directReading(nums, hint, totalAt);
  if (direct) return direct;
  // A decimal point the engine dropped ("125" for "12.5", "3373" for "33.73", "75" for "7.5"): a whole
  // number of two digits or more read with one or two decimals less that makes the row multiply out was
  // that number. Not one read with its mark ("3577.00"): of "25 3577.00 8942.50" the 25 was 2.5.
  // A fraction printed with a leading zero cannot be the whole number read: its row is read jointly.
  const fraction = arabicIndic && (alternatives?.some((a) => a.length > 0) ?? false);
  if (repair && n >= 3 && !fraction) {
    for (let i = 0; i < n; i++) {
      const v = nums[i] as Dec;
      if (v % SCALE !== 0n || v < 10n * SCALE || marked?.[i]) continue;
      for (const d of [10n, 100n]) {
        const fixed = [...nums];
        fixed[i] = v / d;
        const r = directReading(fixed, hint, totalAt);
        // Only a quantity or a price is repaired: the line total is the row's anchor.
        if (r && r.used[2] !== i) return r;
      }
    }
  }
  // In Arabic-Indic digits the decimal mark ٫ is a dot like the zero ٠, and comes out as one ("٣٦٠٠٠٠٠"
  // for ٣٦٠٠٫٠٠): a zero of a whole number that, read as the mark, makes the row multiply out was the
  // mark. The total too: a product that lands on one of a few readings of it is no coincidence.
  if (repair && arabicIndic && n >= 3) {
    for (let i = 0; i < n && !fraction; i++) {
      for (const mark of zeroReadAsMark(nums[i] as Dec, 1)) {
        const fixed = [...nums];
        fixed[i] = mark;
        const r = directReading(fixed, hint, totalAt);
        if (r) return { ...r, repaired: true };
      }
    }
    const joint = marksInSeveral(nums, hint, alternatives, totalAt);
    if (joint) return joint;
    if (!fraction) {
      const alike = lookalikesInRow(nums, hint, totalAt);
      if (alike) return alike;
    }
  }
  // Nothing multiplies out: fall back to the header's columns, else to the conventional order.
  const pick = (kind: 'qty' | 'price' | 'amount'): number | null => {
    const i = hint?.findIndex((h) => h === kind) ?? -1;
    return i >= 0 ? i : null;
  };
  let qi = pick('qty');
  let ui = pick('price');
  let ti = totalAt ?? pick('amount');
  if (ti === null) ti = n - 1;
  if (ui === null && n >= 2) {
    // The column the header says is the quantity is not taken for the price.
    const guess = n >= 3 ? n - 2 : 0;
    if (guess !== qi) ui = guess;
  }
  if (qi === null && n >= 3) qi = n - 3;
  const q = qi !== null && qi !== ui && qi !== ti ? (nums[qi] ?? null) : null;
  const u = ui !== null && ui !== ti ? (nums[ui] ?? null) : null;
  const t = nums[ti] ?? null;
  let quantity = q;
  if (quantity === null && u !== null && t !== null && u > 0n) {
    // A row with only a price and a total: the quantity follows when it comes out as a plausible count.
    const d = div(t, u);
    if (d !== null && d > 0n && d % (SCALE / 100n) === 0n && lineMatches(d, u, t)) quantity = d;
  }
  let unitPrice = u;
  if (unitPrice === null && quantity !== null && quantity > 0n && t !== null) {
    // A row with a quantity and a total whose price was unreadable: the price follows when it comes out
    // in whole cents.
    const d = div(t, quantity);
    if (d !== null && d % (SCALE / 100n) === 0n && lineMatches(quantity, d, t)) unitPrice = d;
  }
  let consistent =
    quantity !== null && unitPrice !== null && t !== null && lineMatches(quantity, unitPrice, t);
  let repaired = false;
  if (
    repair &&
    arabicIndic &&
    n === 3 &&
    !consistent &&
    quantity !== null &&
    unitPrice !== null &&
    t !== null &&
    t > 0n
  ) {
    const fixed = repairOneDigit(quantity, unitPrice, t);
    if (fixed) {
      quantity = fixed.quantity;
      unitPrice = fixed.unitPrice;
      consistent = true;
      repaired = true;
    }
  }
  return {
    repaired,
    quantity,
    unitPrice,
    total: t,
    consistent,
    used: [q === null ? null : qi, u === null ? null : ui, ti],
  };
}

export interface AmountCandidate {
  value: Dec;
  /** 0..1: how much the label and the reading are trusted. */
  strength: number;
  /**
   * Read without its label (a row whose label was not read): taken only as one of three different
   * amounts where subtotal + tax = total holds, and it adds nothing for being read.
   */
  loose?: boolean;
}

export interface TotalsInput {
  subtotal: AmountCandidate[];
  tax: AmountCandidate[];
  total: AmountCandidate[];
  rate: AmountCandidate[];
  /** Sum of the line items' totals, when every line has one. */
  linesSum: Dec | null;
  /** Rounding adjustments printed between the tax and the total (receipts round to 5 cents). */
  rounding?: AmountCandidate[];
}

export interface TotalsChoice {
  subtotal: Dec | null;
  tax: Dec | null;
  total: Dec | null;
  rate: Dec | null;
  /** Which of the four were computed rather than read. */
  derived: Set<'subtotal' | 'tax' | 'total' | 'rate'>;
  /** Which of the four take part in a check that holds. */
  checked: Set<'subtotal' | 'tax' | 'total' | 'rate' | 'lines'>;
}

/**
 * Picks subtotal, tax, total and rate among the candidates read so that the invoice adds up
 * (subtotal + tax = total, subtotal x rate = tax, sum of lines = subtotal), then derives what is missing
 * from what holds.
 */
export function reconcileTotals(input: TotalsInput): TotalsChoice {
  const top = <T extends AmountCandidate>(xs: T[]): (T | null)[] => [
    ...xs.sort((a, b) => b.strength - a.strength).slice(0, 5),
    null,
  ];
  let best: {
    s: AmountCandidate | null;
    t: AmountCandidate | null;
    g: AmountCandidate | null;
    r: AmountCandidate | null;
    a: AmountCandidate | null;
    score: number;
  } | null = null;
  const L = input.linesSum;
  // A rounding line is small; anything larger is a misread label or value.
  const rounds = (input.rounding ?? []).filter(
    (c) => c.value !== 0n && c.value > -ROUND_MAX && c.value < ROUND_MAX,
  );
  for (const s of top(input.subtotal))
    for (const t of top(input.tax))
      for (const g of top(input.total))
        for (const r of top(input.rate))
          for (const a of top([...rounds])) {
            const adj = a?.value ?? 0n;
            let score = 0;
            // A receipt that prints a rounding line adds up to the cent; elsewhere a cent is forgiven.
            const sums = (x: Dec, y: Dec): boolean => (rounds.length ? x === y : near(x, y));
            if (
              [s, t, g].some((c) => c?.loose) &&
              !(s && t && g && s !== g && t.value > 0n && sums(s.value + t.value + adj, g.value))
            ) {
              continue;
            }
            // A tax above 30 % of its subtotal is no tax of it (the rates in use stop at 21 %): two
            // misread amounts that happen to add up ("10.90 + 9.00 = 19.90") prove nothing.
            if (s && t && g && sums(s.value + t.value + adj, g.value) && t.value * 10n <= s.value * 3n)
              score += 3;
            // A reading that contradicts the others is worse than no reading: it is then derived instead.
            else if (s && t && g) score -= 1.5;
            // No subtotal read (its label garbled): the lines' sum stands in for it, with less weight.
            else if (!s && L !== null && t && g && sums(L + t.value + adj, g.value)) score += 2.5;
            if (!s && L !== null && t && r && taxMatches(L, r.value, t.value)) score += 1.5;
            if (s && g && g.value + ROUND_MAX < s.value) score -= 1.5;
            if (s && t && r && taxMatches(s.value, r.value, t.value)) score += 2;
            // Subtotal and tax that agree on a rate in use are read right, even when no rate is printed.
            else if (s && t && !r && t.value > 0n && deriveRate(s.value, t.value) !== null) score += 1;
            if (s && L !== null && near(s.value, L)) score += 2;
            if (!s && !t && g && L !== null && near(g.value, L)) score += 1;
            if (s && g && !t && (near(s.value, g.value) || (a && near(s.value + adj, g.value)))) score += 0.5;
            // The adjustment only counts where it closes the sum.
            if (a && !(g && s && near(s.value + (t?.value ?? 0n) + adj, g.value)) && !(s && t && !g))
              score -= 0.3;
            // Cash rounding exists to land on 5 cents: a rounded total that does not is misread.
            if (a && g && g.value % (5n * CENT) !== 0n) score -= 1;
            for (const c of [s, t, g, r]) if (c && !c.loose) score += 0.2 + 0.3 * c.strength;
            if (!best || score > best.score + 1e-9) best = { s, t, g, r, a, score };
          }
  const derived = new Set<'subtotal' | 'tax' | 'total' | 'rate'>();
  const checked = new Set<'subtotal' | 'tax' | 'total' | 'rate' | 'lines'>();
  let subtotal = best?.s?.value ?? null;
  let tax = best?.t?.value ?? null;
  let total = best?.g?.value ?? null;
  let rate = best?.r?.value ?? null;
  const adj = best?.a?.value ?? 0n;

  if (subtotal === null && L !== null && (total === null || tax === null || near(L + tax, total))) {
    subtotal = L;
    derived.add('subtotal');
  }
  // A member of subtotal + tax = total computed from the other two satisfies that sum by construction.
  let closedSum = false;
  if (subtotal === null && total !== null && tax !== null && total >= tax) {
    const rest = total - tax - adj;
    // Not from a "tax" above 30 % of what is left: one of the two was misread.
    if (tax * 10n <= rest * 3n) {
      subtotal = rest;
      derived.add('subtotal');
      closedSum = true;
    }
  }
  if (tax === null && subtotal !== null && total !== null && total - adj >= subtotal) {
    tax = total - adj - subtotal;
    derived.add('tax');
    closedSum = true;
  }
  if (tax === null && subtotal !== null && rate !== null) {
    tax = taxOf(subtotal, rate);
    derived.add('tax');
  }
  if (total === null && subtotal !== null && tax !== null && tax * 10n <= subtotal * 3n) {
    total = subtotal + tax + adj;
    derived.add('total');
    closedSum = true;
  }
  if (subtotal !== null && tax !== null && (rate === null || !taxMatches(subtotal, rate, tax))) {
    const r = deriveRate(subtotal, tax);
    if (r !== null) {
      if (rate === null) derived.add('rate');
      rate = r;
    }
  }
  if (
    !closedSum &&
    subtotal !== null &&
    tax !== null &&
    total !== null &&
    (near(subtotal + tax, total) || near(subtotal + tax + adj, total))
  ) {
    checked.add('subtotal').add('tax').add('total');
  }
  if (subtotal !== null && tax !== null && rate !== null && taxMatches(subtotal, rate, tax)) {
    checked.add('rate').add('tax').add('subtotal');
  }
  if (subtotal !== null && L !== null && near(subtotal, L)) checked.add('lines').add('subtotal');
  // A value computed from the others satisfies the check by construction: that proves nothing. Nor does
  // an amount read without its label, which was taken because it satisfies it.
  for (const k of derived) checked.delete(k);
  if (best?.t?.loose) checked.delete('tax');
  if (best?.g?.loose) checked.delete('total');
  return { subtotal, tax, total, rate, derived, checked };
}
