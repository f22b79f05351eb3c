import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  codeLettersFromEnglish,
  fixRaMarks,
  fixRingFives,
  joinDigitFragments,
  latinWordsFromEnglish,
  rereadArabicDigits,
  signReadAsDigit,
  westernNumbersFromEnglish,
} from './digits.js';
import type { Gray } from './engine/image.js';
import type { PageWords } from './layout.js';
import { parseAmount } from './parse/amount.js';
import { fmtFixed } from './decimal.js';

/** A page with one number per row, drawn in a real font, and the boxes the engine would have given. */
async function page(texts: string[], font: string): Promise<{ image: Gray; words: PageWords }> {
  const rows = texts
    .map((t, i) => `<text x="60" y="${100 + i * 90}" font-family="${font}" font-size="44">${t}</text>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="${80 + texts.length * 90}"><rect width="100%" height="100%" fill="#fff"/>${rows}</svg>`;
  const { data, info } = await sharp(Buffer.from(svg))
    .grayscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const words = texts.map((_, i) => {
    // The ink's bounding box in the row, as the engine would report the word.
    let x0 = info.width;
    let x1 = 0;
    let y0 = info.height;
    let y1 = 0;
    for (let y = 40 + i * 90; y < 125 + i * 90; y++) {
      for (let x = 0; x < info.width; x++) {
        if ((data[y * info.width + x] ?? 255) < 128) {
          x0 = Math.min(x0, x);
          x1 = Math.max(x1, x);
          y0 = Math.min(y0, y);
          y1 = Math.max(y1, y);
        }
      }
    }
    return { text: 'VYA', conf: 0.3, x0, y0, x1: x1 + 1, y1: y1 + 1, lineKey: `1.1.${i}` };
  });
  return {
    image: { data, width: info.width, height: info.height },
    words: { page: 1, width: info.width, height: info.height, words },
  };
}

describe('rereadArabicDigits', () => {
  it('reads amounts and dates printed in Arabic-Indic digits that the engine misread', async () => {
    const { image, words } = await page(['١٬٢٣٤٫٥٠', '٩٨٧٫٦٥', '٢٠٢٥/٠٣/١٤', '٤٥٦٫٧٨'], 'Noto Naskh Arabic');
    const r = await rereadArabicDigits(image, words);
    expect(r.changed).toBeGreaterThanOrEqual(3);
    const texts = r.page.words.map((w) => w.text);
    const amount = parseAmount(texts[0] ?? '');
    expect(amount && fmtFixed(amount.value)).toBe('1234.50');
    expect(texts[1]).toBe('٩٨٧٫٦٥');
    expect(texts[2]).toBe('٢٠٢٥/٠٣/١٤');
  });

  it('reads the digits of the KACST faces, which the engine reads as other digits', async () => {
    const { image, words } = await page(['٤٬٦٨٠٫٠٠', '٢٤٫٠٠', '٤٣٬٤٣٢٫٨٦', '٧٩٦٫٤٣'], 'KacstScreen');
    const r = await rereadArabicDigits(image, words);
    expect(r.page.words.map((w) => w.text)).toEqual(['٤٬٦٨٠٫٠٠', '٢٤٫٠٠', '٤٣٬٤٣٢٫٨٦', '٧٩٦٫٤٣']);
    // In KACST Naskh and Book the four and the six inside a number (three numbers: the reader wants a few).
    for (const font of ['KacstNaskh', 'KacstBook']) {
      const drawn = await page(['٢٤٫٠٠', '٧٩٦٫٤٣', '٢٤٫٠٠'], font);
      const again = await rereadArabicDigits(drawn.image, drawn.words);
      expect(
        again.page.words.map((w) => w.text),
        font,
      ).toEqual(['٢٤٫٠٠', '٧٩٦٫٤٣', '٢٤٫٠٠']);
    }
  });

  it('leaves pages printed with Western digits alone', async () => {
    const { image, words } = await page(['1,234.50', '987.65', '2025/03/14', '456.78'], 'DejaVu Sans');
    const r = await rereadArabicDigits(image, words);
    expect(r.changed).toBe(0);
    expect(r.page.words.map((w) => w.text)).toEqual(['VYA', 'VYA', 'VYA', 'VYA']);
  });
});

describe('Arabic-Indic numbers the engine cut or misread', () => {
  const word = (text: string, x0: number, x1: number, line = '1.1.1', y0 = 100, y1 = 126) => ({
    text,
    conf: 0.9,
    x0,
    x1,
    y0,
    y1,
    lineKey: line,
  });
  const texts = (p: PageWords): string[] => p.words.map((w) => w.text).sort();
  const pageOf = (words: PageWords['words']): PageWords => ({ page: 1, width: 900, height: 300, words });

  it('joins the pieces of one number, not numbers of other columns or lines', () => {
    const p: PageWords = {
      page: 1,
      width: 2000,
      height: 1000,
      words: [
        // "٩ ٤,٣٨٣٠٢ ٥" is ٩٤,٣٨٣.٢٥ cut at the gaps of a wide font; ٢٥ is the quantity column.
        word('٩', 354, 368),
        word('٤,٣٨٣٠٢\u200f', 380, 506),
        word('٥', 522, 533, '1.1.1', 106, 125),
        word('٢٥', 1462, 1502),
        word('خرطوشة', 1700, 1800),
        word('٩', 354, 368, '1.1.2', 160, 186),
      ],
    };
    const joined = joinDigitFragments(p);
    expect(texts(joined)).toEqual(['خرطوشة', '٢٥', '٩', '٩٤,٣٨٣٠٢٥'].sort());
    const number = joined.words.find((w) => w.text === '٩٤,٣٨٣٠٢٥');
    expect([number?.x0, number?.x1]).toEqual([354, 533]);
    expect(parseAmount(number?.text ?? '')?.value).toBe(parseAmount('94,383.25')?.value);
    // A dash between two numbers, or two amounts each with its decimals, keep them apart.
    const apart: PageWords = {
      page: 1,
      width: 2000,
      height: 1000,
      words: [
        word('١٠', 100, 140),
        word('-', 146, 152),
        word('٢٠', 158, 198),
        word('٢١٥٠٫٠٠', 400, 520),
        word('٣٠٠٫٠٠', 536, 630),
      ],
    };
    expect(texts(joinDigitFragments(apart))).toEqual(['-', '١٠', '٢٠', '٢١٥٠٫٠٠', '٣٠٠٫٠٠'].sort());
  });

  it('reads the letter ra between Arabic-Indic digits as the decimal mark it looks like', () => {
    const p = pageOf([
      word('٧ر٧٩', 10, 60),
      word('٥٠ر٤٠\u200e', 100, 160),
      word('۲ر۵', 200, 230),
      // Words, and numbers with more digits after the letter than any currency's decimals, stay.
      word('مرر', 300, 340),
      word('٢ر٣٤٥٦', 400, 480),
      word('ر٥', 500, 520),
    ]);
    const out = fixRaMarks(p).words.map((w) => w.text);
    expect(out).toEqual(['٧٫٧٩', '٥٠٫٤٠\u200e', '۲٫۵', 'مرر', '٢ر٣٤٥٦', 'ر٥']);
    expect(parseAmount(out[0] ?? '')?.value).toBe(parseAmount('7.79')?.value);
    expect(parseAmount(out[1] ?? '')?.value).toBe(parseAmount('50.40')?.value);
    const untouched = pageOf(p.words.slice(3));
    expect(fixRaMarks(untouched)).toBe(untouched);
  });

  it('reads a Latin o or 0 inside an Arabic-Indic number as the ring-shaped five', () => {
    const p = pageOf([
      word('0٠\u200f', 10, 40),
      word('0,٩0٠.٠٠', 100, 200),
      word('INV-2025', 300, 400),
      word('100', 500, 560),
    ]);
    expect(fixRingFives(p).words.map((w) => w.text)).toEqual(['٥٠\u200f', '٥,٩٥٠.٠٠', 'INV-2025', '100']);
    // Beside ١ alone it may be a Western 10; in a date it may be a zero.
    const unsure = pageOf([word('١0', 10, 40), word('٢٠٢٤/0١/١٥', 100, 260)]);
    expect(fixRingFives(unsure).words.map((w) => w.text)).toEqual(['١0', '٢٠٢٤/0١/١٥']);
  });

  it('takes the numbers of a Western-digit page from the English reading where the Arabic one made them Arabic-Indic', () => {
    const arabic = pageOf([
      word('مضخة', 700, 780),
      word('٢٨٨', 400, 470, '1.1.1'),
      word('٤-', 200, 230, '1.1.1'),
      word('٧', 240, 262, '1.1.1'),
      word('952.00', 40, 140),
      // No Western number read there: the word stays.
      word('١٥', 500, 540, '1.1.2', 200, 226),
    ]);
    const english = pageOf([
      word('238.00', 396, 474, '9.1.1', 101, 127),
      // One number the Arabic model cut in two comes back once.
      { ...word('28.000', 198, 266, '9.1.1', 99, 125) },
      word('952.00', 40, 140, '9.1.1'),
      // Unsure English readings, and words that are not numbers, are not taken.
      { ...word('1S', 500, 540, '9.1.2', 200, 226), conf: 0.3 },
      word('Pump', 700, 780, '9.1.1'),
    ]);
    const out = westernNumbersFromEnglish(arabic, english);
    expect(texts(out)).toEqual(['238.00', '28.000', '952.00', '١٥', 'مضخة'].sort());
    // The words keep the Arabic reading's line, so the row stays together.
    expect(out.words.find((w) => w.text === '238.00')?.lineKey).toBe('1.1.1');
    // A page whose English reading has no sure Western number is left as it is.
    const none = pageOf([{ ...word('1S', 500, 540, '9.1.2', 200, 226), conf: 0.3 }]);
    expect(westernNumbersFromEnglish(arabic, none)).toBe(arabic);
  });

  it("takes a bilingual page's Latin words from the English reading, one for one, where both read Latin", () => {
    const arabic = pageOf([
      word('AT', 100, 130, '1.1.1'),
      word('Khaleej', 140, 260, '1.1.1'),
      // Read in Arabic letters or digits by the Arabic model: the English look-alikes are not taken.
      word('٧٨٧', 300, 360, '1.1.1'),
      word('الخليج', 400, 500, '1.1.1'),
      // One Arabic word where the English pass read two: left alone.
      word('Tounsm', 600, 760, '1.1.1'),
      // Surer than the English reading: left alone.
      { ...word('Co', 800, 840, '1.1.1'), conf: 0.97 },
      // Latin strokes read as Arabic letters beside Latin ones: the English reading is taken.
      word('ااBi', 900, 960, '1.1.1'),
    ]);
    const english = pageOf([
      word('Al', 101, 131, '9.1.1'),
      word('Khaleej', 140, 260, '9.1.1'),
      word('VAV', 300, 360, '9.1.1'),
      word('gall', 400, 500, '9.1.1'),
      word('Tour', 600, 680, '9.1.1'),
      word('ism', 690, 760, '9.1.1'),
      word('Ca', 800, 840, '9.1.1'),
      word('Bill', 898, 960, '9.1.1'),
    ]);
    expect(texts(latinWordsFromEnglish(arabic, english))).toEqual(
      ['Al', 'Khaleej', '٧٨٧', 'الخليج', 'Tounsm', 'Co', 'Bill'].sort(),
    );
    // On a page of Arabic-Indic digits only the mixed words are taken.
    expect(texts(latinWordsFromEnglish(arabic, english, false, true))).toEqual(
      ['AT', 'Khaleej', '٧٨٧', 'الخليج', 'Tounsm', 'Co', 'Bill'].sort(),
    );
    // Unsure English words are not taken.
    const unsure = pageOf([{ ...word('Al', 101, 131, '9.1.1'), conf: 0.5 }]);
    expect(latinWordsFromEnglish(arabic, unsure)).toBe(arabic);
  });

  it("takes every number of a Western-digit page from the English reading after the tuned model's reading", () => {
    const arabic = pageOf([
      word('1,913.18', 100, 220, '1.1.1'),
      word('6,', 300, 330, '1.1.1'),
      word('079.98', 340, 440, '1.1.1'),
      word('1٥0', 600, 650, '1.1.1'),
      word('خلال', 700, 780, '1.1.1'),
    ]);
    const english = pageOf([
      word('1,013.18', 100, 220, '9.1.1'),
      word('6,079.08', 300, 440, '9.1.1'),
      word('10', 600, 650, '9.1.1'),
      word('Yo', 700, 780, '9.1.1'),
    ]);
    expect(texts(westernNumbersFromEnglish(arabic, english, true))).toEqual(
      ['1,013.18', '6,079.08', '10', 'خلال'].sort(),
    );
    // Where the English pass read a Western number as two, it lost a mark: the number stays.
    const split = pageOf([word('606.266', 100, 220, '1.1.1'), word('2-057952', 400, 520, '1.1.1')]);
    const two = pageOf([
      word('606', 100, 150, '9.1.1'),
      word('266', 165, 220, '9.1.1'),
      // A reference whose capital the tuned model read as a digit takes the English reading.
      word('F-057952', 400, 520, '9.1.1'),
    ]);
    expect(texts(westernNumbersFromEnglish(split, two, true))).toEqual(['606.266', 'F-057952'].sort());
    // After the combined pass only the Arabic-Indic ones are taken: its Western digits are the English model's.
    expect(texts(westernNumbersFromEnglish(arabic, english))).toEqual(
      ['1,913.18', '6,', '079.98', '1٥0', 'خلال'].sort(),
    );
  });

  it('takes a number from the English reading where the tuned model read its number sign as a digit', () => {
    const arabic = pageOf([
      word('2024/7034', 100, 220, '1.1.1'),
      word('BL2658164', 300, 420, '1.1.2', 200, 226),
      // Where the English pass read the sign alone, and no number, the word stays.
      word('2024/7035', 600, 720, '1.1.3', 300, 326),
      // Digits read as the capitals they look like.
      word('S0-43536', 800, 900, '1.1.4', 400, 426),
    ]);
    const english = pageOf([
      word('2024/703#', 100, 220, '9.1.1'),
      word('BL265816#', 300, 420, '9.1.2', 200, 226),
      word('#', 600, 720, '9.1.3', 300, 326),
      word('50-43536', 800, 900, '9.1.4', 400, 426),
    ]);
    expect(texts(westernNumbersFromEnglish(arabic, english, true))).toEqual(
      ['2024/703#', 'BL265816#', '2024/7035', '50-43536'].sort(),
    );
    // After the combined pass, whose Western digits are the English model's, the capitals stay.
    expect(texts(westernNumbersFromEnglish(arabic, english))).toContain('S0-43536');
  });

  it('takes a reference with its number sign where the tuned model read the sign as more characters, and the English pass, however unsure, read it', () => {
    const unsure = (w: ReturnType<typeof word>): ReturnType<typeof word> => ({ ...w, conf: 0.16 });
    const arabic = pageOf([
      word('INV-2026-149564', 100, 330, '1.1.1'),
      word('71487#4', 400, 520, '1.1.2', 200, 226),
      word('T١/BH/26/48594', 100, 330, '1.1.3', 300, 326),
      // A telephone's country code with its plus is no reference; nor a reference the English pass read
      // otherwise than the tuned model.
      word('9664', 600, 660, '1.1.4', 400, 426),
      word('2024/5517', 100, 250, '1.1.5', 500, 526),
    ]);
    const english = pageOf([
      unsure(word('INV-2026-14956+', 100, 330, '9.1.1')),
      word('71487#', 400, 510, '9.1.2', 200, 226),
      unsure(word('TI/BH/26/4859+#', 100, 330, '9.1.3', 300, 326)),
      unsure(word('966+', 600, 660, '9.1.4', 400, 426)),
      unsure(word('2024/5527#', 100, 250, '9.1.5', 500, 526)),
    ]);
    expect(texts(westernNumbersFromEnglish(arabic, english, true))).toEqual(
      ['INV-2026-14956#', '71487#', 'TI/BH/26/4859#', '9664', '2024/5517'].sort(),
    );
    expect(signReadAsDigit('INV-2026-14956+', 'INV-2026-149564')).toBe('INV-2026-14956#');
  });

  it("takes a reference's capitals from the English reading where the tuned model read a digit among them", () => {
    const unsure = (w: ReturnType<typeof word>): ReturnType<typeof word> => ({ ...w, conf: 0 });
    const arabic = pageOf([
      word('TI/E6G/٢٤/٧٣١٢#', 100, 330, '1.1.1'),
      word('T1/KW/25/5829', 100, 330, '1.1.2', 200, 226),
      // Parts that differ in number or separators, or capitals the English pass read with digits: left.
      word('S1/SA/٢٥', 400, 560, '1.1.3', 300, 326),
      word('A1B-٢٠٢٤', 600, 760, '1.1.4', 400, 426),
    ]);
    const english = pageOf([
      unsure(word('TI/EG/r¥¢/vyiv#', 100, 330, '9.1.1')),
      unsure(word('TI/KW/25/5829', 100, 330, '9.1.2', 200, 226)),
      unsure(word('SI/SA', 400, 560, '9.1.3', 300, 326)),
      unsure(word('A1B-2024', 600, 760, '9.1.4', 400, 426)),
    ]);
    expect(texts(codeLettersFromEnglish(arabic, english))).toEqual(
      ['TI/EG/٢٤/٧٣١٢#', 'TI/KW/25/5829', 'S1/SA/٢٥', 'A1B-٢٠٢٤'].sort(),
    );
    expect(signReadAsDigit('2024/5527#', '2024/55174')).toBeNull();
  });

  it('takes a reference from the English reading where the combined pass read its capitals as digits', () => {
    const arabic = pageOf([
      word('۴474737', 400, 520, '1.1.1'),
      word('T1/KW/24/8988', 100, 330, '1.1.2', 200, 226),
      // Where the English reading differs by more than capitals read as digits, the word stays.
      word('2024/55', 600, 700, '1.1.3', 300, 326),
    ]);
    const english = pageOf([
      word('F474737', 398, 522, '9.1.1'),
      word('TI/KW/24/8988', 100, 330, '9.1.2', 200, 226),
      word('INV/2024', 600, 700, '9.1.3', 300, 326),
    ]);
    expect(texts(westernNumbersFromEnglish(arabic, english))).toEqual(
      ['F474737', 'TI/KW/24/8988', '2024/55'].sort(),
    );
  });
});
