// The normal pipeline's second look. The rows the seller's name and address were read from are read
// again by the second engine's recogniser alone (its detector would cost seconds a page; a few rows cost a
// tenth of that), and the two readings are merged word by word (`merge.ts`): "Setangor" becomes
// "Selangor", "9D FLR" becomes "3RD FLR". A total read unsurely is read again where it was printed.
import type { Lexicon } from './engine/lexicon.js';
import { inBand } from './dates.js';
import type { PageSource } from './dates.js';
import type { Budget } from './engine/exec.js';
import { paddleRegions } from './engine/paddle.js';
import type { Region } from './engine/paddle.js';
import type { ExtractResult } from './extract.js';
import { rawText } from './layout.js';
import type { Line, Word } from './layout.js';
import { fmtFixed } from './decimal.js';
import { mergeReadings, wordSet } from './merge.js';
import { parseAmount } from './parse/amount.js';

const FIELDS = ['vendor.name', 'vendor.address'] as const;

/** A word of the reading in the pixels of the image it is read again from. */
const scaled = (w: Word, sx: number, sy: number): Word => ({
  ...w,
  x0: w.x0 * sx,
  x1: w.x1 * sx,
  y0: w.y0 * sy,
  y1: w.y1 * sy,
});

/** One line of a field: where it is read again, and Tesseract's words there (where the recogniser cuts words). */
interface Row {
  region: Region;
  hints: Word[];
}

/**
 * Reads again the seller's name and address rows of Latin pages, and an unsure total, with the second
 * engine's recogniser, and merges its reading into the fields.
 */
export async function secondLook(
  result: ExtractResult,
  lines: Line[],
  sources: Map<number, PageSource>,
  lexicon: () => Promise<Lexicon | null>,
  budget: Budget,
): Promise<void> {
  const f = result.fields;
  const jobs: { path: (typeof FIELDS)[number]; value: string; words: Word[]; rows: Row[]; page: number }[] =
    [];
  for (const path of FIELDS) {
    const value = path === 'vendor.name' ? f.vendor.name : f.vendor.address;
    const words = result.sources[path];
    if (!value || !words?.length) continue;
    const rows: Row[] = [];
    const pages = new Set<number>();
    for (const line of lines) {
      const ws = line.words.filter((w) => words.includes(w));
      const source = sources.get(line.page);
      // Latin pages only: the recogniser reads no Arabic.
      if (!ws.length || !source || source.opts.lang !== 'eng') continue;
      const { gray } = source;
      const sx = gray.width / line.pageWidth;
      const sy = gray.height / line.pageHeight;
      const x0 = Math.min(...ws.map((w) => w.x0));
      const x1 = Math.max(...ws.map((w) => w.x1));
      const y0 = Math.min(...ws.map((w) => w.y0));
      const y1 = Math.max(...ws.map((w) => w.y1));
      const h = y1 - y0;
      // A row in a light-on-dark band was read from another image than `gray`: its letters are not there.
      if (inBand(source, y0 * sy, y1 * sy, x0 * sx, x1 * sx)) continue;
      // The recogniser was trained on lines with a margin around the ink.
      rows.push({
        region: {
          x0: Math.max(0, (x0 - h * 0.5) * sx),
          y0: Math.max(0, (y0 - h * 0.25) * sy),
          x1: Math.min(gray.width, (x1 + h * 0.5) * sx),
          y1: Math.min(gray.height, (y1 + h * 0.25) * sy),
        },
        hints: ws.map((w) => scaled(w, sx, sy)),
      });
      pages.add(line.page);
    }
    // A name or an address never spans two pages.
    const [page] = [...pages];
    if (rows.length && pages.size === 1 && page !== undefined) jobs.push({ path, value, words, rows, page });
  }
  await totalAgain(result, lines, sources, budget);
  if (!jobs.length) return;
  const wordsA = wordSet(rawText(lines));
  for (const job of jobs) {
    const source = sources.get(job.page) as PageSource;
    const read = await paddleRegions(
      source.gray,
      job.rows.map((r) => r.region),
      budget,
      job.rows.flatMap((r) => r.hints),
    );
    const words = read.flat();
    if (!words.length) continue;
    const value = read
      .map((ws) => ws.map((w) => w.text).join(' '))
      .filter(Boolean)
      .join(job.path === 'vendor.address' ? ', ' : ' ');
    const merged = mergeReadings(
      { value: job.value, words: job.words },
      { value, words },
      { lexicon: await lexicon(), wordsA, wordsB: wordSet(value) },
    );
    if (!merged) continue;
    if (job.path === 'vendor.name') f.vendor.name = merged;
    else f.vendor.address = merged;
  }
}

/** A total read less surely than this is read again; the second engine's reading must be this sure. */
const UNSURE_TOTAL = 0.5;
const SURE_TOTAL = 0.9;

/**
 * A total Tesseract read unsurely (no arithmetic confirms it) is read again by the recogniser where it
 * was printed; an amount with cents it reads surely there replaces it ("4.00" for a faded "47.70").
 */
async function totalAgain(
  result: ExtractResult,
  lines: Line[],
  sources: Map<number, PageSource>,
  budget: Budget,
): Promise<void> {
  const f = result.fields;
  const box = f.boxes.total;
  const source = box && sources.get(box.page);
  if (!f.total || !box || !source || source.opts.lang !== 'eng') return;
  if ((f.confidence.total ?? 0) >= UNSURE_TOTAL) return;
  const { gray } = source;
  const bx0 = box.x * gray.width;
  const bx1 = (box.x + box.w) * gray.width;
  const cy = (box.y + box.h / 2) * gray.height;
  // The whole row the total was read on: cut to the amount alone, a faded "47.70" is a "4".
  const row = lines.find(
    (l) =>
      l.page === box.page &&
      cy > (l.y0 * gray.height) / l.pageHeight &&
      cy < (l.y1 * gray.height) / l.pageHeight,
  );
  if (!row) return;
  const sx = gray.width / row.pageWidth;
  const sy = gray.height / row.pageHeight;
  const hints = row.words.map((w) => scaled(w, sx, sy));
  const x0 = Math.min(bx0, ...hints.map((w) => w.x0));
  const y0 = Math.min(...hints.map((w) => w.y0));
  const y1 = Math.max(...hints.map((w) => w.y1));
  const h = y1 - y0;
  if (inBand(source, y0, y1, x0, gray.width)) return;
  const region = {
    x0: Math.max(0, x0 - h / 2),
    y0: Math.max(0, y0 - h / 4),
    // To the page's edge: the engine may have read only the start of a faded amount.
    x1: gray.width,
    y1: Math.min(gray.height, y1 + h / 4),
  };
  const [read = []] = await paddleRegions(gray, [region], budget, hints);
  // The amount with cents printed where Tesseract read the total (not a rate: "6.00%").
  const at = read
    .filter((w) => !/%/.test(w.text))
    .map((w) => ({ w, a: parseAmount(w.text) }))
    .filter((x) => x.a !== null && x.a.decimals === 2 && x.w.x1 > bx0 - h && x.w.x0 < bx1 + h);
  const only = at.length === 1 ? at[0] : undefined;
  if (!only?.a || only.w.conf < SURE_TOTAL) return;
  const value = fmtFixed(only.a.value, 2);
  if (value !== f.total) {
    f.total = value;
    f.confidence.total = Math.round(only.w.conf * 0.6 * 1000) / 1000;
  }
}
