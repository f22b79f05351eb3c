// The documents of a benchmark folder with their truth: the samples' receipts (key/ and img/) or invoices
// (a truth file beside each document, as the corpus generator writes them). Used by bench:ocr and its replay.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { FieldsJson } from '../../packages/ocr/src/index.js';
import { invoiceKeyValues, receiptDate, scoreInvoice, scoreReceipt } from './score.js';
import type { FieldScore, InvoiceTruth, ReceiptTruth } from './score.js';

export interface BenchDoc {
  /** The document's file name without its extension. */
  id: string;
  group: string;
  file: string;
  score: (f: FieldsJson) => FieldScore[];
  keyValues: string[];
  /** An invoice's truth (receipts have none of this shape). */
  invoice?: InvoiceTruth;
}

export function loadFolder(dir: string): BenchDoc[] {
  if (existsSync(join(dir, 'key')) && existsSync(join(dir, 'img'))) {
    return readdirSync(join(dir, 'key'))
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((k) => {
        const t = JSON.parse(readFileSync(join(dir, 'key', k), 'utf8')) as ReceiptTruth;
        const date = receiptDate(t.date);
        return {
          id: basename(k, '.json'),
          group: 'receipts',
          file: join(dir, 'img', k.replace('.json', '.jpg')),
          score: (f) => scoreReceipt(f, t),
          keyValues: [t.company, t.date, t.address, t.total].filter((v) => v && (v !== t.date || date)),
        };
      });
  }
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json') && f !== 'manifest.json')
    .sort()
    .flatMap((k): BenchDoc[] => {
      let t: InvoiceTruth;
      try {
        t = JSON.parse(readFileSync(join(dir, k), 'utf8')) as InvoiceTruth;
      } catch {
        console.error(`skipped ${k}: not a readable truth file`);
        return [];
      }
      return [
        {
          id: t.id ?? basename(k, '.json'),
          group: t.language,
          file: join(dir, t.file),
          score: (f) => scoreInvoice(f, t),
          keyValues: invoiceKeyValues(t),
          invoice: t,
        },
      ];
    });
}
