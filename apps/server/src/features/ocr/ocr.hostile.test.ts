import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeEncryptedPdf, makeHugePng, makePdf } from '../../../../../packages/ocr/test/generate';
import { makeImage, multipartBody } from '../../test/fixtures';
import { bearer, createTestApp, json, registerUser, type TestApp } from '../../test/test-app';

/*
 * Hostile files through the whole product, with the real OCR engine: each is refused at upload with a clear
 * message, or read to a settled end (FAILED with its credits back, or DONE saying what it skipped); never a
 * crash, a 500 or a run left PROCESSING.
 */

let t: TestApp;
let h: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({}, { workers: { concurrency: 1 } });
  const u = await registerUser(t.app);
  h = bearer(u.tokens.access, u.organization.id);
});
afterAll(() => t.close());

const upload = (data: Buffer, filename: string) => {
  const body = multipartBody([{ name: 'file', value: data, filename }]);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/attachments/',
    headers: { ...h, ...body.headers },
    payload: body.payload,
  });
};

const credits = async () =>
  json<{ credits: { remaining: number } }>(
    await t.app.inject({ method: 'GET', url: '/api/v1/usage/summary/', headers: h }),
  ).credits.remaining;

const runToEnd = async (attachmentId: string, advanced = false) => {
  const started = await t.app.inject({
    method: 'POST',
    url: `/api/v1/attachments/${attachmentId}/${advanced ? 'enhanced-ocr' : 'ocr'}/`,
    headers: h,
    payload: {},
  });
  expect(started.statusCode, started.body).toBe(202);
  const id = json<{ extraction_id: string }>(started).extraction_id;
  for (let i = 0; i < 1200; i += 1) {
    const run = json<{
      status: string;
      error_message: string | null;
      credits_refunded: number;
      warnings: string[];
    }>(await t.app.inject({ method: 'GET', url: `/api/v1/ocr/${id}/`, headers: h }));
    if (run.status !== 'PROCESSING') return run;
    await sleep(100);
  }
  throw new Error('the run did not end');
};

describe('hostile files', () => {
  it('refuses at upload, with a clear message, what is not a readable invoice file', async () => {
    const cases: [string, Buffer, string, number, string][] = [
      [
        'HTML named .png',
        Buffer.from('<html><body onload=alert(1)>x</body></html>'),
        'x.png',
        400,
        'UNSUPPORTED_FILE_TYPE',
      ],
      [
        'a truncated PNG',
        (await makeImage('png', 900, 700)).subarray(0, 300),
        'cut.png',
        400,
        'FILE_UNREADABLE',
      ],
      ['a decompression bomb', makeHugePng(30_000, 30_000), 'bomb.png', 413, 'FILE_TOO_LARGE'],
      ['an encrypted PDF', makeEncryptedPdf(), 'secret.pdf', 400, 'FILE_UNREADABLE'],
    ];
    for (const [what, data, name, status, code] of cases) {
      const res = await upload(data, name);
      expect(res.statusCode, what).toBe(status);
      expect(res.json().code, what).toBe(code);
      expect(res.json().detail.length, what).toBeGreaterThan(10);
    }
    const usage = json<{ total_files: number }>(
      await t.app.inject({ method: 'GET', url: '/api/v1/attachments/storage-usage/', headers: h }),
    );
    expect(usage.total_files).toBe(0);
  });

  it('reads only the first pages of a PDF with 300 pages, and says so', async () => {
    const file = await upload(
      makePdf(300, (p) => `Invoice page ${p} of a very long document`),
      'long.pdf',
    );
    expect(file.statusCode, file.body).toBe(201);
    const run = await runToEnd(json<{ id: string }>(file).id);
    expect(run.status).toBe('DONE');
    expect(run.warnings.join(' ')).toMatch(/300 pages/);
  });

  it('ends FAILED with its credits back when the engine cannot read a file the upload accepted', async () => {
    const tiny = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const file = await upload(tiny, 'dot.png');
    expect(file.statusCode, file.body).toBe(201);
    const before = await credits();
    const run = await runToEnd(json<{ id: string }>(file).id, true);
    expect(['FAILED', 'DONE']).toContain(run.status);
    if (run.status === 'FAILED') {
      expect(run.error_message).toBeTruthy();
      expect(run.credits_refunded).toBe(10);
      expect(await credits()).toBe(before);
    } else {
      expect(await credits()).toBe(before - 10);
    }
  });
});
