// How the second engine's glyphs become words, and the lookalike letters and digits put back in them:
// pure functions, no engine run.
import { describe, expect, it } from 'vitest';
import { fixLookalikes, wordsOfLine } from '../src/engine/paddle.js';
import type { Glyph } from '../src/engine/paddle.js';

describe('second engine words', () => {
  it('cuts a line into words at the blank between them and boxes each by its ink', () => {
    // Two blocks of pure black ink on white (a clean 1-bit scan), 30 px apart: "AB" and "CD".
    const width = 200;
    const height = 40;
    const data = Buffer.alloc(width * height, 255);
    for (let y = 10; y <= 30; y++) {
      for (let x = 10; x <= 50; x++) data[y * width + x] = 0;
      for (let x = 80; x <= 120; x++) data[y * width + x] = 0;
    }
    const glyphs: Glyph[] = [
      { ch: 'A', conf: 0.9, step: 2 },
      { ch: 'B', conf: 0.9, step: 4 },
      { ch: 'C', conf: 0.9, step: 10 },
      { ch: 'D', conf: 0.9, step: 12 },
    ];
    const words = wordsOfLine(glyphs, { x0: 0, y0: 0, x1: width, y1: height }, 8, 'l', {
      data,
      width,
      height,
    });
    expect(words.map((w) => [w.text, w.x0, w.x1, w.y0, w.y1])).toEqual([
      ['AB', 10, 51, 10, 31],
      ['CD', 80, 121, 10, 31],
    ]);
    // Nothing to read: no words, no failure.
    expect(wordsOfLine([], { x0: 0, y0: 0, x1: width, y1: height }, 8, 'l', { data, width, height })).toEqual(
      [],
    );
  });

  it('puts back letters and digits of the same shape from the word around them', () => {
    expect(fixLookalikes('GR0UND')).toBe('GROUND');
    expect(fixLookalikes('FL00R')).toBe('FLOOR');
    expect(fixLookalikes('Leve1')).toBe('Level');
    expect(fixLookalikes('Peta1ing')).toBe('Petaling');
    expect(fixLookalikes('N0.')).toBe('NO.');
    expect(fixLookalikes('47SOO')).toBe('47500');
    // Codes and amounts stay as printed.
    for (const w of [
      'SS21/39',
      'G1.116A',
      'B1',
      'JLN1',
      'VE0514',
      '7928F713',
      'A4',
      '80gsm',
      'No.1',
      '1.00',
      'x1',
      'INV100A',
      'ISO9001',
    ])
      expect(fixLookalikes(w)).toBe(w);
  });
});
