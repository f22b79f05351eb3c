// Arabic words that the combined `eng+Arabic` pass answered as Latin garbage ("copulate" for حامل لابتوب)
// are read again with the Arabic model alone. The unsure Latin runs of a page are cut out, stacked into one
// strip and read in one call; a run's new reading replaces it when it is Arabic and about as sure.
import type { Budget } from './engine/exec.js';
import type { Gray } from './engine/image.js';
import type { TesseractOptions } from './engine/tesseract.js';
import type { PageWords, Word } from './layout.js';
import { boxAround, readBoxes } from './strip.js';
import { countArabic, countLatin } from './text.js';

/** Below this confidence a Latin word on an Arabic page may be a misread Arabic one. */
const UNSURE = 0.7;
const PAD = 6;
/**
 * The Arabic model alone reads a short cut-out with low confidence even when it reads it right (الياسمين
 * at 0.45 where the combined pass answered `gel!` at 0.40; ذ.م.م, `taped` at 0.38): its reading is taken
 * from this confidence up, and when it is at most this much less sure than the Latin run it replaces.
 */
const SURE_ENOUGH = 0.3;
const LESS_SURE = 0.1;

const isLatin = (w: Word): boolean => countLatin(w.text) > 0;
/** Rules, bars and stray marks the engine reads between the words of a garbled run. */
const isMark = (w: Word): boolean => !/[\p{L}\p{N}]/u.test(w.text);
const mean = (ws: Word[]): number => (ws.length ? ws.reduce((a, w) => a + w.conf, 0) / ws.length : 0);

/**
 * Runs of neighbouring unsure words on one line that hold Latin letters (with stray marks between them),
 * at least one Latin word of two letters or more. Sure Latin words (an English label, a code) end a run.
 */
export function latinRuns(page: PageWords): Word[][] {
  const byLine = new Map<string, Word[]>();
  for (const w of page.words) {
    if (!w.lineKey || w.lineKey.startsWith('band')) continue;
    byLine.set(w.lineKey, [...(byLine.get(w.lineKey) ?? []), w]);
  }
  const runs: Word[][] = [];
  for (const ws of byLine.values()) {
    const sorted = [...ws].sort((a, b) => a.x0 - b.x0);
    let run: Word[] = [];
    const close = (): void => {
      while (run.length && isMark(run[run.length - 1] as Word)) run.pop();
      while (run.length && isMark(run[0] as Word)) run.shift();
      if (run.some((w) => isLatin(w) && countLatin(w.text) >= 2)) runs.push(run);
      run = [];
    };
    for (const w of sorted) {
      if (w.conf < UNSURE && (isLatin(w) || (isMark(w) && run.length > 0))) run.push(w);
      else close();
    }
    close();
  }
  return runs;
}

/**
 * The page with its unsure Latin runs replaced by the Arabic model's reading where that reading is Arabic
 * (at least seven letters in ten) and about as sure as the run it replaces (`SURE_ENOUGH`, `LESS_SURE`).
 */
export async function rereadLatinRuns(
  image: Gray,
  page: PageWords,
  opts: TesseractOptions,
  budget: Budget,
): Promise<{ page: PageWords; replaced: number }> {
  const runs = latinRuns(page);
  if (!runs.length) return { page, replaced: 0 };
  const readings = await readBoxes(
    image,
    page.page,
    runs.map((r) => boxAround(r, page, PAD, PAD)),
    opts,
    budget,
  );
  const drop = new Set<Word>();
  const added: Word[] = [];
  runs.forEach((run, i) => {
    const got = (readings[i] ?? []).filter((w) => w.text.trim());
    const text = got.map((w) => w.text).join('');
    const arabic = countArabic(text);
    if (!got.length || arabic < 0.7 * (arabic + countLatin(text))) return;
    if (mean(got) < SURE_ENOUGH || mean(got) < mean(run) - LESS_SURE) return;
    for (const w of run) drop.add(w);
    const lineKey = run[0]?.lineKey;
    for (const w of got) added.push({ ...w, lineKey });
  });
  if (!drop.size) return { page, replaced: 0 };
  return {
    page: { ...page, words: [...page.words.filter((w) => !drop.has(w)), ...added] },
    replaced: runs.filter((r) => r.some((w) => drop.has(w))).length,
  };
}
