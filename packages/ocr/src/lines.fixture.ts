// Test helper: text rows laid out as the engine reports them.
import { buildLines } from './layout.js';
import type { Line, Word } from './layout.js';

/**
 * Lays out text rows as an engine would report them: words with boxes, left to right as on the page.
 * Each row is a list of [x, text] cells; words are 14 px per character, 12 px apart, rows 50 px apart.
 */
export function pageOf(rows: [number, string][][], conf = 0.95): Line[] {
  const words: Word[] = [];
  rows.forEach((cells, r) => {
    for (const [x, text] of cells) {
      let cx = x;
      // Arabic cells are given in reading order; on the page their words run right to left.
      const parts = /[\u0600-\u06ff]/.test(text) ? text.split(' ').reverse() : text.split(' ');
      for (const t of parts) {
        words.push({ text: t, conf, x0: cx, x1: cx + t.length * 14, y0: 100 + r * 50, y1: 130 + r * 50 });
        cx += t.length * 14 + 12;
      }
    }
  });
  return buildLines({ page: 1, width: 1700, height: 2400, words });
}

/** An item table as rows of cells for `pageOf`: its header (Description, Qty, Price, Amount) and its rows. */
export function tableRows(rows: [string, string, string, string][]): [number, string][][] {
  const at = [100, 800, 1000, 1200];
  const cells = (texts: string[]): [number, string][] => texts.map((t, i) => [at[i] ?? 0, t]);
  return [cells(['Description', 'Qty', 'Price', 'Amount']), ...rows.map(cells)];
}
