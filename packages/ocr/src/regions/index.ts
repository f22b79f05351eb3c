// The region tables and what the extraction asks of them. Every region's rows apply to every document:
// each row is anchored to words of its own region ("Jalan", "Kuala Lumpur", "ش.م.م"), so it does nothing
// on a document from elsewhere.
import { arabicSkeleton, editDistance, foldArabic, toWesternDigits } from '../text.js';
import { unitedArabEmirates } from './ae.js';
import { bahrain } from './bh.js';
import { egypt } from './eg.js';
import { kuwait } from './kw.js';
import { malaysia } from './my.js';
import { oman } from './om.js';
import { qatar } from './qa.js';
import { saudiArabia } from './sa.js';
import type { Confusion, RegionConventions } from './types.js';

export type { AddressWord, Confusion, NameMark, RegionConventions, TaxIdFormat } from './types.js';

export const regions: readonly RegionConventions[] = [
  malaysia,
  egypt,
  saudiArabia,
  unitedArabEmirates,
  kuwait,
  qatar,
  bahrain,
  oman,
];

const nameMarks = regions.flatMap((r) => [...r.legalForms, ...r.businessWords]);
const addressWords = regions.flatMap((r) => r.addressWords);

/** True when a name carries a legal form or a business word of one of the regions. */
export function hasRegionalNameMark(name: string): boolean {
  return nameMarks.some((m) => m.pattern.test(name));
}

/** True when a name carries a legal form of one of the regions ("Sdn Bhd", "W.L.L.", "ذ.م.م"). */
export function hasRegionalLegalForm(name: string): boolean {
  return regions.some((r) => r.legalForms.some((f) => f.pattern.test(name)));
}

/** True when a row holds an address word of one of the regions. */
export function hasRegionalAddressWord(text: string): boolean {
  return addressWords.some((w) => w.pattern.test(text));
}

/** Long words of the regions' company names, lower case, each once. */
export const regionalNameWords: readonly string[] = [...new Set(regions.flatMap((r) => r.nameWords))];

function applyConfusion(text: string, c: Confusion): string {
  return typeof c.replacement === 'string'
    ? text.replace(c.pattern, c.replacement)
    : text.replace(c.pattern, c.replacement);
}

/** The Arabic legal forms of the regions by their letters: "شمم" is ش.م.م. */
const arabicLegalForms = new Set(
  regions.flatMap((r) =>
    r.legalForms.flatMap((f) =>
      f.form
        .split(' / ')
        .filter((x) => /[\u0621-\u064a]/.test(x))
        .map((x) => x.replace(/\./g, '')),
    ),
  ),
);

/**
 * An Arabic legal form at the end of a name with its dots misread ("شءم.م", "ذ٠م٠م", "ش،م.م"): single
 * letters standing apart, whose letters spell a form of the region tables, are written with dots again.
 */
export function fixArabicLegalFormTail(name: string): string {
  const fixed = name.replace(
    /(?<=^|\s)((?:[\u0622-\u064a][\s.,،\u0621\u0660·]+){1,4}[\u0622-\u064a])\.?$/u,
    (tail) => {
      const letters = tail.replace(/[^\u0622-\u064a]/g, '');
      return arabicLegalForms.has(letters) ? [...letters].join('.') : tail;
    },
  );
  if (fixed !== name) return fixed;
  const near = nearLegalFormTail(name);
  if (near !== name) return near;
  const undotted = undottedLegalFormTail(name);
  if (undotted !== name) return undotted;
  // Two forms in a row ("م.م.ح ذ.م.م"): the one before a form written right, mended the same way.
  const two = /^(.*\S)\s+((?:[\u0622-\u064a]\.){1,4}[\u0622-\u064a])$/u.exec(name);
  if (!two || !arabicLegalForms.has((two[2] as string).replace(/\./g, ''))) return name;
  const head = fixArabicLegalFormTail(two[1] as string);
  return head === two[1] ? name : `${head} ${two[2]}`;
}

/** The region tables' Arabic legal forms by their dotless skeleton, where no two forms share one. */
const legalFormBySkeleton = (() => {
  const by = new Map<string, string[]>();
  for (const f of arabicLegalForms) by.set(arabicSkeleton(f), [...(by.get(arabicSkeleton(f)) ?? []), f]);
  return new Map([...by].filter(([, fs]) => fs.length === 1).map(([k, fs]) => [k, fs[0] as string]));
})();

/**
 * An Arabic legal form whose dots, between its letters and on them, were all lost: the name's last word,
 * of three or four letters, spells a form of the region tables but for the dots on its letters ("دمم" is
 * ذ.م.م). Not after a name of no word of its own.
 */
function undottedLegalFormTail(name: string): string {
  const words = name.split(' ');
  const last = words.at(-1) ?? '';
  if (words.length < 2 || !/^[\u0622-\u064a]{3,4}$/.test(last)) return name;
  if (!words.slice(0, -1).some((w) => /[\u0622-\u064a]{3}/.test(w))) return name;
  const form = legalFormBySkeleton.get(arabicSkeleton(last));
  return form ? [...words.slice(0, -1), [...form].join('.')].join(' ') : name;
}

/**
 * An Arabic legal form at the end of a name misread beyond its dots: a letter added, lost or changed
 * ("ذهم»م", "شيم ب", "ش.٥٠ب", "ش.ح.ك.م"). The name's last words of three letters or fewer (four with a
 * mark), with a mark, a digit or a letter standing alone among them (a word of the name has none), whose
 * letters are one letter from exactly one form of the region tables, are that form. Not after a name of no
 * word of its own.
 */
function nearLegalFormTail(name: string): string {
  const words = name.split(' ');
  let from = words.length;
  const short = (w: string): boolean => {
    const n = (w.match(/[\u0622-\u064a]/g) ?? []).length;
    return n <= 3 || (n === 4 && /[^\u0622-\u064a]/.test(w));
  };
  while (from > 0 && short(words[from - 1] as string)) from--;
  const tail = words.slice(from);
  const head = words.slice(0, from);
  if (!tail.length || !head.some((w) => /[\u0622-\u064a]{3}/.test(w))) return name;
  const text = tail.join(' ');
  const letters = text.replace(/[^\u0622-\u064a]/g, '');
  const marked = /[^\u0622-\u064a\s]/.test(text) || tail.some((w) => /^[\u0622-\u064a]$/.test(w));
  if (!marked || letters.length < 2 || !tail.every((w) => /[\u0622-\u064a]/.test(w))) return name;
  const near = [...arabicLegalForms].filter(
    (f) => Math.abs(f.length - letters.length) <= 1 && editDistance(f, letters) <= 1,
  );
  // Letters that spell a form exactly are that form, whatever forms lie one letter away.
  const exact = near.filter((f) => f === letters);
  const best = exact.length === 1 ? exact[0] : near.length === 1 ? near[0] : undefined;
  return best ? [...head, [...best].join('.')].join(' ') : name;
}

/** A company name with the regions' known misreads of their words repaired. */
export function fixRegionalNameMisreads(name: string): string {
  return regions.flatMap((r) => r.nameConfusions).reduce(applyConfusion, name);
}

/** An address with the regions' known misreads of their words repaired. */
export function fixRegionalAddressMisreads(address: string): string {
  return regions.flatMap((r) => r.addressConfusions).reduce(applyConfusion, address);
}

/** The currency a country's adjective names ("مصري": EGP), folded as `foldArabic` folds; null for any other word. */
export function currencyOfAdjective(folded: string): string | null {
  return currencyByAdjective.get(folded.replace(/^ال/, '')) ?? null;
}
const currencyByAdjective = new Map(regions.map((r) => [foldArabic(r.currency.adjective), r.currency.code]));

/**
 * The currency of a country's adjective read with its dots lost or misplaced ("عماتي" for عماني): the one
 * region whose adjective has the same dotless skeleton. For the adjective after a currency's name
 * ("ريال عماتي"), where the name itself was read.
 */
export function currencyOfAdjectiveSkeleton(folded: string): string | null {
  const key = arabicSkeleton(folded.replace(/^ال/, ''));
  if (key.length < 4) return null;
  const hits = adjectiveSkeletons.filter(([k]) => k === key);
  return hits.length === 1 ? (hits[0]?.[1] ?? null) : null;
}
const adjectiveSkeletons = regions.map(
  (r) => [arabicSkeleton(foldArabic(r.currency.adjective)), r.currency.code] as const,
);

/** Decimals of a currency's minor unit by the region table (fils and baisa: three); two for any other. */
export function currencyDecimals(code: string | null | undefined): number {
  return regions.find((r) => r.currency.code === code)?.currency.decimals ?? 2;
}

/**
 * True when `word` is one word of a regional legal form of two words or more on the row: the "BHD" of
 * "SDN BHD" is no Bahraini dinar. (A legal form of one word that spells a currency code stays ambiguous.)
 */
export function inRegionalLegalForm(row: string, word: string): boolean {
  const w = word.toLowerCase().replace(/[^\p{L}]/gu, '');
  if (!w) return false;
  return regions.some((r) =>
    r.legalForms.some((f) => {
      const words =
        f.pattern
          .exec(row)?.[0]
          .toLowerCase()
          .split(/[^\p{L}]+/u)
          .filter(Boolean) ?? [];
      return words.length > 1 && words.includes(w);
    }),
  );
}

const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Each region's country names and calling code as one pattern over folded, lower-case text. */
const countryPatterns = regions.map((r) => {
  const names = r.countryNames.map((n) => escapeRe(foldArabic(n).toLowerCase())).join('|');
  const code = r.callingCode;
  // "+966 11 …", "00966 …", and "966+ 11 …" as a right-to-left line's reading gives it.
  const phone = `(?:\\+\\s?|(?<!\\d)00)${code}(?!\\d)|(?<![\\d+])${code}\\s?\\+(?=\\s?\\d)`;
  return {
    region: r,
    pattern: new RegExp(`(?<![\\p{L}\\p{M}])(?:${names})(?![\\p{L}\\p{M}])|${phone}`, 'u'),
  };
});

/** The regions a row of text names, by a country name or a phone number's calling code. */
export function regionsNamedIn(text: string): RegionConventions[] {
  const t = foldArabic(toWesternDigits(text)).toLowerCase();
  return countryPatterns.filter((c) => c.pattern.test(t)).map((c) => c.region);
}
