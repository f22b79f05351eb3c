// Place names and address words in Latin letters: those of English here, those of each region (Malaysia,
// Egypt, the Gulf) in its table (`regions/`). An address word the engine misread by one letter of a shape
// it confuses ("FETALING", "Danansara", "PERBANDARAN" read "FERBANDARAN") is put back when exactly one
// such word is that close; the list also tells the word-by-word merge of two readings (`merge.ts`) which
// reading is a real word. The English word list (`engine/lexicon.ts`) lacks most of these names.
import { regions } from '../regions/index.js';

/** Address words of English, read in every region. */
const WORDS = `
apartment mall galleria avenue square centre center court block unit floor level ground basement
mezzanine suite building tower street road lane drive crescent boulevard highway district village
garden gardens heights park industrial commercial business estate complex terminal station hospital
university
`;

/** The place and address words, lower case. */
export const placeWords: ReadonlySet<string> = new Set(
  [WORDS, ...regions.map((r) => r.places)].join(' ').split(/\s+/).filter(Boolean),
);

/**
 * Letters the engines confuse with each other in print: a substitution between two letters of one pair is
 * a likely misread, any other is not.
 */
const CONFUSED = new Set(
  [
    'pf',
    'fe',
    'mn',
    'nh',
    'hb',
    'il',
    'lt',
    'it',
    'ij',
    'od',
    'oq',
    'oc',
    'ce',
    'cg',
    'uv',
    'nu',
    'rn',
    'gp',
    'gq',
    'gy',
    'ou',
  ].flatMap((p) => [p, `${p[1]}${p[0]}`]),
);
/** Letters so thin that the engine drops them ("Foor" for "Floor"). */
const THIN = new Set(['i', 'l', 't', 'f', 'r', 'j']);

/**
 * Whether `read` is `word` with one letter misread as a confusable one, or one thin letter dropped
 * (narrower than the company-name words' test in `extract.ts`, which takes any one letter: place words
 * are shorter and have closer neighbours).
 */
export function confusableMisread(read: string, word: string): boolean {
  if (read.length === word.length) {
    let diff = -1;
    for (let i = 0; i < read.length; i++) {
      if (read[i] === word[i]) continue;
      if (diff >= 0) return false;
      diff = i;
    }
    return diff >= 0 && CONFUSED.has(`${read[diff]}${word[diff]}`);
  }
  if (read.length + 1 !== word.length) return false;
  let i = 0;
  while (i < read.length && read[i] === word[i]) i++;
  return THIN.has(word[i] as string) && read.slice(i) === word.slice(i + 1);
}

/** Words of at least this many letters are put back; shorter ones have too many close neighbours. */
const MIN_LETTERS = 5;

/** `word` in the case of `like`: all capitals, capitalised, or lower case. */
export function inCaseOf(word: string, like: string): string {
  if (like === like.toUpperCase()) return word.toUpperCase();
  if (like[0] === like[0]?.toUpperCase()) return (word[0] as string).toUpperCase() + word.slice(1);
  return word;
}

const byLength = new Map<number, string[]>();
for (const w of placeWords) {
  const same = byLength.get(w.length);
  if (same) same.push(w);
  else byLength.set(w.length, [w]);
}

/**
 * The place or address word a run of letters is a one-letter misread of, when exactly one is; null when
 * it is itself such a word, too short, or close to none or to several.
 */
export function placeWordFor(read: string, known: (word: string) => boolean): string | null {
  const lower = read.toLowerCase();
  if (lower.length < MIN_LETTERS || placeWords.has(lower) || !/^[a-z]+$/.test(lower)) return null;
  // A word of the language is read as printed: "LOWER GROUND FLOOR" is not "TOWER".
  if (known(lower)) return null;
  const near = [...(byLength.get(lower.length) ?? []), ...(byLength.get(lower.length + 1) ?? [])].filter(
    (w) => confusableMisread(lower, w),
  );
  return near.length === 1 ? inCaseOf(near[0] as string, read) : null;
}

/**
 * Puts back the place and address words of a Latin address that the engine misread by one letter;
 * `known` tells the words of the language (the English word list), which are left as read.
 */
export function fixPlaceWords(address: string, known: (word: string) => boolean): string {
  return address.replace(
    /(?<![\p{L}\p{N}])\p{L}+(?![\p{L}\p{N}])/gu,
    (run) => placeWordFor(run, known) ?? run,
  );
}
