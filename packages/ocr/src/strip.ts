// Parts of a page read together: cut out, stacked into one strip and read in one engine call, which costs
// one start of the engine and its model instead of one per part.
import type { Budget } from './engine/exec.js';
import { cropGray, stackGray } from './engine/image.js';
import type { BandBox, Gray } from './engine/image.js';
import { tesseract } from './engine/tesseract.js';
import type { TesseractOptions } from './engine/tesseract.js';
import type { PageWords, Word } from './layout.js';

/** The box around some words of a page, padded and kept within the page. */
export function boxAround(ws: Word[], page: PageWords, padX: number, padY: number): BandBox {
  return {
    x0: Math.max(0, Math.min(...ws.map((w) => w.x0)) - padX),
    y0: Math.max(0, Math.min(...ws.map((w) => w.y0)) - padY),
    x1: Math.min(page.width, Math.max(...ws.map((w) => w.x1)) + padX),
    y1: Math.min(page.height, Math.max(...ws.map((w) => w.y1)) + padY),
  };
}

/**
 * Reads boxes of a page together, stacked into one strip `gap` pixels apart (one engine call for all of
 * them, as one block), and returns each box's words in page coordinates.
 */
export async function readBoxes(
  image: Gray,
  page: number,
  boxes: BandBox[],
  opts: TesseractOptions,
  budget: Budget,
  gap = 24,
): Promise<Word[][]> {
  const crops = boxes.map((b) => cropGray(image, b));
  const strip = stackGray(crops, gap);
  const read = await tesseract(strip, page, { ...opts, psm: 6 }, budget);
  const tops: number[] = [];
  let top = gap;
  for (const c of crops) {
    tops.push(top);
    top += c.height + gap;
  }
  const out: Word[][] = boxes.map(() => []);
  for (const w of read.words) {
    const cy = (w.y0 + w.y1) / 2;
    const i = tops.findIndex((t, k) => cy >= t && cy < t + (crops[k] as Gray).height);
    const b = boxes[i];
    if (!b) continue;
    const dx = b.x0 - gap;
    const dy = b.y0 - (tops[i] as number);
    out[i]?.push({ ...w, x0: w.x0 + dx, x1: w.x1 + dx, y0: w.y0 + dy, y1: w.y1 + dy });
  }
  return out;
}
