// Where the engine tests find their pages. The synthetic invoices they read ship with the repository; the
// real scanned receipts are a data set of their own, kept beside the repository (`../shared/samples`, or
// the folder OCR_SAMPLES names), and the tests that read them are skipped where it is absent.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(fileURLToPath(import.meta.url), '../../../..');

export const invoices = resolve(fileURLToPath(import.meta.url), '../fixtures/invoices');

const samplesRoot = process.env.OCR_SAMPLES
  ? resolve(process.env.OCR_SAMPLES)
  : resolve(repoRoot, '../shared/samples');

export const receipts = resolve(samplesRoot, 'receipts-sroie/img');

export const hasReceipts = existsSync(receipts);

/** Says once per test file why its receipt tests are skipped. */
export function noteMissingReceipts(): void {
  if (!hasReceipts) {
    console.warn(
      `Skipping the tests on real scanned receipts: ${receipts} does not exist ` +
        '(set OCR_SAMPLES to the folder that holds receipts-sroie/).',
    );
  }
}
