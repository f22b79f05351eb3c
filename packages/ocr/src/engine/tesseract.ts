import { OcrError } from '../errors.js';
import type { PageWords, Word } from '../layout.js';
import { run } from './exec.js';
import { toPgm } from './image.js';
import type { Gray } from './image.js';
import type { Budget } from './exec.js';
import { EngineGone, readWarm, warmEnginesEnabled } from './warm.js';

export interface TesseractOptions {
  lang: string;
  psm?: number;
  /** Restricts the characters the engine may answer (digits-only re-reads). */
  whitelist?: string;
  dpi?: number;
  /** Tesseract's binarisation: 0 global Otsu, 1 adaptive Otsu, 2 Sauvola (local, for uneven light). */
  thresholding?: 0 | 1 | 2;
  /** A data directory other than the system's (the one holding the tuned Arabic model). */
  tessdataDir?: string;
}

/** Parses Tesseract's TSV: one row per word with its box, confidence and block/paragraph/line ids. */
export function parseTsv(tsv: string, page: number): PageWords {
  let width = 0;
  let height = 0;
  const words: Word[] = [];
  for (const row of tsv.split('\n')) {
    const c = row.split('\t');
    if (c.length < 12 || c[0] === 'level') continue;
    const [level, , block, par, line, , left, top, w, h, conf] = c.map(Number);
    const text = c.slice(11).join('\t').trim();
    if (level === 1) {
      width = w ?? 0;
      height = h ?? 0;
    }
    if (level !== 5 || !text) continue;
    words.push({
      text,
      conf: Math.max(0, (conf ?? 0) / 100),
      x0: left ?? 0,
      y0: top ?? 0,
      x1: (left ?? 0) + (w ?? 0),
      y1: (top ?? 0) + (h ?? 0),
      lineKey: `${block}.${par}.${line}`,
    });
  }
  return { page, width, height, words };
}

/** Recognises one page image (encoded bytes, or grey pixels) with the native engine. */
export async function tesseract(
  image: Uint8Array | Gray,
  page: number,
  opts: TesseractOptions,
  budget: Budget,
): Promise<PageWords> {
  const options = ['--psm', String(opts.psm ?? 4), '--dpi', String(opts.dpi ?? 300), '-l', opts.lang];
  if (opts.thresholding !== undefined) options.push('-c', `thresholding_method=${opts.thresholding}`);
  // The engine reads every line it is unsure of a second time, inverted, in case it is light print on a dark
  // ground. With the English model alone that is most lines of an Arabic page (whose English pass only
  // tells that it is Arabic, and which digits it prints) and of a worn receipt; light-on-dark bands are
  // found and read turned dark-on-light (`bands.ts`). Left out, the English pass takes about a quarter less.
  if (opts.lang === 'eng') options.push('-c', 'tessedit_do_invert=0');
  const dataDir = opts.tessdataDir ? ['--tessdata-dir', opts.tessdataDir] : [];
  const input = image instanceof Uint8Array ? image : toPgm(image);
  if (warmEnginesEnabled()) {
    try {
      return parseTsv(await readWarm([...dataDir, ...options], input, budget), page);
    } catch (e) {
      // An engine that ended without reading the page: a one-shot run reads it, or says why it cannot.
      if (!(e instanceof EngineGone)) throw e;
    }
  }
  const r = await run('tesseract', [...dataDir, 'stdin', 'stdout', ...options, 'tsv'], budget, input);
  if (r.code !== 0) {
    throw new OcrError(
      'ENGINE_FAILED',
      `The OCR engine failed: ${r.stderr.trim().split('\n').pop() ?? 'exit ' + r.code}`,
    );
  }
  return parseTsv(r.stdout.toString('utf8'), page);
}
