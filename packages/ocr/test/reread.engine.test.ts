// Arabic words answered as Latin garbage by the combined pass are read again with the Arabic model alone.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { Budget } from '../src/engine/exec.js';
import type { Gray } from '../src/engine/image.js';
import { rereadLatinRuns } from '../src/reread.js';
import type { Word } from '../src/layout.js';
import { pageOf, word } from './words.js';

/** Grey pixels of an SVG drawn with the installed fonts. */
async function draw(svg: string): Promise<Gray> {
  const { data, info } = await sharp(Buffer.from(svg))
    .grayscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

describe('rereadLatinRuns', () => {
  it('puts back Arabic words that were read as unsure Latin, and keeps sure words', async () => {
    const image = await draw(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="300">
      <rect width="100%" height="100%" fill="#fff"/>
      <g font-family="Noto Naskh Arabic" font-size="40">
        <text x="700" y="130" text-anchor="end">حامل لابتوب</text>
        <text x="1000" y="130">311.00</text>
      </g></svg>`);
    // Where the combined pass saw garbage: the Arabic text's ink, found from the pixels.
    let [x0, x1, y0, y1] = [image.width, 0, image.height, 0];
    for (let y = 0; y < image.height; y++) {
      for (let x = 0; x < 900; x++) {
        if ((image.data[y * image.width + x] ?? 255) < 128) {
          [x0, x1, y0, y1] = [Math.min(x0, x), Math.max(x1, x), Math.min(y0, y), Math.max(y1, y)];
        }
      }
    }
    const garbled: Word[] = [
      { text: 'copulate', conf: 0.14, x0, x1: x1 + 1, y0, y1: y1 + 1, lineKey: '1.1.1' },
      { text: '311.00', conf: 0.95, x0: 1000, x1: 1120, y0, y1: y1 + 1, lineKey: '1.1.1' },
    ];
    const r = await rereadLatinRuns(
      image,
      { page: 1, width: image.width, height: image.height, words: garbled },
      { lang: 'Arabic', thresholding: 2 },
      new Budget(60_000),
    );
    expect(r.replaced).toBe(1);
    const texts = r.page.words.map((w) => w.text);
    expect(texts).not.toContain('copulate');
    expect(texts).toContain('311.00');
    expect(texts.join(' ')).toMatch(/لابتوب/);
    // The new words sit where the old ones were, on the same line.
    for (const w of r.page.words) {
      expect(w.lineKey).toBe('1.1.1');
      expect(w.y0).toBeGreaterThanOrEqual(y0 - 10);
      expect(w.y1).toBeLessThanOrEqual(y1 + 12);
    }
  });

  it('keeps a Latin run whose re-reading is not Arabic', async () => {
    const image = await draw(`<svg xmlns="http://www.w3.org/2000/svg" width="800" height="200">
      <rect width="100%" height="100%" fill="#fff"/>
      <text x="100" y="110" font-family="DejaVu Sans" font-size="40">Printer Paper</text></svg>`);
    const page = pageOf([
      word('Pnnter', 0.5, 95, 260, '1.1.1', 75),
      word('Paper', 0.55, 270, 380, '1.1.1', 75),
    ]);
    const r = await rereadLatinRuns(
      image,
      { ...page, width: 800, height: 200 },
      { lang: 'Arabic', thresholding: 2 },
      new Budget(60_000),
    );
    expect(r.replaced).toBe(0);
    expect(r.page.words.map((w) => w.text)).toEqual(['Pnnter', 'Paper']);
  });
});
