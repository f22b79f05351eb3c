import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { OcrError, recognizeInvoice } from '../src/index.js';
import type { OcrErrorCode, RecognizeOptions } from '../src/index.js';
import { makeEncryptedPdf, makeHugePng, makePdf } from './generate.js';
import { invoices as samples } from './samples.js';
const normal: RecognizeOptions = { pipeline: 'normal' };

async function failsWith(
  bytes: Uint8Array,
  code: OcrErrorCode,
  options: RecognizeOptions = normal,
): Promise<OcrError> {
  const stages: string[] = [];
  const err = await recognizeInvoice({ bytes }, { ...options, onProgress: (p) => stages.push(p.stage) }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(OcrError);
  expect((err as OcrError).code).toBe(code);
  expect((err as OcrError).message.length).toBeGreaterThan(10);
  // A refused file never reaches the engine: no page was recognized.
  if (code !== 'TIMEOUT' && code !== 'CANCELLED') expect(stages).not.toContain('recognize');
  return err as OcrError;
}

describe('hostile and unreadable input', () => {
  it('refuses an empty file', async () => {
    await failsWith(new Uint8Array(0), 'EMPTY_FILE');
  });

  it('refuses text and other formats whatever their name or declared type', async () => {
    const text = new TextEncoder().encode('Invoice No 12\nTotal 100.00\n'.repeat(20));
    const err = await recognizeInvoice(
      { bytes: text, mime: 'application/pdf', fileName: 'invoice.pdf' },
      normal,
    ).catch((e: unknown) => e);
    expect((err as OcrError).code).toBe('UNSUPPORTED_FILE');
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    await failsWith(new Uint8Array(gif), 'UNSUPPORTED_FILE');
  });

  it('reads a file by its content when its name and declared type lie, and says so', async () => {
    const png = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const r = await recognizeInvoice(
      { bytes: new Uint8Array(png), mime: 'application/pdf', fileName: 'scan.pdf' },
      normal,
    );
    expect(r.pages).toBe(1);
    expect(r.has_invoice_data).toBe(false);
    expect(r.warnings.join(' ')).toMatch(/declared as application\/pdf/);
  });

  it('refuses truncated images and PDFs as corrupt', async () => {
    const jpg = await readFile(resolve(samples, 'dev-009.jpg'));
    await failsWith(new Uint8Array(jpg.subarray(0, 4000)), 'CORRUPT_FILE');
    const png = await readFile(resolve(samples, 'dev-001.png'));
    await failsWith(new Uint8Array(png.subarray(0, 3000)), 'CORRUPT_FILE');
    const pdf = makePdf(1, () => 'Invoice');
    await failsWith(new Uint8Array(pdf.subarray(0, 60)), 'CORRUPT_FILE');
  });

  it('refuses a 30,000 x 30,000 pixel image before decoding it', async () => {
    const bomb = makeHugePng(30_000, 30_000);
    expect(bomb.length).toBeLessThan(2_000_000);
    const before = process.memoryUsage().rss;
    const err = await failsWith(new Uint8Array(bomb), 'IMAGE_TOO_LARGE');
    expect(err.message).toMatch(/30000 x 30000/);
    expect(process.memoryUsage().rss - before).toBeLessThan(300 * 1024 * 1024);
  });

  it('refuses a password-protected PDF', async () => {
    await failsWith(new Uint8Array(makeEncryptedPdf()), 'ENCRYPTED_PDF');
  });

  it('reads only the first pages of a PDF with hundreds of pages, and says so', async () => {
    const pdf = makePdf(300, (p) => `Invoice page ${p} of a very long document`);
    const pages: number[] = [];
    const r = await recognizeInvoice(
      { bytes: new Uint8Array(pdf) },
      { pipeline: 'normal', maxPages: 5, onProgress: (p) => pages.push(p.page) },
    );
    expect(r.pages).toBe(5);
    expect(r.warnings.join(' ')).toMatch(/300 pages; only the first 5/);
    expect(r.raw_text).toContain('Invoice page 5 of');
    expect(r.raw_text).not.toContain('Invoice page 6 of');
    expect(Math.max(...pages)).toBe(5);
  });

  it('stops at its time limit and when cancelled', async () => {
    const png = new Uint8Array(await readFile(resolve(samples, 'dev-001.png')));
    await failsWith(png, 'TIMEOUT', { pipeline: 'normal', timeoutMs: 300 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    await failsWith(png, 'CANCELLED', { pipeline: 'normal', signal: controller.signal });
    const aborted = new AbortController();
    aborted.abort();
    await failsWith(png, 'CANCELLED', { pipeline: 'normal', signal: aborted.signal });
  });
});
