import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, formatMonth, formatNumber, formatPercent, formatWait } from './format';

describe('format', () => {
  it('uses Western digits in Arabic', () => {
    expect(formatNumber(1234.5, 'ar')).toMatch(/1[,٬]?234[.٫]5/);
    expect(formatMoney('1234.50', 'EGP', 'ar')).toMatch(/1[,٬]?234[.٫]50/);
    expect(formatMoney('1234.50', 'EGP', 'ar')).not.toMatch(/[٠-٩]/);
  });

  it('keeps a Latin currency sign whole in an Arabic line', () => {
    // "0.50 US$" read right to left: the dollar sign stays with its letters ("US$ 0.50" on the screen).
    expect(formatMoney('0.50', 'USD', 'ar')).toMatch(/0[.٫]50\s?US\$\u200e$/);
    expect(formatMoney('23.80', 'EGP', 'ar')).not.toContain('\u200e');
    expect(formatMoney('0.50', 'USD', 'en')).toBe('$0.50');
  });

  it('formats money and dates in English', () => {
    expect(formatMoney('1234.5', 'USD', 'en')).toBe('$1,234.50');
    expect(formatDate('2025-03-04T10:00:00Z', 'en')).toBe('Mar 4, 2025');
    expect(formatDate('not a date', 'en')).toBe('');
  });

  it('says how long to wait', () => {
    expect(formatWait(42, 'en')).toBe('in 42 seconds');
    expect(formatWait(600, 'en')).toBe('in 10 minutes');
    expect(formatWait(42, 'ar')).toContain('42');
  });

  it('shows percentages with one decimal, in both languages', () => {
    expect(formatPercent(87.5, 'en')).toBe('87.5%');
    expect(formatPercent(100, 'en')).toBe('100.0%');
    expect(formatPercent(0, 'en')).toBe('0.0%');
    expect(formatPercent(66.666, 'ar')).toMatch(/^\u200e?66[.٫]7\u200e?%\u200e?$/);
  });

  it('names a YYYY-MM month without shifting it by time zone', () => {
    expect(formatMonth('2026-01', 'en')).toBe('Jan 2026');
    expect(formatMonth('2025-12', 'en')).toBe('Dec 2025');
    expect(formatMonth('2026-01', 'ar')).toBe('يناير 2026');
    expect(formatMonth('soon', 'en')).toBe('soon');
  });
});
