import { arabicSkeleton, editDistance, foldArabic, toWesternDigits } from '../text.js';

const EN_MONTHS: Record<string, number> = {
  january: 1,
  jan: 1,
  february: 2,
  feb: 2,
  march: 3,
  mar: 3,
  april: 4,
  apr: 4,
  may: 5,
  june: 6,
  jun: 6,
  july: 7,
  jul: 7,
  august: 8,
  aug: 8,
  september: 9,
  sept: 9,
  sep: 9,
  october: 10,
  oct: 10,
  november: 11,
  nov: 11,
  december: 12,
  dec: 12,
};

// Folded spellings (see foldArabic): Egyptian/Gulf names, Levantine (Syriac) names, Maghrebi names.
const AR_MONTHS: [string, number][] = [
  ['كانون الثاني', 1],
  ['كانون الاول', 12],
  ['تشرين الاول', 10],
  ['تشرين الثاني', 11],
  ['يناير', 1],
  ['فبراير', 2],
  ['مارس', 3],
  ['ابريل', 4],
  ['افريل', 4],
  ['مايو', 5],
  ['ماي', 5],
  ['يونيو', 6],
  ['يونيه', 6],
  ['جوان', 6],
  ['يوليو', 7],
  ['يوليه', 7],
  ['جويليه', 7],
  ['اغسطس', 8],
  ['اوت', 8],
  ['سبتمبر', 9],
  ['اكتوبر', 10],
  ['نوفمبر', 11],
  ['ديسمبر', 12],
  ['جانفي', 1],
  ['فيفري', 2],
  ['شباط', 2],
  ['اذار', 3],
  ['نيسان', 4],
  ['ايار', 5],
  ['حزيران', 6],
  ['تموز', 7],
  ['اب', 8],
  ['ايلول', 9],
];

export interface DateOptions {
  /** Numeric dates whose order cannot be decided are read day-first unless this is set. */
  monthFirst?: boolean;
}

function iso(y: number, m: number, d: number): string | null {
  if (y < 100) y += 2000;
  if (y < 1990 || y > 2100 || m < 1 || m > 12 || d < 1) return null;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (d > days) return null;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/**
 * Single-word Arabic month names of five letters or more by their dotless skeleton (`arabicSkeleton`):
 * dots are what blur and noise lose or add first ("بولبو" is يوليو). Shorter names are matched as written:
 * تموز has the skeleton of تمور (dates, the fruit), ايار that of ابار.
 */
const AR_MONTH_SKELETONS = new Map(
  AR_MONTHS.filter(([name]) => !name.includes(' ') && name.length >= 5).map(([name, n]) => [
    arabicSkeleton(name),
    n,
  ]),
);

/** Each Arabic month name as written, with its number (compiled once: dates are parsed for every word). */
const AR_MONTH_PATTERNS = AR_MONTHS.map(
  ([name, n]) => [new RegExp(`(^|[\\s\\d\\-/.,،])(?:ل|ب)?${name}(?=[\\s\\d\\-/.,،]|$)`, 'g'), n] as const,
);

/** The single-word Arabic month names' skeletons, each with its month, for a name misread by one letter. */
const AR_MONTH_NAMES = AR_MONTHS.filter(([name]) => !name.includes(' ')).map(
  ([name, n]) => [arabicSkeleton(name), n] as const,
);

/**
 * An Arabic word of four letters or more where a date's month name stands (between its day and its year)
 * that is one letter from month names of one month only ("مايوه" is مايو); one letter from two months
 * (يونيو and يوليو differ by one) it stays unread.
 */
function nearMonth(word: string): number | null {
  const sk = arabicSkeleton(word);
  const months = new Set(AR_MONTH_NAMES.filter(([name]) => editDistance(name, sk) <= 1).map(([, n]) => n));
  return months.size === 1 ? ([...months][0] as number) : null;
}

/** Replaces month names with "@N@" markers so the numeric patterns below can read them. */
function markMonths(s: string): string {
  let out = ` ${s} `;
  if (/[\u0621-\u064a]/.test(s)) {
    out = out.replace(/[\u0621-\u064a]{5,}/g, (w) => {
      // A leading ل or ب ("بيناير") is a preposition; the rest must be the month.
      const n =
        AR_MONTH_SKELETONS.get(arabicSkeleton(w)) ??
        (/^[لب]/.test(w) ? AR_MONTH_SKELETONS.get(arabicSkeleton(w.slice(1))) : undefined);
      return n ? ` @${n}@ ` : w;
    });
    for (const [pattern, n] of AR_MONTH_PATTERNS) out = out.replace(pattern, `$1 @${n}@ `);
  }
  out = out.replace(/[a-z]+\.?/g, (w) => {
    const n = EN_MONTHS[w.replace('.', '')];
    return n ? ` @${n}@ ` : w;
  });
  return out;
}

/** Finds a date in a short text (a label's value, a few words) and returns it as ISO yyyy-mm-dd. */
export function parseDate(raw: string, opts: DateOptions = {}): string | null {
  const s = markMonths(foldArabic(toWesternDigits(raw)).toLowerCase());
  let m = /(?<!\d)(\d{4})\s*[-/.]\s*(\d{1,2})\s*[-/.]\s*(\d{1,2})(?!\d)/.exec(s);
  if (m) return iso(Number(m[1]), Number(m[2]), Number(m[3]));
  // Compact yyyymmdd, as some tills print it ("20180428"): only a whole token, only a valid date.
  m = /^\s*((?:19|20)\d{2})(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])\s*$/.exec(s);
  if (m) return iso(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /(?<!\d)(\d{1,2})\s*[-/.]\s*(\d{1,2})\s*[-/.]\s*(\d{4}|\d{2})(?!\d)/.exec(s);
  if (m) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    const y = Number(m[3]);
    const monthFirst = b > 12 ? true : a > 12 ? false : Boolean(opts.monthFirst);
    return monthFirst ? iso(y, a, b) : iso(y, b, a);
  }
  // Right-to-left pages can come out of OCR with the parts in reverse: 2025/03/14 read as 14/03/2025 is
  // handled above; a month name with the day and year on either side is handled here.
  if (!s.includes('@')) {
    const g = DAY_WORD_YEAR.exec(s) ?? YEAR_WORD_DAY.exec(s);
    const n = g?.groups && nearMonth(g.groups.month as string);
    return n && g.groups ? iso(Number(g.groups.year), n, Number(g.groups.day)) : null;
  }
  m = DAY_MONTH_YEAR.exec(s);
  if (m) return iso(Number(m[3]), Number(m[2]), Number(m[1]));
  m = MONTH_DAY_YEAR.exec(s);
  if (m) return iso(Number(m[3]), Number(m[1]), Number(m[2]));
  m = YEAR_MONTH_DAY.exec(s);
  if (m) return iso(Number(m[1]), Number(m[2]), Number(m[3]));
  m = DAY_TH_MONTH_YEAR.exec(s);
  if (m) return iso(Number(m[3]), Number(m[2]), Number(m[1]));
  return null;
}

const SEP = '[\\s\\-/.,،]*';
const DAY_MONTH_YEAR = new RegExp(`(?<!\\d)(\\d{1,2})${SEP}@(\\d+)@${SEP}(\\d{4}|\\d{2})(?!\\d)`);
const MONTH_DAY_YEAR = new RegExp(`@(\\d+)@${SEP}(\\d{1,2})(?:st|nd|rd|th)?${SEP}(\\d{4})(?!\\d)`);
const YEAR_MONTH_DAY = new RegExp(`(?<!\\d)(\\d{4})${SEP}@(\\d+)@${SEP}(\\d{1,2})(?!\\d)`);
const DAY_TH_MONTH_YEAR = new RegExp(
  `(?<!\\d)(\\d{1,2})(?:st|nd|rd|th)?${SEP}@(\\d+)@${SEP}(\\d{4}|\\d{2})(?!\\d)`,
);
const WORD = '(?<month>[\\u0621-\\u064a]{4,})';
const DAY_WORD_YEAR = new RegExp(`(?<!\\d)(?<day>\\d{1,2})\\s+${WORD}\\s+(?<year>\\d{4})(?!\\d)`);
const YEAR_WORD_DAY = new RegExp(`(?<!\\d)(?<year>\\d{4})\\s+${WORD}\\s+(?<day>\\d{1,2})(?!\\d)`);
