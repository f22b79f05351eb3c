// Passes read ahead on a spare core (`src/ahead.ts`): a page read with its passes side by side gives
// exactly what it gives read one pass after another, and a pass read ahead for nothing is stopped.
import { readFileSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ahead } from '../src/ahead.js';
import { Budget } from '../src/engine/exec.js';
import { prepareImage } from '../src/engine/image.js';
import { STOCK_ARABIC, TUNED_ARABIC } from '../src/engine/models.js';
import { tesseract } from '../src/engine/tesseract.js';
import { closeWarmEngines } from '../src/engine/warm.js';
import { recognizeInvoice } from '../src/index.js';
import type { OcrResult } from '../src/index.js';
import { invoices as samples } from './samples.js';

/** The engine processes this process runs now: their command lines, and whether each is reading. */
function engines(): { cmd: string; busy: boolean }[] {
  const found: { cmd: string; busy: boolean }[] = [];
  for (const p of readdirSync('/proc')) {
    if (!/^\d+$/.test(p)) continue;
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) !== process.pid || fields[0] === 'Z') continue;
      const cmd = readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0').join(' ');
      if (cmd.startsWith('tesseract')) found.push({ cmd, busy: fields[0] === 'R' });
    } catch {
      // The process ended between listing and reading.
    }
  }
  return found;
}

/**
 * How many times (one look every 20 ms) the engines of two passes were seen reading at once: the English
 * and the Arabic one, the Arabic and the block one. An engine that has just read a page is seen reading for
 * a moment more (it reads the blank page that ends each page), so one or two looks are no overlap.
 */
interface Seen {
  englishBesideArabic: number;
  arabicBesideBlock: number;
}

const ARABIC = ['eng+Arabic', TUNED_ARABIC];
const arabicEngine = (cmd: string): boolean => ARABIC.some((lang) => cmd.includes(`-l ${lang} `));

/** Reads a sample, noting which passes' engines were seen reading at the same time. */
async function read(file: string): Promise<{ r: OcrResult; seen: Seen }> {
  const bytes = new Uint8Array(await readFile(resolve(samples, file)));
  const seen: Seen = { englishBesideArabic: 0, arabicBesideBlock: 0 };
  const look = (): void => {
    const now = engines();
    const reading = (psm: number, lang: string): boolean =>
      now.some((e) => e.busy && e.cmd.includes(`--psm ${psm} `) && e.cmd.includes(`-l ${lang} `));
    // The Arabic model is the tuned one (Debian's beside the English one where the tuned one is missing);
    // the block reading and the bands' are both read as blocks (psm 6).
    if (reading(4, 'eng') && ARABIC.some((lang) => reading(4, lang))) seen.englishBesideArabic++;
    if (ARABIC.some((lang) => reading(4, lang) && reading(6, lang))) {
      seen.arabicBesideBlock++;
    }
  };
  const timer = setInterval(look, 20);
  try {
    const r = await recognizeInvoice({ bytes }, { pipeline: 'normal' });
    return { r, seen };
  } finally {
    clearInterval(timer);
  }
}

async function oneAtATime<T>(fn: () => Promise<T>): Promise<T> {
  process.env.INVOICING_OCR_READ_AHEAD = 'off';
  try {
    return await fn();
  } finally {
    delete process.env.INVOICING_OCR_READ_AHEAD;
  }
}

afterEach(() => closeWarmEngines());

describe('passes read ahead', () => {
  it('read a ruled Arabic page side by side, with the same fields as pass after pass', async () => {
    // A gridded Arabic invoice with Western digits: its Arabic pass runs beside the English one, and its
    // block reading (rules erased) beside the Arabic one.
    const after = await oneAtATime(() => read('gen-0017.jpg'));
    const side = await read('gen-0017.jpg');
    // One pass after another, an engine's tail (the blank page that ends each page) is seen for a few
    // looks, more on a busy machine; side by side, for most of a pass (about 30 to 60 looks here).
    expect(after.seen.englishBesideArabic).toBeLessThanOrEqual(6);
    expect(after.seen.arabicBesideBlock).toBeLessThanOrEqual(6);
    expect(side.seen.englishBesideArabic).toBeGreaterThanOrEqual(12);
    expect(side.seen.arabicBesideBlock).toBeGreaterThanOrEqual(12);
    expect(side.r.fields_json).toEqual(after.r.fields_json);
    expect(side.r.raw_text).toBe(after.r.raw_text);
    expect(side.r.fields_json.line_items.length).toBeGreaterThanOrEqual(8);
  }, 120_000);

  it("read an Arabic page's light-on-dark bands beside its Arabic pass, with the same fields", async () => {
    // An Arabic invoice with dark title and header bars, read again on their own (at psm 6, in the page's
    // model): beside the Arabic pass, not after it. Its block reading, also at psm 6, is left out here.
    process.env.INVOICING_OCR_BLOCK_PASS = 'off';
    let after: Awaited<ReturnType<typeof read>>;
    let side: Awaited<ReturnType<typeof read>>;
    try {
      after = await oneAtATime(() => read('dev-005.png'));
      side = await read('dev-005.png');
    } finally {
      delete process.env.INVOICING_OCR_BLOCK_PASS;
    }
    expect(after.seen.arabicBesideBlock).toBeLessThanOrEqual(6);
    // Its tuned pass now starts beside the English one and may end before the bands are read; the page is
    // still read side by side, with the same fields.
    expect(side.seen.englishBesideArabic).toBeGreaterThanOrEqual(5);
    expect(side.r.fields_json).toEqual(after.r.fields_json);
    expect(side.r.raw_text).toBe(after.r.raw_text);
    expect(side.r.fields_json.language).toBe('ar');
  }, 120_000);

  it('leave no Arabic pass reading once an English page is read', async () => {
    // Read ahead beside the English pass, the Arabic one is dropped when the page turns out English: stopped
    // if it was still reading, kept as an idle engine if it had ended first (on a busy machine either can
    // end first: on this page the two passes take about as long).
    const { r, seen } = await read('dev-001.png');
    expect(r.fields_json.language).toBe('en');
    expect(seen.englishBesideArabic).toBeGreaterThanOrEqual(5);
    let reading = engines().filter((e) => e.busy && arabicEngine(e.cmd));
    for (let i = 0; i < 50 && reading.length > 0; i++) {
      await new Promise((done) => setTimeout(done, 40));
      reading = engines().filter((e) => e.busy && arabicEngine(e.cmd));
    }
    expect(reading).toEqual([]);
  }, 60_000);

  it('stop the engine of a pass dropped while it reads, and keep no idle engine of it', async () => {
    const gray = (await prepareImage(new Uint8Array(await readFile(resolve(samples, 'gen-0017.jpg'))), {}))
      .gray;
    const arabic = (): { cmd: string; busy: boolean }[] =>
      engines().filter((e) => e.cmd.includes('-l eng+Arabic '));
    const pass = ahead(new Budget(60_000), (budget) =>
      tesseract(gray, 1, { ...STOCK_ARABIC, thresholding: 2 }, budget),
    );
    // Dropped once its engine has been seen reading for 0.3 s (it has been handed the page by then, which
    // takes a few milliseconds; a whole page takes it more than a second).
    for (let i = 0; i < 500 && !arabic().some((e) => e.busy); i++) {
      await new Promise((done) => setTimeout(done, 10));
    }
    await new Promise((done) => setTimeout(done, 300));
    expect(arabic().some((e) => e.busy)).toBe(true);
    pass.drop();
    let left = arabic();
    for (let i = 0; i < 50 && left.length > 0; i++) {
      await new Promise((done) => setTimeout(done, 40));
      left = arabic();
    }
    expect(left).toEqual([]);
  }, 60_000);
});
