// The second engine (PP-OCRv4 through ONNX Runtime) on a real scanned receipt, and its place in the
// advanced pipeline.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Budget } from '../src/engine/exec.js';
import { prepareImage } from '../src/engine/image.js';
import { englishWords } from '../src/engine/lexicon.js';
import { paddle } from '../src/engine/paddle.js';
import { tesseract } from '../src/engine/tesseract.js';
import { recognizeInvoice } from '../src/index.js';
import { hasReceipts, noteMissingReceipts, receipts, repoRoot } from './samples.js';

noteMissingReceipts();
const onReceipts = it.skipIf(!hasReceipts);

async function readReceipt(file: string, pipeline: 'normal' | 'advanced') {
  const bytes = new Uint8Array(await readFile(resolve(receipts, file)));
  return recognizeInvoice({ bytes }, { pipeline });
}
const read = (file: string) => readReceipt(file, 'advanced');

describe('second engine', () => {
  onReceipts(
    'reads a scanned receipt into words with ink-tight boxes, words run together cut apart',
    async () => {
      const bytes = new Uint8Array(await readFile(resolve(receipts, '348.jpg')));
      const img = await prepareImage(bytes, { minWidth: 1700, keepUnflattened: true });
      // As in the pipeline: Tesseract's words say where the spaces are.
      const first = await tesseract(img.gray, 1, { lang: 'eng', thresholding: 2 }, new Budget(60_000));
      const page = await paddle(img.unflattened, 1, new Budget(60_000), first.words);
      expect(page.second).toBe(true);
      const texts = page.words.map((w) => w.text);
      // The seller's name word by word (the recogniser alone answers "BAKERIES(KL)SDNBHD(139386X)").
      const at = texts.indexOf('GARDENIA');
      expect(texts.slice(at, at + 5)).toEqual(['GARDENIA', 'BAKERIES', '(KL)', 'SDN', 'BHD']);
      expect(texts).toContain('48.04');
      expect(texts).toContain('47500'); // read "47SOO"
      expect(texts.slice(texts.indexOf('Ridzuan'), texts.indexOf('Ridzuan') + 2)).toEqual([
        'Ridzuan',
        '(11900)',
      ]);
      expect(texts).toContain('Pelabur');
      for (const w of page.words) {
        expect(w.x0).toBeGreaterThanOrEqual(0);
        expect(w.x1).toBeLessThanOrEqual(page.width);
        expect(w.y1).toBeGreaterThan(w.y0);
        expect(w.conf).toBeGreaterThan(0);
        expect(w.conf).toBeLessThanOrEqual(1);
      }
      // Boxed by ink: a word is about as tall as its letters, not as the detected region.
      const name = page.words[at];
      expect(name && name.y1 - name.y0).toBeLessThan(80);
    },
    60_000,
  );

  onReceipts(
    'gives the advanced pipeline what Tesseract did not read on worn receipts',
    async () => {
      // Without the second engine the advanced pipeline finds no date on 416. (Receipt 229's total, 7.40,
      // which the second engine reads, is lost to a wrong 7.00 since the page's uneven light is divided
      // out as intended: Tesseract now reads a total the vote keeps. A known miss, in the README.)
      const faded = await read('416.jpg');
      expect(faded.warnings.filter((w) => w.includes('second OCR engine'))).toEqual([]);
      expect(faded.fields_json.issue_date).toBe('2017-07-07');
      expect(faded.fields_json.vendor.name).toBe('Guardian Health And Beauty Sdn Bhd');
    },
    120_000,
  );

  onReceipts(
    "merges the two engines' readings of a name and an address word by word",
    async () => {
      // Tesseract reads "laste Of Ihe World" and "Setangor"; the second engine "Wor Id" and "Kenar i".
      const r = await read('042.jpg');
      expect(r.fields_json.vendor.name).toBe('Taste Of The World Sdn Bhd');
      // The words merged; the comma before the state is Tesseract's to read (it reads a full stop).
      expect(r.fields_json.vendor.address).toMatch(
        /Jalan Kenari 5, Bandar Puchong Jaya, 47170 Puchong[,.] Selangor$/,
      );
    },
    120_000,
  );

  onReceipts(
    "has the normal pipeline read the seller's rows again with the second engine's recogniser",
    async () => {
      // Tesseract reads "TED HENG" and "NO.56"; the recogniser "TEO" and "NO.50", more surely.
      const a = await readReceipt('025.jpg', 'normal');
      expect(a.raw_text).toContain('TED HENG');
      expect(a.fields_json.vendor.name).toBe('TEO HENG STATIONERY & BOOKS');
      const b = await readReceipt('586.jpg', 'normal');
      expect(b.raw_text).toContain('NO.56');
      expect(b.fields_json.vendor.address).toMatch(
        /^NO\.50, JALAN PBS 14\/11, KAWASAN PERINDUSTRIAN BUKIT SERDANG/,
      );
      expect(b.warnings).toEqual([]);
      // A faded total Tesseract read "4.00", unsurely, is "47.70" to the recogniser.
      const c = await readReceipt('382.jpg', 'normal');
      expect(c.fields_json.total).toBe('47.70');
    },
    120_000,
  );

  it("takes the engine's English word list from its own model", async () => {
    const words = await englishWords(new Budget(60_000));
    expect(words?.size).toBeGreaterThan(100_000);
    expect(words?.has('Selangor')).toBe(true);
    for (const w of ['guardian', 'stationery', 'selangor', 'the']) expect(words?.has(w)).toBe(true);
    expect(words?.has('goardian')).toBe(false);
    // Place words the dictionary lacks are added to it.
    for (const w of ['damansara', 'perbandaran', 'heliopolis']) expect(words?.has(w)).toBe(true);
  });

  onReceipts(
    'puts back place words of an address misread by one letter ("FETALING")',
    async () => {
      const r = await readReceipt('246.jpg', 'normal');
      expect(r.fields_json.vendor.address).toBe(
        'LOT NO. G23, GIANT KELANA JAYA, LOT PT244, JLN PERBANDARAN SS6/4, PUSAT BANDAR KELANA JAYA, PETALING',
      );
    },
    120_000,
  );

  onReceipts(
    'settles names and totals from what the receipt prints elsewhere',
    async () => {
      // "(JALAN KLANG LANA}" under the name, "OFF JLN KLANG LAMA" in the address; "TOTAL 19,9" read without
      // its cents, "CASH 20.00 / CHANGE 0.00" below it.
      const a = await readReceipt('314.jpg', 'normal');
      expect(a.fields_json.vendor.name).toBe('CHECKERS HYPERMARKET SDN BHD (JALAN KLANG LAMA)');
      expect(a.fields_json.total).toBe('20.00');
      // "SANYO STATIONERY SHOP" at the top, "Sanyu.Stationery" and "SANYU SUPPLY" further down.
      const b = await readReceipt('484.jpg', 'normal');
      expect(b.fields_json.vendor.name).toBe('SANYU STATIONERY SHOP');
      // Tesseract reads no amount beside NET TOTAL; the second engine reads it, and its subtotal, GST and
      // rounding add up to it.
      const c = await read('280.jpg');
      expect(c.fields_json.total).toBe('22.25');
    },
    120_000,
  );

  onReceipts(
    'runs from the command line too, where the runtime is loaded by Node rather than the test runner',
    async () => {
      const tsx = resolve(repoRoot, 'node_modules/.bin/tsx');
      const cli = resolve(repoRoot, 'packages/ocr/src/cli.ts');
      // The total of 280 is the second engine's reading (Tesseract's is wrong).
      const { stdout } = await promisify(execFile)(tsx, [cli, resolve(receipts, '280.jpg'), '--advanced'], {
        cwd: repoRoot,
        maxBuffer: 16 * 1024 * 1024,
      });
      const r = JSON.parse(stdout) as { warnings: string[]; fields_json: { total: string | null } };
      expect(r.warnings).toEqual([]);
      expect(r.fields_json.total).toBe('22.25');
    },
    120_000,
  );
});
