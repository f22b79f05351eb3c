// Which words of a reading are unsure Latin runs, to be read again with the Arabic model alone.
import { describe, expect, it } from 'vitest';
import { latinRuns } from '../src/reread.js';
import { pageOf, word } from './words.js';

describe('latinRuns', () => {
  it('groups neighbouring unsure Latin words of a line, with the marks between them', () => {
    const runs = latinRuns(
      pageOf([
        word('ialb', 0.1, 100, 160),
        word('|', 0.4, 170, 175),
        word('pean', 0.2, 185, 250),
        word('5', 0.96, 400, 420),
        word('258.00', 0.93, 600, 700),
        word('copulate', 0.14, 100, 240, '1.1.2', 160),
        word('|', 0.5, 250, 255, '1.1.2', 160),
      ]),
    );
    expect(runs.map((r) => r.map((w) => w.text))).toEqual([['ialb', '|', 'pean'], ['copulate']]);
  });

  it('leaves sure Latin words, numbers, single letters and band readings alone', () => {
    const runs = latinRuns(
      pageOf([
        word('Invoice', 0.92, 100, 220),
        word('E', 0.41, 300, 320),
        word('12.5', 0.3, 400, 480),
        word('garble', 0.2, 100, 220, 'band0.1.1.1', 200),
      ]),
    );
    expect(runs).toEqual([]);
  });
});
