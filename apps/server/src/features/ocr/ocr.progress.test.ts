import { ocrStages } from '@invoicing/contract';
import type { OcrProgress as EngineProgress } from '@invoicing/ocr';
import { describe, expect, it } from 'vitest';
import { progressOf, progressReporter } from './extract-invoice-fields.job';

/** The stages of an advanced run of a two-page Arabic PDF, as the engine reports them. */
const pageStages = [
  'render',
  'preprocess',
  'recognize',
  'recognize-arabic',
  'arabic-digits',
  'recognize-bands',
  'recognize-block',
  'arabic-digits',
  'recognize-variant',
  'arabic-digits',
  'recognize-hires',
  'arabic-digits',
] as const;
const run: EngineProgress[] = [
  { page: 0, pages: 0, stage: 'open' },
  ...pageStages.map((stage) => ({ page: 1, pages: 2, stage })),
  ...pageStages.map((stage) => ({ page: 2, pages: 2, stage })),
  { page: 2, pages: 2, stage: 'extract' },
  { page: 2, pages: 2, stage: 'second-look' },
  { page: 2, pages: 2, stage: 'done' },
];

describe('OCR progress', () => {
  it('places every stage the pages name on the bar', () => {
    for (const stage of ocrStages) {
      const { percent } = progressOf({ page: 1, pages: 1, stage });
      expect(percent, stage).toBeGreaterThan(0);
      expect(percent, stage).toBeLessThan(100);
    }
  });

  it('never moves the bar back, though the digit reader runs after each reading', () => {
    const report = progressReporter();
    const percents = run.map((p) => report(p).percent);
    for (let i = 1; i < percents.length; i++) expect(percents[i]).toBeGreaterThanOrEqual(percents[i - 1]!);
    // Without the floor the bar would step back at the digit reader's second run of a page.
    const raw = run.map((p) => progressOf(p).percent);
    expect(raw.some((percent, i) => i > 0 && percent < raw[i - 1]!)).toBe(true);
    // The second page starts past the first, and the run ends just short of the stored result.
    expect(percents.at(-1)).toBe(99);
    expect(percents[run.findIndex((p) => p.page === 2)]).toBeGreaterThan(45);
  });
});
