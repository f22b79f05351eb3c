// Dates whose day the engine may have cut short ("2025-03-5" for 2025-03-15, "١ ديسمبر" for ١١ ديسمبر),
// read again on their own.
import type { Budget } from './engine/exec.js';
import { cropGray } from './engine/image.js';
import type { BandBox, Gray } from './engine/image.js';
import { tesseract } from './engine/tesseract.js';
import type { TesseractOptions } from './engine/tesseract.js';
import { firstDateIn } from './extract.js';
import type { Line } from './layout.js';
import { parseDate } from './parse/date.js';
import { toWesternDigits } from './text.js';
import type { FieldsJson } from './types.js';

/** A page's image as the engine read it, and how: what a region of it is read again with. */
export interface PageSource {
  gray: Gray;
  opts: TesseractOptions;
  /** Light-on-dark bands of the page, read from another image: regions inside them are not read again. */
  bands?: BandBox[];
}

/** Whether a row (in the source image's pixels) lies in one of the page's light-on-dark bands. */
export function inBand(source: PageSource, y0: number, y1: number, x0 = 0, x1 = source.gray.width): boolean {
  const cy = (y0 + y1) / 2;
  return (source.bands ?? []).some((b) => cy > b.y0 && cy < b.y1 && x1 > b.x0 && x0 < b.x1);
}

/**
 * The text of a date as read shows a day of one digit where days are printed with two: the other
 * numbers of the date have two digits or more ("2025-03-5", "١ ديسمبر ٢٠٢٤" beside "٢٦ ديسمبر").
 */
export function shortDay(text: string): boolean {
  const groups = toWesternDigits(text).match(/\d+/g) ?? [];
  return groups.filter((g) => g.length === 1).length === 1 && groups.some((g) => g.length >= 2);
}

/**
 * A re-read day is taken only when it keeps the year and the month, has two digits, and holds the day
 * first read as one of them: the engine drops a digit (١ is a bare stroke), it does not invent one.
 */
export function longerDay(before: string, after: string | null): boolean {
  if (!after || after.slice(0, 7) !== before.slice(0, 7)) return false;
  const a = Number(before.slice(8));
  const b = Number(after.slice(8));
  return b >= 10 && String(b).includes(String(a));
}

/**
 * Reads again, cut out of the page with a margin, the issue and due dates whose day came out as one digit
 * where the date's other numbers suggest two, and keeps a reading that gives the day its lost digit.
 */
export async function rereadShortDays(
  fields: FieldsJson,
  lines: Line[],
  sources: Map<number, PageSource>,
  budget: Budget,
): Promise<void> {
  for (const key of ['issue_date', 'due_date'] as const) {
    const value = fields[key];
    const box = fields.boxes[key];
    if (!value || !box || Number(value.slice(8)) >= 10) continue;
    const source = sources.get(box.page);
    if (!source) continue;
    const { gray } = source;
    const x0 = box.x * gray.width;
    const y0 = box.y * gray.height;
    const x1 = (box.x + box.w) * gray.width;
    const y1 = (box.y + box.h) * gray.height;
    // Words of the reading whose centre lies in the box (as fractions of the page: the winning reading
    // may come from a larger copy of the page than the one kept for re-reads).
    const inside = (fx: number, fy: number): boolean =>
      fx >= box.x && fx <= box.x + box.w && fy >= box.y && fy <= box.y + box.h;
    const words = lines
      .filter((l) => l.page === box.page)
      .flatMap((l) =>
        l.words.filter((w) => inside((w.x0 + w.x1) / 2 / l.pageWidth, (w.y0 + w.y1) / 2 / l.pageHeight)),
      );
    // Days print with two digits on this page: the month is padded ("03") or the other date's day has two.
    const text = words.map((w) => w.text).join(' ');
    const other = fields[key === 'issue_date' ? 'due_date' : 'issue_date'];
    const twoDigitDays = /(?<!\d)0\d(?!\d)/.test(toWesternDigits(text)) || Number(other?.slice(8) ?? 0) >= 10;
    if (!shortDay(text) || !twoDigitDays) continue;
    // A margin of half the line's height: a wider one takes in rules and brackets read as a "1".
    const h = y1 - y0;
    const crop = cropGray(
      gray,
      { x0: x0 - h / 2, y0: y0 - h / 2, x1: x1 + h / 2, y1: y1 + h / 2 },
      { pad: 20 },
    );
    const read = await tesseract(crop, box.page, { ...source.opts, psm: 7 }, budget);
    const again = parseDate(read.words.map((w) => w.text).join(' '));
    if (again && longerDay(value, again)) {
      fields[key] = again;
      fields.confidence[key] = Math.min(fields.confidence[key] ?? 0.5, 0.7);
    }
  }
}

/**
 * How much a row of text looks like a date the engine garbled: a year after a separator ("“O6- 2018"), the
 * day-month-year shape in misread characters ("G7 /OT/17"), a date label; a time of day adds a little.
 */
export function dateHint(text: string): number {
  const t = toWesternDigits(text);
  // The due date's row, a phone or fax number ("Fax 03-777-2018"): not the date sought.
  if (/\b(?:due|expiry|expires?|valid|until|tel|fax|phone|mobile|hp)\b|استحقاق|هاتف|فاكس|جوال/i.test(t))
    return 0;
  let n = 0;
  if (/[/.-]\s?(?:19|20)\d{2}(?!\d)/.test(t)) n += 2;
  if (/(?:^|\s)\S{1,3}\s?[/.-]\s?\S{1,3}\s?[/.-]\s?\d{2,4}(?!\d)/.test(t)) n += 2;
  if (/\b(?:date|dated|tarikh)\b|تاريخ/i.test(t)) n += 2;
  if (/(?<!\d)\d{1,2}\s?:\s?\d{2}(?!\d)/.test(t)) n += 1;
  return n;
}

/** Rows that look like a garbled date read again when a document shows no issue date. */
const MISSING_DATE_ROWS = 2;

/** A band of a page to read again, as fractions of the page's height, and the part of it whose words count. */
interface Band {
  page: number;
  y0: number;
  y1: number;
  keep0: number;
  keep1: number;
}

/**
 * Where a document with no issue date may have it: the rows that look most like a garbled date, and the
 * blank left beside the due date's row where the engine dropped a row (the issue date is printed next to
 * the due date, and a dropped row leaves a gap of more than a row's height).
 */
function missingDateBands(fields: FieldsJson, lines: Line[], sources: Map<number, PageSource>): Band[] {
  const out: Band[] = [];
  const due = fields.boxes.due_date;
  if (due) {
    const cy = due.y + due.h / 2;
    const page = lines
      .filter((l) => l.page === due.page)
      .sort((p, q) => p.y0 - q.y0)
      .map((l) => ({ y0: l.y0 / l.pageHeight, y1: l.y1 / l.pageHeight }));
    const at = page.findIndex((l) => cy > l.y0 && cy < l.y1);
    const row = page[at];
    if (row && sources.has(due.page)) {
      const h = row.y1 - row.y0;
      for (const [top, bottom] of [
        [page[at - 1]?.y1, row.y0],
        [row.y1, page[at + 1]?.y0],
      ] as const) {
        // Cut with a quarter of a row of margin (more takes in parts of the rows, which the engine then
        // reads in place of the gap's); only words centred in the gap count.
        if (top !== undefined && bottom !== undefined && bottom - top > h * 1.2) {
          out.push({ page: due.page, y0: top - h / 4, y1: bottom + h / 4, keep0: top, keep1: bottom });
        }
      }
    }
  }
  const rows = lines
    .map((line) => ({ line, hint: dateHint(line.words.map((w) => w.text).join(' ')) }))
    .filter((r) => r.hint >= 2 && sources.has(r.line.page))
    .sort((a, b) => b.hint - a.hint)
    .slice(0, MISSING_DATE_ROWS);
  for (const { line } of rows) {
    const y0 = line.y0 / line.pageHeight;
    const y1 = line.y1 / line.pageHeight;
    const h = y1 - y0;
    // Half a row above and below; only the words of the row itself count.
    out.push({ page: line.page, y0: y0 - h / 2, y1: y1 + h / 2, keep0: y0 - h / 4, keep1: y1 + h / 4 });
  }
  return out;
}

/**
 * A document with no issue date: the bands where it may be (`missingDateBands`) are cut out across the
 * page and read again as a block with the global threshold, which keeps strokes that the local one breaks
 * on worn thermal print. The first plausible date read that is not the due date is taken.
 */
export async function rereadMissingDate(
  fields: FieldsJson,
  lines: Line[],
  sources: Map<number, PageSource>,
  budget: Budget,
): Promise<void> {
  if (fields.issue_date !== null) return;
  for (const band of missingDateBands(fields, lines, sources)) {
    const source = sources.get(band.page) as PageSource;
    const { gray } = source;
    const H = gray.height;
    if (inBand(source, band.keep0 * H, band.keep1 * H)) continue;
    const top = Math.max(0, Math.round(band.y0 * H));
    const pad = 20;
    const crop = cropGray(gray, { x0: 0, y0: top, x1: gray.width, y1: band.y1 * H }, { pad });
    // The global threshold first (it keeps the strokes of worn thermal print), then the local one (it
    // keeps a row printed lighter than the rest of the page).
    let date: string | null = null;
    for (const thresholding of [0, 2] as const) {
      const read = await tesseract(crop, band.page, { ...source.opts, psm: 6, thresholding }, budget);
      const words = read.words.filter((w) => {
        const cy = ((w.y0 + w.y1) / 2 - pad + top) / H;
        return cy >= band.keep0 && cy <= band.keep1;
      });
      date = firstDateIn(words);
      if (date) break;
    }
    const year = Number(date?.slice(0, 4));
    if (date && date !== fields.due_date && year >= 1990 && year <= new Date().getFullYear() + 1) {
      fields.issue_date = date;
      fields.confidence.issue_date = 0.6;
      fields.boxes.issue_date = {
        page: band.page,
        x: 0,
        y: Math.max(0, band.keep0),
        w: 1,
        h: Math.min(1, band.keep1) - Math.max(0, band.keep0),
      };
      return;
    }
  }
}
