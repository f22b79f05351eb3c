// Words and pages of a reading, built by hand for tests.
import type { PageWords, Word } from '../src/layout.js';

export const word = (
  text: string,
  conf: number,
  x0: number,
  x1: number,
  lineKey = '1.1.1',
  y0 = 100,
): Word => ({
  text,
  conf,
  x0,
  x1,
  y0,
  y1: y0 + 40,
  lineKey,
});

export const pageOf = (words: Word[], width = 1200, height = 400): PageWords => ({
  page: 1,
  width,
  height,
  words,
});
