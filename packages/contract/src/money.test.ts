import { describe, expect, it } from 'vitest';
import { computeInvoiceTotals, lineTotal, toMoney } from './money';

describe('invoice arithmetic', () => {
  it('adds 0.1 three times exactly', () => {
    const t = computeInvoiceTotals(
      [
        { quantity: 1, unit_price: '0.10' },
        { quantity: 1, unit_price: '0.10' },
        { quantity: 1, unit_price: '0.10' },
      ],
      14,
    );
    expect(t.subtotal).toBe('0.30');
    expect(t.tax_amount).toBe('0.04'); // 0.042
    expect(t.total).toBe('0.34');
  });

  it('multiplies 19.99 x 7 without float error', () => {
    expect(lineTotal(7, '19.99')).toBe('139.93');
    const t = computeInvoiceTotals([{ quantity: '7', unit_price: '19.99' }], '14.00');
    expect(t.tax_amount).toBe('19.59'); // 19.5902
    expect(t.total).toBe('159.52');
  });

  it('rounds halves up, on lines and on tax', () => {
    expect(lineTotal('1.5', '0.01')).toBe('0.02'); // 0.015
    expect(lineTotal('2.5', '0.03')).toBe('0.08'); // 0.075
    expect(lineTotal('1.005', '1.00')).toBe('1.01'); // 1.005
    // 0.25 x 14% = 0.035 -> 0.04
    expect(computeInvoiceTotals([{ quantity: 1, unit_price: '0.25' }], 14).tax_amount).toBe('0.04');
    // 1.25 x 14% = 0.175 -> 0.18
    expect(computeInvoiceTotals([{ quantity: 1, unit_price: '1.25' }], 14).tax_amount).toBe('0.18');
  });

  it('keeps large amounts exact', () => {
    const t = computeInvoiceTotals([{ quantity: '999999', unit_price: '999999999.99' }], 14);
    expect(t.subtotal).toBe('999998999990000.01');
    expect(t.tax_amount).toBe('139999859998600.00');
    expect(t.total).toBe('1139998859988600.01');
  });

  it('normalises money strings', () => {
    expect(toMoney('5')).toBe('5.00');
    expect(toMoney('5.5')).toBe('5.50');
    expect(toMoney(12.345)).toBe('12.35');
    expect(toMoney('0')).toBe('0.00');
  });
});
