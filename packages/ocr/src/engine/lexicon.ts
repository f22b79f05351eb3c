// Tesseract's own English word list (about 200,000 words, names of places and firms among them), taken
// from the system's `eng` model with the engine's own tools, once per process. The second opinion on
// names and addresses (`merge.ts`) uses it to tell a word from a misread one ("Guardian", not "Goardian").
// The place and address words of `parse/places.ts` are added to it: the dictionary lacks most of them.
// The tuned Arabic model's word list tells an Arabic word from one with its lam-alef misread (`text.ts`).
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Budget, run } from './exec.js';
import { stockTessdata, tunedModelFile } from './models.js';
import { placeWords } from '../parse/places.js';

/** Known words, looked up in lower case. */
export interface Lexicon {
  has(word: string): boolean;
}

/**
 * Words sorted in one string, found by binary search: 3 MB where a set of 200,000 strings takes 40, and
 * built without a string per word.
 */
export class WordList implements Lexicon {
  private readonly text: string;
  private readonly starts: Uint32Array;

  /** `sorted`: lower-case words, one per line, sorted by code point, without duplicates. */
  constructor(sorted: string) {
    this.text = sorted.endsWith('\n') || !sorted ? sorted : `${sorted}\n`;
    let n = 0;
    for (let i = 0; i < this.text.length; i++) if (this.text.charCodeAt(i) === 10) n++;
    this.starts = new Uint32Array(n + 1);
    let k = 1;
    for (let i = 0; i < this.text.length; i++) if (this.text.charCodeAt(i) === 10) this.starts[k++] = i + 1;
  }

  /** From words in any case and order, duplicates allowed. */
  static of(words: string[]): WordList {
    const sorted = [...new Set(words.map((w) => w.toLowerCase()).filter(Boolean))].sort();
    return new WordList(sorted.join('\n'));
  }

  get size(): number {
    return this.starts.length - 1;
  }

  private at(i: number): string {
    return this.text.slice(this.starts[i], (this.starts[i + 1] as number) - 1);
  }

  has(word: string): boolean {
    const w = word.toLowerCase();
    let lo = 0;
    let hi = this.size - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const v = this.at(mid);
      if (v === w) return true;
      if (v < w) lo = mid + 1;
      else hi = mid - 1;
    }
    return false;
  }
}

let words: Promise<WordList | null> | null = null;
let arabic: Promise<WordList | null> | null = null;

/** Unpacking takes under a second; a document's own budget does not bound it (others may be waiting). */
const UNPACK_MS = 60_000;

/** A model's word list (its `lstm-word-dawg`) in lower case with `extra` words, sorted; null on failure. */
async function unpack(model: string, extra: Iterable<string>): Promise<WordList | null> {
  const budget = new Budget(UNPACK_MS);
  const dir = await mkdtemp(join(tmpdir(), 'invoicing-ocr-words-'));
  try {
    const dawg = join(dir, 'm.lstm-word-dawg');
    const charset = join(dir, 'm.lstm-unicharset');
    // Only the two components the list is made of.
    const unpacked = await run('combine_tessdata', ['-e', model, dawg, charset], budget);
    if (unpacked.code !== 0) return null;
    const file = join(dir, 'words.txt');
    const listed = await run('dawg2wordlist', [charset, dawg, file], budget);
    if (listed.code !== 0) return null;
    // Lower case here, sorted and made unique by `sort` (bytes of UTF-8 sort by code point).
    const lower = join(dir, 'lower.txt');
    await writeFile(lower, `${(await readFile(file, 'utf8')).toLowerCase()}\n${[...extra].join('\n')}\n`);
    const sorted = await run('sort', ['-u', '-o', file, lower], budget);
    if (sorted.code !== 0) return null;
    const list = new WordList(await readFile(file, 'utf8'));
    return list.size ? list : null;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The English word list in lower case, unpacked once per process, or null where the engine's tools or
 * model are missing (the merge then goes without it, as it does after any failure to unpack it). The
 * caller's budget is checked when the list is ready: a cancelled document stops there, and the list is
 * kept for the others.
 */
export async function englishWords(budget: Budget): Promise<WordList | null> {
  words ??= unpack(join(stockTessdata(), 'eng.traineddata'), placeWords).catch(() => null);
  const list = await words;
  budget.check();
  return list;
}

/**
 * The Arabic word list of the tuned model (some 840,000 words, which its training kept from the stock
 * `Arabic` model's), unpacked once per process as `englishWords` is; null without the model or the tools.
 */
export async function arabicWords(budget: Budget): Promise<WordList | null> {
  const model = tunedModelFile();
  if (!model) return null;
  arabic ??= unpack(model, []).catch(() => null);
  const list = await arabic;
  budget.check();
  return list;
}
