import { foldArabic, toWesternDigits } from '../text.js';

const CODES = new Set([
  'EGP',
  'SAR',
  'AED',
  'USD',
  'EUR',
  'GBP',
  'KWD',
  'QAR',
  'BHD',
  'OMR',
  'JOD',
  'MYR',
  'SGD',
  'INR',
  'CHF',
  'JPY',
  'CNY',
  'TRY',
  'MAD',
  'TND',
  'DZD',
  'LBP',
  'IQD',
  'LYD',
  'SDG',
  'CAD',
  'AUD',
]);

// Folded Arabic (see foldArabic) and Latin spellings that stand for one currency on invoices of the region.
const ALIASES: [RegExp, string][] = [
  [/^(?:e£|le|l\.e\.?|egp|ج\.?م\.?|جم|جنيه(?:\s*مصري)?|جنيها)$/i, 'EGP'],
  [/^(?:sr|sar|ر\.?س\.?|رس|ريال(?:\s*سعودي)?|﷼)$/i, 'SAR'],
  [/^(?:aed|dhs?|د\.?ا\.?|درهم(?:\s*اماراتي)?)$/i, 'AED'],
  [/^(?:kd|د\.?ك\.?|دينار\s*كويتي)$/i, 'KWD'],
  [/^(?:qr|ر\.?ق\.?|ريال\s*قطري)$/i, 'QAR'],
  [/^(?:bd|د\.?ب\.?|دينار\s*بحريني)$/i, 'BHD'],
  [/^(?:ro|ر\.?ع\.?|ريال\s*عماني)$/i, 'OMR'],
  // "دار" without dots is a word ("house"), not the dinar's abbreviation.
  [/^(?:jd|د\.ا\.?ر|دينار\s*اردني)$/i, 'JOD'],
  [/^(?:rm|ringgit)$/i, 'MYR'],
  [/^(?:\$|us\$|usd|دولار)$/i, 'USD'],
  [/^(?:€|eur|euro|يورو)$/i, 'EUR'],
  [/^(?:£|gbp|جنيه\s*استرليني)$/i, 'GBP'],
];

/** Maps one printed currency mark (code, symbol or Arabic abbreviation) to its ISO 4217 code. */
export function currencyOf(raw: string): string | null {
  const s = foldArabic(toWesternDigits(raw))
    .trim()
    .replace(/^[(:\s]+|[):,;،\s]+$/g, '');
  if (!s) return null;
  // "بـSAR", "بج.م": the Arabic preposition "in" written onto the currency ("المبالغ بالريال").
  if (/^بـ?./.test(s)) {
    const rest = currencyOf(s.replace(/^بـ?/, ''));
    if (rest) return rest;
  }
  // Codes are printed in capitals: "aud" in a misread word is no Australian dollar.
  if (CODES.has(s)) return s;
  if (/^[A-Z][a-z]{2}$/.test(s) && CODES.has(s.toUpperCase())) return s.toUpperCase();
  for (const [re, code] of ALIASES) if (re.test(s)) return code;
  return null;
}

/** Currency marks glued to an amount, as in "E£41,119.52", "SAR1,200", "1,200ر.س". */
export function currencyInToken(raw: string): string | null {
  const s = toWesternDigits(raw);
  const head = /^([^\d\-(]+)\d/.exec(s)?.[1];
  const tail = /\d([^\d)]+)$/.exec(s)?.[1];
  return (head && currencyOf(head)) || (tail && currencyOf(tail.replace(/^[.,]/, ''))) || null;
}
