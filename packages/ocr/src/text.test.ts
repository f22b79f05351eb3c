import { describe, expect, it } from 'vitest';
import { arabicForms, foldArabic, toWesternDigits, visualToLogical } from './text.js';

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
});
