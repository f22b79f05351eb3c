// A photographed sheet of paper found on the surface it lies on, and drawn straight.
//
// A photo of an invoice shows the sheet in perspective on a darker surface: its text lines converge and
// shrink towards the far edge, and the engine reads little of it. The sheet's four edges are found where
// the image steps from the darker surround up to the paper, scanning in from each border of a reduced
// copy; a straight line is fitted to each edge by consensus (a fold, a finger or a shadow leaves a few
// scan lines off the line), the corners are where the lines meet, and the sheet is mapped onto an upright
// rectangle by the projective transform those corners define. A scanned page, white to its borders, has
// no such step on any side and is left as it is; so is anything that does not look like a sheet (four
// edges, convex, roughly square corners, most of the image), and a scan with a dark rim round the whole
// image needs nothing drawn.

/** A grey image, one byte a pixel (the shape of `Gray` in `image.ts`). */
export interface GrayImage {
  data: Uint8Array;
  width: number;
  height: number;
}

export type Point = [number, number];

/** Where a point of a page drawn anew lies in the picture it was drawn from: fractions of each's size. */
export type ToSource = (u: number, v: number) => Point;

export interface Sheet {
  /** Top left, top right, bottom right, bottom left, in the image's pixels. */
  corners: [Point, Point, Point, Point];
  /** The longer of the top and bottom edges, and of the left and right edges, in the image's pixels. */
  width: number;
  height: number;
}

/** Long side of the reduced copy the edges are looked for in. */
const WORK = 640;
/** Least rise in grey level from everything outside to the paper just inside (reduced copy). */
const MIN_STEP = 24;
/** Scan lines a side. */
const SCANS = 48;
/** A scan line's point is on an edge's line within this many reduced pixels. */
const TOLERANCE = 1.5;
/** Share of the sheet's size left off each edge when it is drawn (the dark line of the edge itself). */
const INSET = 0.004;

interface Reduced {
  data: Float32Array;
  width: number;
  height: number;
  /** Image pixels a reduced pixel. */
  factor: number;
}

/** The image averaged down, box by box, to about `WORK` pixels on its long side. */
function reduce(g: GrayImage): Reduced {
  const factor = Math.max(1, Math.ceil(Math.max(g.width, g.height) / WORK));
  const width = Math.floor(g.width / factor);
  const height = Math.floor(g.height / factor);
  const data = new Float32Array(width * height);
  const area = factor * factor;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (let dy = 0; dy < factor; dy++) {
        const row = (y * factor + dy) * g.width + x * factor;
        for (let dx = 0; dx < factor; dx++) sum += g.data[row + dx] as number;
      }
      data[y * width + x] = sum / area;
    }
  }
  return { data, width, height, factor };
}

type Side = 'top' | 'right' | 'bottom' | 'left';

/**
 * Where a scan line from a border inwards steps up to paper: the first place where the grey just inside is
 * `MIN_STEP` above everything passed so far, refined to the steepest rise nearby. Null when there is none
 * within half the image (a white page to the border never steps up: its margin is already the lightest).
 */
function stepIn(p: Float32Array): number | null {
  const n = p.length;
  let outside = -Infinity;
  for (let i = 2; i + 4 < n; i++) {
    outside = Math.max(outside, p[i - 2] as number);
    const inside = ((p[i + 1] as number) + (p[i + 2] as number) + (p[i + 3] as number)) / 3;
    if (inside - outside < MIN_STEP) continue;
    let best = i;
    let rise = -Infinity;
    for (let j = Math.max(1, i - 2); j <= Math.min(n - 2, i + 3); j++) {
      const r = (p[j + 1] as number) - (p[j - 1] as number);
      if (r > rise) [best, rise] = [j, r];
    }
    return best;
  }
  return null;
}

/** The grey levels along one scan line of a side, from the border to the middle, three lines averaged. */
function scanLine(r: Reduced, side: Side, at: number): Float32Array {
  const across = side === 'left' || side === 'right';
  const n = Math.floor((across ? r.width : r.height) / 2);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    let sum = 0;
    for (let d = -1; d <= 1; d++) {
      const t = at + d;
      const x = side === 'left' ? i : side === 'right' ? r.width - 1 - i : t;
      const y = side === 'top' ? i : side === 'bottom' ? r.height - 1 - i : t;
      sum += r.data[y * r.width + x] as number;
    }
    out[i] = sum / 3;
  }
  return out;
}

/** A line `depth = a * along + b` (x from y for the left and right sides, y from x for the others). */
interface Line {
  a: number;
  b: number;
}

/** The line most scan points agree on, refitted to them; null when too few agree or it leans too far. */
function fitEdge(points: Point[], scans: number): Line | null {
  let best: Point[] = [];
  for (let i = 0; i < points.length; i++) {
    for (let j = i + 1; j < points.length; j++) {
      const [u1, v1] = points[i] as Point;
      const [u2, v2] = points[j] as Point;
      if (u1 === u2) continue;
      const a = (v2 - v1) / (u2 - u1);
      const b = v1 - a * u1;
      const near = points.filter(([u, v]) => Math.abs(v - (a * u + b)) <= TOLERANCE * Math.sqrt(1 + a * a));
      if (near.length > best.length) best = near;
    }
  }
  if (best.length < Math.max(10, scans * 0.5)) return null;
  const n = best.length;
  const mu = best.reduce((s, p) => s + p[0], 0) / n;
  const mv = best.reduce((s, p) => s + p[1], 0) / n;
  let suv = 0;
  let suu = 0;
  for (const [u, v] of best) {
    suv += (u - mu) * (v - mv);
    suu += (u - mu) ** 2;
  }
  const a = suu ? suv / suu : 0;
  if (Math.abs(a) > 0.35) return null;
  return { a, b: mv - a * mu };
}

/** The edge of one side in reduced pixels, as a line in image coordinates (x = a y + b, or y = a x + b). */
function findEdge(r: Reduced, side: Side): Line | null {
  const across = side === 'left' || side === 'right';
  const length = across ? r.height : r.width;
  const points: Point[] = [];
  for (let k = 0; k < SCANS; k++) {
    const at = Math.round(length * (0.15 + (0.7 * k) / (SCANS - 1)));
    const depth = stepIn(scanLine(r, side, at));
    if (depth === null) continue;
    const extent = across ? r.width : r.height;
    points.push([at, side === 'left' || side === 'top' ? depth : extent - 1 - depth]);
  }
  return fitEdge(points, SCANS);
}

/** Where a line x = p.a y + p.b (a left or right edge) meets a line y = q.a x + q.b (a top or bottom edge). */
function meet(p: Line, q: Line): Point {
  const y = (q.a * p.b + q.b) / (1 - q.a * p.a);
  return [p.a * y + p.b, y];
}

const dist = (p: Point, q: Point): number => Math.hypot(p[0] - q[0], p[1] - q[1]);

/** The angle at corner `b` of the path a-b-c, in degrees. */
function angle(a: Point, b: Point, c: Point): number {
  const [ux, uy] = [a[0] - b[0], a[1] - b[1]];
  const [vx, vy] = [c[0] - b[0], c[1] - b[1]];
  const cos = (ux * vx + uy * vy) / (Math.hypot(ux, uy) * Math.hypot(vx, vy));
  return (Math.acos(Math.max(-1, Math.min(1, cos))) * 180) / Math.PI;
}

/**
 * The sheet of paper in a photo, or null when the image is not a sheet on a darker surface with all four
 * edges in view (scans, screenshots, a sheet cut off by the frame).
 */
export function findSheet(g: GrayImage): Sheet | null {
  if (g.width < 200 || g.height < 200) return null;
  const r = reduce(g);
  const left = findEdge(r, 'left');
  const right = left && findEdge(r, 'right');
  const top = right && findEdge(r, 'top');
  const bottom = top && findEdge(r, 'bottom');
  if (!left || !right || !top || !bottom) return null;
  const reduced: Point[] = [meet(left, top), meet(right, top), meet(right, bottom), meet(left, bottom)];
  // The corners within the image (a little over its border at most), the shape convex with corners near
  // square, and the sheet most of the image: anything else is not a sheet seen whole.
  const slack = 0.02 * Math.max(r.width, r.height);
  for (const [x, y] of reduced) {
    if (x < -slack || y < -slack || x > r.width - 1 + slack || y > r.height - 1 + slack) return null;
  }
  for (let i = 0; i < 4; i++) {
    const a = angle(reduced[(i + 3) % 4] as Point, reduced[i] as Point, reduced[(i + 1) % 4] as Point);
    if (Math.abs(a - 90) > 25) return null;
  }
  const [tl, tr, br, bl] = reduced as [Point, Point, Point, Point];
  const area =
    Math.abs(
      tl[0] * tr[1] -
        tr[0] * tl[1] +
        (tr[0] * br[1] - br[0] * tr[1]) +
        (br[0] * bl[1] - bl[0] * br[1]) +
        (bl[0] * tl[1] - tl[0] * bl[1]),
    ) / 2;
  if (area < 0.3 * r.width * r.height) return null;
  // Every corner at the image's own corner: a scan with a dark rim, already upright and whole.
  const frame: Point[] = [
    [0, 0],
    [r.width, 0],
    [r.width, r.height],
    [0, r.height],
  ];
  if (reduced.every((p, i) => dist(p, frame[i] as Point) < 0.02 * Math.max(r.width, r.height))) return null;
  const f = r.factor;
  // Reduced pixel k covers image pixels [k f, (k + 1) f): its centre is (k + 0.5) f.
  return sheetOf(reduced.map(([x, y]) => [(x + 0.5) * f, (y + 0.5) * f]));
}

/** A sheet from its corners (top left, top right, bottom right, bottom left), with its size. */
function sheetOf(points: Point[]): Sheet {
  const corners = points as Sheet['corners'];
  const [a, b, c, d] = corners;
  return { corners, width: Math.max(dist(a, b), dist(d, c)), height: Math.max(dist(a, d), dist(b, c)) };
}

/** The sheet of a copy of the image scaled by `fx` across and `fy` down, in the image's pixels. */
export function scaleSheet(s: Sheet, fx: number, fy: number): Sheet {
  return sheetOf(s.corners.map(([x, y]) => [x * fx, y * fy]));
}

/** A 3x3 projective map, row by row, its last entry 1. */
export type Matrix = [number, number, number, number, number, number, number, number, number];

/** The projective map taking the unit square's corners to `q`'s. */
export function squareTo(q: Sheet['corners']): Matrix {
  const [[x0, y0], [x1, y1], [x2, y2], [x3, y3]] = q;
  const dx1 = x1 - x2;
  const dx2 = x3 - x2;
  const dy1 = y1 - y2;
  const dy2 = y3 - y2;
  const sx = x0 - x1 + x2 - x3;
  const sy = y0 - y1 + y2 - y3;
  const den = dx1 * dy2 - dx2 * dy1;
  const g = den ? (sx * dy2 - dx2 * sy) / den : 0;
  const h = den ? (dx1 * sy - sx * dy1) / den : 0;
  return [x1 - x0 + g * x1, x3 - x0 + h * x3, x0, y1 - y0 + g * y1, y3 - y0 + h * y3, y0, g, h, 1];
}

/**
 * Where a point of the upright sheet drawn by `warpSheet` (fractions of its width and height) lies in the
 * image the sheet was found in (fractions of that image's `width` and `height`).
 */
export function sheetFrame(sheet: Sheet, width: number, height: number, inset = INSET): ToSource {
  const m = squareTo(sheet.corners);
  const span = 1 - 2 * inset;
  return (u, v) => {
    const [a, b] = [inset + span * u, inset + span * v];
    const w = m[6] * a + m[7] * b + 1;
    return [(m[0] * a + m[1] * b + m[2]) / w / width, (m[3] * a + m[4] * b + m[5]) / w / height];
  };
}

/**
 * The sheet drawn as an upright `width` x `height` image (bilinear samples), `inset` of its size left off
 * each edge so that the dark line of the edge itself does not come along.
 */
export function warpSheet(
  g: GrayImage,
  sheet: Sheet,
  width: number,
  height: number,
  inset = INSET,
): { data: Buffer; width: number; height: number } {
  const m = squareTo(sheet.corners);
  const data = Buffer.alloc(width * height, 255);
  const span = 1 - 2 * inset;
  const W = g.width;
  const H = g.height;
  const src = g.data;
  // The map's terms in locals and each row's share of them worked out once (the same pixels as working
  // out the whole map at every pixel, in about half the time).
  const [m0, m1, m2, m3, m4, m5, m6, m7] = m;
  for (let y = 0; y < height; y++) {
    const v = inset + (span * (y + 0.5)) / height;
    const bx = m1 * v + m2;
    const by = m4 * v + m5;
    const bw = m7 * v + 1;
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const u = inset + (span * (x + 0.5)) / width;
      const w = m6 * u + bw;
      const sx = (m0 * u + bx) / w - 0.5;
      const sy = (m3 * u + by) / w - 0.5;
      // Outside the picture (a negative coordinate first: truncation then equals the floor).
      if (sx < 0 || sy < 0) continue;
      const x0 = sx | 0;
      const y0 = sy | 0;
      if (x0 + 1 >= W || y0 + 1 >= H) continue;
      const fx = sx - x0;
      const fy = sy - y0;
      const i = y0 * W + x0;
      const top = (src[i] as number) * (1 - fx) + (src[i + 1] as number) * fx;
      const bottom = (src[i + W] as number) * (1 - fx) + (src[i + W + 1] as number) * fx;
      data[row + x] = (top * (1 - fy) + bottom * fy + 0.5) | 0;
    }
  }
  return { data, width, height };
}
