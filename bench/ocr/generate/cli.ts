// Writes a corpus of generated invoices with their truth, in the samples' format.
//   npm run corpus:generate -- --out DIR --count N --seed S --split dev|validation [--languages en,ar,bi] [--jobs 2]
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { installedFonts, openBrowser, renderDocument } from './render.js';
import { drawInvoice } from './spec.js';
import type { Language } from './spec.js';
import type { Split } from './split.js';

/** Raised whenever a change to the generator changes its documents: cached corpora of older versions are not reused. */
export const CORPUS_VERSION = 1;

export interface CorpusOptions {
  out: string;
  count: number;
  seed: number;
  split: Split;
  languages?: Language[];
  jobs?: number;
  prefix?: string;
  log?: (line: string) => void;
}

/** Generates a corpus; returns the number of documents and the seconds it took. */
export async function generateCorpus(o: CorpusOptions): Promise<{ documents: number; seconds: number }> {
  const languages = o.languages ?? ['en', 'ar', 'bi'];
  const prefix = o.prefix ?? o.split;
  mkdirSync(o.out, { recursive: true });
  const fonts = installedFonts();
  const started = Date.now();
  const browser = await openBrowser();
  const manifest: Record<string, unknown>[] = [];
  try {
    let next = 0;
    const worker = async (): Promise<void> => {
      for (;;) {
        const i = next++;
        if (i >= o.count) return;
        const spec = drawInvoice({
          split: o.split,
          seed: o.seed,
          index: i,
          language: languages[i % languages.length] as Language,
          installedFonts: fonts,
        });
        spec.id = `${prefix}-${String(i + 1).padStart(4, '0')}`;
        const { truth } = await renderDocument(browser, spec, o.out);
        manifest[i] = {
          id: truth.id,
          file: truth.file,
          truth: `${truth.id}.json`,
          language: truth.language,
          family: truth.family,
          kind: truth.kind,
          fonts: `${truth.fonts.latin} + ${truth.fonts.arabic}`,
          digits: truth.styles.digits,
          pages: truth.pages,
        };
        o.log?.(
          `${truth.id} ${truth.language} ${truth.kind} ${truth.family} ${truth.fonts.latin}/${truth.fonts.arabic}`,
        );
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, o.jobs ?? 2) }, worker));
  } finally {
    await browser.close();
  }
  writeFileSync(
    resolve(o.out, 'manifest.json'),
    JSON.stringify(
      {
        generator: 'bench/ocr/generate',
        args: { count: o.count, seed: o.seed, split: o.split, languages, prefix },
        documents: manifest,
      },
      null,
      1,
    ) + '\n',
  );
  return { documents: o.count, seconds: (Date.now() - started) / 1000 };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const opt = (name: string): string | undefined => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const out = opt('--out');
  const split = opt('--split') as Split | undefined;
  if (!out || (split !== 'dev' && split !== 'validation')) {
    console.error('usage: npm run corpus:generate -- --out DIR --count N --seed S --split dev|validation');
    process.exit(2);
  }
  const r = await generateCorpus({
    out: resolve(out),
    count: Number(opt('--count') ?? '60'),
    seed: Number(opt('--seed') ?? '1'),
    split,
    languages: opt('--languages')?.split(',') as Language[] | undefined,
    jobs: Number(opt('--jobs') ?? '2'),
    prefix: opt('--prefix'),
    log: args.includes('--quiet') ? undefined : (l) => console.error(l),
  });
  console.log(
    `${r.documents} documents in ${r.seconds.toFixed(1)} s: ${((r.documents / r.seconds) * 60).toFixed(1)} documents/minute`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
