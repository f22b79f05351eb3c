import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../test/pdf';
import { createHeavyWork, type HeavyWork } from '../work/heavy-work';
import { createPdfRenderer, PdfRenderError } from './pdf-renderer';

const chromiumPath = '/usr/bin/chromium';

/** A server that counts the requests it gets: a rendered document must send none. */
let server: http.Server;
let requests = 0;
let base = '';

beforeAll(async () => {
  server = http.createServer((_req, res) => {
    requests += 1;
    res.end('x');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Heavy work of one slot that records how many renders ran at once, and for which organizations. */
const recordingWork = () => {
  const limiter = createHeavyWork(1);
  const seen = { running: 0, most: 0, organizations: [] as string[] };
  const work: HeavyWork = {
    run: (org, fn) =>
      limiter.run(org, async () => {
        seen.organizations.push(org);
        seen.running += 1;
        seen.most = Math.max(seen.most, seen.running);
        try {
          return await fn();
        } finally {
          seen.running -= 1;
        }
      }),
  };
  return { work, seen };
};

const page = (body: string) =>
  `<!doctype html><html lang="ar" dir="rtl"><head><meta charset="utf-8"></head><body>${body}</body></html>`;

describe('the PDF renderer', { timeout: 120_000 }, () => {
  it('prints a page with Arabic text, and sends no request for what the page names', async () => {
    const { work, seen } = recordingWork();
    const renderer = createPdfRenderer({ executablePath: chromiumPath, timeoutMs: 60_000, heavyWork: work });
    try {
      const html = `<!doctype html><html lang="ar" dir="rtl"><head><meta charset="utf-8">
        <link rel="stylesheet" href="${base}/style.css">
        <style>@import url("${base}/more.css"); @font-face { font-family: X; src: url("${base}/x.woff2"); }
          body { background: url("${base}/bg.png"); font-family: X, 'Noto Naskh Arabic'; }</style>
        <script src="${base}/script.js"></script></head>
        <body><h1>فاتورة ضريبية مبسطة</h1><img src="${base}/logo.png"><iframe src="${base}/frame"></iframe>
        <script>fetch("${base}/inline")</script></body></html>`;
      const pdf = await renderer.render('org-a', html);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(await pdfText(pdf)).toContain('فاتورة ضريبية مبسطة');
      expect(requests).toBe(0);
      expect(seen.organizations).toEqual(['org-a']);
    } finally {
      await renderer.close();
    }
  });

  it('renders one at a time through the heavy work, and starts the browser again after it was ended', async () => {
    const { work, seen } = recordingWork();
    const renderer = createPdfRenderer({ executablePath: chromiumPath, timeoutMs: 60_000, heavyWork: work });
    try {
      const pdfs = await Promise.all(
        ['a', 'b', 'c'].map((org) => renderer.render(`org-${org}`, page(`<p>Document ${org}</p>`))),
      );
      expect(seen.most).toBe(1);
      expect(seen.organizations.sort()).toEqual(['org-a', 'org-b', 'org-c']);
      expect(await Promise.all(pdfs.map(pdfText))).toEqual([
        expect.stringContaining('Document a'),
        expect.stringContaining('Document b'),
        expect.stringContaining('Document c'),
      ]);
      await renderer.close();
      expect(await pdfText(await renderer.render('org-a', page('<p>Again</p>')))).toContain('Again');
    } finally {
      await renderer.close();
    }
  });

  it('gives up past its timeout, and fails clearly when there is no browser to start', async () => {
    const errors: unknown[] = [];
    const hurried = createPdfRenderer({
      executablePath: chromiumPath,
      timeoutMs: 1,
      heavyWork: createHeavyWork(1),
      onError: (error) => errors.push(error),
    });
    try {
      await expect(hurried.render('org-a', page('<p>Slow</p>'))).rejects.toThrow(PdfRenderError);
      expect(String(errors[0])).toContain('took more than 1 ms');
    } finally {
      await hurried.close();
    }
    const missing = createPdfRenderer({
      executablePath: '/nonexistent/chromium',
      timeoutMs: 60_000,
      heavyWork: createHeavyWork(1),
    });
    await expect(missing.render('org-a', page('<p>x</p>'))).rejects.toThrow(PdfRenderError);
    // The failure is not kept: a later render tries again (and fails again, the binary being absent).
    await expect(missing.render('org-a', page('<p>x</p>'))).rejects.toThrow('could not be rendered');
    await missing.close();
  });
});
