import { describe, expect, it } from 'vitest';
import { currencyInToken, currencyOf } from './currency.js';

describe('currencyOf', () => {
  it.each([
    ['EGP', 'EGP'],
    ['sar', 'SAR'],
    ['E£', 'EGP'],
    ['L.E.', 'EGP'],
    ['ج.م', 'EGP'],
    ['LE,', 'EGP'],
    ['بـSAR', 'SAR'],
    ['بج.م', 'EGP'],
    ['جنيه', 'EGP'],
    ['جنيه مصري', 'EGP'],
    ['ر.س', 'SAR'],
    ['SR', 'SAR'],
    ['ريال', 'SAR'],
    ['﷼', 'SAR'],
    ['د.إ', 'AED'],
    ['درهم', 'AED'],
    ['Dhs', 'AED'],
    ['د.ك', 'KWD'],
    ['ر.ق', 'QAR'],
    ['$', 'USD'],
    ['€', 'EUR'],
    ['£', 'GBP'],
    ['RM', 'MYR'],
    ['(USD)', 'USD'],
  ])('maps %s to %s', (s, want) => expect(currencyOf(s)).toBe(want));

  // "دار" (a word, "house") is not the dinar's "د.ا.ر"; a code in small letters is a misread word.
  it.each(['Total', 'ABC', '', 'فاتورة', 'دار', 'aud'])('does not invent a currency for %s', (s) =>
    expect(currencyOf(s)).toBeNull(),
  );
});

describe('currencyInToken', () => {
  it.each([
    ['E£41,119.52', 'EGP'],
    ['SAR1,200', 'SAR'],
    ['1,200ر.س', 'SAR'],
    ['$5.00', 'USD'],
    ['RM7.70', 'MYR'],
  ])('finds the mark glued to %s', (s, want) => expect(currencyInToken(s)).toBe(want));
  it('finds none in a bare number', () => expect(currencyInToken('1,200.00')).toBeNull());
});
