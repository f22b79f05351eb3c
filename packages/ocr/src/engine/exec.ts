import { spawn } from 'node:child_process';
import { OcrError } from '../errors.js';

/** A document's time budget and cancellation, passed to every step that can take long. */
export class Budget {
  readonly deadline: number;
  readonly signal: AbortSignal | undefined;

  constructor(timeoutMs: number, signal?: AbortSignal) {
    this.deadline = Date.now() + timeoutMs;
    this.signal = signal;
  }

  remaining(): number {
    return this.deadline - Date.now();
  }

  /**
   * A budget with the same deadline that can also be cancelled on its own: work started ahead of knowing
   * whether it is needed (`ahead` in `recognize.ts`), dropped without cancelling the document.
   */
  branch(): { budget: Budget; cancel: () => void } {
    const own = new AbortController();
    const signal = this.signal ? AbortSignal.any([this.signal, own.signal]) : own.signal;
    return { budget: new Budget(this.remaining(), signal), cancel: () => own.abort() };
  }

  check(): void {
    if (this.signal?.aborted) throw new OcrError('CANCELLED', 'OCR was cancelled.');
    if (this.remaining() <= 0) throw new OcrError('TIMEOUT', 'OCR took longer than its time limit.');
  }
}

export interface RunResult {
  stdout: Buffer;
  stderr: string;
  code: number | null;
}

const MAX_OUTPUT = 64 * 1024 * 1024;

/**
 * Runs a program without a shell, feeding `input` on stdin; kills it when the budget runs out or the
 * caller cancels, and when its output grows past what any page can legitimately produce.
 */
export function run(cmd: string, args: string[], budget: Budget, input?: Uint8Array): Promise<RunResult> {
  budget.check();
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      stdio: ['pipe', 'pipe', 'pipe'],
      // One thread per engine: the machine's cores are shared between documents, and OpenMP threads
      // cost more in contention than they gain on a page.
      env: { ...process.env, OMP_THREAD_LIMIT: '1', LC_ALL: 'C.UTF-8' },
    });
    const out: Buffer[] = [];
    let outLen = 0;
    let err = '';
    let settled = false;
    let failure: OcrError | null = null;
    const finish = (fn: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      budget.signal?.removeEventListener('abort', onAbort);
      fn();
    };
    const kill = (e: OcrError): void => {
      failure = e;
      child.kill('SIGKILL');
    };
    const onAbort = (): void => kill(new OcrError('CANCELLED', 'OCR was cancelled.'));
    const timer = setTimeout(
      () => kill(new OcrError('TIMEOUT', 'OCR took longer than its time limit.')),
      Math.max(1, budget.remaining()),
    );
    budget.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (d: Buffer) => {
      outLen += d.length;
      if (outLen > MAX_OUTPUT) kill(new OcrError('ENGINE_FAILED', `${cmd} produced too much output.`));
      else out.push(d);
    });
    child.stderr.on('data', (d: Buffer) => {
      if (err.length < 16384) err += d.toString('utf8');
    });
    child.on('error', (e) =>
      finish(() =>
        reject(new OcrError('ENGINE_FAILED', `Could not start ${cmd}: ${e.message}`, { cause: e })),
      ),
    );
    child.on('close', (code) =>
      finish(() => {
        if (failure) reject(failure);
        else resolve({ stdout: Buffer.concat(out), stderr: err, code });
      }),
    );
    child.stdin.on('error', () => {
      // The program may exit before reading all its input (a corrupt file); its exit code tells why.
    });
    if (input) child.stdin.end(input);
    else child.stdin.end();
  });
}
