import { arabicForms, arabicLetterFixes, countArabic, countLatin, hasArabic, stripBidi } from './text.js';

export interface Word {
  text: string;
  /** 0..1 */
  conf: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** Engine's own line id, when it has one: it follows skewed lines better than y ranges do. */
  lineKey?: string;
}

export interface PageWords {
  page: number;
  width: number;
  height: number;
  words: Word[];
  /** Read by the second engine (`engine/paddle.ts`): a second opinion on fields, not a variant to vote on. */
  second?: boolean;
  /** Read by the advanced pipeline's further passes: the vote lets it win only where it adds up better. */
  extra?: boolean;
}

export interface Segment {
  words: Word[];
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  rtl: boolean;
}

export interface Line {
  page: number;
  pageWidth: number;
  pageHeight: number;
  /** Left to right as on the page. */
  words: Word[];
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  height: number;
  rtl: boolean;
  segments: Segment[];
}

function bounds(words: Word[]): { x0: number; y0: number; x1: number; y1: number } {
  return {
    x0: Math.min(...words.map((w) => w.x0)),
    y0: Math.min(...words.map((w) => w.y0)),
    x1: Math.max(...words.map((w) => w.x1)),
    y1: Math.max(...words.map((w) => w.y1)),
  };
}

/** The middle value (the upper one of an even count); 0 for none. */
export function median(xs: number[]): number {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

function isRtl(words: Word[]): boolean {
  const text = words.map((w) => w.text).join(' ');
  return countArabic(text) > countLatin(text);
}

/** An engine word's text as the lines hold it: bidi marks gone, letter forms and the script's misreads put right. */
export function writtenText(text: string): string {
  return arabicLetterFixes(arabicForms(stripBidi(text))).trim();
}

/** Arabic letters that never join the letter after them: the engine often sets a gap after them. */
const NON_JOINING_END = /[\u0622\u0623\u0625\u0627\u062f\u0630\u0631\u0632\u0648\u0624]$/u;
const ARABIC_LETTERS = /^[\u0621-\u064a]+$/u;
/** The most space between the two halves of a word cut after a letter that does not join, in line heights. */
const SPLIT_GAP = 0.5;

/** Prefixes written joined to the word they lead: the conjunctions and prepositions, and the article. */
const CLITICS = [
  '\u0648\u0627\u0644',
  '\u0628\u0627\u0644',
  '\u0641\u0627\u0644',
  '\u0643\u0627\u0644',
  '\u0648',
  '\u0641',
  '\u0628',
  '\u0644',
  '\u0643',
];

/**
 * A known word, or one with a prefix the word list does not spell out: للإعاشة is ل + الإعاشة, والمقاولات
 * is و + المقاولات, بالتجارة is ب + التجارة.
 */
function knownWithPrefix(word: string, known: (word: string) => boolean): boolean {
  if (known(word)) return true;
  if (word.startsWith('\u0644\u0644') && known(`\u0627${word.slice(1)}`)) return true;
  return CLITICS.some((c) => {
    const rest = word.slice(c.length);
    return word.startsWith(c) && rest.length >= 3 && known(c.length === 3 ? `\u0627\u0644${rest}` : rest);
  });
}

/**
 * Arabic words the engine cut in two after a letter that does not join the next (`فاتو رة`, `للمقاو لات`,
 * `شر كة`), written whole again: two neighbouring words of one engine line, the right-hand one ending in
 * such a letter, less than half a line height apart, where the whole is a known word and the halves are
 * not both words (`لا ترد`, `أبو زيد` stay two). `known` answers for words as `writtenText` writes them.
 */
export function joinSplitArabicWords(words: Word[], known: (word: string) => boolean): Word[] {
  const byLine = new Map<string, Word[]>();
  for (const w of words) {
    if (w.lineKey === undefined) continue;
    const line = byLine.get(w.lineKey) ?? [];
    line.push(w);
    byLine.set(w.lineKey, line);
  }
  const replaced = new Map<Word, Word | null>();
  for (const line of byLine.values()) {
    // Right to left: the first half of an Arabic word is the right-hand one.
    const ws = [...line].sort((a, b) => b.x1 - a.x1);
    for (let i = 0; i + 1 < ws.length; i++) {
      const a = ws[i] as Word;
      const b = ws[i + 1] as Word;
      const ta = writtenText(a.text);
      const tb = writtenText(b.text);
      if (!ARABIC_LETTERS.test(ta) || !ARABIC_LETTERS.test(tb) || !NON_JOINING_END.test(ta)) continue;
      const height = Math.max(a.y1 - a.y0, b.y1 - b.y0);
      if (a.x0 - b.x1 > SPLIT_GAP * height || b.x0 >= a.x0) continue;
      const whole = ta + tb;
      // A second half of two letters ending in ta marbuta (كة, حة) is no word, whatever the list holds.
      const bothWords = known(ta) && known(tb) && !(tb.length <= 2 && tb.endsWith('\u0629'));
      if (whole.length < 4 || bothWords || !knownWithPrefix(whole, known)) continue;
      const joined: Word = {
        text: whole,
        conf: Math.min(a.conf, b.conf),
        x0: Math.min(a.x0, b.x0),
        y0: Math.min(a.y0, b.y0),
        x1: Math.max(a.x1, b.x1),
        y1: Math.max(a.y1, b.y1),
        lineKey: a.lineKey,
      };
      replaced.set(a, joined);
      replaced.set(b, null);
      i++;
    }
  }
  if (!replaced.size) return words;
  const out: Word[] = [];
  for (const w of words) {
    const r = replaced.get(w);
    if (r === undefined) out.push(w);
    else if (r) out.push(r);
  }
  return out;
}

/** Groups words into visual lines: engine lines first, then lines side by side on one row are joined. */
export function buildLines(page: PageWords): Line[] {
  const words = page.words
    .map((w) => ({ ...w, text: writtenText(w.text) }))
    .filter((w) => w.text && w.x1 > w.x0 && w.y1 > w.y0);
  const groups = new Map<string, Word[]>();
  let auto = 0;
  for (const w of words) {
    const key = w.lineKey ?? `auto${auto++}`;
    const g = groups.get(key);
    if (g) g.push(w);
    else groups.set(key, [w]);
  }
  type Row = { words: Word[]; y0: number; y1: number; x0: number; x1: number; h: number };
  const rows: Row[] = [...groups.values()]
    .map((ws) => {
      const b = bounds(ws);
      return { words: ws, ...b, h: median(ws.map((w) => w.y1 - w.y0)) };
    })
    .sort((a, b) => (a.y0 + a.y1) / 2 - (b.y0 + b.y1) / 2);

  const merged: Row[] = [];
  for (const r of rows) {
    const rc = (r.y0 + r.y1) / 2;
    let best: Row | undefined;
    let bestOverlap = 0;
    for (let i = merged.length - 1; i >= 0 && i >= merged.length - 8; i--) {
      const m = merged[i];
      if (!m) continue;
      const overlap = Math.min(m.y1, r.y1) - Math.max(m.y0, r.y0);
      const minH = Math.min(m.y1 - m.y0, r.y1 - r.y0, Math.max(m.h, r.h) * 1.5);
      const mc = (m.y0 + m.y1) / 2;
      const centred = Math.abs(mc - rc) < Math.max(m.h, r.h) * 0.6;
      const sideBySide = r.words.every((w) => !m.words.some((v) => w.x0 < v.x1 && v.x0 < w.x1));
      if (overlap > 0.5 * minH && centred && sideBySide && overlap > bestOverlap) {
        best = m;
        bestOverlap = overlap;
      }
    }
    if (best) {
      best.words.push(...r.words);
      Object.assign(best, bounds(best.words));
      best.h = median(best.words.map((w) => w.y1 - w.y0));
    } else merged.push({ ...r, words: [...r.words] });
  }

  return merged.map((r) => {
    const ws = [...r.words].sort((a, b) => a.x0 - b.x0);
    const b = bounds(ws);
    const h = median(ws.map((w) => w.y1 - w.y0)) || 1;
    const segments: Segment[] = [];
    let cur: Word[] = [];
    for (const w of ws) {
      const prev = cur[cur.length - 1];
      if (prev && w.x0 - prev.x1 > h * 1.6) {
        segments.push(makeSegment(cur));
        cur = [];
      }
      cur.push(w);
    }
    if (cur.length) segments.push(makeSegment(cur));
    return {
      page: page.page,
      pageWidth: page.width,
      pageHeight: page.height,
      words: ws,
      ...b,
      height: h,
      rtl: isRtl(ws),
      segments,
    };
  });
}

function makeSegment(words: Word[]): Segment {
  return { words, ...bounds(words), rtl: isRtl(words) };
}

/**
 * Words in reading order, a word-level simplification of the Unicode bidi algorithm: the line's base
 * direction orders its runs, Arabic runs read right to left, Latin and number runs left to right, and
 * punctuation between two words of one direction joins their run.
 */
export function logicalWords(words: Word[], rtl: boolean): Word[] {
  const sorted = [...words].sort((a, b) => a.x0 - b.x0);
  const dir = sorted.map((w): 'R' | 'L' | 'N' =>
    hasArabic(w.text) ? 'R' : /[\p{L}\p{N}\u0660-\u0669\u06f0-\u06f9]/u.test(w.text) ? 'L' : 'N',
  );
  // Neutrals take the direction of their neighbours when both agree, else the base direction.
  const base = rtl ? 'R' : 'L';
  const resolved = dir.map((d, i) => {
    if (d !== 'N') return d;
    let a: string = base;
    let b: string = base;
    for (let j = i - 1; j >= 0; j--)
      if (dir[j] !== 'N') {
        a = dir[j] as string;
        break;
      }
    for (let j = i + 1; j < dir.length; j++)
      if (dir[j] !== 'N') {
        b = dir[j] as string;
        break;
      }
    return a === b ? a : base;
  });
  const runs: { ltr: boolean; words: Word[] }[] = [];
  sorted.forEach((w, i) => {
    const ltr = resolved[i] === 'L';
    const last = runs[runs.length - 1];
    if (last && last.ltr === ltr) last.words.push(w);
    else runs.push({ ltr, words: [w] });
  });
  const ordered = rtl ? runs.reverse() : runs;
  return ordered.flatMap((r) => (r.ltr ? r.words : [...r.words].reverse()));
}

export function lineText(line: Line): string {
  return logicalWords(line.words, line.rtl)
    .map((w) => w.text)
    .join(' ');
}

export function segmentText(seg: Segment): string {
  return logicalWords(seg.words, seg.rtl)
    .map((w) => w.text)
    .join(' ');
}

/** Top to bottom per page; pages separated by a form feed, as pdftotext does. */
export function rawText(lines: Line[]): string {
  const pages = new Map<number, string[]>();
  for (const l of lines) {
    const list = pages.get(l.page) ?? [];
    list.push(lineText(l));
    pages.set(l.page, list);
  }
  return [...pages.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([, ls]) => ls.join('\n'))
    .join('\n\f\n');
}
