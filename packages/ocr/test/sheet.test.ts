// A photographed sheet found on its surround: the corners where they were drawn, through uneven light and
// noise; nothing found on a scanned page, on a sheet cut off by the frame, or on a page with a dark band.
import { describe, expect, it } from 'vitest';
import { findSheet, warpSheet } from '../src/engine/sheet.js';
import type { GrayImage, Point } from '../src/engine/sheet.js';

/** Whether (x, y) is inside the convex quadrilateral `q` (corners clockwise on screen). */
function inside(q: Point[], x: number, y: number): boolean {
  for (let i = 0; i < 4; i++) {
    const [ax, ay] = q[i] as Point;
    const [bx, by] = q[(i + 1) % 4] as Point;
    if ((bx - ax) * (y - ay) - (by - ay) * (x - ax) < 0) return false;
  }
  return true;
}

/** A deterministic noise source, so that a failure shows the same image again. */
function noise(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32 - 0.5;
  };
}

interface Scene {
  width: number;
  height: number;
  /** The sheet's corners (top left, top right, bottom right, bottom left); none for a scan. */
  sheet?: Point[];
  paper?: number;
  surround?: number;
  /** Light falling off from left to right: the right border gets this share of the left's. */
  falloff?: number;
  noise?: number;
  /** Dark bars of "text" inside the paper, as [x0, y0, x1, y1] fractions of the image. */
  bars?: Array<[number, number, number, number]>;
}

function draw(s: Scene): GrayImage {
  const data = new Uint8Array(s.width * s.height);
  const rand = noise(7);
  for (let y = 0; y < s.height; y++) {
    for (let x = 0; x < s.width; x++) {
      const onSheet = !s.sheet || inside(s.sheet, x + 0.5, y + 0.5);
      let v = onSheet ? (s.paper ?? 235) : (s.surround ?? 70);
      if (onSheet) {
        for (const [x0, y0, x1, y1] of s.bars ?? []) {
          if (x >= x0 * s.width && x < x1 * s.width && y >= y0 * s.height && y < y1 * s.height) v = 30;
        }
      }
      v *= 1 - (1 - (s.falloff ?? 1)) * (x / s.width);
      v += (s.noise ?? 0) * rand() * 2;
      data[y * s.width + x] = Math.max(0, Math.min(255, Math.round(v)));
    }
  }
  return { data, width: s.width, height: s.height };
}

/** Text lines down the page, from its left margin to its right. */
const TEXT: Array<[number, number, number, number]> = Array.from({ length: 20 }, (_, i) => {
  const y = 0.14 + i * 0.035;
  return [0.16, y, i % 3 ? 0.84 : 0.5, y + 0.012];
});

describe('findSheet', () => {
  it('finds the corners of a sheet in perspective, through light falling off and noise', () => {
    const corners: Point[] = [
      [70, 95],
      [905, 60],
      [960, 1290],
      [40, 1330],
    ];
    const img = draw({
      width: 1000,
      height: 1400,
      sheet: corners,
      surround: 90,
      paper: 240,
      falloff: 0.6,
      noise: 12,
      bars: TEXT,
    });
    const sheet = findSheet(img);
    expect(sheet).not.toBeNull();
    sheet?.corners.forEach(([x, y], i) => {
      const [cx, cy] = corners[i] as Point;
      expect(Math.hypot(x - cx, y - cy)).toBeLessThan(8);
    });
    // The sheet's size is measured along its edges: the longer of each pair.
    expect(sheet?.width).toBeGreaterThan(915);
    expect(sheet?.width).toBeLessThan(925);
  });

  it('finds nothing on a scanned page, white to its borders', () => {
    expect(findSheet(draw({ width: 1000, height: 1400, noise: 6, bars: TEXT }))).toBeNull();
  });

  it('finds nothing on a page whose title bar is dark to the border', () => {
    const bars: Array<[number, number, number, number]> = [[0, 0, 1, 0.08], ...TEXT];
    expect(findSheet(draw({ width: 1000, height: 1400, noise: 6, bars }))).toBeNull();
  });

  it('finds nothing when the frame cuts off a corner of the sheet', () => {
    const sheet: Point[] = [
      [70, 95],
      [1300, 60],
      [960, 1290],
      [40, 1330],
    ];
    expect(findSheet(draw({ width: 1000, height: 1400, sheet, bars: TEXT }))).toBeNull();
  });

  it('finds nothing to straighten on a scan with a dark rim round the whole image', () => {
    const sheet: Point[] = [
      [6, 6],
      [994, 6],
      [994, 1394],
      [6, 1394],
    ];
    expect(findSheet(draw({ width: 1000, height: 1400, sheet, surround: 30, bars: TEXT }))).toBeNull();
  });

  it('finds nothing when the paper is no lighter than the surround', () => {
    const sheet: Point[] = [
      [70, 95],
      [905, 60],
      [960, 1290],
      [40, 1330],
    ];
    expect(findSheet(draw({ width: 1000, height: 1400, sheet, surround: 225, bars: TEXT }))).toBeNull();
  });
});

describe('warpSheet', () => {
  it('draws an upright sheet as the image it is, and a tilted one upright', () => {
    const img = draw({ width: 400, height: 500, noise: 20 });
    const whole = {
      corners: [
        [0, 0],
        [400, 0],
        [400, 500],
        [0, 500],
      ] as [Point, Point, Point, Point],
      width: 400,
      height: 500,
    };
    const same = warpSheet(img, whole, 400, 500, 0);
    let off = 0;
    for (let y = 1; y < 499; y++) {
      for (let x = 1; x < 399; x++)
        off = Math.max(off, Math.abs(same.data[y * 400 + x]! - img.data[y * 400 + x]!));
    }
    expect(off).toBeLessThanOrEqual(1);
    // A sheet turned a little with a dark band across its middle (from 40 to 50 % down its left and right
    // edges): upright, the band runs straight across the middle rows, edge to edge.
    const corners: Point[] = [
      [60, 40],
      [340, 60],
      [330, 470],
      [50, 450],
    ];
    const turned = draw({ width: 400, height: 500, sheet: corners, surround: 60, paper: 240 });
    const along = (t: number): [Point, Point] => [
      [60 + (50 - 60) * t, 40 + (450 - 40) * t],
      [340 + (330 - 340) * t, 60 + (470 - 60) * t],
    ];
    const below = ([l, r]: [Point, Point], x: number, y: number): boolean =>
      (r[0] - l[0]) * (y - l[1]) - (r[1] - l[1]) * (x - l[0]) > 0;
    for (let y = 0; y < 500; y++) {
      for (let x = 0; x < 400; x++) {
        const [px, py] = [x + 0.5, y + 0.5];
        if (inside(corners, px, py) && below(along(0.4), px, py) && !below(along(0.5), px, py)) {
          turned.data[y * 400 + x] = 20;
        }
      }
    }
    const sheet = findSheet(turned);
    expect(sheet).not.toBeNull();
    if (!sheet) return;
    const out = warpSheet(turned, sheet, 280, 410);
    const mean = (y0: number, y1: number): number => {
      let s = 0;
      for (let y = y0; y < y1; y++) for (let x = 10; x < 270; x++) s += out.data[y * 280 + x]!;
      return s / ((y1 - y0) * 260);
    };
    expect(mean(172, 197)).toBeLessThan(40);
    expect(mean(20, 150)).toBeGreaterThan(225);
    expect(mean(220, 390)).toBeGreaterThan(225);
  });
});
