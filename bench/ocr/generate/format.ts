// How numbers, dates and currencies are printed in Egypt and the Gulf. Truth always keeps the normalized value;
// these functions give the printed form.

export type DigitStyle = 'western' | 'arabic-indic' | 'persian';
export type NumberFormat = 'comma_dot' | 'plain' | 'ar_sep' | 'ar_latin_sep' | 'space_dot';
export type DateFormat =
  | 'iso'
  | 'dmy_slash'
  | 'dmy_dash'
  | 'dmy_dot'
  | 'ymd_slash'
  | 'long_en'
  | 'long_en_us'
  | 'short_en'
  | 'long_ar_eg'
  | 'long_ar_levant';

const ARABIC_INDIC = '٠١٢٣٤٥٦٧٨٩';
const PERSIAN = '۰۱۲۳۴۵۶۷۸۹';

export function convertDigits(s: string, style: DigitStyle): string {
  if (style === 'western') return s;
  const table = style === 'arabic-indic' ? ARABIC_INDIC : PERSIAN;
  return s.replace(/[0-9]/g, (d) => table[Number(d)] as string);
}

/** Back to Western digits: the inverse of convertDigits for every style. */
export function westernDigits(s: string): string {
  return s
    .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x660))
    .replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x6f0));
}

export interface CurrencyInfo {
  code: 'EGP' | 'SAR' | 'AED' | 'QAR' | 'KWD' | 'BHD' | 'OMR';
  decimals: 2 | 3;
  /** Printed forms: the code, Arabic abbreviations and words, Latin abbreviations in local use. */
  arabic: string[];
  latin: string[];
}

export const CURRENCIES: Record<CurrencyInfo['code'], CurrencyInfo> = {
  EGP: { code: 'EGP', decimals: 2, arabic: ['ج.م', 'جنيه', 'جنيه مصري'], latin: ['EGP', 'LE', 'E£'] },
  SAR: { code: 'SAR', decimals: 2, arabic: ['ر.س', 'ريال', 'ريال سعودي'], latin: ['SAR', 'SR'] },
  AED: { code: 'AED', decimals: 2, arabic: ['د.إ', 'درهم', 'درهم إماراتي'], latin: ['AED', 'Dhs'] },
  QAR: { code: 'QAR', decimals: 2, arabic: ['ر.ق', 'ريال قطري'], latin: ['QAR', 'QR'] },
  KWD: { code: 'KWD', decimals: 3, arabic: ['د.ك', 'دينار كويتي'], latin: ['KWD', 'KD'] },
  BHD: { code: 'BHD', decimals: 3, arabic: ['د.ب', 'دينار بحريني'], latin: ['BHD', 'BD'] },
  OMR: { code: 'OMR', decimals: 3, arabic: ['ر.ع.', 'ريال عماني'], latin: ['OMR', 'RO'] },
};

/** Rounds half away from zero at the given decimals, without binary drift (1.005 -> 1.01). */
export function roundTo(x: number, decimals: number): number {
  const f = 10 ** decimals;
  return (Math.sign(x) * Math.round(Math.abs(x) * f + 1e-9)) / f;
}

/**
 * A number as printed. `decimals` is fixed for amounts (the currency's minor unit) and null for quantities,
 * which print as few decimals as they need.
 */
export function formatNumber(
  x: number,
  decimals: number | null,
  fmt: NumberFormat,
  digits: DigitStyle,
): string {
  const fixed = decimals === null ? String(x) : x.toFixed(decimals);
  const [int = '', frac] = fixed.split('.');
  const group = (sep: string): string => int.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  let thousands = '';
  let point = '.';
  if (fmt === 'comma_dot' || fmt === 'ar_latin_sep') thousands = ',';
  if (fmt === 'space_dot') thousands = '\u00a0';
  if (fmt === 'ar_sep') {
    thousands = '٬';
    point = '٫';
  }
  // Quantities never take thousands separators here: they are small.
  const head = decimals === null ? int : group(thousands);
  const text = frac === undefined ? head : `${head}${point}${frac}`;
  return convertDigits(text, digits);
}

const EN_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
/** Egyptian and Gulf usage. */
export const AR_MONTHS_EG = [
  'يناير',
  'فبراير',
  'مارس',
  'أبريل',
  'مايو',
  'يونيو',
  'يوليو',
  'أغسطس',
  'سبتمبر',
  'أكتوبر',
  'نوفمبر',
  'ديسمبر',
];
/** Levantine and Iraqi usage, also printed in the Gulf. */
export const AR_MONTHS_LEVANT = [
  'كانون الثاني',
  'شباط',
  'آذار',
  'نيسان',
  'أيار',
  'حزيران',
  'تموز',
  'آب',
  'أيلول',
  'تشرين الأول',
  'تشرين الثاني',
  'كانون الأول',
];

/** `iso` is YYYY-MM-DD; the printed form follows the format and digit style. */
export function formatDate(iso: string, fmt: DateFormat, digits: DigitStyle): string {
  const [y = '', m = '', d = ''] = iso.split('-');
  const mi = Number(m) - 1;
  const day = String(Number(d));
  let s: string;
  switch (fmt) {
    case 'iso':
      s = iso;
      break;
    case 'dmy_slash':
      s = `${d}/${m}/${y}`;
      break;
    case 'dmy_dash':
      s = `${d}-${m}-${y}`;
      break;
    case 'dmy_dot':
      s = `${d}.${m}.${y}`;
      break;
    case 'ymd_slash':
      s = `${y}/${m}/${d}`;
      break;
    case 'long_en':
      s = `${day} ${EN_MONTHS[mi]} ${y}`;
      break;
    case 'long_en_us':
      s = `${EN_MONTHS[mi]} ${day}, ${y}`;
      break;
    case 'short_en':
      s = `${d}-${EN_MONTHS[mi]?.slice(0, 3)}-${y}`;
      break;
    case 'long_ar_eg':
      s = `${day} ${AR_MONTHS_EG[mi]} ${y}`;
      break;
    case 'long_ar_levant':
      s = `${day} ${AR_MONTHS_LEVANT[mi]} ${y}`;
      break;
  }
  return convertDigits(s, digits);
}

export function addDays(iso: string, days: number): string {
  const t = Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
  return new Date(t + days * 86_400_000).toISOString().slice(0, 10);
}
