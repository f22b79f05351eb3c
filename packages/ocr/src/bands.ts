import type { Budget } from './engine/exec.js';
import { cropGray } from './engine/image.js';
import type { BandBox, Gray } from './engine/image.js';
import { tesseract } from './engine/tesseract.js';
import type { TesseractOptions } from './engine/tesseract.js';
import type { PageWords, Word } from './layout.js';

const PAD = 20;

/**
 * Reads each band (found by `prepareImage` with `findBands`) on its own, turned dark-on-light, from
 * `source` (the prepared page's `bandSource`), and returns its words in page coordinates. Reading
 * the bands apart leaves the engine's layout of the rest of the page as it was (inverting them in the
 * whole page changed it enough to cost clean pages fields).
 */
export async function readBands(
  source: Gray,
  page: number,
  bands: BandBox[],
  opts: TesseractOptions,
  budget: Budget,
): Promise<{ band: BandBox; words: Word[] }[]> {
  const out: { band: BandBox; words: Word[] }[] = [];
  for (const [i, b] of bands.entries()) {
    const width = b.x1 - b.x0;
    const height = b.y1 - b.y0;
    if (width < 8 || height < 8) continue;
    // Framed in black: the engine takes the frame for the band's edge and reads the words inside it as
    // one block; on white, it splits a band's words off.
    const crop = cropGray(source, b, { pad: PAD, padLevel: 0, negate: true });
    const read = await tesseract(crop, page, { ...opts, psm: 6 }, budget);
    out.push({
      band: b,
      words: read.words.map((w) => ({
        ...w,
        x0: w.x0 + b.x0 - PAD,
        x1: w.x1 + b.x0 - PAD,
        y0: w.y0 + b.y0 - PAD,
        y1: w.y1 + b.y0 - PAD,
        lineKey: `band${i}.${w.lineKey ?? ''}`,
      })),
    });
  }
  return out;
}

/** Words of two characters or more read with some confidence. */
const sure = (ws: Word[]): number => ws.filter((w) => w.text.length >= 2 && w.conf >= 0.6).length;

/**
 * A page reading with the words inside each band replaced by the band's own reading, where that reads
 * more words surely: the engine reads many clean bands well in the page (and keeps a table header's
 * columns together there), and garbles or drops blurred and coloured ones.
 */
export function withBands(reading: PageWords, bands: { band: BandBox; words: Word[] }[]): PageWords {
  const inside = (w: Word, b: BandBox): boolean => {
    const cx = (w.x0 + w.x1) / 2;
    const cy = (w.y0 + w.y1) / 2;
    return cx >= b.x0 && cx < b.x1 && cy >= b.y0 && cy < b.y1;
  };
  const better = bands.filter((b) => sure(b.words) > sure(reading.words.filter((w) => inside(w, b.band))));
  if (!better.length) return reading;
  const kept = reading.words.filter((w) => !better.some((b) => inside(w, b.band)));
  return { ...reading, words: [...kept, ...better.flatMap((b) => b.words)] };
}
