import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { OcrError } from '../errors.js';
import type { Budget } from './exec.js';

/**
 * Engine processes kept running between pages. Starting the engine costs 0.2 to 0.35 s before it reads a
 * pixel (most of it building the table of lookalike characters of its older recogniser, which the line
 * recogniser we use never consults), and a document starts it two to five times. A warm process is the
 * engine's own command line in its streaming mode (`-c stream_filelist=true`: it reads image paths from
 * standard input and writes each page's TSV as soon as the page is done), one per set of options; each
 * page is followed by a blank 16 x 16 image, whose row in the output marks the end of the page's rows.
 * The readings are the same as one process per page: the line recogniser keeps nothing between pages.
 * An idle process holds about 45 MB and ends after `IDLE_MS`; a page that runs out of time or is
 * cancelled kills its process, as a one-shot run is killed. INVOICING_OCR_WARM_ENGINES=off starts one
 * process per page.
 */
const IDLE_MS = 60_000;
/**
 * Idle processes kept, over all option sets. The option sets a document uses most (the English pass of
 * every page, the Arabic question most receipts ask) stay; a rarely used one ends first. Each idle one
 * holds 35 to 65 MB, which the normal pipeline's memory goal counts.
 */
const MAX_IDLE = 2;
/**
 * Engine processes, reading or idle, kept at most: a page's passes read side by side (`recognize.ts`) hold
 * two engines reading whole pages (about 90 MB each), and the idle ones make way for them.
 */
const MAX_ENGINES = 3;
/** Engines reading a page now. */
let busy = 0;
const MAX_OUTPUT = 64 * 1024 * 1024;
/** Bytes of a page image above which a new engine's reading is large (a whole page, not a row). */
const BIG_PAGE = 2_000_000;

export const warmEnginesEnabled = (): boolean => process.env.INVOICING_OCR_WARM_ENGINES !== 'off';

/** The engine ended or could not take the page: the caller reads the page with a one-shot run instead. */
export class EngineGone extends Error {}

let folder: string | null = null;
let blankPath = '';
let nextFile = 0;
/** A private folder for the pages handed to warm engines, and the blank page that ends each one. */
function workFolder(): string {
  if (folder) return folder;
  folder = mkdtempSync(join(tmpdir(), 'invoicing-ocr-engine-'));
  blankPath = join(folder, 'end.pgm');
  writeFileSync(blankPath, Buffer.concat([Buffer.from('P5\n16 16\n255\n', 'ascii'), Buffer.alloc(256, 255)]));
  atExit(folder);
  return folder;
}

/**
 * Work folders to remove when the process exits. One exit handler for the process, however many copies
 * of this module it loaded (a test runner loads one per test file).
 */
function atExit(dir: string): void {
  const key = Symbol.for('invoicing-ocr.warm-engine-folders');
  const store = globalThis as unknown as Record<symbol, Set<string> | undefined>;
  let dirs = store[key];
  if (!dirs) {
    const all = new Set<string>();
    dirs = store[key] = all;
    process.once('exit', () => {
      for (const d of all) rmSync(d, { recursive: true, force: true });
    });
  }
  dirs.add(dir);
}

interface Refable {
  ref(): void;
  unref(): void;
}

interface Pending {
  page: number;
  end: number;
  resolve: (tsv: string) => void;
  reject: (e: Error) => void;
}

class WarmEngine {
  readonly child: ChildProcessWithoutNullStreams;
  private images = 0;
  private out = '';
  private err = '';
  private readonly decoder = new StringDecoder('utf8');
  private pending: Pending | null = null;
  private idleTimer: NodeJS.Timeout | null = null;
  gone = false;

  constructor(
    readonly key: string,
    args: string[],
  ) {
    this.child = spawn('tesseract', [...args, '-c', 'stream_filelist=true', '-', '-', 'tsv'], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, OMP_THREAD_LIMIT: '1', LC_ALL: 'C.UTF-8' },
    });
    this.child.stdout.on('data', (d: Buffer) => this.onOutput(d));
    this.child.stderr.on('data', (d: Buffer) => {
      if (this.err.length < 16384) this.err += d.toString('utf8');
    });
    this.child.stdin.on('error', () => this.end(new EngineGone('the engine closed its input')));
    this.child.on('error', (e) => this.end(new EngineGone(e.message)));
    this.child.on('close', () => this.end(new EngineGone(`the engine ended: ${this.lastError()}`)));
  }

  private lastError(): string {
    return this.err.trim().split('\n').pop() ?? '';
  }

  /** Reads one page (a file the engine can open); resolves with the page's TSV rows. */
  read(file: string): Promise<string> {
    if (this.gone) return Promise.reject(new EngineGone('the engine ended'));
    this.stopIdle();
    this.err = '';
    // TSV numbers the images it was given from 1: this page, then the blank that ends it.
    const page = this.images + 1;
    const end = this.images + 2;
    this.images += 2;
    return new Promise((resolve, reject) => {
      this.pending = { page, end, resolve, reject };
      this.child.stdin.write(`${file}\n${blankPath}\n`);
    });
  }

  private onOutput(d: Buffer): void {
    this.out += this.decoder.write(d);
    const p = this.pending;
    if (!p) return;
    if (this.out.length > MAX_OUTPUT) {
      this.kill(new OcrError('ENGINE_FAILED', 'tesseract produced too much output.'));
      return;
    }
    const marker = this.out.indexOf(`\n1\t${p.end}\t`);
    if (marker < 0) return;
    const rows = this.out
      .slice(0, marker)
      .split('\n')
      .filter((row) => row.split('\t', 2)[1] === String(p.page));
    // What follows the marker belongs to the blank page; the next page's rows are told by their number.
    this.out = this.out.slice(marker + 1);
    this.pending = null;
    p.resolve(rows.join('\n'));
  }

  /** Ends the process (a page out of time, cancelled, or too much output) and fails its page with `e`. */
  kill(e: Error): void {
    const p = this.pending;
    this.pending = null;
    this.gone = true;
    this.child.kill('SIGKILL');
    p?.reject(e);
  }

  private end(e: Error): void {
    this.gone = true;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    const p = this.pending;
    this.pending = null;
    p?.reject(e);
    forget(this);
  }

  /** Waits for pages without keeping the program alive; ends after `IDLE_MS`. */
  idle(): void {
    this.setRef(false);
    this.idleTimer = setTimeout(() => this.close(), IDLE_MS);
    this.idleTimer.unref();
  }

  private stopIdle(): void {
    this.setRef(true);
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  /** The process and its pipes keep the program alive only while a page is being read. */
  private setRef(on: boolean): void {
    const { child } = this;
    for (const h of [child, child.stdin, child.stdout, child.stderr] as unknown as Refable[]) {
      if (on) h.ref();
      else h.unref();
    }
  }

  close(): void {
    this.stopIdle();
    this.setRef(false);
    this.gone = true;
    forget(this);
    this.child.stdin.end();
  }
}

/** Idle engines, the most recently used last. */
const idle: WarmEngine[] = [];
/** Pages read so far with each option set. */
const uses = new Map<string, number>();

/** Ends idle engines beyond `max`: those of the least used option sets, the longest idle first. */
function trimIdle(max: number): void {
  while (idle.length > max) {
    let victim = 0;
    for (let i = 1; i < idle.length; i++) {
      if ((uses.get(idle[i]?.key ?? '') ?? 0) < (uses.get(idle[victim]?.key ?? '') ?? 0)) victim = i;
    }
    idle[victim]?.close();
  }
}

function forget(e: WarmEngine): void {
  const i = idle.indexOf(e);
  if (i >= 0) idle.splice(i, 1);
}

/** Ends every idle engine (a command line about to exit, tests). */
export function closeWarmEngines(): void {
  for (const e of [...idle]) e.close();
}

/**
 * Reads one page with a warm engine started with `args` (the engine's options, without input, output
 * and format). Rejects with `EngineGone` when the engine could not read it, so that the caller can read
 * it with a one-shot run, and with `OcrError` TIMEOUT or CANCELLED as a one-shot run does.
 */
export async function readWarm(args: string[], input: Uint8Array, budget: Budget): Promise<string> {
  budget.check();
  // The engine is taken before the page is written, so that of two pages handed over at once (a pass read
  // ahead beside another, `recognize.ts`) the first one asked for gets the warm engine of its options.
  const key = args.join('\u0000');
  uses.set(key, (uses.get(key) ?? 0) + 1);
  let i = idle.length - 1;
  while (i >= 0 && idle[i]?.key !== key) i--;
  // A new engine on a whole page grows to 100 to 180 MB while it reads: the idle ones end first, so that
  // the engines together hold no more than one process per page did (the next page pays a start).
  if (i < 0) trimIdle(input.length > BIG_PAGE ? 0 : Math.max(0, MAX_ENGINES - busy - 1));
  const engine = i >= 0 ? (idle.splice(i, 1)[0] as WarmEngine) : new WarmEngine(key, args);
  busy++;
  const file = join(workFolder(), `${process.pid}-${nextFile++}.pgm`);
  let reading = false;
  try {
    await writeFile(file, input);
    // A cancellation while the page was being written has fired its event already: none would come later.
    budget.check();
    const onAbort = (): void => engine.kill(new OcrError('CANCELLED', 'OCR was cancelled.'));
    const timer = setTimeout(
      () => engine.kill(new OcrError('TIMEOUT', 'OCR took longer than its time limit.')),
      Math.max(1, budget.remaining()),
    );
    budget.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      reading = true;
      const tsv = await engine.read(file);
      idle.push(engine);
      engine.idle();
      return tsv;
    } finally {
      clearTimeout(timer);
      budget.signal?.removeEventListener('abort', onAbort);
    }
  } finally {
    busy--;
    // Taken but never handed the page (the page could not be written, or the work was cancelled first).
    if (!reading && !engine.gone) {
      idle.push(engine);
      engine.idle();
    }
    trimIdle(Math.min(MAX_IDLE, MAX_ENGINES - busy));
    await unlink(file).catch(() => undefined);
  }
}
