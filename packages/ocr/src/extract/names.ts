// Company names: how a name is cut from its row, and the misreads in it that its shape gives away.
import { logicalWords } from '../layout.js';
import type { Line, Word } from '../layout.js';
import { confirmByPage } from '../parse/page-words.js';
import {
  fixArabicLegalFormTail,
  fixRegionalNameMisreads,
  hasRegionalNameMark,
  regionalNameWords,
} from '../regions/index.js';
import { hasArabic, joinArabicConjunction } from '../text.js';
import { meanConf } from './model.js';
import type { Found } from './model.js';

export function textOf(words: Word[], rtl: boolean): string {
  return logicalWords(words, rtl)
    .map((w) => w.text)
    .join(' ');
}

/** Drops label leftovers and separators around a name ("/ ", ": ", trailing "|"). */
export function cleanName(s: string): string {
  return joinArabicConjunction(
    s
      .replace(/^[\s:：/|\-–—.,_]+|[\s:：/|\-–—,_]+$/g, '')
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

/**
 * A name printed in both scripts ("Pharaoh Tech Solutions / فرعون للحلول التقنية") is one name: the
 * part the engine read with more confidence is kept. Words are given in reading order.
 */
export function pickLanguage(words: Word[], line: Line): Found<string> {
  const parts: Word[][] = [[]];
  for (const w of words) {
    if (/^[|/¦]+$/.test(w.text)) parts.push([]);
    else (parts[parts.length - 1] as Word[]).push(w);
  }
  const named = parts.filter((p) => p.some((w) => /\p{L}{2,}/u.test(w.text)));
  const arabic = named.filter((p) => p.some((w) => hasArabic(w.text)));
  const latin = named.filter((p) => !p.some((w) => hasArabic(w.text)));
  let pick: Word[];
  if (named.length === 2 && arabic.length === 1 && latin.length === 1) {
    const a = arabic[0] as Word[];
    const l = latin[0] as Word[];
    // Latin letters are the engine's stronger side: Arabic must be clearly surer to win.
    pick = meanConf(a) > meanConf(l) + 0.05 ? a : l;
  } else if (named.length === 2) {
    // The other script misread as letters of this one ("Orient Pharmacy / dJiuo"): the engine doubts it.
    const [x, y] = named as [Word[], Word[]];
    if (meanConf(y) < 0.6 && meanConf(x) >= 0.75) pick = x;
    else if (meanConf(x) < 0.6 && meanConf(y) >= 0.75) pick = y;
    else pick = words;
  } else pick = words;
  const value = fixArabicLegalFormTail(cleanName(pick.map((w) => w.text).join(' ')));
  return { value, words: pick, line, conf: meanConf(pick) };
}

/**
 * Legal forms and business words of company names in English and Arabic; those of one region are in its
 * table (`regions/`).
 */
const LEGAL_FORM =
  /\b(?:ltd|limited|llc|inc|corp|co\.|company|est\.?|establishment|trading|enterprises?|gmbh|plc|l\.?l\.?c|restaurants?|stationery|hardware|pharmacy|baker(?:y|ies)|shop|store|mart|supermarket|hypermarket)\b|(?:^|\s)(?:شركة|شركه|مؤسسة|مؤسسه|مجموعة)(?:\s|$)/i;

/** True when a name is a legal entity's: it carries a legal form or a word of business names. */
export function hasLegalForm(name: string): boolean {
  return LEGAL_FORM.test(name) || hasRegionalNameMark(name);
}

/**
 * A company registration number printed after the name ("AEON CO. (M) BHD. (126926-H)",
 * "KING'S CONFECTIONERY S/B 273500-U"): the name ends before it.
 */
export const REG_TAIL = /\s+(?:[(\[{]\s*\d{2,}|\d{4,}|\d{3,}\s?-\s?[A-Z]\b).*$/;

export const NOT_A_NAME =
  /@|www\.|https?:|\.com\b|^\+?[\d\s\-()]+$|^(?:tel|phone|fax|email|date|page)\b|^(?:هاتف|تليفون|فاكس)/i;

/**
 * Words of company names long enough that one letter misread or added leaves them recognisable:
 * "PERNIAGAARN" is PERNIAGAAN, "OISTRIBUTION" is DISTRIBUTION. A word one letter shorter is left
 * alone: "SERVICE" is no misread of "SERVICES", nor is a plural one of its singular.
 */
const NAME_WORDS = [
  'advertising',
  'bakeries',
  'confectionery',
  'construction',
  'corporation',
  'distribution',
  'distributors',
  'electrical',
  'engineering',
  'enterprise',
  'enterprises',
  'establishment',
  'furniture',
  'hardware',
  'holdings',
  'hypermarket',
  'industries',
  'international',
  'manufacturing',
  'marketing',
  'pharmacy',
  'restaurant',
  'services',
  'stationery',
  'supermarket',
  'supplies',
  'trading',
  ...regionalNameWords,
];

/** True when `a` is `b` with one letter changed or one added. */
export function oneMisread(a: string, b: string): boolean {
  if (a.length === b.length) {
    let diff = 0;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) diff++;
    return diff === 1;
  }
  if (a.length !== b.length + 1) return false;
  for (let i = 0; i < a.length; i++) if (a.slice(0, i) + a.slice(i + 1) === b) return true;
  return false;
}

function fixNameWord(w: string): string {
  const k = w.toLowerCase();
  // A plural ("RESTAURANTS") is no misread either.
  if (k.length < 7 || !/^\p{L}+$/u.test(w) || NAME_WORDS.some((n) => k === n || k === `${n}s`)) return w;
  const hit = NAME_WORDS.find((n) => oneMisread(k, n));
  if (!hit) return w;
  if (w === w.toUpperCase()) return hit.toUpperCase();
  return w[0] === w[0]?.toUpperCase() ? hit[0]?.toUpperCase() + hit.slice(1) : hit;
}

/** Words a company name is made of that an engine may cut in two: its common words and legal forms. */
const WHOLE_NAME_WORDS = new Set([...NAME_WORDS, 'ltd', 'llc', 'inc', 'corp', 'gmbh', 'plc']);

/**
 * Words the engine cut in two ("Ad vertising", "Sdn bh d"): joined where the whole is a word of company
 * names or a legal form and the second part is none; a bracketed initial loses its inner blanks ("(M )").
 */
function joinCutWords(name: string): string {
  const tokens = name.split(' ');
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as string;
    const next = tokens[i + 1];
    if (
      next !== undefined &&
      /^\p{L}+$/u.test(t) &&
      /^\p{L}+$/u.test(next) &&
      WHOLE_NAME_WORDS.has(`${t}${next}`.toLowerCase()) &&
      !WHOLE_NAME_WORDS.has(next.toLowerCase())
    ) {
      out.push(`${t}${next}`);
      i++;
    } else out.push(t);
  }
  return out.join(' ').replace(/\(\s*(\p{Lu}{1,3})\s*\)/gu, '($1)');
}

/**
 * Misreads the engine makes in a company's name that its shape gives away:
 * - a common word of company names with one letter misread, or cut in two (see NAME_WORDS);
 * - the regions' own misreads of their legal forms (`regions/`);
 * - initials read with digits or a yen sign ("MR. D.1.¥." is "MR. D.I.Y.").
 */
export function fixNameMisreads(name: string): string {
  return fixRegionalNameMisreads(
    fixArabicLegalFormTail(joinCutWords(name).replace(/\p{L}+/gu, fixNameWord)),
  ).replace(/(?<![\p{L}\d])(?:[\p{Lu}\d¥$]\.){2,}(?![\p{L}\d])/gu, (w) =>
    /\p{Lu}/u.test(w)
      ? w.replace(/1/g, 'I').replace(/0/g, 'O').replace(/¥/g, 'Y').replace(/\$|5/g, 'S').replace(/8/g, 'B')
      : w,
  );
}

/**
 * The seller's name (Latin) with its words misread by one letter put back where the rest of the page
 * prints them surely (`confirmByPage`).
 */
export function confirmVendorName(name: string, lines: Line[]): string {
  if (hasArabic(name)) return name;
  return confirmByPage(
    name,
    lines.map((l) => l.words.map((w) => w.text).join(' ')),
  );
}

/** A line that is only a branch name in brackets, "(JALAN KLANG LAMA)", read as "(...)". */
export function branchLine(words: Word[]): string | null {
  const t = cleanName(words.map((w) => w.text).join(' '));
  const m = /^[(\[{]\s*([\p{L}][\p{L}\s.&'-]{2,}?)\s*[)\]}]$/u.exec(t);
  return m?.[1] ? `(${m[1]})` : null;
}
