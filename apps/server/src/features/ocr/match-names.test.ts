import { describe, expect, it } from 'vitest';
import { findMatch, nameKey, taxIdKey } from './match-names';

describe('matching names read from invoices', () => {
  it('treats spacing, case, accents and punctuation alike', () => {
    expect(nameKey('  Nile   Trading Co. ')).toBe(nameKey('NILE TRADING CO'));
    expect(nameKey('Café Délice')).toBe(nameKey('cafe delice'));
  });

  it('treats the spellings of one Arabic name alike', () => {
    // Hamza forms of alef, alef maqsura and ya, ta marbuta and ha, short vowels and the tatweel.
    expect(nameKey('شركة الإسكندرية للتجارة')).toBe(nameKey('شركه الاسكندريه للتجاره'));
    expect(nameKey('مؤسسة مُصطفى')).toBe(nameKey('مؤسسه مصطفي'));
    expect(nameKey('الشـــركة')).toBe(nameKey('الشركة'));
    expect(nameKey('فرع ١٢')).toBe(nameKey('فرع 12'));
  });

  it('keeps different names apart', () => {
    expect(nameKey('Nile Trading')).not.toBe(nameKey('Nile Traders'));
    expect(nameKey('شركة النيل')).not.toBe(nameKey('شركة الخليج'));
  });

  it('finds by tax id first, then by name', () => {
    const customers = [
      { id: 'a', name: 'Delta Foods', taxId: '100-200-300' },
      { id: 'b', name: 'Nile Trading Co.', taxId: '' },
      { id: 'c', name: 'Nile Trading Co.', taxId: '999 888 777' },
    ];
    expect(findMatch(customers, { name: 'Something else', taxId: '100200300' })?.id).toBe('a');
    expect(findMatch(customers, { name: 'nile trading co', taxId: '999-888-777' })?.id).toBe('c');
    expect(findMatch(customers, { name: 'NILE TRADING CO', taxId: null })?.id).toBe('b');
    expect(findMatch(customers, { name: 'Unknown', taxId: null })).toBeNull();
    expect(findMatch(customers, { name: null, taxId: null })).toBeNull();
    expect(taxIdKey('٣١٠-١٢٣')).toBe('310123');
  });
});
