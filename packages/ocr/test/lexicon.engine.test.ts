// The Arabic word list comes from the tuned model itself, and puts back lam-alef ligatures read out of order.
import { describe, expect, it } from 'vitest';
import { Budget } from '../src/engine/exec.js';
import { arabicWords } from '../src/engine/lexicon.js';
import { fixLamAlefOrder } from '../src/text.js';

describe('arabicWords', () => {
  it("takes the tuned model's Arabic word list, which knows words from the misreads of their lam-alef", async () => {
    const words = await arabicWords(new Budget(60_000));
    expect(words?.size).toBeGreaterThan(500_000);
    for (const w of ['للمقاولات', 'للأجهزة', 'للاستيراد', 'مؤسسة']) expect(words?.has(w)).toBe(true);
    for (const w of ['للمقاوالت', 'لألجهزة', 'لالستيراد']) expect(words?.has(w)).toBe(false);
    const known = (w: string): boolean => words?.has(w) ?? false;
    expect(['للمقاوالت', 'لألجهزة', 'لالستيراد:', 'والإعالن'].map((w) => fixLamAlefOrder(w, known))).toEqual([
      'للمقاولات',
      'للأجهزة',
      'للاستيراد:',
      'والإعلان',
    ]);
  });
});
