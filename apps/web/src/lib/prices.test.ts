import { describe, expect, it } from 'vitest';
import { addPrices, comparePrices, convertPrice, priceOf, yearlySavingPercent } from './prices';

describe('prices', () => {
  it('multiplies and adds without floating point errors', () => {
    expect(priceOf('0.10', 3)).toBe('0.30');
    expect(priceOf('1.00', 100_000)).toBe('100000.00');
    expect(addPrices('0.10', '0.20')).toBe('0.30');
  });

  it('compares prices', () => {
    expect(comparePrices('299.00', '2990.00')).toBe(-1);
    expect(comparePrices('10.00', '10')).toBe(0);
    expect(comparePrices('10.01', '10.00')).toBe(1);
  });

  it('converts at a rate, rounding half up to cents', () => {
    expect(convertPrice('100.00', '0.0208')).toBe('2.08');
    expect(convertPrice('299.00', '0.0208')).toBe('6.22');
    expect(convertPrice('0.25', '0.02')).toBe('0.01');
  });

  it('says how much a year saves against twelve months', () => {
    expect(yearlySavingPercent('299.00', '2870.40')).toBe(20);
    expect(yearlySavingPercent('0.00', '0.00')).toBeNull();
    expect(yearlySavingPercent('10.00', '120.00')).toBeNull();
  });
});
