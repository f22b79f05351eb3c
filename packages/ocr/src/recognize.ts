import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROBE_ARABIC_WORDS, probeArabic } from './arabic-probe.js';
import { readBands, withBands } from './bands.js';
import { rereadLatinRuns } from './reread.js';
import { rereadMissingDate, rereadShortDays } from './dates.js';
import type { PageSource } from './dates.js';
import { detectKind } from './detect.js';
import {
  codeLettersFromEnglish,
  fixRaMarks,
  fixRingFives,
  joinDigitFragments,
  rereadArabicDigits,
  latinWordsFromEnglish,
  westernNumbersFromEnglish,
} from './digits.js';
import { Budget } from './engine/exec.js';
import { prepareImage, sharpenGray } from './engine/image.js';
import type { Gray } from './engine/image.js';
import type { ToSource } from './engine/sheet.js';
import { eraseRules } from './engine/rules.js';
import { arabicModel, sameModel } from './engine/models.js';
import { extractPageScan, pdfInfo, pdfTextLayer, renderPage } from './engine/pdf.js';
import { tesseract } from './engine/tesseract.js';
import type { TesseractOptions } from './engine/tesseract.js';
import { ahead, readingPage, spareCore } from './ahead.js';
import type { Ahead } from './ahead.js';
import { paddle } from './engine/paddle.js';
import { arabicWords, englishWords } from './engine/lexicon.js';
import { fixPlaceWords } from './parse/places.js';
import { OcrError } from './errors.js';
import { confirmVendorName, extractFields as extractPage, fixAddressMisreads } from './extract.js';
import { fixLamAlefOrder, hasArabic } from './text.js';
import { buildLines, joinSplitArabicWords, rawText, writtenText } from './layout.js';
import { vote } from './vote.js';
import { secondLook } from './second-look.js';
import type { Line, PageWords } from './layout.js';
import type { OcrResult, OcrStage, RecognizeInput, RecognizeOptions } from './types.js';

export const DEFAULT_MAX_PAGES = 10;
const DEFAULT_TIMEOUT_MS = { normal: 120_000, advanced: 600_000 };
const RENDER_DPI = 300;
const RENDER_MAX_SIDE = 3600;

interface Ctx {
  budget: Budget;
  options: RecognizeOptions;
  warnings: string[];
  pages: number;
  /** Each page read from pixels: its image and the model it was read with, for regions read again. */
  sources: Map<number, PageSource>;
  /**
   * Pages read in another frame than the picture given (a sheet drawn upright, a tilted page turned
   * straight): the map back.
   */
  frames: Map<number, ToSource>;
}

/**
 * Share of words the English model reads with low confidence: Arabic text read by `eng` comes out as
 * low-confidence Latin garbage, so a high share means the page needs the Arabic model.
 */
function doubtShare(p: PageWords): number {
  const ws = p.words.filter((w) => w.text.length >= 2);
  if (ws.length < 5) return 0;
  return ws.filter((w) => w.conf < 0.6).length / ws.length;
}

/**
 * Western digits the English pass reads surely (in words that are numbers). An Arabic page with its
 * amounts, dates and ids in Western digits has dozens; one printed in Arabic-Indic digits has almost
 * none, since `eng` cannot read them.
 */
function westernDigitCount(p: PageWords): number {
  let n = 0;
  for (const w of p.words) {
    if (w.conf >= 0.8 && /^\d[\d,./:-]*$/.test(w.text)) n += w.text.replace(/\D/g, '').length;
  }
  return n;
}
const WESTERN_DIGITS = 15;

/**
 * Arabic-Indic numbers put back together, with a decimal mark read as ر put back; on pages printed in
 * Arabic-Indic digits (read with the tuned model), a ring read as o/0 inside such a number is a five.
 */
const cleanArabicDigits = (p: PageWords, arabicIndic: boolean): PageWords =>
  joinDigitFragments(fixRaMarks(arabicIndic ? fixRingFives(p) : p));

/** Words of two characters or more read with some confidence. */
function sureWords(p: PageWords): number {
  return p.words.filter((w) => w.text.length >= 2 && w.conf >= 0.6).length;
}
/** Fewer sure words than this and the page is read again with its contrast stretched. */
const FAINT_WORDS = 12;
/**
 * A share of unsure English words above which the page is not asked the probe's question: worn English
 * receipts stay below it (at most 0.53 among the samples' receipts), while two Arabic pages in three are
 * above it, and the whole-page Arabic pass decides for them anyway.
 */
const SURELY_NOT_ENGLISH = 0.6;
const FLATTEN = 'auto';
/** INVOICING_OCR_ARABIC_PROBE=off makes the normal pipeline read every doubtful page with the Arabic model. */
const probeMode = (): string => process.env.INVOICING_OCR_ARABIC_PROBE ?? 'on';
/** The glyph-template reader of Arabic-Indic digits (`digits.ts`); INVOICING_OCR_DIGIT_READER=off skips it. */
const digitReader = (): boolean => process.env.INVOICING_OCR_DIGIT_READER !== 'off';
/**
 * The second engine (`engine/paddle.ts`): on Latin pages of the advanced pipeline, and on the seller's rows
 * of Latin pages in the normal one (`second-look.ts`); INVOICING_OCR_SECOND_ENGINE=off skips it.
 */
const secondEngine = (): boolean => process.env.INVOICING_OCR_SECOND_ENGINE !== 'off';
/** The block reading of pages that do not add up (`ocrImage`); INVOICING_OCR_BLOCK_PASS=off skips it. */
const blockPass = (): boolean => process.env.INVOICING_OCR_BLOCK_PASS !== 'off';
/**
 * Photographed Arabic pages, and Arabic pages that do not add up, read a second time sharpened;
 * INVOICING_OCR_SHARPENED=off skips it.
 */
const sharpenedReading = (): boolean => process.env.INVOICING_OCR_SHARPENED !== 'off';
/** Photographed sheets drawn upright before reading (`engine/sheet.ts`); INVOICING_OCR_STRAIGHTEN=off skips it. */
const straighten = (): boolean => process.env.INVOICING_OCR_STRAIGHTEN !== 'off';
// Sauvola: local thresholds survive shadows and vignettes that make the global Otsu drop whole columns.
const THRESH = 2;

/**
 * One page image through the engine, as the pipeline asks. Normal: one recognition pass (two when the
 * English pass shows the page is Arabic). Advanced: the same, plus a global-threshold pass and an
 * enhanced higher-resolution pass; the readings are voted on by how completely they add up.
 */
const ocrImage = (bytes: Uint8Array, page: number, ctx: Ctx): Promise<PageWords[]> =>
  readingPage(() => readImage(bytes, page, ctx));

async function readImage(bytes: Uint8Array, page: number, ctx: Ctx): Promise<PageWords[]> {
  const advanced = ctx.options.pipeline === 'advanced';
  const progress = (stage: OcrStage): void => ctx.options.onProgress?.({ page, pages: ctx.pages, stage });
  progress('preprocess');
  let img = await prepareImage(bytes, {
    minWidth: 1700,
    straighten: straighten(),
    flatten: FLATTEN,
    findBands: true,
    keepUnflattened: advanced,
  });
  progress('recognize');
  const passes: Ahead<unknown>[] = [];
  const readAhead = (opts: TesseractOptions, image: Gray): Ahead<PageWords> => {
    const pass = ahead(ctx.budget, (budget) => tesseract(image, page, opts, budget));
    passes.push(pass);
    return pass;
  };
  try {
    // The English pass tells whether the page is Arabic; on a spare core the Arabic pass is read beside it
    // (the tuned model's, which every Arabic page gets; without it, the combined pass of Western-digit pages).
    const likely = arabicModel(false);
    let arabicAhead = spareCore() ? readAhead({ ...likely, thresholding: THRESH }, img.gray) : null;
    let first = await tesseract(img.gray, page, { lang: 'eng', thresholding: THRESH }, ctx.budget);
    // Hardly anything read: faint print on a light page. Stretching the contrast makes it visible. A page
    // that shows many words the English model is unsure of (Arabic) is not faint.
    if (sureWords(first) < FAINT_WORDS && doubtShare(first) <= 0.5) {
      progress('recognize-faint');
      const stretched = await prepareImage(bytes, {
        minWidth: 1700,
        straighten: straighten(),
        flatten: FLATTEN,
        stretch: true,
        findBands: true,
        keepUnflattened: advanced,
      });
      const again = await tesseract(stretched.gray, page, { lang: 'eng', thresholding: THRESH }, ctx.budget);
      // Kept only where it rescues the page (a faint receipt goes from none to dozens): a page of Arabic
      // also has few sure English words, and the stretch turns a table's light grey rows mid-grey, which
      // the engine then drops.
      if (sureWords(again) >= sureWords(first) + FAINT_WORDS) {
        img = stretched;
        first = again;
        arabicAhead?.drop();
        arabicAhead = null;
      }
    }
    const doubt = doubtShare(first);
    let needsArabic = doubt > 0.18;
    const arabicIndic = westernDigitCount(first) < WESTERN_DIGITS;
    const arabic = arabicModel(arabicIndic);
    if (!needsArabic || !sameModel(arabic, likely)) {
      arabicAhead?.drop();
      arabicAhead = null;
    }
    if (needsArabic && doubt <= SURELY_NOT_ENGLISH && !advanced && probeMode() !== 'off') {
      // The normal pipeline first asks the Arabic model about the unsure lines alone: most pages with
      // unsure words are worn English receipts, and the whole-page Arabic pass would be thrown away (or,
      // read ahead, stopped: waiting for it to end would keep such a receipt waiting longer). A page of
      // Arabic-Indic digits, whose pass was not read ahead, has it started beside the question.
      if (!arabicAhead && spareCore()) arabicAhead = readAhead({ ...arabic, thresholding: THRESH }, img.gray);
      progress('probe-arabic');
      const probe = await probeArabic(img.gray, first, ctx.budget);
      // With no line to show (unsure words only one to a line), the whole-page pass decides.
      if (probe.lines > 0 && probe.arabicWords < PROBE_ARABIC_WORDS) {
        needsArabic = false;
        arabicAhead?.drop();
        arabicAhead = null;
      }
    }
    // The Arabic pass starts before the page's rules are looked for (a tenth of a second): a ruled page may
    // need its block reading (below), which then runs beside the Arabic pass.
    if (needsArabic) progress('recognize-arabic');
    const arabicPass = !needsArabic
      ? null
      : arabicAhead
        ? arabicAhead.take()
        : tesseract(img.gray, page, { ...arabic, thresholding: THRESH }, ctx.budget);
    const ruled = needsArabic && blockPass() && spareCore() ? eraseRules(img.gray) : null;
    const blockAhead =
      ruled && ruled.erased > 0 ? readAhead({ ...arabic, thresholding: THRESH, psm: 6 }, ruled.gray) : null;
    // Light-on-dark bands (title bars, table headers, highlighted totals) are read again on their own,
    // turned dark-on-light, in the page's model: on an Arabic page beside its Arabic pass, where no block
    // reading is read beside it.
    const readBandsIn = (
      opts: TesseractOptions,
      budget: Budget,
    ): Promise<Awaited<ReturnType<typeof readBands>>> =>
      readBands(img.bandSource, page, img.bands, { ...opts, thresholding: THRESH }, budget);
    const bandsAhead =
      needsArabic && img.bands.length && !blockAhead && spareCore()
        ? ahead(ctx.budget, (budget) => readBandsIn(arabic, budget))
        : null;
    if (bandsAhead) passes.push(bandsAhead);
    let arabicReading: PageWords | null = null;
    if (arabicPass) {
      arabicReading = await arabicPass;
      // A degraded English page also has unsure words: it is Arabic only if the Arabic model finds Arabic
      // words. On the noise of a worn English receipt it answers a few short Arabic fragments, a small part
      // of what it read; on a page with Arabic, many words of three letters or more.
      const sure = arabicReading.words.filter((w) => w.conf >= 0.5);
      const arabicWords = sure.filter((w) => w.text.length >= 3 && hasArabic(w.text)).length;
      if (arabicWords < 8 || arabicWords < 0.1 * sure.length) needsArabic = false;
    }
    if (img.toSource) ctx.frames.set(page, img.toSource);
    const model = needsArabic ? arabic : { lang: 'eng' };
    // A photographed sheet of Arabic, and an Arabic page whose reading does not add up, are read a second
    // time sharpened: two readings of a blurred, noisy picture differ figure by figure, and the vote takes
    // the one that adds up and fills what the other missed. A photo's is read beside the rest of its work.
    const readSharpened = async (budget: Budget): Promise<{ image: Gray; words: PageWords }> => {
      const image = await sharpenGray(img.gray);
      return { image, words: await tesseract(image, page, { ...model, thresholding: THRESH }, budget) };
    };
    let sharpenedAhead =
      needsArabic && img.straightened && sharpenedReading() && spareCore()
        ? ahead(ctx.budget, readSharpened)
        : null;
    if (sharpenedAhead) passes.push(sharpenedAhead);
    const tuned = !!model.tessdataDir;
    // The advanced pipeline's second pass (global threshold) is always read: beside what follows.
    const otsuAhead = advanced && spareCore() ? readAhead({ ...model, thresholding: 0 }, img.gray) : null;
    ctx.sources.set(page, { gray: img.gray, opts: { ...model, thresholding: THRESH }, bands: img.bands });
    // A reading of an Arabic page, finished: unsure Latin runs read again with the Arabic model (after the
    // combined pass), Arabic-Indic numbers cleaned, then the digit reader, which rewrites the numbers of an
    // Arabic-Indic page from glyph templates. After the stock model it is always better; after the tuned
    // model it fixes some fonts' separators and spoils others' digits, so both readings are kept and the
    // vote (which reading adds up) decides.
    const arabicReadings = async (image: Gray, read: PageWords): Promise<PageWords[]> => {
      if (!needsArabic) return [read];
      if (!tuned) {
        // Arabic words the combined pass answered as unsure Latin, read again with the Arabic model alone.
        progress('reread-arabic');
        read = (await rereadLatinRuns(image, read, { lang: 'Arabic', thresholding: THRESH }, ctx.budget))
          .page;
      }
      const words = cleanArabicDigits(read, tuned);
      // A page printed in Western digits: its numbers as the English pass read them, where the Arabic model
      // or the digit reader made Arabic-Indic ones of them; after the tuned model, every number and Latin
      // word the English pass read surely in its place (the English model reads Western digits and Latin
      // print better); on a page of Arabic-Indic digits, only the words the tuned model read in both
      // scripts at once.
      const west = (p: PageWords): PageWords =>
        !tuned
          ? westernNumbersFromEnglish(p, first)
          : codeLettersFromEnglish(
              arabicIndic
                ? latinWordsFromEnglish(p, first, false, true)
                : latinWordsFromEnglish(westernNumbersFromEnglish(p, first, true), first, true),
              first,
            );
      if (!digitReader()) return [west(words)];
      progress('arabic-digits');
      const r = await rereadArabicDigits(image, words, { tunedModel: tuned });
      if (!r.changed) return [west(words)];
      const reread = cleanArabicDigits(r.page, tuned);
      return tuned ? [west(words), west(reread)] : [west(reread)];
    };
    let bandWords: Awaited<ReturnType<typeof readBands>> = [];
    if (img.bands.length) {
      progress('recognize-bands');
      // Read ahead in the Arabic model: taken where the page stayed Arabic.
      if (bandsAhead && needsArabic) bandWords = await bandsAhead.take();
      else bandWords = await readBandsIn(model, ctx.budget);
    }
    bandsAhead?.drop();
    const chosen = needsArabic && arabicReading ? arabicReading : first;
    const base = needsArabic
      ? await arabicReadings(img.gray, withBands(chosen, bandWords))
      : [withBands(chosen, bandWords)];
    // A page with table rules whose reading does not add up may have lost a table: the engine's column
    // finding drops whole columns of figures, mostly in gridded tables. The page is read again as one block
    // with its rules erased, and the vote takes that reading, or its table, where it adds up better.
    const addsUp = extractPage(buildLines(base[0] as PageWords)).consistency >= 1;
    const sharpened = needsArabic && sharpenedReading() && (img.straightened || !addsUp);
    if (sharpened && !sharpenedAhead && spareCore()) {
      sharpenedAhead = ahead(ctx.budget, readSharpened);
      passes.push(sharpenedAhead);
    }
    if (blockPass() && !addsUp) {
      const erased = ruled ?? eraseRules(img.gray);
      if (erased.erased > 0) {
        progress('recognize-block');
        const block =
          blockAhead && needsArabic
            ? await blockAhead.take()
            : await tesseract(erased.gray, page, { ...model, thresholding: THRESH, psm: 6 }, ctx.budget);
        base.push(...(await arabicReadings(erased.gray, withBands(block, bandWords))));
      }
    }
    blockAhead?.drop();
    if (sharpened) {
      progress('recognize-variant');
      const second = sharpenedAhead ? await sharpenedAhead.take() : await readSharpened(ctx.budget);
      base.push(...(await arabicReadings(second.image, withBands(second.words, bandWords))));
    }
    if (!advanced) return base;
    progress('recognize-variant');
    const otsu = otsuAhead
      ? await otsuAhead.take()
      : await tesseract(img.gray, page, { ...model, thresholding: 0 }, ctx.budget);
    const extra = (ps: PageWords[]): PageWords[] => ps.map((p) => ({ ...p, extra: true }));
    const readings = [...base, ...extra(await arabicReadings(img.gray, withBands(otsu, bandWords)))];
    if (!needsArabic && secondEngine()) {
      // Latin pages: the second engine, which reads worn print (thermal receipts) better, on the page
      // before its light was flattened (flattening turns its faint strokes to noise). Its reading is a
      // second opinion on the fields (`vote.ts`), in place of the higher-resolution pass.
      progress('recognize-second-engine');
      try {
        readings.push(await paddle(img.unflattened, page, ctx.budget, first.words));
        return readings;
      } catch (e) {
        if (e instanceof OcrError && (e.code === 'CANCELLED' || e.code === 'TIMEOUT')) throw e;
        ctx.warnings.push(
          `The second OCR engine failed on page ${page}: ${e instanceof Error ? e.message : String(e)}`,
        );
      }
    }
    const hi = await prepareImage(bytes, {
      minWidth: 2400,
      flatten: FLATTEN,
      enhance: true,
      straighten: straighten(),
    });
    if (hi.width > img.width * 1.15 || !needsArabic) {
      progress('recognize-hires');
      const words = await tesseract(hi.gray, page, { ...model, thresholding: THRESH }, ctx.budget);
      readings.push(...extra(await arabicReadings(hi.gray, words)));
    }
    return readings;
  } finally {
    for (const pass of passes) pass.drop();
  }
}

async function readPdf(bytes: Uint8Array, ctx: Ctx): Promise<{ readings: PageWords[][]; pages: number }> {
  const dir = await mkdtemp(join(tmpdir(), 'invoicing-ocr-'));
  try {
    const file = join(dir, 'input.pdf');
    await writeFile(file, bytes);
    ctx.options.onProgress?.({ page: 0, pages: 0, stage: 'open' });
    const maxPages = Math.max(1, ctx.options.maxPages ?? DEFAULT_MAX_PAGES);
    const head = await pdfInfo(file, ctx.budget);
    const count = Math.min(head.pages, maxPages);
    if (head.pages > maxPages) {
      ctx.warnings.push(`The PDF has ${head.pages} pages; only the first ${maxPages} were read.`);
    }
    const info = count > 1 ? await pdfInfo(file, ctx.budget, count) : head;
    ctx.pages = count;
    const layer = await pdfTextLayer(file, 1, count, ctx.budget);
    const readings: PageWords[][] = [];
    for (let p = 1; p <= count; p++) {
      ctx.budget.check();
      const text = layer.find((l) => l.page === p);
      const chars = text ? text.words.reduce((a, w) => a + w.text.length, 0) : 0;
      if (text && chars >= 20) {
        ctx.options.onProgress?.({ page: p, pages: count, stage: 'text-layer' });
        readings.push([text]);
        continue;
      }
      ctx.options.onProgress?.({ page: p, pages: count, stage: 'render' });
      const scan = await extractPageScan(file, p, dir, ctx.budget);
      const image =
        scan ?? (await renderPage(file, p, RENDER_DPI, RENDER_MAX_SIDE, info.sizes.get(p), ctx.budget));
      try {
        readings.push(await ocrImage(image, p, ctx));
      } catch (e) {
        // An embedded scan in a format the decoder lacks (JPEG 2000, JBIG2): render the page instead.
        if (!scan || !(e instanceof OcrError) || e.code !== 'CORRUPT_FILE') throw e;
        const png = await renderPage(file, p, RENDER_DPI, RENDER_MAX_SIDE, info.sizes.get(p), ctx.budget);
        readings.push(await ocrImage(png, p, ctx));
      }
    }
    return { readings, pages: count };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Reads an invoice (image or PDF bytes) and extracts its fields. */
export async function recognizeInvoice(input: RecognizeInput, options: RecognizeOptions): Promise<OcrResult> {
  const started = Date.now();
  const { perPage, ctx } = await readPages(input, options);
  return extractFields(perPage, ctx, started);
}

/** What the engine read of a document, page by page: the input of the extraction. */
export interface DocumentReadings {
  perPage: PageWords[][];
  pages: number;
  warnings: string[];
}

/**
 * The two halves of `recognizeInvoice`, for the benchmark's replay of stored readings
 * (`bench/ocr/replay.ts`): the extraction is then run without the page images, so nothing is read again
 * from pixels (short days, a missing date, the second look at the seller's rows).
 */
export async function readDocument(
  input: RecognizeInput,
  options: RecognizeOptions,
): Promise<DocumentReadings> {
  const { perPage, ctx } = await readPages(input, options);
  return { perPage, pages: ctx.pages, warnings: ctx.warnings };
}
export async function extractReadings(r: DocumentReadings, options: RecognizeOptions): Promise<OcrResult> {
  const budget = new Budget(options.timeoutMs ?? DEFAULT_TIMEOUT_MS[options.pipeline], options.signal);
  const ctx: Ctx = {
    budget,
    options,
    warnings: [...r.warnings],
    pages: r.pages,
    sources: new Map(),
    frames: new Map(),
  };
  return extractFields(r.perPage, ctx, Date.now());
}

async function readPages(
  input: RecognizeInput,
  options: RecognizeOptions,
): Promise<{ perPage: PageWords[][]; ctx: Ctx }> {
  const budget = new Budget(options.timeoutMs ?? DEFAULT_TIMEOUT_MS[options.pipeline], options.signal);
  budget.check();
  const ctx: Ctx = { budget, options, warnings: [], pages: 1, sources: new Map(), frames: new Map() };
  const { kind, mime } = await detectKind(input.bytes);
  if (input.mime && input.mime !== mime && !(input.mime === 'image/jpg' && mime === 'image/jpeg')) {
    ctx.warnings.push(
      `The file was declared as ${input.mime} but its content is ${mime}; it was read as ${mime}.`,
    );
  }

  // Each page is read one or more ways; the readings of a page are voted on together across pages.
  let perPage: PageWords[][];
  if (kind === 'pdf') {
    perPage = (await readPdf(input.bytes, ctx)).readings;
  } else {
    perPage = [await ocrImage(input.bytes, 1, ctx)];
  }
  return { perPage, ctx };
}

/** A box of the page read, mapped into the picture given: the box around its four corners there. */
function boxIn(
  toSource: ToSource,
  b: { x: number; y: number; w: number; h: number },
): { x: number; y: number; w: number; h: number } {
  const corners = [
    toSource(b.x, b.y),
    toSource(b.x + b.w, b.y),
    toSource(b.x, b.y + b.h),
    toSource(b.x + b.w, b.y + b.h),
  ];
  const xs = corners.map(([x]) => Math.max(0, Math.min(1, x)));
  const ys = corners.map(([, y]) => Math.max(0, Math.min(1, y)));
  const r = (v: number): number => Math.round(v * 10000) / 10000;
  const [x0, y0] = [Math.min(...xs), Math.min(...ys)];
  return { x: r(x0), y: r(y0), w: r(Math.max(...xs) - x0), h: r(Math.max(...ys) - y0) };
}

async function extractFields(perPage: PageWords[][], ctx: Ctx, started: number): Promise<OcrResult> {
  const { budget, options } = ctx;
  budget.check();
  options.onProgress?.({ page: ctx.pages, pages: ctx.pages, stage: 'extract' });
  // Arabic words with a lam-alef read out of order, or cut in two, are put right where the Arabic word list
  // knows them.
  const arabicList = perPage.some((r) => r.some((p) => p.words.some((w) => hasArabic(w.text))))
    ? await arabicWords(budget)
    : null;
  const wholeArabicWords = (p: PageWords): PageWords => {
    if (!arabicList) return p;
    const known = (w: string): boolean => arabicList.has(w);
    const words = p.words.map((w) => {
      // The word as the lines will hold it, other misreads of its letters put right.
      const written = writtenText(w.text);
      const fixed = fixLamAlefOrder(written, known);
      return fixed === written ? w : { ...w, text: fixed };
    });
    // Words cut in two after a letter that does not join the next are written whole.
    return { ...p, words: joinSplitArabicWords(words, known) };
  };
  const primary = perPage.map((r) => r.filter((p) => !p.second).map(wholeArabicWords));
  const variants = Math.max(...primary.map((r) => r.length));
  const readings: Line[][] = [];
  for (let v = 0; v < variants; v++) {
    readings.push(primary.flatMap((r) => buildLines((r[v] ?? r[0]) as PageWords)));
  }
  // The second engine's reading, where it read a page (the first reading stands in for the others).
  const second = perPage.some((r) => r.some((p) => p.second))
    ? perPage.flatMap((r) => buildLines((r.find((p) => p.second) ?? r[0]) as PageWords))
    : null;
  // The second opinion on names and addresses tells words from misreads with the engine's word list.
  const lexicon = second ? await englishWords(budget) : null;
  const extra = readings.map((_, v) => primary.some((r) => r[v]?.extra === true));
  const { lines, result } = vote(readings, second, lexicon, extra);
  const fields = result.fields;
  if (options.pipeline === 'normal' && secondEngine()) {
    // No second engine read the page (the normal pipeline): its recogniser reads the seller's name and
    // address rows again, and a total read unsurely.
    options.onProgress?.({ page: ctx.pages, pages: ctx.pages, stage: 'second-look' });
    try {
      await secondLook(result, lines, ctx.sources, () => englishWords(budget), budget);
    } catch (e) {
      if (e instanceof OcrError && (e.code === 'CANCELLED' || e.code === 'TIMEOUT')) throw e;
      ctx.warnings.push(`The second OCR engine failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  const addressPage = fields.boxes['vendor.address']?.page;
  if (fields.vendor.address && addressPage !== undefined && ctx.sources.has(addressPage)) {
    // An address read from pixels (a text layer is exact): place words misread by one letter put back,
    // words of the English list left as read.
    const list = hasArabic(fields.vendor.address) ? null : await englishWords(budget);
    // The second engine's words may have brought back misreads the extraction repairs ("S821/60").
    fields.vendor.address = fixAddressMisreads(fields.vendor.address);
    if (list) fields.vendor.address = fixPlaceWords(fields.vendor.address, (w) => list.has(w));
  }
  const namePage = fields.boxes['vendor.name']?.page;
  if (fields.vendor.name && namePage !== undefined && ctx.sources.has(namePage)) {
    // A name read from pixels: a word misread by one letter put back where the rest of the page prints
    // it surely.
    fields.vendor.name = confirmVendorName(fields.vendor.name, lines);
  }
  await rereadShortDays(fields, lines, ctx.sources, budget);
  await rereadMissingDate(fields, lines, ctx.sources, budget);

  // Boxes on the picture of the page as it was given.
  for (const [path, b] of Object.entries(fields.boxes)) {
    const toSource = ctx.frames.get(b.page);
    if (toSource) fields.boxes[path] = { page: b.page, ...boxIn(toSource, b) };
  }

  const words = lines.flatMap((l) => l.words);
  const wordConf = words.length ? words.reduce((a, w) => a + w.conf, 0) / words.length : 0;
  const fieldConfs = Object.values(fields.confidence);
  const fieldConf = fieldConfs.length ? fieldConfs.reduce((a, b) => a + b, 0) / fieldConfs.length : 0;
  const confidence_score = fieldConfs.length
    ? 0.3 * wordConf + 0.5 * fieldConf + 0.2 * Math.min(1, result.consistency * 1.25)
    : 0.5 * wordConf;

  const found = [
    fields.invoice_number,
    fields.issue_date ?? fields.due_date,
    fields.total,
    fields.vendor.name,
    fields.customer.name,
    fields.line_items.length ? 'items' : null,
  ].filter((v) => v !== null).length;
  if (!words.length) ctx.warnings.push('No text was found in the document.');
  options.onProgress?.({ page: ctx.pages, pages: ctx.pages, stage: 'done' });
  return {
    raw_text: rawText(lines),
    confidence_score: Math.round(Math.max(0, Math.min(1, confidence_score)) * 1000) / 1000,
    has_invoice_data: found >= 2,
    fields_json: fields,
    method_used: options.pipeline === 'advanced' ? 'tesseract-advanced' : 'tesseract',
    pages: ctx.pages,
    warnings: ctx.warnings,
    duration_ms: Date.now() - started,
  };
}
