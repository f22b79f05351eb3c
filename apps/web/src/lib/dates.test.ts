import { describe, expect, it } from 'vitest';
import { datePattern, readDate, writeDate } from './dates';

describe('dates typed by hand', () => {
  const en = datePattern('en');
  const ar = datePattern('ar');

  it('writes a day in the page language order', () => {
    expect(writeDate('2026-01-15', en)).toBe('01/15/2026');
    expect(writeDate('2026-01-15', ar)).toBe('15/01/2026');
    expect(writeDate('', ar)).toBe('');
    expect(writeDate('15/01', ar)).toBe('15/01');
  });

  it('reads what was typed in that order, with any separator and digits', () => {
    expect(readDate('01/15/2026', en)).toBe('2026-01-15');
    expect(readDate('1/5/2026', en)).toBe('2026-01-05');
    expect(readDate('15/01/2026', ar)).toBe('2026-01-15');
    expect(readDate('15-1-2026', ar)).toBe('2026-01-15');
    expect(readDate('١٥/٠١/٢٠٢٦', ar)).toBe('2026-01-15');
    expect(readDate('۱۵.۰۱.۲۰۲۶', ar)).toBe('2026-01-15');
    expect(readDate('2026-01-15', ar)).toBe('2026-01-15');
  });

  it('refuses what is not a day of the calendar', () => {
    expect(readDate('15/01/2026', en)).toBeNull();
    expect(readDate('31/02/2026', ar)).toBeNull();
    expect(readDate('15/01/26', ar)).toBeNull();
    expect(readDate('soon', en)).toBeNull();
    expect(readDate('', en)).toBeNull();
  });
});
