import { describe, expect, it } from 'vitest';
import { fmtFixed } from '../decimal.js';
import { parseAmount, parsePercent } from './amount.js';

const amt = (s: string, decimalComma = false): string | null => {
  const r = parseAmount(s, { decimalComma });
  return r ? fmtFixed(r.value, 2) : null;
};

describe('parseAmount', () => {
  it.each([
    ['1234.50', '1234.50'],
    ['1,234.50', '1234.50'],
    ['1,234,567.89', '1234567.89'],
    ['1.234,50', '1234.50'],
    ['1.234.567,89', '1234567.89'],
    ['1234,50', '1234.50'],
    ["1'234.50", '1234.50'],
    ['1 234,50', '1234.50'],
    ['12', '12.00'],
    ['0.5', '0.50'],
    ['.75', '0.75'],
  ])('reads Western style %s', (input, want) => expect(amt(input)).toBe(want));

  it.each([
    ['١٬٢٣٤٫٥٠', '1234.50'],
    ['١,٢٣٤.٥٠', '1234.50'],
    ['٢٤,٨٥٣.٦٧', '24853.67'],
    ['٠٫٥', '0.50'],
    ['۱۲۳٫۴۵', '123.45'],
    ['۸۱٬۰۱۶٫۱۹', '81016.19'],
    ['٢٤٬٨٥٣٠٦٧', '24853.67'], // the decimal mark read as the zero it looks like
    ['٧٬٦٨٣٠٣٦٨', '7683.37'], // the same with three decimals (7,683.368, shown to two)
    ['١٢٬٣٤٥٬٦٠٠٠٥٠', '12345600.50'], // two decimals after the last group of three
    ['٣٫٣٥٣٫٤٦٠', '3353.46'], // the thousands mark ٬ read as the decimal mark ٫ it looks like
    ['١٫٢٣٤٫٥٦٧٫٥٠', '1234567.50'],
  ])('reads Arabic-Indic and Persian digits %s', (input, want) => expect(amt(input)).toBe(want));

  it('keeps the three decimals of a grouped amount whose mark came out as a zero', () => {
    const r = parseAmount('٧٬٦٨٣٠٣٦٨');
    expect(r && fmtFixed(r.value, 3)).toBe('7683.368');
    expect(r?.decimals).toBe(3);
    // Western digits have no such look-alike: a zero there is a zero.
    expect(parseAmount('7,6830368')?.value).not.toBe(parseAmount('7683.368')?.value);
  });

  it.each([
    ['٢٣.٠.٠', '23.000'],
    ['٩...٠', '9.000'],
    ['٣٢٠.٠.٠.', '320.000'],
    ['١٢.٠٠.٠', '12.000'],
    ['٢٣٤..٠', '234.00'],
    ['١٢.٥.٠', '12.500'],
  ])('reads the zeros of %s that came out as the dots they look like', (input, want) => {
    const r = parseAmount(input);
    expect(r && fmtFixed(r.value, 3)).toBe(Number(want).toFixed(3));
  });

  it('leaves Western numbers with many dots unread, and Arabic-Indic ones grouped by dots as grouped', () => {
    expect(amt('12.0.0')).toBeNull();
    expect(amt('١.٢٣٤.٥٦٧')).toBe('1234567.00');
    expect(amt('١.٢٣٤.٥٠')).toBe('1234.50');
    expect(amt('١٢.٠٠٠٠.٠')).toBeNull();
  });

  it.each([
    ['E£41,119.52', '41119.52'],
    ['SAR1,200.00', '1200.00'],
    ['$99.99', '99.99'],
    ['RM7.70', '7.70'],
    ['12.50-', '-12.50'],
    ['(12.00)', '-12.00'],
    ['1,200.00ر.س', '1200.00'],
  ])('strips currency marks and reads signs in %s', (input, want) => expect(amt(input)).toBe(want));

  it('reads a lone separator before three digits as grouping, unless the document writes decimal commas', () => {
    expect(amt('1,234')).toBe('1234.00');
    expect(amt('1.234')).toBe('1.23');
    expect(amt('1.234', true)).toBe('1234.00');
    expect(amt('1,234', true)).toBe('1.23');
  });

  it('keeps exact cents without floating point error', () => {
    expect(amt('0.1')).toBe('0.10');
    expect(amt('1000000000.07')).toBe('1000000000.07');
    expect(parseAmount('2.675')?.decimals).toBe(3);
  });

  it.each(['', 'abc', 'INV-001', '12/03/2025', '1,23,4.5.6', '1234567890123456789', '12-03', 'No.5'])(
    'refuses %s',
    (s) => expect(parseAmount(s)).toBeNull(),
  );
});

describe('parsePercent', () => {
  it.each([
    ['15%', '15.00'],
    ['%15', '15.00'],
    ['١٥٪', '15.00'],
    ['(5%)', '5.00'],
    ['17.5%', '17.50'],
    ['14,5%', '14.50'],
  ])('reads %s', (input, want) => {
    const r = parsePercent(input);
    expect(r === null ? null : fmtFixed(r, 2)).toBe(want);
  });
  it('needs a percent sign', () => expect(parsePercent('15')).toBeNull());
});
