import { describe, expect, it } from 'vitest';
import { dateHint, inBand, longerDay, shortDay } from './dates.js';
import type { PageSource } from './dates.js';

describe('dates read again', () => {
  it('suspects a day of one digit only where the date prints its other numbers with two', () => {
    expect(shortDay('2025-03-5')).toBe(true);
    expect(shortDay('١ ديسمبر ٢٠٢٤')).toBe(true);
    expect(shortDay('2025-03-05')).toBe(false);
    expect(shortDay('٢٦ ديسمبر ٢٠٢٤')).toBe(false);
    // Day and month both of one digit: the style of the date, not a lost digit.
    expect(shortDay('5/3/2025')).toBe(false);
    expect(shortDay('March 2025')).toBe(false);
  });

  it('takes a re-read day only when it adds the lost digit to the same month', () => {
    expect(longerDay('2025-03-05', '2025-03-15')).toBe(true);
    expect(longerDay('2024-12-01', '2024-12-11')).toBe(true);
    expect(longerDay('2024-12-01', '2024-12-21')).toBe(true);
    expect(longerDay('2025-03-05', '2025-03-05')).toBe(false);
    expect(longerDay('2025-03-05', '2025-03-28')).toBe(false);
    expect(longerDay('2025-03-05', '2025-04-15')).toBe(false);
    expect(longerDay('2025-03-05', null)).toBe(false);
  });

  it('finds the rows that look like a date the engine garbled', () => {
    expect(dateHint('vate * - “O6- 2018 V7: Mi 42')).toBeGreaterThanOrEqual(2);
    expect(dateHint('Crh G7 /OT/17')).toBeGreaterThanOrEqual(2);
    expect(dateHint('Date : 1l-O6-2O18')).toBeGreaterThanOrEqual(2);
    expect(dateHint('TOTAL 13.78')).toBeLessThan(2);
    expect(dateHint('Lot 3, Jalan Pelabur 23/1, 40300 Shah Alam')).toBeLessThan(2);
    expect(dateHint('Cashier 17:11')).toBeLessThan(2);
    // Not the date sought: the due date's row, a fax number.
    expect(dateHint('Due Date: 12/06/2018')).toBe(0);
    expect(dateHint('Fax 03-777-2018')).toBe(0);
  });

  it('knows the rows that lie in a light-on-dark band, which were read from another image', () => {
    const source: PageSource = {
      gray: { data: Buffer.alloc(0), width: 1700, height: 2400 },
      opts: { lang: 'eng' },
      bands: [{ x0: 100, y0: 300, x1: 1600, y1: 380 }],
    };
    expect(inBand(source, 310, 370)).toBe(true);
    // A row above or below the band, or beside it.
    expect(inBand(source, 400, 440)).toBe(false);
    expect(inBand(source, 250, 290)).toBe(false);
    expect(inBand(source, 310, 370, 1620, 1690)).toBe(false);
    expect(inBand({ ...source, bands: undefined }, 310, 370)).toBe(false);
  });
});
