import { dec } from '../decimal.js';
import type { Dec } from '../decimal.js';
import { toWesternDigits } from '../text.js';
import { currencyOf } from './currency.js';

export interface ParsedAmount {
  value: Dec;
  /** Digits after the decimal separator as printed (0 for whole numbers). */
  decimals: number;
  /** Whether a thousands separator was printed: whole numbers with one are amounts, not counts. */
  grouped: boolean;
}

export interface AmountOptions {
  /** The document writes 1.234,50: a lone "." before three digits is then a thousands separator. */
  decimalComma?: boolean;
}

/** What may hug a number: punctuation, or a currency mark ("E£1,200", "12.50SAR", "1,200ر.س"). */
function allowedEdge(edge: string): boolean {
  const e = edge.replace(/[\s():：=*]+/g, '');
  if (/\d/.test(e)) return false;
  return !e || !/\p{L}/u.test(e) ? !/[#/]/.test(e) : currencyOf(e) !== null;
}

/** Reads an amount written with any separator style and digit set. Returns null for anything else. */
export function parseAmount(raw: string, opts: AmountOptions = {}): ParsedAmount | null {
  const w = toWesternDigits(raw).replace(/[\s\u00a0\u202f']/g, '');
  const m = /^(.*?)(-?)((?:\d[\d.,]*|\.\d+))(-?)(.*)$/u.exec(w);
  if (!m) return null;
  const [, pre = '', minus = '', core = '', trailMinus = '', post = ''] = m;
  if (!allowedEdge(pre.replace(/-$/, '')) || !allowedEdge(post.replace(/^[.,]/, ''))) return null;
  const negative = Boolean(minus || trailMinus) || (/\($/.test(pre) && /^\)/.test(post));
  let s = core.replace(/[.,]+$/, '');
  // The Arabic decimal mark ٫ is a dot like the zero ٠: "٢٤٬٨٥٣٠٦٧" is 24,853.67 whose mark came out as ٠.
  if (/[\u0660-\u0669]/.test(raw) && /^\d{1,3}(?:,\d{3})*,\d{3}0\d{2}$/.test(s)) {
    s = s.replace(/0(\d{2})$/, '.$1');
  } else if (/[\u0660-\u0669]/.test(raw) && /^\d{1,3}(?:,\d{3})*,\d{3}0\d{3}$/.test(s)) {
    // So with three decimals (dinars, rials): "٧٬٦٨٣٠٣٦٨" is ٧٬٦٨٣٫٣٦٨.
    s = s.replace(/0(\d{3})$/, '.$1');
  }
  if (!/^\.?\d[\d.,]*$/.test(s)) return null;
  if (s.replace(/\D/g, '').length > 15) return null;

  const dots = (s.match(/\./g) ?? []).length;
  const commas = (s.match(/,/g) ?? []).length;
  let intPart: string;
  let fracPart = '';
  let grouped = false;

  if (dots && commas) {
    const decSep = s.lastIndexOf('.') > s.lastIndexOf(',') ? '.' : ',';
    const groupSep = decSep === '.' ? ',' : '.';
    const at = s.lastIndexOf(decSep);
    intPart = s.slice(0, at);
    fracPart = s.slice(at + 1);
    if (intPart.includes(decSep) || !validGroups(intPart.split(groupSep))) return null;
    intPart = intPart.split(groupSep).join('');
    grouped = true;
  } else if (dots + commas === 0) {
    intPart = s;
  } else {
    const sep = dots ? '.' : ',';
    const parts = s.split(sep);
    const last = parts[parts.length - 1] ?? '';
    // The Arabic decimal mark ٫ printed twice: the first was the thousands mark ٬, which it looks like
    // ("٣٫٣٥٣٫٤٦٠" for ٣٬٣٥٣٫٤٦٠). A decimal mark is printed once, and ٫ groups no digits.
    const arabicMarks = (raw.match(/\u066b/g) ?? []).length;
    if (parts.length > 2) {
      // 1,234,567 is grouping; 1.234.50 is an OCR slip where the last separator is the decimal one.
      if (arabicMarks >= 2 && last.length >= 2 && last.length <= 3 && validGroups(parts.slice(0, -1))) {
        intPart = parts.slice(0, -1).join('');
        fracPart = last;
        grouped = true;
      } else if (validGroups(parts)) {
        intPart = parts.join('');
        grouped = true;
      } else if (last.length === 2 && validGroups(parts.slice(0, -1))) {
        intPart = parts.slice(0, -1).join('');
        fracPart = last;
        grouped = true;
      } else if (sep === '.' && /[\u0660-\u0669\u06f0-\u06f9]/.test(raw)) {
        // The Arabic-Indic zero is a dot too: after the decimal mark, the engine answers marks for zeros
        // ("٢٣.٠.٠", "٩...٠" for ٢٣.٠٠٠ and ٩.٠٠٠), or a zero as a zero and a mark ("١٢.٠٠.٠" for ١٢.٠٠٠),
        // which would make more than the three decimals any currency has.
        const after = parts.slice(1);
        const asZeros = after.join('0');
        fracPart = asZeros.length <= 3 ? asZeros : after.join('');
        if (fracPart.length > 3) return null;
        intPart = parts[0] ?? '';
      } else return null;
    } else {
      const first = parts[0] ?? '';
      const thousands =
        last.length === 3 && first.length >= 1 && first.length <= 3 && first !== '0'
          ? (sep === ',') !== Boolean(opts.decimalComma)
          : false;
      if (thousands) {
        intPart = first + last;
        grouped = true;
      } else {
        intPart = first;
        fracPart = last;
      }
    }
  }
  if (!intPart && !fracPart) return null;
  const value = dec(`${intPart || '0'}.${fracPart || '0'}`);
  if (value === null) return null;
  return { value: negative ? -value : value, decimals: fracPart.length, grouped };
}

function validGroups(parts: string[]): boolean {
  if (parts.length < 2) return true;
  const [head, ...rest] = parts;
  return Boolean(head) && (head?.length ?? 0) <= 3 && rest.every((p) => p.length === 3);
}

/** "15%", "%15" (right-to-left), "١٥٪", "15.5 %" to a percent value. */
export function parsePercent(raw: string): Dec | null {
  const s = toWesternDigits(raw).replace(/\s/g, '');
  const m = /^\(?%?(\d{1,2}(?:[.,]\d{1,2})?)%?\)?$/.exec(s);
  if (!m?.[1] || !s.includes('%')) return null;
  return dec(m[1].replace(',', '.'));
}

/** True when the token is a number (used to tell table cells from description words). */
export function isNumberToken(raw: string): boolean {
  return parseAmount(raw) !== null && /\d/.test(toWesternDigits(raw));
}
