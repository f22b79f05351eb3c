import sharp from 'sharp';
import type { Metadata, Sharp } from 'sharp';
import { OcrError } from '../errors.js';
import { findSheet, scaleSheet, sheetFrame, warpSheet } from './sheet.js';
import type { Point, ToSource } from './sheet.js';

/** Above this many pixels an image is refused before it is decoded (an A4 page at 600 dpi is 35 MP). */
export const MAX_INPUT_PIXELS = 60_000_000;
/** Longest side handed to the engine: more costs time without helping letters of invoice sizes. */
const MAX_SIDE = 4000;
/** Long side of the copy a photographed sheet is looked for in. */
const SHEET_PROBE = 1280;

sharp.cache(false);
sharp.concurrency(1);

/** Otsu's threshold of grey levels: the level that best separates ink from paper. */
export function otsu(gray: Uint8Array): number {
  const hist = new Float64Array(256);
  for (let i = 0; i < gray.length; i++) {
    const v = gray[i] as number;
    hist[v] = (hist[v] ?? 0) + 1;
  }
  const total = gray.length;
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * (hist[i] ?? 0);
  let sumB = 0;
  let wB = 0;
  let best = 0;
  let thr = 128;
  for (let t = 0; t < 256; t++) {
    wB += hist[t] ?? 0;
    if (!wB) continue;
    const wF = total - wB;
    if (!wF) break;
    sumB += t * (hist[t] ?? 0);
    const mB = sumB / wB;
    const mF = (sum - sumB) / wF;
    const between = wB * wF * (mB - mF) ** 2;
    if (between > best) {
      best = between;
      thr = t;
    }
  }
  return thr;
}

/** A grey image, one byte a pixel, row after row. */
export interface Gray {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * The image as a binary PGM: the engine reads it from standard input as it reads a PNG, without the cost
 * of compressing and decompressing a page of millions of pixels.
 */
export function toPgm(g: Gray): Buffer {
  return Buffer.concat([Buffer.from(`P5\n${g.width} ${g.height}\n255\n`, 'ascii'), g.data]);
}

/**
 * A rectangle cut out of a grey image (clipped to it), optionally turned light-on-dark to dark-on-light,
 * with `pad` pixels of `padLevel` (white by default) around it.
 */
export function cropGray(
  g: Gray,
  box: BandBox,
  opts: { pad?: number; padLevel?: number; negate?: boolean } = {},
): Gray {
  const x0 = Math.max(0, Math.min(g.width, Math.round(box.x0)));
  const x1 = Math.max(x0, Math.min(g.width, Math.round(box.x1)));
  const y0 = Math.max(0, Math.min(g.height, Math.round(box.y0)));
  const y1 = Math.max(y0, Math.min(g.height, Math.round(box.y1)));
  const pad = opts.pad ?? 0;
  const width = x1 - x0 + 2 * pad;
  const height = y1 - y0 + 2 * pad;
  const data = Buffer.alloc(width * height, opts.padLevel ?? 255);
  for (let y = y0; y < y1; y++) {
    const src = g.data.subarray(y * g.width + x0, y * g.width + x1);
    const at = (y - y0 + pad) * width + pad;
    if (!opts.negate) src.copy(data, at);
    else for (let i = 0; i < src.length; i++) data[at + i] = 255 - (src[i] as number);
  }
  return { data, width, height };
}

/** Grey images stacked top to bottom on white, `gap` pixels apart and around. */
export function stackGray(parts: Gray[], gap: number): Gray {
  const width = Math.max(0, ...parts.map((p) => p.width)) + 2 * gap;
  const height = parts.reduce((a, p) => a + p.height + gap, gap);
  const data = Buffer.alloc(width * height, 255);
  let top = gap;
  for (const p of parts) {
    for (let y = 0; y < p.height; y++) {
      p.data.copy(data, (top + y) * width + gap, y * p.width, (y + 1) * p.width);
    }
    top += p.height + gap;
  }
  return { data, width, height };
}

export interface PreparedImage {
  /** The page the engine reads. */
  gray: Gray;
  width: number;
  height: number;
  /** Scale applied to the original (boxes are fractions, so only for diagnostics). */
  scale: number;
  flattened: boolean;
  /** Degrees the page was turned back by (0 when it was straight enough). */
  skew: number;
  /** A photographed sheet was found and drawn upright. */
  straightened: boolean;
  /**
   * Where a point of the page read (fractions of its width and height) lies in the image as it was given
   * (turned by its orientation tag), when the two differ by more than a scale: a sheet drawn upright, or a
   * tilted page turned straight.
   */
  toSource?: ToSource;
  /** Light-on-dark bands (title bars, table headers, highlighted totals), with `findBands`. */
  bands: BandBox[];
  /** The image to read the bands from: the page before its light was flattened, or `gray`. */
  bandSource: Gray;
  /** The page before its light was flattened (turned straight like `gray`), when `keepUnflattened` asked. */
  unflattened: Gray;
}

export interface PrepareOptions {
  /** Scale small images up so that text reaches the size the engine reads best. */
  minWidth?: number;
  maxSide?: number;
  /** Stretch contrast and sharpen: helps blurred, grey scans. */
  enhance?: boolean;
  /** Stretch contrast only: faint print (worn thermal receipts) that the engine does not see at all. */
  stretch?: boolean;
  /** Global threshold after flattening uneven light; helps some photos and hurts clean pages. */
  binarize?: boolean;
  /** Divide out uneven lighting: 'auto' only when the page's background really varies. */
  flatten?: 'auto' | 'always' | 'never';
  /** Find light-on-dark bands, to be read on their own (`src/bands.ts`). */
  findBands?: boolean;
  /** Turn a tilted page straight (default on): the engine loses whole tables on pages tilted 2-3 degrees. */
  deskew?: boolean;
  /** Keep the page before its light was flattened, for the second engine, which reads it better. */
  keepUnflattened?: boolean;
  /** Find a photographed sheet on its surround and draw it upright (default on; `engine/sheet.ts`). */
  straighten?: boolean;
}

/**
 * Below this tilt the engine reads a page about as well as straight, and turning it costs sharpness, which
 * Arabic's joined letters suffer most from; pages tilted 2 degrees and more lose whole tables and columns
 * unless turned.
 */
const DESKEW_MIN_DEGREES = 1.8;

let divided: Uint8Array | null = null;
/** pixel * 245 / background for every pair of levels (background first), looked up instead of computed. */
function divideTable(): Uint8Array {
  if (divided) return divided;
  divided = new Uint8Array(256 * 256);
  for (let b = 0; b < 256; b++) {
    for (let p = 0; p < 256; p++)
      divided[(b << 8) | p] = Math.min(255, Math.round((p * 245) / Math.max(24, b)));
  }
  return divided;
}

/**
 * Shadows and gradients make the engine's global threshold swallow text. The background is estimated
 * by blurring a small copy; dividing by it makes the paper evenly white. Clean pages are left untouched
 * (flattening costs Arabic pages some accuracy), so it runs only when the background's brightness
 * spreads over more than a fifth of the grey range.
 */
async function flattenLight(
  pixels: Buffer,
  width: number,
  height: number,
  force: boolean,
): Promise<{ pixels: Buffer; applied: boolean }> {
  // Brightest pixel per 16 x 16 block: paper, not ink, whatever the text density. Taken from a slightly
  // blurred copy: on a noisy photo the brightest single pixel is a speck of noise well above the paper.
  const smooth = await sharp(pixels, { raw: { width, height, channels: 1 } })
    .blur(1.5)
    .extractChannel(0)
    .raw()
    .toBuffer();
  const B = 16;
  const sw = Math.ceil(width / B);
  const sh = Math.ceil(height / B);
  const blockMax = Buffer.alloc(sw * sh);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    const brow = ((y / B) | 0) * sw;
    for (let bx = 0; bx < sw; bx++) {
      let m = blockMax[brow + bx] as number;
      const end = Math.min(width, (bx + 1) * B);
      for (let x = bx * B; x < end; x++) {
        const v = smooth[row + x] as number;
        if (v > m) m = v;
      }
      blockMax[brow + bx] = m;
    }
  }
  const small = await sharp(blockMax, { raw: { width: sw, height: sh, channels: 1 } })
    .median(5)
    .blur(2)
    // Sharp hands back three channels of a one-channel raw image unless told: one level per block.
    .extractChannel(0)
    .raw()
    .toBuffer();
  const sorted = Uint8Array.from(small).sort();
  // The 25th percentile, not the darkest blocks: a coloured band or a logo is not uneven light.
  const lo = sorted[Math.floor(sorted.length * 0.25)] ?? 0;
  const hi = sorted[Math.floor(sorted.length * 0.95)] ?? 255;
  if (!force && hi - lo < 40) return { pixels, applied: false };
  const bg = await sharp(small, { raw: { width: sw, height: sh, channels: 1 } })
    .resize(width, height, { kernel: 'cubic' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  const out = Buffer.allocUnsafe(pixels.length);
  const lut = divideTable();
  for (let i = 0; i < pixels.length; i++)
    out[i] = lut[((bg[i] as number) << 8) | (pixels[i] as number)] as number;
  return { pixels: out, applied: true };
}

/** A light-on-dark band, in pixels of the image it was found in (x1, y1 exclusive). */
export interface BandBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * Light text on dark bands (a coloured title bar, a black table header, a highlighted total) is lost by
 * the engine's binarisation. Bands are found as groups of 16 px blocks that are mostly dark, in runs at
 * least 64 px wide (a band, not a bold letter), whose bounding box they mostly fill (a rectangle, not a
 * logo); each box's edges are then found to the pixel and the rectangle is inverted. Pages with no
 * such band, or printed light on dark throughout, are returned as they are.
 */
export function invertDarkBands(
  pixels: Buffer,
  width: number,
  height: number,
): { pixels: Buffer; bands: number; boxes: BandBox[] } {
  const B = 16;
  const sw = Math.ceil(width / B);
  const sh = Math.ceil(height / B);
  const inked = new Uint32Array(sw * sh);
  const count = new Uint32Array(sw * sh);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    const brow = ((y / B) | 0) * sw;
    for (let bx = 0; bx < sw; bx++) {
      const end = Math.min(width, (bx + 1) * B);
      let n = 0;
      for (let x = bx * B; x < end; x++) if ((pixels[row + x] as number) < 128) n++;
      inked[brow + bx] = (inked[brow + bx] as number) + n;
      count[brow + bx] = (count[brow + bx] as number) + end - bx * B;
    }
  }
  const dark = new Uint8Array(sw * sh);
  let darkBlocks = 0;
  for (let by = 0; by < sh; by++) {
    let runStart = -1;
    for (let bx = 0; bx <= sw; bx++) {
      const k = by * sw + bx;
      // Mostly dark: light letters on a band cover less than half of it, dark letters on paper far less.
      const isDark = bx < sw && (inked[k] ?? 0) > 0.6 * (count[k] ?? 1);
      if (isDark && runStart < 0) runStart = bx;
      if (!isDark && runStart >= 0) {
        if (bx - runStart >= 4) {
          for (let i = runStart; i < bx; i++) dark[by * sw + i] = 1;
          darkBlocks += bx - runStart;
        }
        runStart = -1;
      }
    }
  }
  if (darkBlocks === 0 || darkBlocks > 0.4 * sw * sh) return { pixels, bands: 0, boxes: [] };

  // Groups of dark blocks (touching sides) and their boxes, in blocks.
  const seen = new Uint8Array(sw * sh);
  const boxes: { x0: number; y0: number; x1: number; y1: number }[] = [];
  for (let start = 0; start < sw * sh; start++) {
    if (!dark[start] || seen[start]) continue;
    const stack = [start];
    seen[start] = 1;
    let n = 0;
    let [x0, y0, x1, y1] = [sw, sh, 0, 0];
    while (stack.length) {
      const k = stack.pop() as number;
      n++;
      const bx = k % sw;
      const by = (k - bx) / sw;
      x0 = Math.min(x0, bx);
      x1 = Math.max(x1, bx);
      y0 = Math.min(y0, by);
      y1 = Math.max(y1, by);
      for (const [dx, dy] of [
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ] as const) {
        const nx = bx + dx;
        const ny = by + dy;
        const nk = ny * sw + nx;
        if (nx >= 0 && nx < sw && ny >= 0 && ny < sh && dark[nk] && !seen[nk]) {
          seen[nk] = 1;
          stack.push(nk);
        }
      }
    }
    // A rectangle, not a logo; a band, not the dark table or scanner lid around a photographed page.
    if (n >= 0.5 * (x1 - x0 + 1) * (y1 - y0 + 1) && (y1 - y0 + 1) * B <= 0.15 * height) {
      boxes.push({ x0, y0, x1, y1 });
    }
  }
  if (!boxes.length) return { pixels, bands: 0, boxes: [] };

  const out = Buffer.from(pixels);
  let inverted = 0;
  const found: BandBox[] = [];
  const rowDark = (y: number, xa: number, xb: number): boolean => {
    let d = 0;
    for (let x = xa; x < xb; x++) if ((pixels[y * width + x] ?? 255) < 128) d++;
    return d > 0.5 * (xb - xa);
  };
  const colDark = (x: number, ya: number, yb: number): boolean => {
    let d = 0;
    for (let y = ya; y < yb; y++) if ((pixels[y * width + x] ?? 255) < 128) d++;
    return d > 0.5 * (yb - ya);
  };
  for (const b of boxes) {
    let xa = b.x0 * B;
    let xb = Math.min(width, (b.x1 + 1) * B);
    let ya = b.y0 * B;
    let yb = Math.min(height, (b.y1 + 1) * B);
    // Each edge walked outwards from inside the band while rows or columns stay mostly dark, so that a
    // rule printed just beside the band is not taken for its edge.
    // Starting from the band's darkest row and column (between its lines of text).
    let midY = ya;
    let best = -1;
    for (let y = ya; y < yb; y++) {
      let d = 0;
      for (let x = xa; x < xb; x += 2) if ((pixels[y * width + x] ?? 255) < 128) d++;
      if (d > best) [midY, best] = [y, d];
    }
    let midX = xa;
    best = -1;
    for (let x = xa; x < xb; x++) {
      let d = 0;
      for (let y = ya; y < yb; y += 2) if ((pixels[y * width + x] ?? 255) < 128) d++;
      if (d > best) [midX, best] = [x, d];
    }
    if (!rowDark(midY, xa, xb) || !colDark(midX, ya, yb)) continue;
    let top = midY;
    while (top > 0 && top > ya - B && rowDark(top - 1, xa, xb)) top--;
    let bottom = midY;
    while (bottom < height - 1 && bottom < yb + B && rowDark(bottom + 1, xa, xb)) bottom++;
    let left = midX;
    while (left > 0 && left > xa - B && colDark(left - 1, top, bottom + 1)) left--;
    let right = midX;
    while (right < width - 1 && right < xb + B && colDark(right + 1, top, bottom + 1)) right++;
    [xa, xb, ya, yb] = [left, right + 1, top, bottom + 1];
    // A band holds a line of text and is wider than tall: not a sliver of scanner lid at the page's edge
    // nor a dark patch of a logo or photo.
    if (yb - ya < 24 || xb - xa < 128 || xb - xa < 2 * (yb - ya)) continue;
    inverted++;
    found.push({ x0: xa, y0: ya, x1: xb, y1: yb });
    for (let y = ya; y < yb; y++) {
      const row = y * width;
      for (let x = xa; x < xb; x++) out[row + x] = 255 - (pixels[row + x] ?? 0);
    }
  }
  return inverted ? { pixels: out, bands: inverted, boxes: found } : { pixels, bands: 0, boxes: [] };
}

/**
 * The angle (degrees, positive when lines run down to the right) by which the text lines of a page are
 * tilted, from projection profiles: rows of ink are sharpest when the projection follows the lines.
 * Searched within +-6 degrees on a sample of the page's dark pixels; 0 when the page has too little ink.
 */
export function estimateSkew(pixels: Uint8Array, width: number, height: number): number {
  const step = Math.max(1, Math.round(width / 700));
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y + step < height; y += step) {
    const row = y * width;
    for (let x = 0; x < width; x += step) {
      // The lower edges of dark strokes (the baselines of text), not filled bands or shaded corners.
      if ((pixels[row + x] ?? 255) < 110 && (pixels[row + step * width + x] ?? 0) > 150) {
        xs.push(x / step);
        ys.push(y / step);
      }
    }
  }
  if (xs.length < 300) return 0;
  const rows = Math.ceil(height / step) + Math.ceil(width / step) + 2;
  const offset = Math.ceil(width / step) * 0.11;
  const hist = new Float64Array(rows);
  const sharpness = (deg: number): number => {
    const t = Math.tan((deg * Math.PI) / 180);
    hist.fill(0);
    for (let i = 0; i < xs.length; i++) {
      const k = Math.round((ys[i] ?? 0) - (xs[i] ?? 0) * t + offset);
      if (k >= 0 && k < rows) hist[k] = (hist[k] ?? 0) + 1;
    }
    let sum = 0;
    for (let k = 1; k < rows; k++) {
      const d = (hist[k] ?? 0) - (hist[k - 1] ?? 0);
      sum += d * d;
    }
    return sum;
  };
  let best = 0;
  let bestScore = sharpness(0);
  for (let deg = -6; deg <= 6.001; deg += 0.5) {
    const sc = sharpness(deg);
    if (sc > bestScore) [best, bestScore] = [deg, sc];
  }
  const coarse = best;
  for (let deg = coarse - 0.4; deg <= coarse + 0.401; deg += 0.1) {
    const sc = sharpness(deg);
    if (sc > bestScore) [best, bestScore] = [deg, sc];
  }
  return Math.round(best * 10) / 10;
}

/** The affine matrix of a turn by `deg` degrees clockwise. */
function turn(deg: number): [number, number, number, number] {
  const a = (deg * Math.PI) / 180;
  return [Math.cos(a), -Math.sin(a), Math.sin(a), Math.cos(a)];
}

/**
 * Where a point of a page turned by `deg` degrees (fractions of the turned page, `turned` pixels) lies on
 * the page before the turn (fractions of it, `before` pixels). The turn draws the whole page onto the
 * smallest upright canvas around it, so the canvas starts at the turned corners' least x and y.
 */
export function turnFrame(deg: number, before: [number, number], turned: [number, number]): ToSource {
  const [a, b, c, d] = turn(deg);
  const [w, h] = before;
  const corners: Point[] = [
    [0, 0],
    [w, 0],
    [0, h],
    [w, h],
  ];
  const ox = Math.min(...corners.map(([x, y]) => a * x + b * y));
  const oy = Math.min(...corners.map(([x, y]) => c * x + d * y));
  // A turn's inverse is its transpose.
  return (u, v) => {
    const [X, Y] = [u * turned[0] + ox, v * turned[1] + oy];
    return [(a * X + c * Y) / w, (b * X + d * Y) / h];
  };
}

/**
 * The unsharp mask of `sharpenGray`: grey to lightness (L* in units of 1/327.67, as libvips' 16-bit CIELAB
 * stores it, truncated as it truncates), and the lift of a pixel for its difference from the blurred
 * lightness: by the difference where it is small (flat areas, under 2 L*), by twice what passes 2 beyond it
 * (edges), and by at most 10 L* lighter or 20 darker (sharp's `sharpen` defaults: m1 1, m2 2, x1 2, y2 10,
 * y3 20).
 */
let maskTables: { toL: Int32Array; lift: Int32Array } | null = null;
function mask(): { toL: Int32Array; lift: Int32Array } {
  if (maskTables) return maskTables;
  const linear = (c: number): number => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const toL = new Int32Array(256);
  for (let g = 0; g < 256; g++) {
    const y = linear(g / 255);
    toL[g] = Math.trunc((y > 216 / 24389 ? 116 * Math.cbrt(y) - 16 : (24389 / 27) * y) * 327.67);
  }
  const lift = new Int32Array(65536);
  for (let i = 0; i < 65536; i++) {
    const d = (i - 32767) / 327.67;
    const y = d < -2 ? (d + 2) * 2 - 2 : d < 2 ? d : (d - 2) * 2 + 2;
    lift[i] = Math.round(Math.max(-20, Math.min(10, y)) * 327.67);
  }
  return (maskTables = { toL, lift });
}

/**
 * Each pixel's lightness moved away from its neighbourhood's Gaussian blur (sigma 1: the integer kernel
 * 3 12 20 12 3 over 50, across then down, the edge pixels repeated), as libvips computes it.
 */
function sharpenedLightness(g: Gray): Uint16Array {
  const { toL, lift } = mask();
  const { width: w, height: h, data } = g;
  const n = w * h;
  // Lightness fits in 16 bits: three such copies of a page, where 32-bit ones took 90 MB more at 300 dpi.
  const L = new Uint16Array(n);
  for (let i = 0; i < n; i++) L[i] = toL[data[i] as number] as number;
  // (s + 25) / 50 rounded down, as a product: s is whole, so the extra half keeps it off the boundary.
  const across = new Uint16Array(n);
  for (let y = 0; y < h; y++) {
    const r = y * w;
    for (let x = 0; x < w; x++) {
      const a = L[r + (x >= 2 ? x - 2 : 0)] as number;
      const b = L[r + (x >= 1 ? x - 1 : 0)] as number;
      const d = L[r + (x + 1 < w ? x + 1 : w - 1)] as number;
      const e = L[r + (x + 2 < w ? x + 2 : w - 1)] as number;
      across[r + x] = ((3 * (a + e) + 12 * (b + d) + 20 * (L[r + x] as number) + 25.5) * 0.02) | 0;
    }
  }
  const out = new Uint16Array(n);
  for (let y = 0; y < h; y++) {
    const r0 = Math.max(0, y - 2) * w;
    const r1 = Math.max(0, y - 1) * w;
    const r = y * w;
    const r3 = Math.min(h - 1, y + 1) * w;
    const r4 = Math.min(h - 1, y + 2) * w;
    for (let x = 0; x < w; x++) {
      const blurred =
        ((3 * ((across[r0 + x] as number) + (across[r4 + x] as number)) +
          12 * ((across[r1 + x] as number) + (across[r3 + x] as number)) +
          20 * (across[r + x] as number) +
          25.5) *
          0.02) |
        0;
      const l = L[r + x] as number;
      const v = l + (lift[l - blurred + 32768] as number);
      out[r + x] = v < 0 ? 0 : v > 32767 ? 32767 : v;
    }
  }
  return out;
}

/**
 * Lightness back to grey as libvips converts it (through its tables of linear light, which no formula of
 * ours reproduces to the grey level): learnt once from libvips itself, by sharpening a megapixel of noisy
 * ramps whose lightnesses cover every level, 0.1 s. The map rises with lightness, so each grey holds one run
 * of levels; a level the picture did not reach takes the grey below it.
 */
let grayOfLightness: Promise<Uint8Array> | null = null;
function lightnessToGray(): Promise<Uint8Array> {
  grayOfLightness ??= (async () => {
    const w = 1024;
    const h = 1024;
    const data = Buffer.alloc(w * h);
    let seed = 12345;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
        const noise = (seed / 4294967296 - 0.5) * (1 + (y % 16)) * 2;
        data[y * w + x] = Math.max(0, Math.min(255, Math.round(((x >> 2) % 256) + noise)));
      }
    }
    const theirs = await sharp(data, { raw: { width: w, height: h, channels: 1 } })
      .sharpen({ sigma: 1 })
      .extractChannel(0)
      .raw()
      .toBuffer();
    const ours = sharpenedLightness({ data, width: w, height: h });
    const lowest = new Int32Array(256).fill(32768);
    for (let i = 0; i < ours.length; i++) {
      const grey = theirs[i] as number;
      lowest[grey] = Math.min(lowest[grey] as number, ours[i] as number);
    }
    const map = new Uint8Array(32768);
    let grey = 0;
    for (let v = 0; v < 32768; v++) {
      while (grey < 255 && v >= (lowest[grey + 1] as number)) grey++;
      map[v] = grey;
    }
    return map;
  })();
  return grayOfLightness;
}

/**
 * The page's grey pixels sharpened (an unsharp mask of about a pixel): a second look at a blurred photo.
 * The same pixels as libvips' `sharpen` (sigma 1, sharp's defaults), without its conversion of the whole page
 * to colour and back: 0.3 to 0.55 s a page there, a fifth of that here.
 */
export async function sharpenGray(g: Gray): Promise<Gray> {
  const toGray = await lightnessToGray();
  const lightness = sharpenedLightness(g);
  const out = Buffer.alloc(lightness.length);
  for (let i = 0; i < lightness.length; i++) out[i] = toGray[lightness[i] as number] as number;
  return { data: out, width: g.width, height: g.height };
}

export async function imageSize(bytes: Uint8Array): Promise<{ width: number; height: number }> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (e) {
    throw new OcrError('CORRUPT_FILE', 'The image could not be read: it is damaged or incomplete.', {
      cause: e,
    });
  }
  const width = meta.autoOrient?.width ?? meta.width ?? 0;
  const height = meta.autoOrient?.height ?? meta.height ?? 0;
  if (!width || !height) throw new OcrError('CORRUPT_FILE', 'The image has no size: it is damaged.');
  if (width * height > MAX_INPUT_PIXELS) {
    throw new OcrError(
      'IMAGE_TOO_LARGE',
      `The image is ${width} x ${height} pixels; at most ${MAX_INPUT_PIXELS / 1e6} megapixels are accepted.`,
    );
  }
  return { width, height };
}

/** Decodes, orients, greys and resizes an image into the PNG the engine reads. */
export async function prepareImage(bytes: Uint8Array, opts: PrepareOptions = {}): Promise<PreparedImage> {
  let { width, height } = await imageSize(bytes);
  const maxSide = opts.maxSide ?? MAX_SIDE;
  const scaleFor = (w: number, h: number): number => {
    let k = 1;
    if (opts.minWidth && w < opts.minWidth) k = Math.min(3, opts.minWidth / w);
    if (Math.max(w, h) * k > maxSide) k = maxSide / Math.max(w, h);
    return k;
  };
  let scale = scaleFor(width, height);
  let straightened = false;
  let toSource: PreparedImage['toSource'];
  try {
    // Decoded once, to grey: the reduced copy a sheet is looked for in, the sheet drawn upright and the
    // page resized are all made from these pixels (the same as decoding for each).
    const decoded = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .autoOrient()
      .flatten({ background: '#ffffff' })
      .grayscale()
      .extractChannel(0)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const page = { data: decoded.data, width: decoded.info.width, height: decoded.info.height };
    const grey = (g: Gray): Sharp =>
      sharp(g.data, { raw: { width: g.width, height: g.height, channels: 1 } });
    let img = grey(page);
    if (opts.straighten !== false) {
      // Looked for on a reduced copy (the edges are found at about 640 pixels anyway), drawn from the
      // full image.
      const small = await grey(page)
        .resize({ width: SHEET_PROBE, height: SHEET_PROBE, fit: 'inside', withoutEnlargement: true })
        .extractChannel(0)
        .raw()
        .toBuffer({ resolveWithObject: true });
      const found = findSheet({ data: small.data, width: small.info.width, height: small.info.height });
      if (found) {
        const sheet = scaleSheet(found, page.width / small.info.width, page.height / small.info.height);
        // The sheet drawn upright at the size the engine reads best, in one resampling.
        const k = scaleFor(sheet.width, sheet.height);
        const w = Math.round(sheet.width * k);
        const h = Math.round(sheet.height * k);
        img = grey({ data: warpSheet(page, sheet, w, h).data, width: w, height: h });
        [width, height, scale, straightened] = [w, h, 1, true];
        toSource = sheetFrame(sheet, page.width, page.height);
      }
    }
    if (scale !== 1) {
      img = img.resize({ width: Math.round(width * scale), kernel: 'lanczos3' });
    }
    if (opts.enhance) img = img.normalise({ lower: 1, upper: 99 }).sharpen({ sigma: 1 });
    else if (opts.stretch) img = img.normalise({ lower: 1, upper: 99 });
    const raw = await img.extractChannel(0).raw().toBuffer({ resolveWithObject: true });
    let pixels: Buffer = raw.data;
    let { width: w, height: h } = raw.info;
    // Measured before flattening: dividing out the light also lifts paper noise into stroke edges.
    // A sheet drawn upright is upright.
    let skew = opts.deskew === false || straightened ? 0 : estimateSkew(pixels, w, h);
    const turnRaw = async (data: Buffer): Promise<{ data: Buffer; width: number; height: number }> => {
      const r = await sharp(data, { raw: { width: w, height: h, channels: 1 } })
        .affine(turn(-skew), { background: '#ffffff', interpolator: 'bicubic' })
        .extractChannel(0)
        .raw()
        .toBuffer({ resolveWithObject: true });
      return { data: r.data, width: r.info.width, height: r.info.height };
    };
    // The page before its light is flattened: bands are found, and read, in it (flattening takes a
    // band's light letters for its background).
    let unflattened = pixels;
    let flattened = false;
    if (opts.flatten !== 'never') {
      const r = await flattenLight(pixels, w, h, opts.flatten === 'always');
      pixels = r.pixels;
      flattened = r.applied;
    }
    if (skew && Math.abs(skew) < DESKEW_MIN_DEGREES) skew = 0;
    if (skew) {
      const turned = await turnRaw(pixels);
      if ((opts.findBands || opts.keepUnflattened) && flattened)
        unflattened = (await turnRaw(unflattened)).data;
      toSource = turnFrame(-skew, [w, h], [turned.width, turned.height]);
      pixels = turned.data;
      w = turned.width;
      h = turned.height;
    }
    if (!flattened) unflattened = pixels;
    const bands = opts.findBands ? invertDarkBands(unflattened, w, h).boxes : [];
    if (opts.binarize) for (let i = 0; i < pixels.length; i++) pixels[i] = (pixels[i] ?? 0) < 150 ? 0 : 255;
    const gray = { data: pixels, width: w, height: h };
    const before = unflattened !== pixels ? { ...gray, data: unflattened } : gray;
    const bandSource = bands.length ? before : gray;
    return {
      gray,
      width: w,
      height: h,
      scale,
      flattened,
      skew,
      straightened,
      ...(toSource ? { toSource } : {}),
      bands,
      bandSource,
      unflattened: opts.keepUnflattened ? before : gray,
    };
  } catch (e) {
    if (e instanceof OcrError) throw e;
    const msg = e instanceof Error ? e.message : String(e);
    if (/pixel limit/i.test(msg)) {
      throw new OcrError('IMAGE_TOO_LARGE', 'The image has too many pixels to be read safely.', { cause: e });
    }
    throw new OcrError('CORRUPT_FILE', 'The image could not be decoded: it is damaged or incomplete.', {
      cause: e,
    });
  }
}
