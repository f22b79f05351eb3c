// Benchmark: both pipelines over sets of documents, one document at a time, one table per set.
//   npm run bench:ocr [-- FOLDER ...] [--sets samples,dev,validation] [--pipelines normal,advanced|none] [--limit N]
//                     [--corpus-count 60] [--groups en,ar,bi,receipts] [--timeout S]
//                     [--no-plain]
// Sets: `samples` is invoices/ and receipts-sroie/ in OCR_SAMPLES (by default ../shared/samples beside the
// repository); `dev` and `validation` are invoices made by bench/ocr/generate from fixed seeds, generated into
// node_modules/.cache/ocr-corpus/ (or OCR_CORPUS_DIR) on first use. The validation set's fonts and layout families are never used in `dev`: keep
// a change only when the validation set improves. Named FOLDERs replace the sets.
import { readFile } from 'node:fs/promises';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { recognizeInvoice } from '../../packages/ocr/src/index.js';
import type { Pipeline } from '../../packages/ocr/src/index.js';
import { CORPUS_VERSION, generateCorpus } from './generate/cli.js';
import type { Split } from './generate/split.js';
import { loadFolder } from './docs.js';
import { rawCoverage } from './score.js';

const repoRoot = resolve(fileURLToPath(import.meta.url), '../../..');
const args = process.argv.slice(2);
const opt = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
// `--pipelines none`: plain Tesseract alone (its raw text and time).
const pipelines = (opt('--pipelines') ?? 'normal,advanced')
  .split(',')
  .filter((p) => p && p !== 'none') as Pipeline[];
const limit = Number(opt('--limit') ?? '0');
const plain = !args.includes('--no-plain');
const corpusCount = Number(opt('--corpus-count') ?? '60');
/** Only these groups of documents (en, ar, bi, receipts), when given. */
const onlyGroups = opt('--groups')?.split(',');
/** A longer time limit per document than the product's (a machine busy with other work), when given. */
const timeoutSeconds = Number(opt('--timeout') ?? '0');
/** Fixed seeds: the generated sets are the same on every machine. */
const CORPUS_SEEDS: Record<Split, number> = { dev: 1901, validation: 1902 };
const folders = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
// Generated sets are a cache: under node_modules/.cache (ignored by git, Prettier and ESLint), or OCR_CORPUS_DIR.
const corpusCache = resolve(
  process.env.OCR_CORPUS_DIR ?? resolve(repoRoot, 'node_modules/.cache/ocr-corpus'),
);
const samples = resolve(process.env.OCR_SAMPLES ?? resolve(repoRoot, '../shared/samples'));

interface BenchSet {
  name: string;
  folders: string[];
}

async function resolveSets(): Promise<BenchSet[]> {
  if (folders.length) return [{ name: folders.join(', '), folders }];
  const names = (opt('--sets') ?? 'samples,dev,validation').split(',');
  const sets: BenchSet[] = [];
  for (const name of names) {
    if (name === 'samples') {
      sets.push({
        name: 'samples',
        folders: [resolve(samples, 'invoices'), resolve(samples, 'receipts-sroie')],
      });
    } else if (name === 'dev' || name === 'validation') {
      const seed = CORPUS_SEEDS[name];
      const dir = resolve(corpusCache, `${name}-v${CORPUS_VERSION}-s${seed}-n${corpusCount}`);
      if (!existsSync(join(dir, 'manifest.json'))) {
        console.error(`generating the ${name} set (${corpusCount} invoices, seed ${seed}) into ${dir}`);
        const r = await generateCorpus({ out: dir, count: corpusCount, seed, split: name });
        console.error(`generated in ${r.seconds.toFixed(0)} s`);
      }
      sets.push({ name: `${name} (generated, seed ${seed})`, folders: [dir] });
    } else {
      console.error(`unknown set ${name}: use samples, dev or validation`);
      process.exit(2);
    }
  }
  return sets;
}

/** Resident memory of this process and every process it started, sampled while a document is read. */
function treeRssMb(): number {
  let total = process.memoryUsage().rss;
  try {
    const kids = new Map<number, number[]>();
    for (const p of readdirSync('/proc')) {
      if (!/^\d+$/.test(p)) continue;
      try {
        const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        const list = kids.get(ppid) ?? [];
        list.push(Number(p));
        kids.set(ppid, list);
      } catch {
        // The process ended between listing and reading.
      }
    }
    const stack = [...(kids.get(process.pid) ?? [])];
    while (stack.length) {
      const pid = stack.pop() as number;
      try {
        const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
        if (m) total += Number(m[1]) * 1024;
      } catch {
        // Gone already.
      }
      stack.push(...(kids.get(pid) ?? []));
    }
  } catch {
    // No /proc: only this process is counted.
  }
  return total / 1024 / 1024;
}

/**
 * What Tesseract alone gives: the original first page (PDFs rendered at 300 dpi), psm 4, English and Arabic,
 * and the seconds the engine took on it (the rendering left out): the floor of the pipelines' time a page.
 */
function plainTesseract(file: string): { text: string; seconds: number } {
  let input = file;
  if (file.endsWith('.pdf')) {
    spawnSync('pdftoppm', [
      '-r',
      '300',
      '-gray',
      '-png',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      file,
      '/tmp/bench-ocr-plain',
    ]);
    input = '/tmp/bench-ocr-plain.png';
  }
  const started = performance.now();
  const r = spawnSync('tesseract', [input, 'stdout', '--psm', '4', '-l', 'eng+ara'], {
    encoding: 'utf8',
    env: { ...process.env, OMP_THREAD_LIMIT: '1' },
    maxBuffer: 64 * 1024 * 1024,
  });
  return { text: r.stdout ?? '', seconds: (performance.now() - started) / 1000 };
}

const pct = (a: number, b: number): string => (b ? ((100 * a) / b).toFixed(1) + '%' : '-');
const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
};

type Acc = { ok: number; n: number };
/** One set's documents and what its runs measured. */
interface SetRun {
  set: BenchSet;
  docs: ReturnType<typeof loadFolder>;
  groups: string[];
  byGroup: Map<string, Acc>;
  byField: Map<string, Acc>;
  rawCov: Map<string, Acc>;
  /** Per pipeline: seconds a page and the peak memory of each document, and documents that failed. */
  perf: Map<Pipeline, { secPerPage: number[]; peakMb: number[]; failures: number }>;
  /** Plain Tesseract's seconds on each document's first page. */
  plainSec: number[];
}

const add = (m: Map<string, Acc>, k: string, ok: number, n: number): void => {
  const a = m.get(k) ?? { ok: 0, n: 0 };
  a.ok += ok;
  a.n += n;
  m.set(k, a);
};

/** A set's documents (and plain Tesseract's reading of them), or the message that its folder is missing. */
function openSet(set: BenchSet): SetRun | string {
  const missing = set.folders.filter((f) => !existsSync(f));
  if (missing.length) {
    process.exitCode = 2;
    return (
      `No sample folder at ${missing.join(', ')}.\n` +
      'Name the folders to read (npm run bench:ocr -- FOLDER ...) or set OCR_SAMPLES to the folder that holds ' +
      'invoices/ and receipts-sroie/.'
    );
  }
  let docs = set.folders.flatMap(loadFolder);
  if (onlyGroups) docs = docs.filter((d) => onlyGroups.includes(d.group));
  if (limit) docs = docs.slice(0, limit);
  const run: SetRun = {
    set,
    docs,
    groups: [...new Set(docs.map((d) => d.group))],
    byGroup: new Map(),
    byField: new Map(),
    rawCov: new Map(),
    perf: new Map(),
    plainSec: [],
  };
  if (plain) {
    for (const d of docs) {
      const read = plainTesseract(d.file);
      const c = rawCoverage(read.text, d.keyValues);
      add(run.rawCov, `plain|${d.group}`, c.found, c.total);
      run.plainSec.push(read.seconds);
    }
  }
  return run;
}

/** One pipeline over a set's documents, one at a time. */
async function runPipeline(run: SetRun, p: Pipeline): Promise<void> {
  const { docs, byGroup, byField, rawCov } = run;
  const pf = { secPerPage: [] as number[], peakMb: [] as number[], failures: 0 };
  run.perf.set(p, pf);
  for (const d of docs) {
    const bytes = new Uint8Array(await readFile(d.file));
    let peak = treeRssMb();
    const timer = setInterval(() => (peak = Math.max(peak, treeRssMb())), 100);
    try {
      const r = await recognizeInvoice(
        { bytes },
        { pipeline: p, ...(timeoutSeconds ? { timeoutMs: timeoutSeconds * 1000 } : {}) },
      );
      pf.secPerPage.push(r.duration_ms / 1000 / Math.max(1, r.pages));
      const scores = d.score(r.fields_json);
      const ok = scores.filter((s) => s.ok).length;
      add(byGroup, `${p}|${d.group}`, ok, scores.length);
      for (const s of scores)
        add(
          byField,
          `${p}|${d.group === 'receipts' ? 'receipts' : 'invoices'}|${s.field.replace('item.extra', 'item.extra (count)')}`,
          s.ok ? 1 : 0,
          1,
        );
      const c = rawCoverage(r.raw_text, d.keyValues);
      add(rawCov, `${p}|${d.group}`, c.found, c.total);
      if (process.env.BENCH_VERBOSE) {
        const bad = scores.filter((s) => !s.ok).map((s) => s.field);
        console.error(
          `${p} ${d.file.split('/').pop()} ${ok}/${scores.length} ${(r.duration_ms / 1000).toFixed(1)}s ${Math.round(Math.max(peak, treeRssMb()))} MB miss: ${[...new Set(bad)].join(' ')}`,
        );
      }
    } catch (e) {
      pf.failures++;
      const n = d.score({
        language: 'en',
        invoice_number: null,
        issue_date: null,
        due_date: null,
        currency: null,
        vendor: { name: null, tax_id: null, address: null },
        customer: { name: null, tax_id: null, address: null },
        subtotal: null,
        tax_rate: null,
        tax_amount: null,
        total: null,
        line_items: [],
        confidence: {},
        boxes: {},
      }).length;
      add(byGroup, `${p}|${d.group}`, 0, n);
      console.error(`${p} ${d.file}: ${(e as Error).message}`);
    } finally {
      clearInterval(timer);
      pf.peakMb.push(peak);
    }
  }
}

function report(run: SetRun): string {
  const { set, docs, groups, byGroup, byField, rawCov, perf } = run;
  const lines: string[] = [];
  lines.push(`## Set: ${set.name}`);
  lines.push('');
  lines.push(
    `Documents: ${docs.length} (${groups.map((g) => `${g} ${docs.filter((d) => d.group === g).length}`).join(', ')})`,
  );
  lines.push('');
  lines.push('Field accuracy by language (raw text: share of key values found anywhere in the text)');
  lines.push('');
  const head = [
    'group',
    ...pipelines.map((p) => `${p} fields`),
    ...(plain ? ['plain tesseract raw'] : []),
    ...pipelines.map((p) => `${p} raw`),
  ];
  lines.push(`| ${head.join(' | ')} |`);
  lines.push(`|${head.map(() => '---').join('|')}|`);
  for (const g of groups) {
    const cells = [g];
    for (const p of pipelines) {
      const a = byGroup.get(`${p}|${g}`);
      cells.push(a ? pct(a.ok, a.n) : '-');
    }
    if (plain) {
      const a = rawCov.get(`plain|${g}`);
      cells.push(a ? pct(a.ok, a.n) : '-');
    }
    for (const p of pipelines) {
      const a = rawCov.get(`${p}|${g}`);
      cells.push(a ? pct(a.ok, a.n) : '-');
    }
    lines.push(`| ${cells.join(' | ')} |`);
  }
  lines.push('');
  lines.push('Field accuracy by field');
  lines.push('');
  lines.push(`| set | field | ${pipelines.join(' | ')} |`);
  lines.push(`|---|---|${pipelines.map(() => '---').join('|')}|`);
  const fieldKeys = [...new Set([...byField.keys()].map((k) => k.split('|').slice(1).join('|')))];
  for (const fk of fieldKeys) {
    const [set, field] = fk.split('|');
    const cells = pipelines.map((p) => {
      const a = byField.get(`${p}|${fk}`);
      if (!a) return '-';
      return field?.startsWith('item.extra') ? String(a.n) : pct(a.ok, a.n);
    });
    lines.push(`| ${set} | ${field} | ${cells.join(' | ')} |`);
  }
  lines.push('');
  lines.push('Speed and memory (one document at a time)');
  lines.push('');
  lines.push(
    '| pipeline | s/page median | s/page p90 | peak MB (node + engines) median | peak MB max | failures |',
  );
  lines.push('|---|---|---|---|---|---|');
  for (const [p, pf] of perf) {
    lines.push(
      `| ${p} | ${quantile(pf.secPerPage, 0.5).toFixed(2)} | ${quantile(pf.secPerPage, 0.9).toFixed(2)} | ${Math.round(quantile(pf.peakMb, 0.5))} | ${Math.round(Math.max(...pf.peakMb))} | ${pf.failures} |`,
    );
  }
  if (run.plainSec.length) {
    const xs = run.plainSec;
    lines.push(
      `| plain tesseract (floor: one pass, first page) | ${quantile(xs, 0.5).toFixed(2)} | ${quantile(xs, 0.9).toFixed(2)} | - | - | - |`,
    );
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const runs = (await resolveSets()).map(openSet);
  // Every set's normal pass before any advanced pass: the advanced pipeline's second engine stays loaded in
  // the process and would count in the normal pipeline's peak memory of the sets after it.
  for (const p of pipelines) {
    for (const run of runs) if (typeof run !== 'string') await runPipeline(run, p);
  }
  console.log(runs.map((run) => (typeof run === 'string' ? run : report(run))).join('\n\n'));
}

await main();
