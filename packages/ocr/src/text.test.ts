import { describe, expect, it } from 'vitest';
import {
  arabicForms,
  arabicLetterFixes,
  fixLamAlefOrder,
  foldArabic,
  joinArabicConjunction,
  toWesternDigits,
  visualToLogical,
} from './text.js';

describe('text normalisation', () => {
  it('maps every digit set and Arabic separators to ASCII', () => {
    expect(toWesternDigits('١٬٢٣٤٫٥٠')).toBe('1,234.50');
    expect(toWesternDigits('۱۲۳۴۵۶۷۸۹۰')).toBe('1234567890');
    expect(toWesternDigits('\u200f١٥٪\u200e')).toBe('15%');
  });
  it('maps Persian letter forms the engine emits back to Arabic ones', () => {
    expect(arabicForms('کرسی مکتب ۱۲')).toBe('كرسي مكتب ١٢');
  });
  it('folds spelling variants for matching', () => {
    expect(foldArabic('الإجمالي')).toBe(foldArabic('الاجمالي'));
    expect(foldArabic('الفاتورة')).toBe(foldArabic('الفاتوره'));
  });
  it('reverses visual-order Arabic words from PDF text layers but keeps digit runs', () => {
    expect(visualToLogical('ةروتاف')).toBe('فاتورة');
    expect(visualToLogical('Invoice')).toBe('Invoice');
  });
  it('puts back a lam-alef with hamza answered in reversed order, and dots read as zeros inside words', () => {
    expect(arabicLetterFixes('اإلتقان')).toBe('الإتقان');
    expect(arabicLetterFixes('األمل')).toBe('الأمل');
    // Letters of Persian, Urdu and Kurdish drawn like an Arabic one are that letter.
    expect(arabicLetterFixes('مۆسسة')).toBe('مؤسسة');
    expect(arabicLetterFixes('ھاتف')).toBe('هاتف');
    expect(arabicLetterFixes('شرڪة')).toBe('شركة');
    // A hamzated alef after lam is left alone where it is written so.
    expect(arabicLetterFixes('الألوان مسألة')).toBe('الألوان مسألة');
    expect(arabicLetterFixes('ذ٠م٠م')).toBe('ذ.م.م');
    // Digits beside letters or other digits stay digits.
    expect(arabicLetterFixes('١٠٠ قطعة ٢٠')).toBe('١٠٠ قطعة ٢٠');
    expect(arabicLetterFixes('Invoice 1010')).toBe('Invoice 1010');
  });

  it('puts back a lam-alef read out of order where exactly one variant is a known word', () => {
    const known = (w: string): boolean => ['للمقاولات', 'للأجهزة', 'لألف', 'قالت', 'قلات'].includes(w);
    expect(fixLamAlefOrder('للمقاوالت', known)).toBe('للمقاولات');
    expect(fixLamAlefOrder('(للاإجهزة)', known)).toBe('(للأجهزة)');
    // A known word stays, even where a variant is known too; so does a word two variants fit, or none.
    expect(fixLamAlefOrder('لألف', known)).toBe('لألف');
    expect(fixLamAlefOrder('قالت', known)).toBe('قالت');
    expect(fixLamAlefOrder('الجهاز', known)).toBe('الجهاز');
  });
  it('joins the conjunction و to the word it leads', () => {
    expect(joinArabicConjunction('النخيل للعقارات و شركاه')).toBe('النخيل للعقارات وشركاه');
    expect(joinArabicConjunction('للتكييف و التبريد')).toBe('للتكييف والتبريد');
    // و inside or ending a word, and before a Latin word or a number, is left as it is.
    expect(joinArabicConjunction('الواحة للتجارة')).toBe('الواحة للتجارة');
    expect(joinArabicConjunction('شارع و 12')).toBe('شارع و 12');
    expect(joinArabicConjunction('الخليج للتجارة و ش.م.م')).toBe('الخليج للتجارة و ش.م.م');
  });
});
