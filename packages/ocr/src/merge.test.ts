import { describe, expect, it } from 'vitest';
import type { Word } from './layout.js';
import { mergeReadings, wordSet } from './merge.js';
import { WordList } from './engine/lexicon.js';
import type { Reading } from './merge.js';

/** A reading from "text:conf" words; words without a confidence get 0.95. */
function reading(spec: string): Reading {
  const words: Word[] = spec.split(' ').map((part, i) => {
    const m = /^(.*):(\d\.\d+)$/.exec(part);
    return {
      text: m ? (m[1] as string) : part,
      conf: m ? Number(m[2]) : 0.95,
      x0: i * 100,
      x1: i * 100 + 90,
      y0: 0,
      y1: 30,
    };
  });
  return { value: words.map((w) => w.text).join(' '), words };
}

const merge = (
  a: string,
  b: string,
  lexicon: string[] | null = null,
  textA = '',
  textB = '',
): string | null =>
  mergeReadings(reading(a), reading(b), {
    lexicon: lexicon ? WordList.of(lexicon) : null,
    wordsA: wordSet(textA || reading(a).value),
    wordsB: wordSet(textB || reading(b).value),
  });

describe('mergeReadings', () => {
  it("takes the second engine's word where it read it more surely", () => {
    expect(merge('TED:0.74 HENG STATIONERY & BOOKS:0.38', 'TEO:0.94 HENG STATIONERY &:0.56 BOOKS:0.96')).toBe(
      'TEO HENG STATIONERY & BOOKS',
    );
  });

  it('keeps the first reading where the second engine is less sure', () => {
    expect(
      merge('Lot 3, Jalan Pelabur 23/1, 40300:0.97', 'Lot 3, Jalan Pelabur 23/1, 40.40:0.59'),
    ).toBeNull();
    expect(merge('SANYO:0.96 SHOP', 'SANYU:0.80 SHOP')).toBeNull();
  });

  it('replaces words the two engines cut differently as a whole', () => {
    expect(merge('Kuala Lumpur, MALAY:0.96 pion:0.26', 'Kuala Lumpur, MALAYSIA:0.99')).toBe(
      'Kuala Lumpur, MALAYSIA',
    );
    expect(merge('9D:0.49 FLR, AEON TAMAN', '3RD:1.0 FLR, AEON TAMAN')).toBe('3RD FLR, AEON TAMAN');
  });

  it('keeps a known word against an unknown one, however sure the second engine was', () => {
    const lexicon = ['guardian', 'health', 'goal'];
    expect(merge('Guardian:0.52 Health', 'Goardian:0.97 Health', lexicon)).toBeNull();
    expect(merge('Setangor:0.91 Health', 'Selangor:0.93 Health', ['selangor', 'health'])).toBe(
      'Selangor Health',
    );
  });

  it('keeps a word the second engine read the same way elsewhere on the page', () => {
    const a = 'Jalan Permas 4/3 Bandar Baru Permas:0.93 Jay';
    const b = 'Jalan Permas 4/3 Bandar Baru Pemas:1.0 Jay';
    expect(merge(a, b)).toBeNull();
  });

  it('leaves shapes the engines confuse to the first reading', () => {
    expect(merge('HAI-O:0.65 RAYA BHD', 'HAI-0:0.97 RAYA BHD')).toBeNull();
    expect(merge('No.12, Jalan Permas', 'No.l2,:0.99 Jalan Permas')).toBeNull();
  });

  it('keeps the punctuation of the first reading once', () => {
    expect(merge('NO.56:0.85 , JALAN PBS 14/11,', 'NO.50,:1.0 JALAN PBS 14/11,')).toBe(
      'NO.50, JALAN PBS 14/11,',
    );
  });

  it('ignores text one reading has before or after the other', () => {
    expect(merge("KING'S CONFECTIONERY S/B", "KING'S CONFECTIONERY S/B 273500-U (GKJ)")).toBeNull();
    expect(merge('Lot 3, Jalan:0.5 Pelabur', 'No. 7 Lot 3, Jalan:0.99 Pelabur')).toBeNull();
  });

  it('keeps a name Tesseract read surely against a known word the second engine read less surely', () => {
    expect(merge('KEDAI AH SENG:0.97', 'KEDAI AH SING:0.81', ['kedai', 'ah', 'sing'])).toBeNull();
  });

  it('confirms a word only by a whole word of the other text, not by letters inside other words', () => {
    expect(merge('KEDAI AH SENG:0.97', 'KEDAI AH SING:0.4', null, 'KEDAI AH SENG Processing fee')).toBeNull();
  });

  it('takes no text glued to a differing word at the end of the other reading', () => {
    expect(merge('Lot 3, Jalan Pelabor:0.5', 'Lot 3, Jalan Pelabur40300:0.99')).toBeNull();
  });

  it('takes no letters the second engine only dropped, and keeps numbers numbers', () => {
    expect(merge('Jalan Permas:0.8 Jaya', 'Jalan Perma:0.99 Jaya')).toBeNull();
    expect(merge('SHELL STATION 123:0.6', 'SHELL STATION 1Z3:0.99')).toBeNull();
    // A digit the second engine left out where Tesseract read "&" as 8 is taken.
    expect(merge('No 14816:0.57 Jalan Permas', 'No 14&16:0.98 Jalan Permas')).toBe('No 14&16 Jalan Permas');
  });

  it("keeps the first reading's punctuation around a replaced word", () => {
    expect(merge('NO.56,:0.5 JALAN PBS', 'NO.50:1.0 JALAN PBS')).toBe('NO.50, JALAN PBS');
  });

  it('merges nothing when the readings are of different text or one adds whole words', () => {
    expect(merge('eon:0.66', 'Anzel:0.99 Advertising:0.97 Sdn Bhd')).toBeNull();
    expect(
      merge(
        'NO.12, JALAN:0.39 SS4C/5,PETALING JAYA',
        'GS1 NO.: 001800839168, NO.12, JALAN:0.99 SS4C/5,PETALING JAYA',
      ),
    ).toBeNull();
  });
});
