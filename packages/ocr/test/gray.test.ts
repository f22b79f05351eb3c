import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { cropGray, prepareImage, sharpenGray, stackGray, toPgm } from '../src/engine/image.js';
import type { Gray } from '../src/engine/image.js';

/** A 6 x 4 image whose pixel at (x, y) is 10 * y + x. */
const ramp = (): Gray => {
  const data = Buffer.alloc(24);
  for (let y = 0; y < 4; y++) for (let x = 0; x < 6; x++) data[y * 6 + x] = 10 * y + x;
  return { data, width: 6, height: 4 };
};

describe('grey images handed to the engine', () => {
  it('writes a binary PGM the engine reads from standard input', () => {
    const pgm = toPgm(ramp());
    expect(pgm.subarray(0, 11).toString('ascii')).toBe('P5\n6 4\n255\n');
    expect([...pgm.subarray(11)]).toEqual([...ramp().data]);
  });

  it('cuts a rectangle, clipped to the image, turned over and framed on request', () => {
    const c = cropGray(ramp(), { x0: 4, y0: 2, x1: 9, y1: 9 });
    expect([c.width, c.height, ...c.data]).toEqual([2, 2, 24, 25, 34, 35]);
    const framed = cropGray(ramp(), { x0: 1, y0: 1, x1: 2, y1: 2 }, { pad: 1, padLevel: 0, negate: true });
    expect([framed.width, framed.height]).toEqual([3, 3]);
    expect([...framed.data]).toEqual([0, 0, 0, 0, 255 - 11, 0, 0, 0, 0]);
    expect([...cropGray(ramp(), { x0: 0, y0: 0, x1: 1, y1: 1 }, { pad: 1 }).data]).toEqual([
      255, 255, 255, 255, 0, 255, 255, 255, 255,
    ]);
  });

  it('stacks lines on white with a gap around each', () => {
    const a = cropGray(ramp(), { x0: 0, y0: 0, x1: 2, y1: 1 });
    const b = cropGray(ramp(), { x0: 0, y0: 3, x1: 1, y1: 4 });
    const s = stackGray([a, b], 1);
    expect([s.width, s.height]).toEqual([4, 5]);
    expect([...s.data]).toEqual([
      ...[255, 255, 255, 255],
      ...[255, 0, 1, 255],
      ...[255, 255, 255, 255],
      ...[255, 30, 255, 255],
      ...[255, 255, 255, 255],
    ]);
  });
});

describe('uneven light divided out', () => {
  it('makes a shadowed page evenly white and keeps its ink dark, row by row', async () => {
    // A page lit from one corner: paper from 250 down to 110, with ink strokes (a third of the paper's
    // level) every 40 rows, like lines of text.
    const width = 1800;
    const height = 1400;
    const data = Buffer.alloc(width * height);
    const paper = (x: number, y: number): number => 250 - 140 * ((x / width + y / height) / 2);
    const ink = (x: number, y: number): boolean => y % 40 >= 20 && y % 40 < 26 && x % 90 < 60;
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const p = paper(x, y);
        data[y * width + x] = Math.round(ink(x, y) ? p / 3 : p);
      }
    const png = await sharp(data, { raw: { width, height, channels: 1 } })
      .png()
      .toBuffer();
    const img = await prepareImage(new Uint8Array(png), { flatten: 'auto', deskew: false });
    expect(img.flattened).toBe(true);
    const { data: out, width: w } = img.gray;
    // Every part of the page: paper near white, ink well below the engine's threshold.
    for (let y = 60; y < img.height - 60; y += 37) {
      for (let x = 60; x < w - 60; x += 53) {
        const v = out[y * w + x] as number;
        if (ink(x, y)) expect(v, `ink at ${x},${y}`).toBeLessThan(110);
        else if (!ink(x, y - 3) && !ink(x, y + 3) && !ink(x - 3, y) && !ink(x + 3, y))
          expect(v, `paper at ${x},${y}`).toBeGreaterThan(215);
      }
    }
  });
});

describe('the sharpened second reading', () => {
  /** Grey print on light paper with noise: strokes of several widths and greys, as a blurred scan shows. */
  const page = (): Gray => {
    const width = 240;
    const height = 90;
    const data = Buffer.alloc(width * height);
    let seed = 7;
    const noise = (): number => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648 - 0.5) * 16;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const stroke = x % 37 < 2 + (x % 5) && y > 10 && y < 80 ? 90 + ((x * 7) % 60) : 232;
        data[y * width + x] = Math.max(0, Math.min(255, Math.round(stroke + noise())));
      }
    }
    return { data, width, height };
  };

  it("gives libvips' unsharp mask's pixels, without its colour round trip", async () => {
    const g = page();
    const ours = await sharpenGray(g);
    const theirs = await sharp(g.data, { raw: { width: g.width, height: g.height, channels: 1 } })
      .sharpen({ sigma: 1 })
      .extractChannel(0)
      .raw()
      .toBuffer();
    expect([ours.width, ours.height]).toEqual([g.width, g.height]);
    expect(Buffer.from(ours.data).equals(theirs)).toBe(true);
    // The strokes are darker and the paper beside them lighter than before.
    const at = (img: Gray, x: number, y: number): number => img.data[y * img.width + x] as number;
    expect(at(ours, 74, 40)).toBeLessThan(at(g, 74, 40));
  });

  it('leaves an even grey as it is', async () => {
    const flat = { data: Buffer.alloc(50 * 20, 200), width: 50, height: 20 };
    expect([...(await sharpenGray(flat)).data].every((v) => v === 200)).toBe(true);
  });
});
