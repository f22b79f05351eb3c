import type { Budget } from './engine/exec.js';
import type { Gray } from './engine/image.js';
import type { PageWords, Word } from './layout.js';
import { boxAround, readBoxes } from './strip.js';
import { hasArabic } from './text.js';

const PROBE_LINES = 8;
const PAD_X = 10;
const PAD_Y = 8;
const GAP = 30;
/** Sure Arabic words of three letters or more that make a page Arabic. */
export const PROBE_ARABIC_WORDS = 4;

/**
 * Whether the words the English pass could not read are Arabic, asked of the Arabic model on a strip of
 * those lines alone instead of the whole page. The lines with the most unsure words (up to eight) are cut
 * out and stacked; the Arabic script model reads the strip as one block (a fifth to a half of the time of
 * a full `eng+Arabic` pass). Pages with Arabic give many sure Arabic words of three letters or more, worn
 * English receipts almost none: their unsure words are noise, not Arabic.
 */
export async function probeArabic(
  image: Gray,
  first: PageWords,
  budget: Budget,
): Promise<{ arabicWords: number; lines: number }> {
  const byLine = new Map<string, Word[]>();
  first.words.forEach((w) => {
    if (w.conf >= 0.6 || w.text.length < 2) return;
    const key = w.lineKey ?? `y${Math.round(w.y0 / 20)}`;
    byLine.set(key, [...(byLine.get(key) ?? []), w]);
  });
  const lines = [...byLine.values()]
    .filter((ws) => ws.length >= 2)
    .sort((a, b) => b.length - a.length)
    .slice(0, PROBE_LINES);
  if (lines.length === 0) return { arabicWords: 0, lines: 0 };
  const boxes = lines
    .map((ws) => boxAround(ws, first, PAD_X, PAD_Y))
    .filter((b) => b.x1 - b.x0 >= 4 && b.y1 - b.y0 >= 4);
  if (boxes.length === 0) return { arabicWords: 0, lines: 0 };
  const opts = { lang: 'Arabic', thresholding: 2 } as const;
  const read = (await readBoxes(image, first.page, boxes, opts, budget, GAP)).flat();
  const arabicWords = read.filter((w) => w.conf >= 0.5 && w.text.length >= 3 && hasArabic(w.text)).length;
  return { arabicWords, lines: boxes.length };
}
