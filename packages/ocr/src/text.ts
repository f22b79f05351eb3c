// Character-level normalisation shared by the parsers and the layout code.

const ARABIC_INDIC_ZERO = 0x0660;
const PERSIAN_ZERO = 0x06f0;

/** Direction marks and isolates that PDF text layers and OCR put around numbers; they break parsing. */
const BIDI_CONTROLS = /[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069\ufeff]/g;

export function stripBidi(s: string): string {
  return s.replace(BIDI_CONTROLS, '');
}

/** Arabic-Indic and Persian digits to ASCII, Arabic decimal/thousands/percent signs to ASCII ones. */
export function toWesternDigits(s: string): string {
  let out = '';
  for (const ch of stripBidi(s)) {
    const c = ch.codePointAt(0) ?? 0;
    if (c >= ARABIC_INDIC_ZERO && c <= ARABIC_INDIC_ZERO + 9) out += String(c - ARABIC_INDIC_ZERO);
    else if (c >= PERSIAN_ZERO && c <= PERSIAN_ZERO + 9) out += String(c - PERSIAN_ZERO);
    else if (ch === '\u066b') out += '.';
    else if (ch === '\u066c') out += ',';
    else if (ch === '\u066a') out += '%';
    else out += ch;
  }
  return out;
}

/**
 * The Arabic script model often answers with Persian letter and digit forms (ک ی ۴) for Arabic text;
 * the documents are Arabic, so map them back to what was printed.
 */
export function arabicForms(s: string): string {
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 0;
    if (c >= PERSIAN_ZERO && c <= PERSIAN_ZERO + 9)
      out += String.fromCodePoint(ARABIC_INDIC_ZERO + c - PERSIAN_ZERO);
    else if (ch === '\u06a9') out += '\u0643';
    else if (ch === '\u06cc') out += '\u064a';
    else out += ch;
  }
  return out;
}

/**
 * Letters of Persian, Urdu and Kurdish the engine answers for the Arabic letter they are drawn like (the
 * Arabic model holds them all), by that letter: Arabic invoices print none of them. ("ھ" is the initial
 * form of ه, "ۆ" the waw of "مؤسسة" with its hamza blurred.)
 */
const NEAREST_ARABIC_LETTER = new Map<string, string>([
  ['\u06aa', '\u0643'], // ڪ swash kaf: ك
  ['\u06af', '\u0643'], // گ gaf: ك
  ['\u06be', '\u0647'], // ھ heh doachashmee: ه
  ['\u06c1', '\u0647'], // ہ heh goal: ه
  ['\u06d5', '\u0647'], // ە ae: ه
  ['\u06c3', '\u0629'], // ۃ teh marbuta goal: ة
  ['\u06c6', '\u0624'], // ۆ oe: ؤ
  ['\u06c7', '\u0648'], // ۇ u: و
  ['\u06c8', '\u0648'], // ۈ yu: و
  ['\u06c9', '\u0648'], // ۉ kirghiz yu: و
  ['\u067e', '\u0628'], // پ peh: ب
  ['\u0686', '\u062c'], // چ tcheh: ج
  ['\u0679', '\u062a'], // ٹ tteh: ت
  ['\u067c', '\u062a'], // ټ teh with ring: ت
  ['\u067d', '\u062b'], // ٽ teh with three dots: ث
  ['\u068a', '\u062f'], // ڊ dal with dot below: د
  ['\u068c', '\u062f'], // ڌ dahal: د
  ['\u068f', '\u0630'], // ڏ dal with three dots: ذ
  ['\u0693', '\u0631'], // ړ reh with ring: ر
  ['\u06ba', '\u0646'], // ں noon ghunna: ن
  ['\u06d0', '\u064a'], // ې e: ي
  ['\u06d2', '\u064a'], // ے yeh barree: ي
  ['\u0674', '\u0621'], // ٴ high hamza: ء
]);

/**
 * Misreads of Arabic the script's own rules give away:
 * - lam-alef with a hamza or madda (لأ لإ لآ) answered in reversed order after the article's alef
 *   ("اإلتقان" for الإتقان): no Arabic word has an alef followed by a hamzated alef;
 * - the Arabic-Indic zero between two letters is a dot ("ذ٠م٠م" is ذ.م.م): digits do not stand inside words;
 * - letters of other languages written in the script, drawn like an Arabic letter (`NEAREST_ARABIC_LETTER`).
 */
export function arabicLetterFixes(s: string): string {
  if (!hasArabic(s)) return s;
  return [...s]
    .map((ch) => NEAREST_ARABIC_LETTER.get(ch) ?? ch)
    .join('')
    .replace(/\u0627([\u0622\u0623\u0625])\u0644/g, '\u0627\u0644$1')
    .replace(/(?<=[\u0621-\u064a])\u0660(?=[\u0621-\u064a])/g, '.');
}

/**
 * The variants of an Arabic word with one lam-alef ligature (لا لأ لإ لآ) put back in order where the engine
 * answered its two letters reversed ("للمقاوالت" for للمقاولات, "لألجهزة" for للأجهزة), or with one alef
 * too many before a hamzated alef ("للاإجهزة" for للأجهزة). Not at the word's start: the article ال.
 */
function lamAlefVariants(w: string): Set<string> {
  const out = new Set<string>();
  for (let i = 1; i < w.length - 1; i++) {
    const two = w.slice(i, i + 2);
    if (/^[\u0627\u0623\u0625\u0622]\u0644$/.test(two))
      out.add(w.slice(0, i) + two[1] + two[0] + w.slice(i + 2));
    if (/^\u0627[\u0623\u0625]$/.test(two)) {
      for (const hamza of ['\u0623', '\u0625']) out.add(w.slice(0, i) + hamza + w.slice(i + 2));
    }
  }
  return out;
}

/**
 * An Arabic word of four letters or more that is no known word, with its lam-alef read out of order: the
 * one variant of it (`lamAlefVariants`) that is a known word, where exactly one is. Marks around the word
 * are kept.
 */
export function fixLamAlefOrder(text: string, known: (word: string) => boolean): string {
  const m = /^([^\u0621-\u064a]*)([\u0621-\u064a]{4,})([^\u0621-\u064a]*)$/.exec(text);
  if (!m || known(m[2] as string)) return text;
  const found = [...lamAlefVariants(m[2] as string)].filter(known);
  return found.length === 1 ? `${m[1]}${found[0]}${m[3]}` : text;
}

/**
 * The conjunction و is written joined to the word it leads; the engine often sets it apart, since و
 * never joins the letter after it ("و شركاه" for وشركاه).
 */
export function joinArabicConjunction(s: string): string {
  // Not before a single letter ("و ش.م.م"): an abbreviation stands on its own.
  return s.replace(/(^|\s)\u0648\s+(?=[\u0621-\u064a]{2})/g, '$1\u0648');
}

/** Words shorter than this are remembered by `remembered`; longer text is worked out each time. */
const REMEMBER_BELOW = 48;

/**
 * A pure function of a word, remembered: the extraction asks for the same words' folded forms, keys and
 * skeletons thousands of times a page (every label phrase is compared with every word of every row).
 */
function remembered(fn: (s: string) => string): (s: string) => string {
  const seen = new Map<string, string>();
  return (s) => {
    if (s.length >= REMEMBER_BELOW) return fn(s);
    let v = seen.get(s);
    if (v === undefined) {
      if (seen.size >= 20_000) seen.clear();
      v = fn(s);
      seen.set(s, v);
    }
    return v;
  };
}

/** Folds spelling variants (hamza forms, ta marbuta, alef maqsura, diacritics) for matching only. */
export function foldArabic(s: string): string {
  return folded(s);
}

const folded = remembered((s) =>
  arabicForms(s)
    .replace(/[\u064b-\u065f\u0670\u0640]/g, '')
    .replace(/[\u0622\u0623\u0625\u0671]/g, '\u0627')
    .replace(/\u0629/g, '\u0647')
    .replace(/\u0649/g, '\u064a'),
);

/**
 * The dotless skeleton (rasm) of a folded Arabic word: letters that differ only by their dots become one
 * (ب ت ث ن ي, ج ح خ, د ذ, ر ز, س ش, ص ض, ط ظ, ع غ, ف ق, ه ة). Noise, blur and low resolution lose or add
 * dots first, so "قاتوره صربىية" is still "فاتورة ضريبية" by its skeleton.
 */
export function arabicSkeleton(s: string): string {
  return skeleton(s);
}

const skeleton = remembered((s) =>
  foldArabic(s)
    .replace(/[بتثنيئٮ]/g, 'ٮ')
    .replace(/[جخ]/g, 'ح')
    .replace(/ذ/g, 'د')
    .replace(/ز/g, 'ر')
    .replace(/ش/g, 'س')
    .replace(/ض/g, 'ص')
    .replace(/ظ/g, 'ط')
    .replace(/غ/g, 'ع')
    .replace(/[قڤ]/g, 'ف')
    .replace(/ؤ/g, 'و'),
);

const ARABIC_LETTER = /[\u0621-\u064a\u066e-\u06d3\u06fa-\u06ff\ufb50-\ufdff\ufe70-\ufefc]/u;
const ARABIC_LETTER_G = /[\u0621-\u064a\u066e-\u06d3\u06fa-\u06ff\ufb50-\ufdff\ufe70-\ufefc]/gu;
const LATIN_LETTER_G = /[A-Za-z\u00c0-\u024f]/g;

export function hasArabic(s: string): boolean {
  return ARABIC_LETTER.test(s);
}

export function countArabic(s: string): number {
  return s.match(ARABIC_LETTER_G)?.length ?? 0;
}

export function countLatin(s: string): number {
  return s.match(LATIN_LETTER_G)?.length ?? 0;
}

/** A matching key for a word: lower case, folded Arabic, Western digits, no surrounding punctuation. */
export function wordKey(s: string): string {
  return key(s);
}

const key = remembered((s) =>
  foldArabic(toWesternDigits(s))
    .toLowerCase()
    .replace(/^[\s:.,;،؛()[\]{}"'`|\-–—_/\\*]+|[\s:.,;،؛()[\]{}"'`|\-–—_/\\*]+$/g, ''),
);

/**
 * pdftotext's word boxes hold Arabic in visual order. Reverses the letters back to logical order while
 * keeping digit and Latin runs (which are left-to-right inside a right-to-left word) as they are.
 */
export function visualToLogical(word: string): string {
  if (!hasArabic(word)) return word;
  const runs =
    word.match(/[0-9A-Za-z\u0660-\u0669\u06f0-\u06f9.,%٫٬]+|[^0-9A-Za-z\u0660-\u0669\u06f0-\u06f9.,%٫٬]+/g) ??
    [];
  return runs
    .reverse()
    .map((r) => (/^[0-9A-Za-z\u0660-\u0669\u06f0-\u06f9.,%٫٬]+$/.test(r) ? r : [...r].reverse().join('')))
    .join('');
}

/** Levenshtein distance (insertions, deletions and substitutions) of two short strings. */
export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(
        (prev[j] ?? 0) + 1,
        (cur[j - 1] ?? 0) + 1,
        (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    prev = cur;
  }
  return prev[b.length] ?? 0;
}
