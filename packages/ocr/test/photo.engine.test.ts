// A photographed sheet of Arabic, and an Arabic page that does not add up, are read twice, the second time
// sharpened, and the vote takes what adds up and fills what the first reading missed.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { recognizeInvoice } from '../src/index.js';
import type { OcrStage } from '../src/index.js';

const fixture = (name: string): string => resolve(import.meta.dirname, 'fixtures/invoices', name);

describe('photographed Arabic pages', () => {
  it('reads the dates of a blurred, noisy photo of an Arabic invoice from its sharpened reading', async () => {
    const bytes = new Uint8Array(await readFile(fixture('gen3-0025.jpg')));
    const truth = JSON.parse(await readFile(fixture('gen3-0025.json'), 'utf8')) as {
      fields: { issue_date: string; due_date: string };
    };
    const stages: OcrStage[] = [];
    const r = await recognizeInvoice(
      { bytes },
      { pipeline: 'normal', onProgress: (p) => stages.push(p.stage) },
    );
    expect(stages).toContain('recognize-variant');
    expect(r.fields_json.issue_date).toBe(truth.fields.issue_date);
    expect(r.fields_json.due_date).toBe(truth.fields.due_date);
  });
});
