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
