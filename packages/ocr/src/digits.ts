// Arabic-Indic digits: the stock Tesseract models cannot read them (Debian's `ara` knows only ٠ and ١, and
// `Arabic` answers Latin look-alikes such as "VAV" for ٧٨٧). Words that look like such misreadings are
// re-read here glyph by glyph: connected components of the word's pixels, matched against templates
// rendered at run time from the Arabic fonts installed with the system packages.
import sharp from 'sharp';
import type { PageWords, Word } from './layout.js';
import type { Gray } from './engine/image.js';
import { otsu } from './engine/image.js';
import { hasArabic } from './text.js';

const N = 16;
const FONTS = [
  'Noto Naskh Arabic',
  'Noto Sans Arabic',
  'DejaVu Sans',
  'Amiri',
  'KacstBook',
  'KacstNaskh',
  'KacstScreen',
];
const ARABIC_GLYPHS: [string, string][] = [
  ['٠', '0'],
  ['١', '1'],
  ['٢', '2'],
  ['٣', '3'],
  ['٤', '4'],
  ['٥', '5'],
  ['٦', '6'],
  ['٧', '7'],
  ['٨', '8'],
  ['٩', '9'],
  ['٫', 'sep'],
  ['٬', 'sep'],
  [',', 'sep'],
  ['.', 'sep'],
  ['/', '/'],
  ['-', '-'],
];
const WESTERN_GLYPHS: [string, string][] = [...'0123456789'].map((d) => [d, `w${d}`]);

interface Shape {
  bmp: Float32Array;
  relH: number;
  relY: number;
  aspect: number;
}

interface Template extends Shape {
  label: string;
}

interface Component {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  pixels: number[];
}

function components(ink: Uint8Array, w: number, h: number): Component[] {
  const seen = new Uint8Array(w * h);
  const out: Component[] = [];
  const stack: number[] = [];
  for (let start = 0; start < w * h; start++) {
    if (!ink[start] || seen[start]) continue;
    const c: Component = { x0: w, y0: h, x1: 0, y1: 0, pixels: [] };
    stack.push(start);
    seen[start] = 1;
    while (stack.length) {
      const p = stack.pop() as number;
      const x = p % w;
      const y = (p - x) / w;
      c.pixels.push(p);
      if (x < c.x0) c.x0 = x;
      if (x > c.x1) c.x1 = x;
      if (y < c.y0) c.y0 = y;
      if (y > c.y1) c.y1 = y;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
          const q = ny * w + nx;
          if (ink[q] && !seen[q]) {
            seen[q] = 1;
            stack.push(q);
          }
        }
      }
    }
    out.push(c);
  }
  return out;
}

function bitmapOf(c: Component, w: number): Float32Array {
  const bw = c.x1 - c.x0 + 1;
  const bh = c.y1 - c.y0 + 1;
  const side = Math.max(bw, bh);
  const ox = (side - bw) / 2;
  const oy = (side - bh) / 2;
  const bmp = new Float32Array(N * N);
  const weight = (N * N) / (side * side);
  for (const p of c.pixels) {
    const x = (p % w) - c.x0 + ox;
    const y = Math.floor(p / w) - c.y0 + oy;
    const k = Math.min(N - 1, Math.floor((y / side) * N)) * N + Math.min(N - 1, Math.floor((x / side) * N));
    bmp[k] = Math.min(1, (bmp[k] ?? 0) + weight);
  }
  return bmp;
}

/** Shapes of the ink in a word image, left to right, sized relative to the word's digit height. */
function shapes(
  gray: Uint8Array,
  w: number,
  h: number,
  threshold?: number,
  minDigitH = 0,
): { shape: Shape; x: number }[] {
  const thr = threshold ?? otsu(gray);
  const ink = new Uint8Array(w * h);
  for (let i = 0; i < gray.length; i++) ink[i] = (gray[i] ?? 255) < thr ? 1 : 0;
  const minArea = Math.max(3, w * h * 0.002);
  const comps = components(ink, w, h).filter((c) => c.pixels.length >= minArea);
  if (!comps.length) return [];
  const heights = comps.map((c) => c.y1 - c.y0 + 1);
  const maxH = Math.max(...heights);
  const tall = comps.filter((c) => c.y1 - c.y0 + 1 >= maxH * 0.6);
  const sortMid = <T>(xs: T[], f: (x: T) => number): number => {
    const s = xs.map(f).sort((a, b) => a - b);
    return s[Math.floor(s.length / 2)] ?? 0;
  };
  // A word of small marks only ("٠٠") must not take its marks for full-height digits.
  const localH = sortMid(tall, (c) => c.y1 - c.y0 + 1);
  const digitH = Math.max(localH, minDigitH);
  const baseline = sortMid(tall, (c) => c.y1) + (localH >= minDigitH ? 0 : (digitH - localH) / 2);
  const top = baseline - digitH;
  return comps
    .sort((a, b) => a.x0 - b.x0)
    .map((c) => ({
      x: c.x0,
      shape: {
        bmp: bitmapOf(c, w),
        relH: (c.y1 - c.y0 + 1) / digitH,
        relY: ((c.y0 + c.y1) / 2 - top) / digitH,
        aspect: Math.log((c.y1 - c.y0 + 1) / (c.x1 - c.x0 + 1)),
      },
    }));
}

let templates: Promise<Template[]> | null = null;

export async function renderTemplates(): Promise<Template[]> {
  const out: Template[] = [];
  for (const font of FONTS) {
    for (const weight of [400, 700]) {
      for (const [glyph, label] of [...ARABIC_GLYPHS, ...WESTERN_GLYPHS]) {
        // Each glyph beside two reference digits, so that its size and height are measured as on a page.
        const western = label.startsWith('w');
        const text = (western ? `1${glyph}3` : `١${glyph}٣`).replace(/&/g, '&amp;').replace(/</g, '&lt;');
        const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><rect width="100%" height="100%" fill="#fff"/><text x="40" y="140" font-family="${font}" font-weight="${weight}" font-size="90">${text}</text></svg>`;
        const { data, info } = await sharp(Buffer.from(svg))
          .grayscale()
          .raw()
          .toBuffer({ resolveWithObject: true });
        const found = shapes(new Uint8Array(data), info.width, info.height, 128);
        // Left to right: ١, then the glyph (one or two components), then ٣.
        if (found.length < 3) continue;
        const middle = found.slice(1, -1);
        if (middle.length !== 1) continue;
        const m = middle[0];
        if (!m) continue;
        // A separator drawn at mid-height in some font would be confused with ٠, the small mid-height mark.
        if (label === 'sep' && m.shape.relY > 0.2 && m.shape.relY < 0.75) continue;
        out.push({ label, ...m.shape });
      }
    }
  }
  return out;
}

function classify(s: Shape, ts: Template[]): { label: string; dist: number } {
  let best = { label: '?', dist: Infinity };
  for (const t of ts) {
    let d = 0;
    for (let i = 0; i < N * N; i++) d += ((s.bmp[i] ?? 0) - (t.bmp[i] ?? 0)) ** 2;
    d =
      d / (N * N) +
      3 * (s.relH - t.relH) ** 2 +
      3 * (s.relY - t.relY) ** 2 +
      0.3 * (s.aspect - t.aspect) ** 2;
    if (d < best.dist) best = { label: t.label, dist: d };
  }
  // A small mark hanging at the top is a thousands separator in fonts that draw ٬ high; digits span the line.
  if (s.relY < 0.35 && s.relH < 0.7 && best.label !== '0') return { label: 'sep', dist: best.dist };
  return best;
}

/** Separators by position: the last one before one or two final digits is decimal, the others group. */
function resolveSeparators(labels: string[]): string {
  const lastSep = labels.lastIndexOf('sep');
  const after = lastSep >= 0 ? labels.slice(lastSep + 1).filter((l) => /^\d$/.test(l)).length : 0;
  return labels
    .map((l, i) => (l === 'sep' ? (i === lastSep && after > 0 && after <= 2 ? '٫' : '٬') : l))
    .map((l) => (/^\d$/.test(l) ? String.fromCharCode(0x0660 + Number(l)) : l))
    .join('');
}

// What the stock models answer for Arabic-Indic digits: Latin look-alikes, Persian digits and marks.
const LOOKALIKE = /^[0-9\u0660-\u0669\u06f0-\u06f9VYAEoO\\/|<>()‘’'"°*“”.,\u066b\u066c+\-^rlI£¥٪%:;]+$/;

// A number as the tuned model writes it: Arabic-Indic digits with their separators and marks.
const ARABIC_INDIC_NUMBER =
  /^[\u0660-\u0669\u066b\u066c.,/:%\-]*[\u0660-\u0669][\u0660-\u0669\u066b\u066c.,/:%\-]*$/;

/**
 * Arabic-Indic five (٥) is a small ring, and the models sometimes answer a Latin o or 0 for it inside a
 * number they otherwise read in Arabic-Indic digits ("0٠" for ٥٠). In a word of Arabic-Indic digits and
 * separators, on a page printed in Arabic-Indic digits, such a ring is a five: Arabic-Indic zero is a dot,
 * and Western digits are not mixed in.
 */
export function fixRingFives(page: PageWords): PageWords {
  return rewriteTexts(page, (t) =>
    // Not in dates and times, and not beside ١ alone: "١0" may be a Western 10 whose 1 took the
    // Arabic-Indic shape it shares.
    /[0oO]/.test(t) &&
    /[\u0660\u0662-\u0669]/.test(t) &&
    /^[\u0660-\u0669\u066b\u066c.,%\-0oO\u200e\u200f\u061c]+$/.test(t)
      ? t.replace(/[0oO]/g, '\u0665')
      : t,
  );
}

/**
 * The Arabic decimal mark ٫ is a short slanted stroke, and the models answer the letter ر for it, a
 * letter no number holds ("٧ر٧٩", "٥٠ر٤٠" for ٧٫٧٩ and ٥٠٫٤٠): between Arabic-Indic or Persian digits,
 * with one to three digits after it, it is the mark.
 */
export function fixRaMarks(page: PageWords): PageWords {
  return rewriteTexts(page, (t) =>
    t.replace(
      /^([\u200e\u200f\u061c]*[\u0660-\u0669\u06f0-\u06f9]+)\u0631([\u0660-\u0669\u06f0-\u06f9]{1,3}[\u200e\u200f\u061c]*)$/,
      '$1\u066b$2',
    ),
  );
}

/** The page with each word's text rewritten; the same page when no text changed. */
function rewriteTexts(page: PageWords, rewrite: (text: string) => string): PageWords {
  let changed = false;
  const words = page.words.map((w) => {
    const text = rewrite(w.text);
    if (text === w.text) return w;
    changed = true;
    return { ...w, text };
  });
  return changed ? { ...page, words } : page;
}

const BIDI_MARKS = /[\u200e\u200f\u061c]/g;
const DIGIT_FRAGMENT = /^[\u0660-\u0669\u066b\u066c.,]*[\u0660-\u0669][\u0660-\u0669\u066b\u066c.,]*$/;

/**
 * Arabic-Indic numbers in wide-set fonts (Amiri, Scheherazade) come out of the engine cut into pieces
 * at the gaps between digits ("٩ ٤,٣٨٣٠٢ ٥" for ٩٤,٣٨٣.٢٥). Number pieces on the same engine line whose
 * gap is under the digits' height are one number again; columns of a table are far wider apart.
 */
export function joinDigitFragments(page: PageWords): PageWords {
  const out: Word[] = [];
  const byLine = new Map<string, Word[]>();
  for (const w of page.words) {
    if (!w.lineKey || !DIGIT_FRAGMENT.test(w.text.replace(BIDI_MARKS, ''))) {
      out.push(w);
      continue;
    }
    byLine.set(w.lineKey, [...(byLine.get(w.lineKey) ?? []), w]);
  }
  let joined = 0;
  const others = out.filter((w) => w.lineKey);
  // Something else printed between two pieces ("١٠ - ٢٠") keeps them apart.
  const between = (line: string, x0: number, x1: number): boolean =>
    others.some((o) => o.lineKey === line && o.x1 > x0 && o.x0 < x1);
  // Two amounts each with its decimals ("٢١٥٠٫٠٠ ٣٠٠٫٠٠" on a tight receipt) are two numbers.
  const hasDecimals = (t: string): boolean => /[.,\u066b][\u0660-\u0669]{2}$/.test(t.replace(BIDI_MARKS, ''));
  for (const [line, ws] of byLine) {
    ws.sort((a, b) => a.x0 - b.x0);
    let cur: Word | null = null;
    for (const w of ws) {
      if (cur) {
        const c: Word = cur;
        const h = Math.max(c.y1 - c.y0, w.y1 - w.y0);
        const gap = w.x0 - c.x1;
        const overlap = Math.min(c.y1, w.y1) - Math.max(c.y0, w.y0);
        if (
          gap > -h * 0.2 &&
          gap < h * 0.65 &&
          overlap > 0.4 * Math.min(c.y1 - c.y0, w.y1 - w.y0) &&
          !(hasDecimals(c.text) && hasDecimals(w.text)) &&
          !between(line, c.x1, w.x0)
        ) {
          cur = {
            ...c,
            text: c.text.replace(BIDI_MARKS, '') + w.text.replace(BIDI_MARKS, ''),
            conf: Math.min(c.conf, w.conf),
            x0: Math.min(c.x0, w.x0),
            y0: Math.min(c.y0, w.y0),
            x1: Math.max(c.x1, w.x1),
            y1: Math.max(c.y1, w.y1),
          };
          joined += 1;
          continue;
        }
        out.push(cur);
      }
      cur = w;
    }
    if (cur) out.push(cur);
  }
  // The layout step groups words by their engine line and orders them by position, not by this list.
  return joined ? { ...page, words: out } : page;
}

function isCandidate(w: Word, tuned: boolean): boolean {
  // Words of a light-on-dark band were read from the band turned over; the page has them light on dark.
  if (w.lineKey?.startsWith('band')) return false;
  const t = w.text;
  if (hasArabic(t) || !LOOKALIKE.test(t)) return false;
  if (tuned && w.conf >= 0.85 && ARABIC_INDIC_NUMBER.test(t)) return false;
  if (/[\u0660-\u0669\u06f0-\u06f9]/.test(t)) return true;
  return w.conf < 0.9 || /[VYAEo\\°‘]/.test(t);
}

/**
 * A word of Latin letters only ("Al") next to a capitalised Latin word of four letters or more on its
 * line ("Al Riyada Trading"): part of a name, not a number read as look-alike letters. (A unit after a
 * quantity, "٨ pcs" read "A pcs", is short or in lower case, and stays a candidate.)
 */
function inLatinPhrase(w: Word, line: Word[]): boolean {
  if (!/^[A-Za-z]+$/.test(w.text)) return false;
  const h = w.y1 - w.y0;
  return line.some(
    (v) => v !== w && /^[A-Z][a-z]{3,}[.,]?$/.test(v.text) && Math.max(v.x0 - w.x1, w.x0 - v.x1) < h * 1.5,
  );
}

/**
 * Re-reads, on a page whose numbers are printed in Arabic-Indic digits, the words the engine misread.
 * `image` is the page the words' boxes refer to. Pages printed with Western digits are left as they
 * are: the glyphs are matched against Western digits too, and the page is rewritten only when most
 * digits are Arabic-Indic. With `tunedModel` (the page was read by the model trained on Arabic-Indic
 * digits), numbers it read in Arabic-Indic digits with high confidence are kept as read.
 */
export async function rereadArabicDigits(
  image: Gray,
  page: PageWords,
  opts: { tunedModel?: boolean } = {},
): Promise<{ page: PageWords; changed: number }> {
  const byLine = new Map<string, Word[]>();
  for (const w of page.words) {
    if (w.lineKey === undefined) continue;
    const list = byLine.get(w.lineKey) ?? [];
    list.push(w);
    byLine.set(w.lineKey, list);
  }
  const cands = page.words.filter(
    (w) => isCandidate(w, !!opts.tunedModel) && !inLatinPhrase(w, byLine.get(w.lineKey ?? '') ?? []),
  );
  if (cands.length < 3) return { page, changed: 0 };
  templates ??= renderTemplates();
  const ts = await templates;
  const { data } = image;
  const hs = cands.map((w) => w.y1 - w.y0).sort((a, b) => a - b);
  const pageDigitH = 0.7 * (hs[Math.floor(hs.length / 2)] ?? 0);
  let arabic = 0;
  let western = 0;
  const readings = new Map<Word, string>();
  for (const w of cands) {
    const pad = Math.round((w.y1 - w.y0) * 0.15);
    const x0 = Math.max(0, Math.floor(w.x0 - pad));
    const y0 = Math.max(0, Math.floor(w.y0 - pad));
    const x1 = Math.min(image.width, Math.ceil(w.x1 + pad));
    const y1 = Math.min(image.height, Math.ceil(w.y1 + pad));
    const cw = x1 - x0;
    const ch = y1 - y0;
    if (cw < 4 || ch < 6 || cw * ch > 400_000) continue;
    const crop = new Uint8Array(cw * ch);
    for (let y = 0; y < ch; y++) {
      const row = (y0 + y) * image.width;
      crop.set(data.subarray(row + x0, row + x0 + cw), y * cw);
    }
    const found = shapes(crop, cw, ch, undefined, pageDigitH);
    const labels = found.map((s) => classify(s.shape, ts).label);
    const ar = labels.filter((l) => /^\d$/.test(l)).length;
    const we = labels.filter((l) => /^w\d$/.test(l)).length;
    arabic += ar;
    western += we;
    if (ar && ar >= we)
      readings.set(w, resolveSeparators(labels.map((l) => (/^w\d$/.test(l) ? l.slice(1) : l))));
  }
  if (arabic <= western * 1.5) return { page, changed: 0 };
  const words = page.words.map((w) => {
    const r = readings.get(w);
    return r ? { ...w, text: r, conf: Math.min(w.conf, 0.75) } : w;
  });
  return { page: { ...page, words }, changed: readings.size };
}

const ARABIC_INDIC_WORD =
  /^[\u0660-\u0669\u06f0-\u06f9\u066b\u066c.,/:-]*[\u0660-\u0669\u06f0-\u06f9][\u0660-\u0669\u06f0-\u06f9\u066b\u066c.,/:-]*$/;
const WESTERN_NUMBER = /^[\d,./:-]*\d[\d,./:-]*$/;
/** A number in either digit system, or in both (a misread). */
const ANY_DIGITS_WORD =
  /^[\d\u0660-\u0669\u06f0-\u06f9\u066b\u066c,./:-]*[\d\u0660-\u0669\u06f0-\u06f9][\d\u0660-\u0669\u06f0-\u06f9\u066b\u066c,./:-]*$/;
/** A reference of Latin capitals and digits as the English pass reads it: "R058167", "TI/KW/24/8988". */
const LATIN_ID = /^(?=(?:.*\d){3})(?=.*[A-Z])[A-Z\d][A-Z\d/-]+$/;
/**
 * The English pass's word without the number sign printed against it ("2024/703#", "#BL265816"): the
 * tuned model reads the sign as a digit ("2024/7034"), which the English model does not.
 */
const unsigned = (t: string): string => t.replace(/^#(?=[^#])|(?<=[^#])#$/, '');

/**
 * The combined pass read a reference's capitals as digits ("۴474737" for F474737, "81253049" for
 * BL253049), or the number sign at its end ("BL2658164" for BL265816#): the same length, the same wherever
 * the English reading has a digit or a mark, a digit or a capital wherever it has a capital, and at least one
 * capital or sign read as a digit.
 */
export function capitalsReadAsDigits(english: string, read: string): boolean {
  if (english.length !== read.length || english === read) return false;
  let misread = 0;
  for (let i = 0; i < english.length; i++) {
    const e = english[i] as string;
    const r = read[i] as string;
    // The number sign at either end reads as a digit too.
    const sign = e === '#' && (i === 0 || i === english.length - 1);
    if (/[A-Z]/.test(e) || sign) {
      if (/[\d\u0660-\u0669\u06f0-\u06f9]/.test(r)) misread++;
      else if (r !== e && !/[A-Z]/.test(r)) return false;
    } else if (e !== r) return false;
  }
  return misread > 0;
}

/** The English pass's reading of a Western number is taken from this confidence up. */
const SURE_WESTERN = 0.6;

/**
 * A reference the tuned model read with the number sign printed at its end as one or two more characters
 * ("INV-2026-149564" or "71487#4" for INV-2026-14956#, "T١/BH/26/48594" for TI/BH/26/4859#), where the
 * English pass, however unsure (the sign makes the word unsure), read the same reference with the sign, or
 * with the plus it looks like ("INV-2026-14956+"): the English reference with its sign, when the tuned word
 * starts with it (or with it but for capitals read as digits). The reference needs four digits, so that a
 * telephone's country code with its plus ("966+") is no reference.
 */
export function signReadAsDigit(english: string, read: string): string | null {
  const m = /^(.*?[^#+])([#+]{1,2})$/.exec(english);
  const core = m?.[1];
  if (!core || (core.match(/\d/g) ?? []).length < 4) return null;
  if (!WESTERN_NUMBER.test(core) && !LATIN_ID.test(core)) return null;
  const extra = read.length - core.length;
  if (extra < 1 || extra > 2 || !/^[\d\u0660-\u0669\u06f0-\u06f9#+]+$/.test(read.slice(core.length)))
    return null;
  const head = read.slice(0, core.length);
  return head === core || capitalsReadAsDigits(core, head) ? `${core}#` : null;
}

/**
 * On a page printed in Western digits, an Arabic reading answers some of its numbers in Arabic-Indic digits
 * that are not on the page ("٢٨٨" for 238.00). The English pass read the same picture: where it read a
 * Western number surely in the place of such a word, its reading replaces the word. (Only pages on which the
 * English pass read many Western digits surely are Western-digit pages; and the Arabic-Indic digits the
 * English model reads as sure Western ones, ١ and ٩, it reads as the same digits.) After the tuned model
 * (`westernToo`), which reads Western digits worse than the English model, its Western numbers are replaced
 * too, one for one (with the number sign the English pass read against it, which the tuned model reads as
 * a digit). Likewise a reference whose capitals were read as digits takes the English reading, and after the
 * tuned model a number whose digits were read as capitals.
 */
export function westernNumbersFromEnglish(
  page: PageWords,
  english: PageWords,
  westernToo = false,
): PageWords {
  if (english.width !== page.width || english.height !== page.height) return page;
  const sure = english.words.filter((w) => w.conf >= SURE_WESTERN);
  const numbers = sure.filter((w) => WESTERN_NUMBER.test(unsigned(w.text.replace(BIDI_MARKS, ''))));
  const ids = sure.filter((w) => LATIN_ID.test(unsigned(w.text.replace(BIDI_MARKS, ''))));
  if (!numbers.length && !ids.length) return page;
  let replaced = 0;
  const used = new Set<Word>();
  const overlapping = (w: Word, among: Word[]): Word[] => {
    const h = w.y1 - w.y0;
    return among.filter((e) => {
      const across = Math.min(w.x1, e.x1) - Math.max(w.x0, e.x0);
      const down = Math.min(w.y1, e.y1) - Math.max(w.y0, e.y0);
      return across > 0.5 * Math.min(w.x1 - w.x0, e.x1 - e.x0) && down > 0.5 * Math.min(h, e.y1 - e.y0);
    });
  };
  const words = page.words.flatMap((w): Word[] => {
    if (w.lineKey?.startsWith('band')) return [w];
    const text = w.text.replace(BIDI_MARKS, '');
    const number = ARABIC_INDIC_WORD.test(text) || (westernToo && ANY_DIGITS_WORD.test(text));
    const over = number ? overlapping(w, numbers) : [];
    // A Western number is taken only one for one: where the English pass read it as two, it lost a mark.
    if (!over.length || (over.length > 1 && !ARABIC_INDIC_WORD.test(text))) {
      // A reference whose capitals were read as digits ("2-057952" for F-057952) is not a number.
      const id =
        overlapping(w, ids).find((e) => capitalsReadAsDigits(e.text.replace(BIDI_MARKS, ''), text)) ??
        // After the tuned model, the other way round too: a number's digits read as capitals ("S0-43536").
        (westernToo && /[A-Z]/.test(text)
          ? overlapping(w, numbers).find((e) => capitalsReadAsDigits(text, e.text.replace(BIDI_MARKS, '')))
          : undefined);
      if (!id) {
        const signed = westernToo
          ? overlapping(w, english.words)
              .map((e) => signReadAsDigit(e.text.replace(BIDI_MARKS, ''), text))
              .find((t) => t !== null)
          : undefined;
        if (!signed) return [w];
        replaced += 1;
        return [{ ...w, text: signed }];
      }
      replaced += 1;
      return [{ ...w, text: id.text.replace(BIDI_MARKS, '') }];
    }
    replaced += 1;
    // A number the Arabic model cut in two is put back once.
    const fresh = over.filter((e) => !used.has(e));
    for (const e of fresh) used.add(e);
    return fresh.map((e) => ({ ...e, ...(w.lineKey ? { lineKey: w.lineKey } : {}) }));
  });
  return replaced ? { ...page, words } : page;
}

/** Two readings of one word: most of the wider across, half of the lower down. */
function sameWord(a: Word, b: Word): boolean {
  const across = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  const down = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  return across > 0.6 * Math.max(a.x1 - a.x0, b.x1 - b.x0) && down > 0.5 * Math.min(a.y1 - a.y0, b.y1 - b.y0);
}

/**
 * A reference of capitals and digits between slashes or dashes ("TI/EG/٢٤/٧٣١٢#") whose capitals the tuned
 * model read with a Western digit among them ("E6G" for EG, "T1" for TI). The English pass reads the
 * capitals, however unsure it is of the word (it reads the Arabic-Indic digits beside them as Latin
 * look-alikes, "TI/EG/r¥¢/vyiv#"): where its reading in the same place has the same parts and separators,
 * each part the tuned model read as capitals and digits takes the English part when that is capitals alone.
 */
export function codeLettersFromEnglish(page: PageWords, english: PageWords): PageWords {
  if (english.width !== page.width || english.height !== page.height) return page;
  const coded = english.words.filter((w) => /^[A-Z]{1,4}[/-]/.test(w.text.replace(BIDI_MARKS, '')));
  if (!coded.length) return page;
  let replaced = 0;
  const words = page.words.map((w): Word => {
    const text = w.text.replace(BIDI_MARKS, '');
    if (!/[/-]/.test(text) || !/[A-Z]/.test(text)) return w;
    const parts = text.split(/([/-])/);
    for (const e of coded.filter((x) => sameWord(w, x))) {
      const theirs = e.text.replace(BIDI_MARKS, '').split(/([/-])/);
      if (theirs.length !== parts.length || theirs.some((t, i) => i % 2 === 1 && t !== parts[i])) continue;
      let changed = 0;
      const fixed = parts.map((p, i) => {
        const t = theirs[i] as string;
        const swap =
          i % 2 === 0 &&
          /^(?=.*[A-Z])(?=.*\d)[A-Z\d]+$/.test(p) &&
          /^[A-Z]{1,4}$/.test(t) &&
          Math.abs(t.length - p.length) <= 1;
        if (swap) changed++;
        return swap ? t : p;
      });
      if (!changed) continue;
      replaced++;
      return { ...w, text: fixed.join('') };
    }
    return w;
  });
  return replaced ? { ...page, words } : page;
}

/** The English pass's reading of a Latin word is taken from this confidence up. */
const SURE_LATIN = 0.8;
const ARABIC_INDIC_DIGIT = /[\u0660-\u0669\u06f0-\u06f9]/;
const LATIN_WORD = /^[\p{Script=Latin}0-9.,&'()/-]+$/u;
const latinLetters = (s: string): number => s.match(/\p{Script=Latin}/gu)?.length ?? 0;

/**
 * The tuned Arabic model reads the Latin words of a bilingual page worse than the English model (`AT` for
 * Al, a capital read as a digit). Where the English pass read a Latin word surely in the place of one the
 * Arabic reading also answered in Latin letters, one word for one, the English reading replaces it. Words
 * the Arabic reading answered in Arabic letters or digits stay (there the English pass read Arabic as
 * Latin look-alikes), unless they mix in Latin letters. On a page of Arabic-Indic digits (`mixedOnly`) only
 * such mixed words are taken.
 */
export function latinWordsFromEnglish(
  page: PageWords,
  english: PageWords,
  westernPage = false,
  mixedOnly = false,
): PageWords {
  if (english.width !== page.width || english.height !== page.height) return page;
  const sure = english.words.filter((w) => {
    const t = w.text.replace(BIDI_MARKS, '');
    return w.conf >= SURE_LATIN && LATIN_WORD.test(t) && latinLetters(t) >= 2;
  });
  if (!sure.length) return page;
  let replaced = 0;
  const words = page.words.map((w): Word => {
    if (w.lineKey?.startsWith('band')) return w;
    const text = w.text.replace(BIDI_MARKS, '');
    // On a page printed in Western digits, an Arabic-Indic digit is a misread too (`A٨1` for Al).
    const latin = LATIN_WORD.test(text) && latinLetters(text) > 0;
    const misread = westernPage && !hasArabic(text) && ARABIC_INDIC_DIGIT.test(text);
    // Latin and Arabic letters in one word are a Latin word whose strokes were read as Arabic (`ااBi` for
    // Bill): print sets the two scripts apart.
    const mixed = hasArabic(text) && latinLetters(text) >= 2;
    if (mixedOnly ? !mixed : !latin && !misread && !mixed) return w;
    const over = sure.filter((e) => sameWord(w, e));
    const e = over.length === 1 ? over[0] : undefined;
    if (!e || e.conf < w.conf) return w;
    const t = e.text.replace(BIDI_MARKS, '');
    if (t === text) return w;
    replaced += 1;
    return { ...w, text: t, conf: e.conf };
  });
  return replaced ? { ...page, words } : page;
}
