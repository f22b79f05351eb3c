import type { Language } from './storage';

/**
 * The Intl locale of each page language. Arabic uses Egyptian Arabic conventions but Western digits
 * ("-u-nu-latn"): amounts, invoice numbers and dates on invoices here are printed with Western digits,
 * so users can compare what they see with their paper and with the OCR output digit by digit.
 */
const locales: Record<Language, string> = {
  en: 'en-US',
  ar: 'ar-EG-u-nu-latn',
};

export function localeFor(language: string): string {
  return language === 'ar' ? locales.ar : locales.en;
}

export function formatNumber(value: number, language: string, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(localeFor(language), options).format(value);
}

/**
 * Money arrives as a decimal string (DECISIONS.md); Intl formats the string without going through a float
 * when the runtime supports it, which keeps large amounts exact.
 */
export function formatMoney(amount: string | number, currency: string, language: string): string {
  const formatter = new Intl.NumberFormat(localeFor(language), {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const text = (formatter.format as (value: string | number) => string)(amount);
  // A sign of Latin letters and a symbol ("US$") in a right-to-left line: the symbol, neutral, would be
  // drawn on the letters' other side ("$US 0.50"); a left-to-right mark after it keeps it with them.
  return language === 'ar' ? text.replace(/([A-Za-z][$€£¥])(?!\u200e)/g, '$1\u200e') : text;
}

/** A share given in percent (87.5 for 87.5%) with one decimal, the way the product shows rates. */
export function formatPercent(percent: number, language: string): string {
  return formatNumber(percent / 100, language, {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
}

function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatDate(value: string | number | Date, language: string): string {
  const date = toDate(value);
  if (!date) return '';
  return new Intl.DateTimeFormat(localeFor(language), { dateStyle: 'medium' }).format(date);
}

export function formatDateTime(value: string | number | Date, language: string): string {
  const date = toDate(value);
  if (!date) return '';
  return new Intl.DateTimeFormat(localeFor(language), { dateStyle: 'medium', timeStyle: 'short' }).format(
    date,
  );
}

/**
 * A calendar month given as `YYYY-MM`, e.g. "Jan 2026". It names the month itself, so it is read in UTC:
 * the user's time zone must not move it to the month before.
 */
export function formatMonth(month: string, language: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  return new Intl.DateTimeFormat(localeFor(language), {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

/** "in 42 seconds" / "in 3 minutes" in the page language, for waits such as a Retry-After. */
export function formatWait(seconds: number, language: string): string {
  const formatter = new Intl.RelativeTimeFormat(localeFor(language), { numeric: 'always' });
  if (seconds < 90) return formatter.format(Math.max(1, Math.ceil(seconds)), 'second');
  if (seconds < 90 * 60) return formatter.format(Math.ceil(seconds / 60), 'minute');
  return formatter.format(Math.ceil(seconds / 3600), 'hour');
}

/**
 * Wraps text of unknown direction (a company name, a plan name) in Unicode isolates before it goes into a
 * translated sentence, so "Nile Trading Co." keeps its period on the right side inside an Arabic sentence.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}
