import { describe, expect, it } from 'vitest';
import { deriveRate, leadingZeroMark, readLine, reconcileTotals, taxMatches } from './arith.js';
import { dec, fmtFixed, fmtTrim, mul, roundDec } from './decimal.js';
import type { Dec } from './decimal.js';

const d = (s: string): Dec => dec(s) as Dec;
const f = (v: Dec | null): string | null => (v === null ? null : fmtFixed(v, 2));

describe('decimal arithmetic', () => {
  it('has no binary floating point error', () => {
    expect(fmtFixed(d('0.1') + d('0.2'))).toBe('0.30');
    expect(fmtFixed(roundDec(mul(d('2.5'), d('226.19')), 2))).toBe('565.48');
    expect(fmtFixed(roundDec(mul(d('1.005'), d('1')), 2))).toBe('1.01');
    expect(fmtTrim(d('3.250'))).toBe('3.25');
  });
});

describe('readLine', () => {
  it('keeps the quantity column of the header when the price was unreadable, and derives the price', () => {
    const r = readLine([d('3'), d('68.25')], ['qty', 'amount']);
    expect([r.quantity, r.unitPrice, r.total].map((v) => (v === null ? null : fmtFixed(v, 2)))).toEqual([
      '3.00',
      '22.75',
      '68.25',
    ]);
    expect(r.consistent).toBe(true);
    expect(r.used).toEqual([0, null, 1]);
    // A price that does not come out in whole cents is not invented.
    expect(readLine([d('3'), d('68.26')], ['qty', 'amount']).unitPrice).toBeNull();
  });

  it('reads quantity x unit price = total in column order', () => {
    const r = readLine([d('6'), d('242.79'), d('1456.74')]);
    expect([r.quantity, r.unitPrice, r.total].map((v) => (v === null ? null : fmtTrim(v)))).toEqual([
      '6',
      '242.79',
      '1456.74',
    ]);
    expect(r.consistent).toBe(true);
  });

  it('finds the reading that multiplies out whatever the column order', () => {
    const r = readLine([d('1456.74'), d('242.79'), d('6')]);
    expect(f(r.total)).toBe('1456.74');
    expect(fmtTrim(r.quantity as Dec)).toBe('6');
    expect(r.consistent).toBe(true);
  });

  it('ignores an extra number (a row index or a tax column) when the rest multiplies out', () => {
    const r = readLine([d('3'), d('2.5'), d('37.28'), d('93.20')]);
    expect(fmtTrim(r.quantity as Dec)).toBe('2.5');
    expect(r.used).toEqual([1, 2, 3]);
  });

  it('derives a quantity from price and total', () => {
    const r = readLine([d('74.00'), d('3700.00')]);
    expect(fmtTrim(r.quantity as Dec)).toBe('50');
    expect(r.consistent).toBe(true);
  });

  it('says when a row does not add up', () => {
    const r = readLine([d('6'), d('242.79'), d('1456.00')]);
    expect(r.consistent).toBe(false);
    expect(f(r.total)).toBe('1456.00');
  });
});

describe('taxes', () => {
  it('checks and derives rates from subtotal and tax', () => {
    expect(taxMatches(d('9766.55'), d('15'), d('1464.98'))).toBe(true);
    expect(taxMatches(d('9766.55'), d('14'), d('1464.98'))).toBe(false);
    expect(f(deriveRate(d('71066.83'), d('9949.36')))).toBe('14.00');
    expect(deriveRate(d('100'), d('13.37'))).toBeNull();
  });
});

describe('reconcileTotals', () => {
  const c = (v: string, strength = 1) => ({ value: d(v), strength });

  it('prefers the readings that add up', () => {
    const r = reconcileTotals({
      subtotal: [c('9766.55')],
      tax: [c('1464.98')],
      total: [c('11231.58', 1), c('11231.53', 0.7)],
      rate: [],
      linesSum: d('9766.55'),
    });
    expect(f(r.total)).toBe('11231.53');
    expect(f(r.rate)).toBe('15.00');
    expect(r.checked.has('total')).toBe(true);
    expect(r.derived.has('rate')).toBe(true);
  });

  it('takes amounts read without their label only where the subtotal read, they and the total add up', () => {
    const loose = (v: string) => ({ value: d(v), strength: 0.2, loose: true });
    const amounts = [loose('399.68'), loose('3064.20'), loose('12.00')];
    const r = reconcileTotals({
      subtotal: [c('2664.52')],
      tax: amounts,
      total: [c('2664.52', 0.8), ...amounts],
      rate: [],
      linesSum: d('2664.52'),
    });
    expect([f(r.tax), f(r.total)]).toEqual(['399.68', '3064.20']);
    // Not an amount that only agrees on a rate with the subtotal (5 %): without a total it proves nothing.
    const none = reconcileTotals({
      subtotal: [c('100.00')],
      tax: [loose('5.00')],
      total: [loose('5.00')],
      rate: [],
      linesSum: null,
    });
    expect([f(none.subtotal), none.tax, none.total]).toEqual(['100.00', null, null]);
  });

  it('derives a missing total, tax or subtotal', () => {
    expect(
      f(
        reconcileTotals({ subtotal: [c('100.00')], tax: [c('14.00')], total: [], rate: [], linesSum: null })
          .total,
      ),
    ).toBe('114.00');
    const r = reconcileTotals({
      subtotal: [],
      tax: [c('14.00')],
      total: [c('114.00')],
      rate: [],
      linesSum: null,
    });
    expect(f(r.subtotal)).toBe('100.00');
    expect(r.derived.has('subtotal')).toBe(true);
    expect(
      f(reconcileTotals({ subtotal: [], tax: [], total: [c('50')], rate: [c('5')], linesSum: d('40') }).tax),
    ).toBe('10.00');
  });

  it('with no subtotal read, takes the total that the lines plus the tax make, not the lines alone', () => {
    // "Total before VAT" garbled into a second total label: 23.16 is offered as a total too.
    const r = reconcileTotals({
      subtotal: [],
      tax: [c('3.24')],
      total: [c('23.16', 0.75), c('26.40', 0.96)],
      rate: [c('14')],
      linesSum: d('23.16'),
    });
    expect([f(r.subtotal), f(r.tax), f(r.total)]).toEqual(['23.16', '3.24', '26.40']);
  });

  it('does not mark as checked what does not add up', () => {
    const r = reconcileTotals({
      subtotal: [c('100.00')],
      tax: [c('15.00')],
      total: [c('120.00')],
      rate: [],
      linesSum: null,
    });
    expect(r.checked.has('total')).toBe(false);
  });

  it('closes subtotal + tax = total with a printed rounding adjustment', () => {
    const r = reconcileTotals({
      subtotal: [c('106.10')],
      tax: [c('6.37')],
      total: [c('112.45')],
      rate: [],
      linesSum: null,
      rounding: [c('-0.02')],
    });
    expect(f(r.total)).toBe('112.45');
    expect(r.checked.has('total')).toBe(true);
    // A rounded total misread by a cent is derived instead: rounding lands on 5 cents.
    const misread = reconcileTotals({
      subtotal: [c('106.10')],
      tax: [c('6.37')],
      total: [c('112.46')],
      rate: [],
      linesSum: null,
      rounding: [c('-0.02')],
    });
    expect(f(misread.total)).toBe('112.45');
    // Without a printed total the rounded total is derived.
    const d2 = reconcileTotals({
      subtotal: [c('7.50')],
      tax: [c('0.45')],
      total: [],
      rate: [],
      linesSum: null,
      rounding: [c('0.05')],
    });
    expect(f(d2.total)).toBe('8.00');
    // An "adjustment" of several units is a misread, not a rounding.
    const big = reconcileTotals({
      subtotal: [c('31.00')],
      tax: [c('0.00')],
      total: [c('31.00')],
      rate: [],
      linesSum: null,
      rounding: [c('6.00')],
    });
    expect(f(big.total)).toBe('31.00');
  });

  it('puts back a decimal point the engine dropped in a quantity or a price', () => {
    const r = readLine([d('125'), d('10.79'), d('134.88')]);
    expect(r.consistent).toBe(true);
    expect(f(r.quantity)).toBe('12.50');
    expect(f(readLine([d('2'), d('3373'), d('67.46')]).unitPrice)).toBe('33.73');
    // Two digits: 7.5 and 0.25 read 75 and 25.
    expect(fmtTrim(readLine([d('75'), d('12.40'), d('93.00')]).quantity as Dec)).toBe('7.5');
    expect(fmtTrim(readLine([d('25'), d('40.00'), d('10.00')]).quantity as Dec)).toBe('0.25');
    // Not when the row's total would have to change.
    expect(readLine([d('5'), d('15.66'), d('783')]).consistent).toBe(false);
    // Not in a number printed with its mark: of "3577.00 25 8942.50" the 25 was 2.5, not the price 357.70.
    const hint = ['price', 'qty', 'amount'] as const;
    const marked = readLine([d('3577.00'), d('25'), d('8942.50')], [...hint], true, false, undefined, [
      true,
      false,
      true,
    ]);
    expect([fmtTrim(marked.quantity as Dec), f(marked.unitPrice)]).toEqual(['2.5', '3577.00']);
  });

  it('takes a repair only where the number read again is one of the three that multiply out', () => {
    // 58349048 with its mark read as a zero is 58349.48 = 2 x 29174.74. Read with a decimal less
    // (5834904.8) it multiplies out with nothing, and a price derived from the other two (29174.74 / 2)
    // is no repair of it.
    const r = readLine([d('58349048'), d('2'), d('29174.74')], [null, 'qty', 'amount'], true, true, [
      [],
      [],
      [],
    ]);
    expect([f(r.quantity), f(r.unitPrice), f(r.total), r.consistent]).toEqual([
      '2.00',
      '29174.74',
      '58349.48',
      true,
    ]);
  });

  it('puts back a digit lost from a quantity or a price of an Arabic-Indic row, or its decimal mark read as a zero, when the row then multiplies out', () => {
    const ar = (...v: string[]) => readLine(v.map(d), undefined, true, true);
    // ٥٠ whose ring was lost reads ٠; a doubled 3 read once; a 5 read twice in 0.5.
    const lost = ar('0', '226.00', '11300.00');
    expect([fmtTrim(lost.quantity as Dec), lost.consistent, lost.repaired]).toEqual(['50', true, true]);
    expect(f(ar('50', '3.00', '1650.00').unitPrice)).toBe('33.00');
    expect(fmtTrim(ar('0.55', '20.39', '10.20').quantity as Dec)).toBe('0.5');
    // A digit changed rather than lost, a quantity of 1 (a discount), a whole total beside a price in
    // cents (a lost decimal point), or more than three numbers: the row stays as read, unchecked.
    for (const row of [
      ['6', '242.79', '1456.00'],
      ['12', '5.00', '50.00'],
      ['1', '10.00', '10.50'],
      ['1', '12.00', '10.00'],
      ['5', '15.66', '783'],
      ['2', '5.00', '1.00', '9.00'],
    ]) {
      const r = ar(...row);
      expect([r.consistent, r.repaired], row.join(' ')).toEqual([false, false]);
    }
    // The decimal mark read as the zero it looks like: in a price (15 x 12.916 = 193.740), in a total
    // (3 x 1,200.55 = 3,601.65).
    const mark = readLine(['120916', '15', '193.740'].map(d), ['price', 'qty', 'amount'], true, true);
    expect([fmtTrim(mark.unitPrice as Dec), mark.consistent, mark.repaired]).toEqual(['12.916', true, true]);
    expect(fmtTrim(ar('3', '1200.55', '3601065').total as Dec)).toBe('3601.65');
    // Not where no zero read as the mark makes the row multiply out.
    expect(ar('4', '2005', '8000.00').consistent).toBe(false);
    expect(ar('2', '10.50', '25000').consistent).toBe(false);
    // Rows in Western digits are never corrected this way: "2 for 9.00" is a deal.
    expect(readLine([d('2'), d('5.00'), d('9.00')]).repaired).toBe(false);
    expect(readLine([d('0'), d('226.00'), d('11300.00')]).repaired).toBe(false);
    expect(readLine([d('15'), d('120916'), d('193.740')]).consistent).toBe(false);
  });

  it('reads a ٢, ٣ or ٤ of an Arabic-Indic row as another of them when only then the row multiplies out', () => {
    const ar = (...v: string[]) => readLine(v.map(d), ['qty', 'price', 'amount'], true, true);
    const vals = (r: ReturnType<typeof readLine>) =>
      [r.quantity, r.unitPrice, r.total].map((v) => fmtTrim(v as Dec));
    // ٢٧٫٠٠ read ٤٧٫٠٠ and ١٠١٫٢٥ read ١٠١٫٤٥: two changes, in two numbers.
    const two = ar('3.75', '47.00', '101.45');
    expect([...vals(two), two.consistent, two.repaired]).toEqual(['3.75', '27', '101.25', true, true]);
    // One change: a total's ٢ read ٤ (4 x 478 = 1,912), a price's ٣ read ٢.
    expect(vals(ar('4', '478.00', '1914.00'))).toEqual(['4', '478', '1912']);
    expect(vals(ar('3', '14.35', '42.75'))).toEqual(['3', '14.25', '42.75']);
    // Not where no such reading multiplies out, nor where two readings with as few changes do, nor in
    // Western digits.
    expect(ar('6', '57.19', '1456.00').consistent).toBe(false);
    expect(ar('2', '2.00', '8.00').consistent).toBe(false);
    expect(readLine(['3.75', '47.00', '101.45'].map(d), ['qty', 'price', 'amount']).consistent).toBe(false);
  });

  it('reads the marks of several numbers of an Arabic-Indic row as zeros, and a fraction with a leading zero', () => {
    // "٠٠٥ ٤٠١٨ ٢٠٠٩" for ٠٫٥ x ٤٫١٨ = ٢٫٠٩: every number's mark a zero, the quantity's a second leading zero.
    expect(
      ['005', '05', '0025', '5', '105'].map((t) => leadingZeroMark(t)).map((v) => v && fmtTrim(v)),
    ).toEqual(['0.5', '0.5', '0.25', null, null]);
    const nums = ['5', '4018', '2009'].map(d);
    const alts = [[leadingZeroMark('005') as Dec], [], []];
    const r = readLine(nums, ['qty', 'price', 'amount'], true, true, alts);
    expect([r.quantity, r.unitPrice, r.total].map((v) => fmtTrim(v as Dec))).toEqual(['0.5', '4.18', '2.09']);
    expect([r.consistent, r.repaired]).toEqual([true, true]);
    // Not where no such readings multiply out, nor in Western digits.
    expect(readLine(['5', '4018', '2019'].map(d), undefined, true, true, alts).consistent).toBe(false);
    expect(fmtTrim(readLine(nums, undefined, true, false, alts).quantity as Dec)).toBe('5');
  });
});
