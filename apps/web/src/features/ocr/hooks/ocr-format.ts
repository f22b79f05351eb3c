import type { TFunction } from 'i18next';
import { formatDate, formatMoney, formatNumber } from '../../../lib/format';

/** Megabytes as every screen shows them: at most two decimals, in the page's number format. */
export function formatMb(mb: number, t: TFunction, language: string): string {
  return t('ocr:units.mb', { value: formatNumber(mb, language, { maximumFractionDigits: 2 }) });
}

/** Confidence (0 to 1) as a percentage with one decimal (SPEC §9). */
export function formatConfidence(score: number, language: string): string {
  return formatNumber(score, language, {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
}

/** A whole percentage, for progress. */
export function formatPercent(value: number, language: string): string {
  return formatNumber(Math.max(0, Math.min(100, value)) / 100, language, {
    style: 'percent',
    maximumFractionDigits: 0,
  });
}

const currencyCode = /^[A-Z]{3}$/;
const decimal = /^-?\d+(\.\d+)?$/;

/**
 * An amount read by OCR: with its currency when the currency is a code Intl knows the shape of, as a plain
 * number otherwise, and as read when it is not a number at all.
 */
export function formatAmount(amount: string, currency: string | null, language: string): string {
  const value = amount.trim();
  if (!decimal.test(value)) return value;
  if (currency && currencyCode.test(currency)) return formatMoney(value, currency, language);
  return formatNumber(Number(value), language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** A calendar day (YYYY-MM-DD) in the page's format, read as that day wherever the browser is. */
export function formatDay(day: string, language: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  return formatDate(new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])), language);
}
