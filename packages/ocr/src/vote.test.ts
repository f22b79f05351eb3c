import { describe, expect, it } from 'vitest';
import type { Line } from './layout.js';
import { pageOf } from './lines.fixture.js';
import { vote } from './vote.js';

const reading = (rows: [number, string][][]): Line[] => pageOf(rows, 0.9);

const invoice = (seller: string, date: string, taxLabel: string, total: string): Line[] =>
  reading([
    [[100, seller]],
    [[100, 'Invoice No: AB-1001']],
    [[100, `Date: ${date}`]],
    [
      [100, 'Description'],
      [800, 'Qty'],
      [1000, 'Price'],
      [1200, 'Amount'],
    ],
    [
      [100, 'Desk Lamp'],
      [800, '2'],
      [1000, '50.00'],
      [1200, '100.00'],
    ],
    [
      [900, 'Subtotal'],
      [1200, '100.00'],
    ],
    [
      [900, taxLabel],
      [1200, '15.00'],
    ],
    [
      [900, 'Total'],
      [1200, total],
    ],
  ]);

describe('vote', () => {
  it('takes the reading that adds up', () => {
    const { result } = vote([
      invoice('Cedar Lamps LLC', '2025-03-14', 'VAT', '151.00'),
      invoice('Cedar Lamps LLC', '2025-03-14', 'VAT', '115.00'),
    ]);
    expect(result.fields.total).toBe('115.00');
  });

  it("keeps the first reading's names and dates when another wins with the same amounts", () => {
    // The second reading found the printed rate (one more check holds) but garbled the seller and date.
    const { result } = vote([
      invoice('Cedar Lamps LLC', '2025-03-14', 'VAT', '115.00'),
      invoice('Ccdar Larnps LLC', '2025-08-14', 'VAT 15%', '115.00'),
    ]);
    expect(result.fields.vendor.name).toBe('Cedar Lamps LLC');
    expect(result.fields.issue_date).toBe('2025-03-14');
    expect(result.fields.total).toBe('115.00');
  });
});
