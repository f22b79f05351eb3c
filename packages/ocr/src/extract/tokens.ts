// Numbers and dates in a row of words: amounts, percentages, ids and dates as the engine prints them,
// with the misreads their shape gives away repaired.
import type { Dec } from '../decimal.js';
import type { Line, Word } from '../layout.js';
import { parseAmount, parsePercent } from '../parse/amount.js';
import type { AmountOptions } from '../parse/amount.js';
import { currencyInToken } from '../parse/currency.js';
import { parseDate } from '../parse/date.js';
import { hasArabic, toWesternDigits } from '../text.js';

function isPercentAt(words: Word[], i: number): boolean {
  const w = words[i];
  if (!w) return false;
  if (/[%٪]/.test(w.text)) return true;
  return /^[%٪]$/.test(words[i + 1]?.text ?? '') || /^[%٪]$/.test(words[i - 1]?.text ?? '');
}

/** Phone numbers, dates and ids are not amounts even when their digits would parse. */
export function amountAt(words: Word[], i: number, opts: AmountOptions): Dec | null {
  const w = words[i];
  if (!w) return null;
  const t = toWesternDigits(w.text);
  if (isPercentAt(words, i)) return null;
  // Nine digits or more are a phone number or an id, unless printed as money: with cents (or fils) after
  // a decimal mark ("2,205,871.73", "1890878.05").
  const money = /\d[.,٫]\d{2,3}\)?$/.test(t);
  if (
    /^\+/.test(t) ||
    /\d[-/:]\d/.test(t) ||
    (/^\d{9,}$/.test(t.replace(/\D/g, '')) && !money) ||
    /^#/.test(t)
  )
    return null;
  if (/[A-Za-z]{2,}\d|\d[A-Za-z]{3,}/.test(t) && !currencyInToken(t)) return null;
  return parseAmount(w.text, opts)?.value ?? null;
}

export function percentAt(words: Word[], i: number): Dec | null {
  const w = words[i];
  if (!w) return null;
  const direct = parsePercent(w.text);
  if (direct !== null) return direct;
  const next = words[i + 1]?.text ?? '';
  const prev = words[i - 1]?.text ?? '';
  if (/^[%٪]$/.test(next) || /^[%٪]$/.test(prev)) return parsePercent(w.text + '%');
  return null;
}

/**
 * A number prints in one digit system: a Western digit after the Arabic-Indic (or Persian) digits of an id,
 * at its end, is the number sign printed against it (`# ٥٢١٦٤`), which the tuned model reads as a digit
 * (`٥٢١٦٤4`, `٥٢١٦٤#4`). It is dropped.
 */
function dropSignReadAsDigit(text: string): string {
  if ((text.match(/[\u0660-\u0669\u06f0-\u06f9]/g) ?? []).length < 3) return text;
  return text.replace(/(?<=[\u0660-\u0669\u06f0-\u06f9])#?[0-9](?=[\u200e\u200f]*$)/u, '');
}

function idAt(words: Word[], i: number): string | null {
  const t = toWesternDigits(dropSignReadAsDigit(words[i]?.text ?? ''))
    .replace(/^[#:：.\-–]+|[#:：.,;]+$/g, '')
    .replace(/^(?:no|nr)[.:]?/i, '');
  if (t.length < 2 || !/\d/.test(t) || /[\u0600-\u06ff]/.test(t)) return null;
  if (!/^[A-Za-z0-9][A-Za-z0-9\-/_.]*$/.test(t)) return null;
  return t;
}

/**
 * An id printed as one token may come out of the engine as several ("F" "090367-" on a right-to-left
 * line, where the hyphen is moved to the wrong end): neighbouring Latin and digit words joined by a
 * separator are read back as one id; so are digits cut apart by a gap narrower than half their height
 * ("IN٢٤ ٤٤٦٥", "S/BH/٢٤/٨ ٢٥٦#": the Arabic model cuts runs of Arabic-Indic digits), a word space
 * being wider.
 */
export function idRun(words: Word[], i: number, line: Line): { value: string; n: number } | null {
  const fix = (w: Word): string => {
    const t = toWesternDigits(dropSignReadAsDigit(w.text));
    return line.rtl && /^[^-/]+[-/]$/.test(t) ? t.slice(-1) + t.slice(0, -1) : t;
  };
  const base = idAt(words, i);
  if (!base) return null;
  let start = i;
  let end = i;
  const close = (a: Word, b: Word): boolean => b.x0 - a.x1 < line.height * 0.9;
  const cut = (a: Word, b: Word): boolean => {
    const h = Math.max(a.y1 - a.y0, b.y1 - b.y0);
    return b.x0 - a.x1 < h * 0.5 && b.x0 - a.x1 > -h * 0.2 && /\d$/.test(fix(a)) && /^\d/.test(fix(b));
  };
  const joins = (a: Word, b: Word): boolean =>
    /[-/]$/.test(fix(a)) ||
    /^[-/]/.test(fix(b)) ||
    (cut(a, b) && [a, b].some((x) => /^\d+[#:]?$/.test(fix(x))));
  while (start > 0) {
    const prev = words[start - 1] as Word;
    const cur = words[start] as Word;
    if (hasArabic(prev.text) || !close(prev, cur) || !/^[A-Za-z0-9][A-Za-z0-9\-/]*$/.test(fix(prev))) break;
    if (!joins(prev, cur)) break;
    start--;
  }
  while (end + 1 < words.length) {
    const next = words[end + 1] as Word;
    const cur = words[end] as Word;
    if (hasArabic(next.text) || !close(cur, next) || !/^[A-Za-z0-9\-/]+[#:]?$/.test(fix(next))) break;
    if (!joins(cur, next)) break;
    end++;
  }
  if (start === end) {
    const single = idAt([{ ...(words[i] as Word), text: fix(words[i] as Word) }], 0);
    return single ? { value: single, n: 1 } : null;
  }
  const joined = words
    .slice(start, end + 1)
    .map(fix)
    .join('')
    .replace(/[#:]+$/, '')
    .replace(/^[-/]+|[-/]+$/g, '');
  return { value: joined, n: end - i + 1 };
}

/** The first date in a row of words, as the extraction reads dates (misread digits repaired). */
export function firstDateIn(words: Word[]): string | null {
  for (let i = 0; i < words.length; i++) {
    const d = dateAt(words, i);
    if (d) return d.value;
  }
  return null;
}

export function dateAt(words: Word[], i: number): { value: string; n: number } | null {
  let d = dateAtRaw(words, i);
  // "46 Jun 2018": a day past 31 before a month's name is a 1 read as 4 or 7.
  const w = words[i];
  if (!d && w && /^[47]\d$/.test(w.text) && /^[A-Za-z]{3,9}\.?$/.test(words[i + 1]?.text ?? '')) {
    const fixed = [...words];
    fixed[i] = { ...w, text: `1${w.text.slice(1)}` };
    d = dateAtRaw(fixed, i);
  }
  // "22/11/2925": a 0 read as 9, 8 or 6 in the year's hundreds; no invoice is dated centuries ahead.
  const farYear = /(?<!\d)2[1-9](\d\d)(?!\d)/;
  if (!d && w && /\d\s*[/.-]/.test(toWesternDigits(w.text)) && farYear.test(toWesternDigits(w.text))) {
    const fixed = [...words];
    fixed[i] = { ...w, text: toWesternDigits(w.text).replace(farYear, '20$1') };
    d = dateAtRaw(fixed, i);
  }
  // "31/03/2078": a 1 read as 7 in the year's tens; no receipt is dated fifty years ahead. "٢٠٤٥": a 2 read
  // as 4 (the Arabic-Indic ٢ and ٤ differ by a stroke); nor is an invoice dated twenty years ahead.
  return d ? { ...d, value: d.value.replace(/^207(\d)/, '201$1').replace(/^204(\d)/, '202$1') } : null;
}

function dateAtRaw(words: Word[], i: number): { value: string; n: number } | null {
  for (let n = Math.min(4, words.length - i); n >= 1; n--) {
    // "|7-06-2018": a bar or an l before the digits of a date is a 1 the engine misread.
    const span = words
      .slice(i, i + n)
      .map((w) => ({ ...w, text: w.text.replace(/^[|lI](?=\d{1,2}[/.-]\d)/, '1') }));
    // Right-to-left lines hold "١٤ مارس ٢٠٢٥" with the year on the left: try both orders.
    const texts = [
      span.map((w) => w.text).join(' '),
      [...span]
        .reverse()
        .map((w) => w.text)
        .join(' '),
    ];
    // A month of two words between Western numbers on a right-to-left line ("7 2026 الثاني تشرين" for
    // 7 تشرين الثاني 2026): the name read right to left, the numbers left to right.
    const named = span.filter((w) => hasArabic(w.text));
    if (named.length && named.length < n) {
      const name = [...named].reverse().map((w) => w.text);
      const numbers = span.filter((w) => !hasArabic(w.text)).map((w) => w.text);
      texts.push([...name, ...numbers].join(' '), [...name, ...[...numbers].reverse()].join(' '));
    }
    // A numeric date split by the engine ("١٧/٠٨/٢" "٠٢٥") is read glued back together.
    if (n === 2 && span.every((w) => /^[\d\u0660-\u0669\u06f0-\u06f9/.\-]+$/.test(w.text))) {
      texts.push(span.map((w) => w.text).join(''));
    }
    for (const t of texts) {
      if (
        n > 1 &&
        !/\d/.test(toWesternDigits(span[0]?.text ?? '') + toWesternDigits(span[n - 1]?.text ?? ''))
      )
        continue;
      const v = parseDate(t);
      if (v) return { value: v, n };
    }
  }
  const one = repairDate(words[i]?.text ?? '');
  return one ? { value: one, n: 1 } : null;
}

/**
 * A numeric date the engine garbled in one word: glued to its label ("Date:D2/O2/17") or with letters
 * for digits ("|7-06-2018", "O5/03/2018"). Only a full day-month-year pattern is repaired.
 */
function repairDate(text: string): string | null {
  const t = toWesternDigits(text);
  // "20180428/191204": a till's compact date with the time glued on.
  const compact = /^((?:19|20)\d{2})(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])[/:-]\d{4,6}$/.exec(t);
  if (compact) return parseDate(`${compact[1]}-${compact[2]}-${compact[3]}`);
  // "2703/2018": the first slash of a day-month-year lost.
  const glued = /(?:^|[^\d/.-])(\d{2})(\d{2})\/((?:19|20)\d{2})$/.exec(t);
  if (glued) return parseDate(`${glued[1]}/${glued[2]}/${glued[3]}`);
  const m =
    /(?:^|[^\dA-Za-z|]|[A-Za-z]{2,}?:?)([\dODoIl|]{1,2})([/.-])([\dODoIl|]{1,2})\2(\d{2}|\d{4})(?!\d)/.exec(
      t,
    );
  if (!m?.[1] || !m[3] || !m[4]) return null;
  const fix = (s: string): string => s.replace(/[ODo]/g, '0').replace(/[Il|]/g, '1');
  const day = fix(m[1]);
  const month = fix(m[3]);
  if (!/\d/.test(m[1] + m[3])) return null;
  return parseDate(`${day}${m[2]}${month}${m[2]}${m[4]}`);
}
