/**
 * The whole OCR path through the product, against the engine's own time on the same files:
 *   upload (multipart) -> start OCR -> the DONE event on the page's event stream -> the extraction with its
 *   fields and page pictures (what the review screen loads).
 *
 *   npm run bench:product [-- FOLDER] [--pipelines normal,advanced] [--limit N]
 *
 * FOLDER holds invoice images or PDFs (by default the repository's test samples, which the engine was not
 * tuned on more than on any other). Goal: the product takes at most the engine's time plus 1 second.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { recognizeInvoice, type Pipeline } from '../../packages/ocr/src/index.js';
import { startProduct } from '../api/lib/processes';

const root = path.resolve(import.meta.dirname, '../..');
const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const pipelines = (opt('--pipelines') ?? 'normal,advanced').split(',') as Pipeline[];
const limit = Number(opt('--limit') ?? '0');
const folder =
  args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--')) ??
  path.join(root, 'packages/ocr/test/fixtures/invoices');
const mimeOf = (f: string) =>
  f.endsWith('.pdf') ? 'application/pdf' : f.endsWith('.png') ? 'image/png' : 'image/jpeg';
let files = fs
  .readdirSync(folder)
  .filter((f) => /\.(png|jpe?g|pdf)$/i.test(f))
  .sort()
  .map((f) => path.join(folder, f));
if (limit) files = files.slice(0, limit);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)]! : NaN;
};

const main = async () => {
  const product = await startProduct(root, {
    OCR_WORKERS: '1',
    MALLOC_ARENA_MAX: '2',
    MALLOC_MMAP_THRESHOLD_: '131072',
  });
  const base = product.base;
  try {
    const reg = await fetch(`${base}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `bench.${Date.now()}@example.com`,
        password: 'bench-password-1',
        organization_name: 'Bench Co',
      }),
    });
    const { tokens, organization } = (await reg.json()) as {
      tokens: { access: string };
      organization: { id: string };
    };
    const headers = { authorization: `Bearer ${tokens.access}`, 'x-organization-id': organization.id };

    // The page's event stream: DONE is seen the moment the server pushes it.
    const done = new Map<string, () => void>();
    let t0 = 0;
    const controller = new AbortController();
    const stream = await fetch(`${base}/api/v1/ocr/events/`, { headers, signal: controller.signal });
    void (async () => {
      const reader = stream.body!.getReader();
      let buffer = '';
      try {
        for (;;) {
          const { value, done: ended } = await reader.read();
          if (ended) return;
          buffer += Buffer.from(value).toString();
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const data = buffer
              .slice(0, end)
              .split('\n')
              .find((l) => l.startsWith('data: '));
            buffer = buffer.slice(end + 2);
            if (!data) continue;
            const event = JSON.parse(data.slice(6)) as {
              extraction_id: string;
              status: string;
              progress: { stage: string } | null;
            };
            if (process.env.BENCH_VERBOSE) {
              process.stderr.write(
                `  ${(performance.now() - t0).toFixed(0)} ms ${event.status} ${event.progress?.stage ?? ''}\n`,
              );
            }
            if (event.status !== 'PROCESSING') done.get(event.extraction_id)?.();
          }
        }
      } catch {
        // closed at the end
      }
    })();

    const rows: string[] = [];
    const summary: string[] = [];
    for (const pipeline of pipelines) {
      const engineMs: number[] = [];
      const productMs: number[] = [];
      // Both warm their engines on the first file, which is not counted.
      const bytesOf = (f: string) => new Uint8Array(fs.readFileSync(f));
      await recognizeInvoice({ bytes: bytesOf(files[0]!) }, { pipeline });
      for (const [i, file] of [files[0]!, ...files].entries()) {
        const bytes = bytesOf(file);
        const engineStart = performance.now();
        await recognizeInvoice({ bytes }, { pipeline });
        const engine = performance.now() - engineStart;

        const start = performance.now();
        t0 = start;
        const form = new FormData();
        form.append('kind', 'INVOICE_UPLOAD');
        form.append('file', new Blob([bytes], { type: mimeOf(file) }), path.basename(file));
        const up = await fetch(`${base}/api/v1/attachments/`, { method: 'POST', headers, body: form });
        if (process.env.BENCH_VERBOSE)
          process.stderr.write(`  ${(performance.now() - t0).toFixed(0)} ms uploaded\n`);
        const attachment = (await up.json()) as { id: string };
        const started = await fetch(`${base}/api/v1/attachments/${attachment.id}/ocr/`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ use_enhanced: pipeline === 'advanced' }),
        });
        const { extraction_id: id } = (await started.json()) as { extraction_id: string };
        await new Promise<void>((resolve) => {
          done.set(id, resolve);
          // A run that ended before the listener was set is read once.
          void fetch(`${base}/api/v1/ocr/${id}/`, { headers })
            .then((r) => r.json() as Promise<{ status: string }>)
            .then((r) => r.status !== 'PROCESSING' && resolve());
        });
        const review = (await (await fetch(`${base}/api/v1/ocr/${id}/`, { headers })).json()) as {
          status: string;
          fields_json: unknown;
          pages: { image_url: string }[];
        };
        await fetch(`${base}${review.pages[0]?.image_url ?? '/'}`);
        const product = performance.now() - start;
        if (i === 0) continue;
        engineMs.push(engine);
        productMs.push(product);
        rows.push(
          `${pipeline.padEnd(9)}${path.basename(file).padEnd(14)}${review.status.padEnd(7)}${engine.toFixed(0).padStart(9)}${product.toFixed(0).padStart(11)}${(product - engine).toFixed(0).padStart(12)}`,
        );
        process.stdout.write(`${rows.at(-1)}\n`);
      }
      const overhead = productMs.map((p, i) => p - engineMs[i]!);
      summary.push(
        `${pipeline.padEnd(9)}${String(productMs.length).padStart(6)}${median(engineMs).toFixed(0).padStart(12)}${median(productMs).toFixed(0).padStart(13)}${median(overhead).toFixed(0).padStart(15)}${Math.max(
          ...overhead,
        )
          .toFixed(0)
          .padStart(14)}   ${Math.max(...overhead) <= 1000 ? 'PASS' : 'FAIL'}`,
      );
    }
    controller.abort();
    process.stdout.write(
      `\nUpload to fields on the review screen, against the engine alone (${files.length} files from ${path.relative(root, folder) || folder}, one at a time, ${os.availableParallelism()} cores):\n\n` +
        `pipeline  files   engine ms   product ms   overhead ms   worst ms   goal: overhead <= 1000 ms\n${summary.join('\n')}\n`,
    );
  } finally {
    await product.stop();
  }
};

await main();
