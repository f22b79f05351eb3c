import { otsu } from './image.js';
import type { Gray } from './image.js';

/**
 * Table rules (the lines of a ruled or gridded table, the rule under a header or above a total). Read as
 * one block (`--psm 6`), a page keeps the columns of figures that the engine's column finding drops from
 * a gridded table, but only once the rules are gone: the block reading of a page that does not add up
 * (`recognize.ts`) is made on a copy with them erased. A rule is a run of ink straight along a row at
 * least a fifth of the page's width long (or along a column, an eighth: a table of a few rows), allowing
 * the step a slightly tilted page leaves and the gaps noise leaves, whose ink across the run is no thicker
 * than a rule and has paper on both sides. A pen's curve (a receipt's total ringed by hand) bends away from
 * a row too soon to be taken for one. Where a letter touches the rule the ink across is thicker, and inside
 * a dark band or on a desk around a photographed page there is no paper beside it: both are kept. (The
 * page reading itself keeps its rules: the engine uses them to part the page's regions.)
 */
const ROW_FRACTION = 5;
const COLUMN_FRACTION = 8;
/** Gaps of up to this many light pixels (noise, JPEG) do not break a rule. */
const MAX_GAP = 2;
/** Pixels of a rule's grey edge erased with it on each side. */
const MARGIN = 2;

/** Width of the strips a page is cut into to follow a tilted rule: straight enough within one. */
const STRIP = 48;
/**
 * A rule steps by at most this many rows from one strip to the next (with the row either side each piece
 * spans, a tilt of about 3 degrees; pages tilted more are turned straight before).
 */
const STEP = 2;

/**
 * The pixels (indices into `mask`, `w` wide and `h` high; 1 is ink) of the rules running along its rows.
 * Columns are found by calling it on the transposed mask. The page is cut into strips `STRIP` wide; a
 * row of a strip is a piece of rule when ink (here or a row either side) fills it but for noise; pieces in
 * neighbouring strips, a few rows apart at most, join into a rule, which must reach `minLen`. Along a
 * rule, the ink across it is erased where it is no thicker than `maxThick` with paper on both sides.
 */
function ruleRows(
  mask: Uint8Array,
  w: number,
  h: number,
  minLen: number,
  maxThick: number,
  grey: (p: number) => number,
): Map<number, number> {
  const strips = Math.floor(w / STRIP);
  if (strips < 2) return new Map();
  // Ink per row of each strip: inkRow[s * h + y].
  const inkRow = new Uint8Array(strips * h);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let s = 0; s < strips; s++) {
      let n = 0;
      for (let x = s * STRIP; x < (s + 1) * STRIP; x++) n += mask[row + x] as number;
      inkRow[s * h + y] = n;
    }
  }
  // full[s * h + y]: row y of strip s is a piece of rule: filled with ink (here or a row either side),
  // with rows mostly paper just beyond a rule's thickness on both sides (not a band, not a dark desk).
  const full = new Uint8Array(strips * h);
  const off = maxThick + 2;
  for (let y = off; y + off < h; y++) {
    const row = y * w;
    for (let s = 0; s < strips; s++) {
      const i = s * h + y;
      if (Math.max(inkRow[i] as number, inkRow[i - 1] as number, inkRow[i + 1] as number) < STRIP / 2)
        continue;
      if ((inkRow[i - off] as number) >= STRIP / 2 || (inkRow[i + off] as number) >= STRIP / 2) continue;
      let n = 0;
      for (let x = s * STRIP; x < (s + 1) * STRIP; x++) {
        if (mask[row + x] === 1 || mask[row - w + x] === 1 || mask[row + w + x] === 1) n++;
      }
      if (n >= STRIP - 3) full[i] = 1;
    }
  }
  // Pieces joined from the left and from the right: a piece lies on a rule of fwd + back - 1 strips.
  const fwd = new Uint16Array(strips * h);
  const back = new Uint16Array(strips * h);
  const best = (arr: Uint16Array, s: number, y: number): number => {
    let m = 0;
    for (let d = -STEP; d <= STEP; d++) {
      const v = y + d >= 0 && y + d < h ? (arr[s * h + y + d] as number) : 0;
      if (v > m) m = v;
    }
    return m;
  };
  for (let s = 0; s < strips; s++) {
    for (let y = 0; y < h; y++) if (full[s * h + y]) fwd[s * h + y] = 1 + (s > 0 ? best(fwd, s - 1, y) : 0);
  }
  for (let s = strips - 1; s >= 0; s--) {
    for (let y = 0; y < h; y++) {
      if (full[s * h + y]) back[s * h + y] = 1 + (s + 1 < strips ? best(back, s + 1, y) : 0);
    }
  }
  const minStrips = Math.ceil(minLen / STRIP);
  const hit = new Map<number, number>();
  let row = 0;
  /** Erases the ink across the rule at column x near `row`; false where there is none (a gap). */
  const across = (x: number): boolean => {
    let c = -1;
    if (row <= 0 || row + 1 >= h) return false;
    if (mask[row * w + x] === 1) c = row;
    else if (mask[(row - 1) * w + x] === 1) c = row - 1;
    else if (mask[(row + 1) * w + x] === 1) c = row + 1;
    else return false;
    let a = c;
    let b = c;
    while (a > 0 && mask[(a - 1) * w + x] === 1 && b - a < maxThick) a--;
    while (b + 1 < h && mask[(b + 1) * w + x] === 1 && b - a < maxThick) b++;
    // Thicker than a rule (a letter on it, a band), or at the image's edge: kept.
    if (b - a + 1 > maxThick || a === 0 || b + 1 === h) return true;
    // With the grey edge on each side, which would otherwise stay as a faint line, filled with the paper
    // beside it (a shadowed page's paper is darker than the rest).
    const lo = Math.max(0, a - MARGIN);
    const hi = Math.min(h - 1, b + MARGIN);
    const fill = Math.max(grey(Math.max(0, lo - 1) * w + x), grey(Math.min(h - 1, hi + 1) * w + x));
    for (let l = lo; l <= hi; l++) hit.set(l * w + x, fill);
    row = (a + b) >> 1;
    return true;
  };
  for (let s = 0; s < strips; s++) {
    for (let y = 1; y + 1 < h; y++) {
      const i = s * h + y;
      if (!full[i] || full[i - 1] || (fwd[i] as number) + (back[i] as number) - 1 < minStrips) continue;
      // A rule fills a few neighbouring rows of the strip: it is followed once, from the middle one.
      let end = y;
      while (end + 1 < h && full[i + end + 1 - y]) end++;
      const mid = (y + end) >> 1;
      row = mid;
      for (let x = s * STRIP; x < (s + 1) * STRIP; x++) across(x);
      // The strips a rule's ends lie in are not filled by it: its ends are followed pixel by pixel.
      if (fwd[i] === 1) {
        row = mid;
        for (let x = s * STRIP - 1, gap = 0; x >= Math.max(0, (s - 1) * STRIP) && gap <= MAX_GAP; x--) {
          gap = across(x) ? 0 : gap + 1;
        }
      }
      if (back[i] === 1) {
        row = mid;
        for (let x = (s + 1) * STRIP, gap = 0; x < Math.min(w, (s + 2) * STRIP) && gap <= MAX_GAP; x++) {
          gap = across(x) ? 0 : gap + 1;
        }
      }
    }
  }
  return hit;
}

function transpose(mask: Uint8Array, w: number, h: number): Uint8Array {
  const t = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) t[x * h + y] = mask[row + x] as number;
  }
  return t;
}

/**
 * A copy of the page with its table rules erased (see above), and how many pixels were. Pages without
 * rules come back unchanged (the same pixels, copied).
 */
export function eraseRules(g: Gray): { gray: Gray; erased: number } {
  const { width: w, height: h } = g;
  const data = Buffer.from(g.data);
  const t = otsu(data);
  let paperSum = 0;
  let paperN = 0;
  for (let i = 0; i < data.length; i++) {
    const v = data[i] as number;
    if (v >= t) {
      paperSum += v;
      paperN++;
    }
  }
  const paper = paperN ? Math.round(paperSum / paperN) : 255;
  // Ink is taken generously (half-way from the threshold to the paper): a rule's grey anti-aliased edges
  // are erased with it, and a grey band or desk is all ink, too thick to be a rule.
  const inkBelow = Math.round((t + paper) / 2);
  const mask = new Uint8Array(w * h);
  for (let i = 0; i < data.length; i++) if ((data[i] as number) < inkBelow) mask[i] = 1;
  const maxThick = Math.max(5, Math.round(w / 250));
  // Rows first, then columns of what is left: where two rules cross, the ink across each is the other
  // rule until that one is gone.
  const rows = ruleRows(mask, w, h, Math.round(w / ROW_FRACTION), maxThick, (p) => data[p] as number);
  for (const [p, v] of rows) {
    data[p] = v;
    mask[p] = 0;
  }
  // In the transposed image (w' = h), index p is y' * h + x': x = y', y = x'.
  const at = (p: number): number => {
    const x = Math.floor(p / h);
    return (p - x * h) * w + x;
  };
  const cols = ruleRows(
    transpose(mask, w, h),
    h,
    w,
    Math.round(w / COLUMN_FRACTION),
    maxThick,
    (p) => data[at(p)] as number,
  );
  for (const [p, v] of cols) data[at(p)] = v;
  return { gray: { data, width: w, height: h }, erased: rows.size + cols.size };
}
