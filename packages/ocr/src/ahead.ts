import { availableParallelism } from 'node:os';
import type { Budget } from './engine/exec.js';

/**
 * An engine pass started before it is known to be needed, on a core that would otherwise wait: the Arabic
 * pass of a page beside its English pass (which tells whether the page is Arabic), the block reading of a
 * ruled Arabic page beside its Arabic pass (the reading tells whether the block one is needed), and the
 * advanced pipeline's global-threshold pass beside the rest of the page's work. Taken, it is the same
 * reading as one started later; dropped, its engine is stopped.
 */
export interface Ahead<T> {
  take(): Promise<T>;
  drop(): void;
}

export function ahead<T>(budget: Budget, work: (budget: Budget) => Promise<T>): Ahead<T> {
  const { budget: own, cancel } = budget.branch();
  const result = work(own);
  // A dropped pass ends cancelled: no one's error.
  result.catch(() => undefined);
  let settled = false;
  return {
    take: () => {
      settled = true;
      return result;
    },
    drop: () => {
      if (settled) return;
      settled = true;
      cancel();
    },
  };
}

/** Pages being read from pixels in this process now. */
let pagesReading = 0;

/** Counts a page as being read while `fn` runs. */
export async function readingPage<T>(fn: () => Promise<T>): Promise<T> {
  pagesReading++;
  try {
    return await fn();
  } finally {
    pagesReading--;
  }
}

/**
 * Whether passes may be read ahead: only while this process reads fewer pages than the machine has cores,
 * so that the work read ahead and thrown away never takes a core from another document's page. On an idle
 * machine a page's two passes then run side by side. INVOICING_OCR_READ_AHEAD=off reads one pass at a time.
 */
export const spareCore = (): boolean =>
  process.env.INVOICING_OCR_READ_AHEAD !== 'off' && pagesReading < availableParallelism();
