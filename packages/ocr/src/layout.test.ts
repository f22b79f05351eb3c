import { describe, expect, it } from 'vitest';
import { joinSplitArabicWords } from './layout.js';
import type { Word } from './layout.js';

// A small word list standing in for the tuned model's: whole words, and a few halves that are words too.
const LIST = new Set(['فاتورة', 'رة', 'الإعاشة', 'شركة', 'شر', 'كة', 'لا', 'ترد', 'أبو', 'زيد', 'طيبة']);
const known = (w: string): boolean => LIST.has(w);

/** Words of one engine line, given in reading order (right to left on the page), `gap` pixels apart. */
function line(texts: string[], gap = 6, key = '1.1.1'): Word[] {
  const out: Word[] = [];
  let x1 = 1600;
  for (const text of texts) {
    const x0 = x1 - text.length * 14;
    out.push({ text, conf: 0.8, x0, y0: 100, x1, y1: 130, lineKey: key });
    x1 = x0 - gap;
  }
  return out;
}
const texts = (ws: Word[]): string[] => ws.map((w) => w.text);

describe('words cut in two after a letter that does not join', () => {
  it('writes them whole where the list knows the whole and not both halves', () => {
    expect(texts(joinSplitArabicWords(line(['فاتو', 'رة', 'ضريبية']), known))).toEqual(['فاتورة', 'ضريبية']);
    // A half that the list holds (شر, كة) of two letters ending in ta marbuta is no word.
    expect(texts(joinSplitArabicWords(line(['شر', 'كة', 'طيبة']), known))).toEqual(['شركة', 'طيبة']);
  });

  it('knows a word behind the prepositions and the article written joined to it', () => {
    expect(texts(joinSplitArabicWords(line(['طيبة', 'للإعا', 'شة']), known))).toEqual(['طيبة', 'للإعاشة']);
  });

  it('keeps two words that are words apart, words set wide apart, and words of other lines', () => {
    expect(texts(joinSplitArabicWords(line(['لا', 'ترد']), known))).toEqual(['لا', 'ترد']);
    expect(texts(joinSplitArabicWords(line(['أبو', 'زيد']), known))).toEqual(['أبو', 'زيد']);
    // Farther apart than half the line's height: two words.
    expect(texts(joinSplitArabicWords(line(['فاتو', 'رة'], 20), known))).toEqual(['فاتو', 'رة']);
    const two = [...line(['فاتو'], 6, '1.1.1'), ...line(['رة'], 6, '1.1.2')];
    two[1] = { ...(two[1] as Word), x1: (two[0] as Word).x0 - 6, x0: (two[0] as Word).x0 - 34 };
    expect(texts(joinSplitArabicWords(two, known))).toEqual(['فاتو', 'رة']);
  });

  it('joins only after a letter that does not join the next', () => {
    // ب joins the letter after it: a gap after it is a space.
    expect(texts(joinSplitArabicWords(line(['طيب', 'ة']), (w) => w === 'طيبة'))).toEqual(['طيب', 'ة']);
  });

  it('gives the whole word the box of both halves and the less sure confidence', () => {
    const ws = line(['فاتو', 'رة']);
    ws[1] = { ...(ws[1] as Word), conf: 0.5 };
    const [w] = joinSplitArabicWords(ws, known);
    expect(w).toMatchObject({ text: 'فاتورة', conf: 0.5, x0: (ws[1] as Word).x0, x1: (ws[0] as Word).x1 });
  });
});
