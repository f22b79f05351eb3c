// Engine processes kept running between pages: each page must come back with its own words, exactly as a
// process started for it reads them; a page out of time or cancelled ends its process; an idle engine
// never keeps a program from exiting.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { OcrError } from '../src/errors.js';
import { Budget } from '../src/engine/exec.js';
import { cropGray, prepareImage } from '../src/engine/image.js';
import type { Gray } from '../src/engine/image.js';
import { tesseract } from '../src/engine/tesseract.js';
import { closeWarmEngines } from '../src/engine/warm.js';
import type { PageWords } from '../src/layout.js';
import { invoices as samples, repoRoot } from './samples.js';

const opts = { lang: 'eng', thresholding: 2 } as const;

const text = (p: PageWords): string => p.words.map((w) => `${w.text}@${w.x0},${w.y0},${w.lineKey}`).join(' ');

/** Reads with one engine process per page (the engine's behaviour without warm processes). */
async function oneShot(g: Gray): Promise<PageWords> {
  process.env.INVOICING_OCR_WARM_ENGINES = 'off';
  try {
    return await tesseract(g, 1, opts, new Budget(60_000));
  } finally {
    delete process.env.INVOICING_OCR_WARM_ENGINES;
  }
}

async function halvesOf(file: string): Promise<[Gray, Gray]> {
  const img = await prepareImage(new Uint8Array(await readFile(resolve(samples, file))), { minWidth: 1700 });
  const { width, height } = img.gray;
  return [
    cropGray(img.gray, { x0: 0, y0: 0, x1: width, y1: Math.round(height * 0.4) }),
    cropGray(img.gray, { x0: 0, y0: Math.round(height * 0.4), x1: width, y1: height }),
  ];
}

afterEach(() => closeWarmEngines());

describe('warm engine processes', () => {
  it('read each page of a run of pages as a process of its own reads it', async () => {
    const [top, bottom] = await halvesOf('dev-001.png');
    const [expectTop, expectBottom] = [await oneShot(top), await oneShot(bottom)];
    expect(expectTop.words.length).toBeGreaterThan(20);
    expect(expectBottom.words.length).toBeGreaterThan(20);
    const budget = new Budget(60_000);
    // Alternating pages through the same warm process: no page's rows leak into another's.
    for (const [g, want] of [
      [top, expectTop],
      [bottom, expectBottom],
      [top, expectTop],
      [bottom, expectBottom],
    ] as const) {
      const got = await tesseract(g, 1, opts, budget);
      expect(text(got)).toBe(text(want));
      expect([got.width, got.height]).toEqual([g.width, g.height]);
    }
    // Pages read at the same time get processes of their own.
    const both = await Promise.all([tesseract(top, 1, opts, budget), tesseract(bottom, 1, opts, budget)]);
    expect(both.map(text)).toEqual([text(expectTop), text(expectBottom)]);
  }, 60_000);

  it('ends the process of a page out of time or cancelled, and the next page is read', async () => {
    const [, bottom] = await halvesOf('dev-001.png');
    const late = await tesseract(bottom, 1, opts, new Budget(100)).catch((e: unknown) => e);
    expect((late as OcrError).code).toBe('TIMEOUT');
    const controller = new AbortController();
    const reading = tesseract(bottom, 1, opts, new Budget(60_000, controller.signal));
    setTimeout(() => controller.abort(), 100);
    expect(((await reading.catch((e: unknown) => e)) as OcrError).code).toBe('CANCELLED');
    const again = await tesseract(bottom, 1, opts, new Budget(60_000));
    expect(text(again)).toBe(text(await oneShot(bottom)));
  }, 60_000);

  it('stops a page cancelled before its engine was handed it', async () => {
    const [top] = await halvesOf('dev-001.png');
    const controller = new AbortController();
    // Cancelled while the page is being written out for the engine, before any engine reads it.
    const reading = tesseract(top, 1, opts, new Budget(60_000, controller.signal));
    controller.abort();
    expect(((await reading.catch((e: unknown) => e)) as OcrError).code).toBe('CANCELLED');
  }, 60_000);

  it('says the engine failed on bytes it cannot read, as a one-shot run does', async () => {
    const bytes = new TextEncoder().encode('not an image at all');
    const err = await tesseract(bytes, 1, opts, new Budget(30_000)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OcrError);
    expect((err as OcrError).code).toBe('ENGINE_FAILED');
  }, 60_000);

  it('lets a program exit while its engines wait for pages', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'warm-test-'));
    const src = resolve(repoRoot, 'packages/ocr/src/engine');
    const script = join(dir, 'read.mts');
    await writeFile(
      script,
      [
        `import { tesseract } from ${JSON.stringify(join(src, 'tesseract.ts'))};`,
        `import { Budget } from ${JSON.stringify(join(src, 'exec.ts'))};`,
        'const g = { data: Buffer.alloc(400 * 100, 255), width: 400, height: 100 };',
        "const p = await tesseract(g, 1, { lang: 'eng' }, new Budget(30000));",
        'console.log(p.width);',
      ].join('\n'),
    );
    try {
      // An idle engine ends after a minute; a program that waited for it would outlive this timeout.
      const tsx = resolve(repoRoot, 'node_modules/.bin/tsx');
      const { stdout } = await promisify(execFile)(tsx, [script], { cwd: repoRoot, timeout: 50_000 });
      expect(stdout.trim()).toBe('400');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
