import type { Budget } from './engine/exec.js';
import { cropGray, stackGray } from './engine/image.js';
import type { Gray } from './engine/image.js';
import { tesseract } from './engine/tesseract.js';
import type { PageWords, Word } from './layout.js';
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
 * a full `eng+Arabic` pass). On the samples, pages with Arabic give 11 or more sure Arabic words of three
 * letters or more, worn English receipts 0 or 1: their unsure words are noise, not Arabic.
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
  const crops: Gray[] = [];
  for (const ws of lines) {
    const x0 = Math.max(0, Math.min(...ws.map((w) => w.x0)) - PAD_X);
    const x1 = Math.min(first.width, Math.max(...ws.map((w) => w.x1)) + PAD_X);
    const y0 = Math.max(0, Math.min(...ws.map((w) => w.y0)) - PAD_Y);
    const y1 = Math.min(first.height, Math.max(...ws.map((w) => w.y1)) + PAD_Y);
    if (x1 - x0 < 4 || y1 - y0 < 4) continue;
    crops.push(cropGray(image, { x0, y0, x1, y1 }));
  }
  if (crops.length === 0) return { arabicWords: 0, lines: 0 };
  const strip = stackGray(crops, GAP);
  const read = await tesseract(strip, first.page, { lang: 'Arabic', psm: 6, thresholding: 2 }, budget);
  const arabicWords = read.words.filter(
    (w) => w.conf >= 0.5 && w.text.length >= 3 && hasArabic(w.text),
  ).length;
  return { arabicWords, lines: crops.length };
}
