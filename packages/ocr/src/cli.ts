import { readFile } from 'node:fs/promises';
import { OcrError } from './errors.js';
import { recognizeInvoice } from './recognize.js';

function fail(code: string, message: string): never {
  process.stdout.write(JSON.stringify({ error: { code, message } }) + '\n');
  process.exit(code === 'USAGE' ? 2 : 1);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const advanced = args.includes('--advanced');
  const files = args.filter((a) => !a.startsWith('--'));
  if (files.length !== 1 || args.some((a) => a.startsWith('--') && a !== '--advanced')) {
    fail('USAGE', 'Usage: npm run ocr --silent -- FILE [--advanced]');
  }
  const file = files[0] as string;
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (e) {
    fail('FILE_NOT_FOUND', `Cannot read ${file}: ${(e as Error).message}`);
  }
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort());
  process.once('SIGTERM', () => controller.abort());
  try {
    const r = await recognizeInvoice(
      { bytes: new Uint8Array(bytes), fileName: file },
      { pipeline: advanced ? 'advanced' : 'normal', signal: controller.signal },
    );
    const out = {
      raw_text: r.raw_text,
      confidence_score: r.confidence_score,
      has_invoice_data: r.has_invoice_data,
      fields_json: r.fields_json,
      method_used: r.method_used,
      pages: r.pages,
      warnings: r.warnings,
      duration_ms: r.duration_ms,
    };
    process.stdout.write(JSON.stringify(out, null, 2) + '\n');
  } catch (e) {
    if (e instanceof OcrError) fail(e.code, e.message);
    fail('ENGINE_FAILED', e instanceof Error ? e.message : String(e));
  }
}

await main();
