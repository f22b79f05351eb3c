// The language models the engine is run with. Pages printed in Arabic-Indic digits are read with
// `Arabic_invoice`: Debian's `Arabic` script model fine-tuned (packages/ocr/training) to read Arabic-Indic
// digits and separators. Tesseract takes one data directory, so a private directory of links to it, to
// the stock `eng` and to the stock `configs` (which holds the `tsv` output config) is made once per process.
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OcrError } from '../errors.js';

export const TUNED_ARABIC = 'Arabic_invoice';
const FILE = `${TUNED_ARABIC}.traineddata`;

// The sources (tests, command line, benchmark) and the server bundle (apps/server/dist) find the model
// at different relative places; INVOICING_OCR_MODELS overrides both.
function modelCandidates(): string[] {
  const here = fileURLToPath(new URL('.', import.meta.url));
  return [
    process.env.INVOICING_OCR_MODELS,
    resolve(here, '../../models'),
    resolve(here, '../../../packages/ocr/models'),
    resolve(process.cwd(), 'packages/ocr/models'),
  ]
    .filter((d): d is string => !!d)
    .map((d) => join(d, FILE));
}

/** The tuned Arabic model's file, or null when it is not found. */
export function tunedModelFile(): string | null {
  return modelCandidates().find((f) => existsSync(f)) ?? null;
}

const STOCK_DIRS = [
  process.env.TESSDATA_PREFIX,
  '/usr/share/tesseract-ocr/5/tessdata',
  '/usr/share/tesseract-ocr/4.00/tessdata',
  '/usr/share/tessdata',
  '/usr/local/share/tessdata',
].filter((d): d is string => !!d);

/** The system's tessdata directory (the one holding `eng.traineddata`). */
export function stockTessdata(): string {
  const dir = STOCK_DIRS.find((d) => existsSync(join(d, 'eng.traineddata')));
  if (!dir) throw new OcrError('ENGINE_FAILED', 'The OCR engine has no English model installed.');
  return dir;
}

let dataDir: string | null = null;

/**
 * A data directory holding the stock English model and the tuned Arabic model, made on first use and
 * removed when the process exits; null when the tuned model is missing (the stock `Arabic` is used then).
 */
export function tunedTessdata(): string | null {
  if (dataDir && existsSync(dataDir)) return dataDir;
  const model = tunedModelFile();
  if (!model) return null;
  const stock = stockTessdata();
  const dir = mkdtempSync(join(tmpdir(), 'invoicing-ocr-tessdata-'));
  symlinkSync(join(stock, 'eng.traineddata'), join(dir, 'eng.traineddata'));
  symlinkSync(join(stock, 'configs'), join(dir, 'configs'));
  symlinkSync(model, join(dir, FILE));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  dataDir = dir;
  return dir;
}

/**
 * How Arabic pages are read: with the tuned model alone, whatever digits they print. It was trained on
 * English and bilingual lines too; read without `eng` beside it, it keeps the rows of bilingual tables
 * together, reads Arabic words better than Debian's `Arabic` after `eng`, and is faster. Where it reads a
 * Western-digit page's Latin words and numbers worse than the English model, the English pass's sure
 * readings take their places (`recognize.ts`). One model for every Arabic page lets its pass start beside
 * the English pass before the page's digits are known (`ahead.ts`). Without the tuned model, `eng+Arabic`.
 * INVOICING_OCR_ARABIC_MODEL=stock reads Western-digit pages with `eng+Arabic` as before 2026-12-02 (for
 * comparisons).
 */
export function arabicModel(arabicIndic: boolean): { lang: string; tessdataDir?: string } {
  if (process.env.INVOICING_OCR_ARABIC_MODEL !== 'stock' || arabicIndic) {
    const dir = tunedTessdata();
    if (dir) return { lang: TUNED_ARABIC, tessdataDir: dir };
  }
  return STOCK_ARABIC;
}

/** Whether two model choices read alike. */
export const sameModel = (
  a: { lang: string; tessdataDir?: string },
  b: { lang: string; tessdataDir?: string },
): boolean => a.lang === b.lang && a.tessdataDir === b.tessdataDir;

/** Debian's models, English first: the reading of Arabic pages printed with Western digits. */
export const STOCK_ARABIC: { lang: string; tessdataDir?: string } = { lang: 'eng+Arabic' };
