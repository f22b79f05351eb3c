import { describe, expect, it } from 'vitest';
import { ahead } from './ahead.js';
import { Budget } from './engine/exec.js';
import { OcrError } from './errors.js';

/** Work that ends when its budget is cancelled, as an engine pass does, or resolves when told to. */
function pass(budget: Budget): { result: Promise<string>; finish: (v: string) => void } {
  let finish: (v: string) => void = () => undefined;
  const result = new Promise<string>((resolve, reject) => {
    finish = resolve;
    budget.signal?.addEventListener('abort', () => reject(new OcrError('CANCELLED', 'OCR was cancelled.')));
  });
  return { result, finish };
}

describe('passes read ahead', () => {
  it('gives the reading of a pass that is taken', async () => {
    let finish: (v: string) => void = () => undefined;
    const a = ahead(new Budget(60_000), (b) => {
      const p = pass(b);
      finish = p.finish;
      return p.result;
    });
    finish('words');
    await expect(a.take()).resolves.toBe('words');
    a.drop(); // taken: dropping it afterwards changes nothing
  });

  it('stops a pass that is dropped, without cancelling the document', async () => {
    const document = new Budget(60_000);
    let own: Budget | null = null;
    let result: Promise<string> | null = null;
    const a = ahead(document, (b) => {
      own = b;
      result = pass(b).result;
      return result;
    });
    a.drop();
    expect((own as Budget | null)?.signal?.aborted).toBe(true);
    await expect(result).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(() => document.check()).not.toThrow();
  });

  it('stops a pass when the document is cancelled, and keeps its deadline', async () => {
    const controller = new AbortController();
    const document = new Budget(5_000, controller.signal);
    let own: Budget | null = null;
    const a = ahead(document, (b) => {
      own = b;
      return pass(b).result;
    });
    expect(Math.abs((own as unknown as Budget).deadline - document.deadline)).toBeLessThan(50);
    controller.abort();
    await expect(a.take()).rejects.toMatchObject({ code: 'CANCELLED' });
  });
});
