import { describe, expect, it } from 'vitest';
import { fixAddressMisreads } from '../extract/address.js';
import { fixNameMisreads, hasLegalForm } from '../extract/names.js';
import { fixPlaceWords } from '../parse/places.js';
import { arabicSkeleton, foldArabic } from '../text.js';
import {
  currencyDecimals,
  currencyOfAdjective,
  currencyOfAdjectiveSkeleton,
  fixArabicLegalFormTail,
  hasRegionalAddressWord,
  inRegionalLegalForm,
  regions,
  regionsNamedIn,
} from './index.js';

/** ISO 4217 minor units of the regions' currencies. */
const ISO_DECIMALS: Record<string, number> = {
  MYR: 2,
  EGP: 2,
  SAR: 2,
  AED: 2,
  KWD: 3,
  QAR: 2,
  BHD: 3,
  OMR: 3,
};

describe.each(regions.map((r) => [r.country, r] as const))('%s conventions', (_country, region) => {
  it('names its currency with the minor unit ISO 4217 gives it', () => {
    expect(region.currency.decimals).toBe(ISO_DECIMALS[region.currency.code]);
  });

  it("tells its currency by the country's adjective, with or without the article", () => {
    const adjective = foldArabic(region.currency.adjective);
    expect(currencyOfAdjective(adjective)).toBe(region.currency.code);
    expect(currencyOfAdjective(`ال${adjective}`)).toBe(region.currency.code);
    // With its dots lost, by its skeleton alone, where no other region's adjective has it.
    const dotless = adjective.replace(/[نتثب]/g, 'ٮ');
    const same = regions.filter(
      (r) => arabicSkeleton(foldArabic(r.currency.adjective)) === arabicSkeleton(adjective),
    );
    expect(currencyOfAdjectiveSkeleton(dotless)).toBe(same.length === 1 ? region.currency.code : null);
  });

  it.each(region.countryNames.map((n) => [n] as const))(
    'knows itself by the name "%s" in an address',
    (name) => {
      expect(regionsNamedIn(`12 Main Street, ${name}`)).toEqual([region]);
      // Inside a longer word ("Egyptian", "مصري") it names the people or the currency, not the address.
      if (!name.includes(' ')) expect(regionsNamedIn(`the ${name}ي word`)).not.toContain(region);
    },
  );

  it('knows itself by the calling code of a phone number, as a line of either direction reads it', () => {
    const code = region.callingCode;
    expect(regionsNamedIn(`Tel: +${code} 12 345 6789`)).toEqual([region]);
    expect(regionsNamedIn(`هاتف: ${code}+ 12 345 6789`)).toEqual([region]);
    expect(
      regionsNamedIn(
        `هاتف: +${[...code].map((d) => String.fromCharCode(0x0660 + Number(d))).join('')} ١٢ ٣٤٥`,
      ),
    ).toEqual([region]);
    // A longer code that starts with it, or an amount, is no phone of the country.
    expect(regionsNamedIn(`Tel: +${code}9 12 345`)).not.toContain(region);
    expect(regionsNamedIn(`Total ${code}.00`)).toEqual([]);
  });

  it('puts back its place words misread by one letter', () => {
    expect(fixPlaceWords(`12 ${region.placeMisread.read}`, () => false)).toBe(
      `12 ${region.placeMisread.meant}`,
    );
    expect(region.places.split(/\s+/)).toContain(region.placeMisread.meant.toLowerCase());
  });

  const marks = [...region.legalForms, ...region.businessWords];
  it.each(marks.map((m) => [m.form, m] as const))('marks "%s" names as a legal entity', (_form, mark) => {
    expect(mark.pattern.test(mark.example)).toBe(true);
    expect(hasLegalForm(mark.example)).toBe(true);
  });

  it.each(region.addressWords.map((w) => [w.word, w] as const))(
    'reads "%s" as an address word',
    (_w, word) => {
      expect(word.pattern.test(word.example)).toBe(true);
      expect(hasRegionalAddressWord(word.example)).toBe(true);
    },
  );

  it.each(region.taxIds.map((t) => [t.name, t] as const))('knows the %s by its shape', (_name, format) => {
    expect(format.pattern.test(format.example)).toBe(true);
    expect(format.pattern.test(format.counterexample)).toBe(false);
  });

  it.each(region.nameConfusions.map((c) => [c.read, c] as const))('repairs the name "%s"', (_read, c) => {
    expect(fixNameMisreads(c.read)).toBe(c.meant);
  });

  it.each(region.addressConfusions.map((c) => [c.read, c] as const))(
    'repairs the address "%s"',
    (_read, c) => {
      expect(fixAddressMisreads(c.read)).toBe(c.meant);
      // A repaired address stays as it is.
      expect(fixAddressMisreads(c.meant)).toBe(c.meant);
    },
  );
});

describe('region tables', () => {
  it('leave names and addresses of other regions alone', () => {
    expect(hasLegalForm('Nile Valley Wholesalers')).toBe(false);
    expect(hasRegionalAddressWord('45 Corniche, Alexandria')).toBe(false);
    expect(fixAddressMisreads('98100 Riyadh, Saudi Arabia')).toBe('98100 Riyadh, Saudi Arabia');
    expect(fixNameMisreads('SUN RISE TRADING')).toBe('SUN RISE TRADING');
  });
});

describe('regionsNamedIn', () => {
  it('takes no word that also names a place elsewhere for a country', () => {
    // عمان alone is Amman as well as Oman.
    expect(regionsNamedIn('شارع الملك حسين، عمان')).toEqual([]);
    expect(regionsNamedIn('Sultanate of Oman')).toHaveLength(1);
  });
});

describe('currencyDecimals and inRegionalLegalForm', () => {
  it('gives the minor unit of the region table, two for other currencies', () => {
    expect([currencyDecimals('KWD'), currencyDecimals('OMR'), currencyDecimals('SAR')]).toEqual([3, 3, 2]);
    expect([currencyDecimals('USD'), currencyDecimals(null)]).toEqual([2, 2]);
  });

  it('tells a currency code inside a legal form of two words', () => {
    expect(inRegionalLegalForm('HERO DISTRIBUTION SDN BHD', 'BHD')).toBe(true);
    expect(inRegionalLegalForm('Total BHD 12.500', 'BHD')).toBe(false);
  });
  it("writes an Arabic legal form's dots again where the engine misread them", () => {
    expect(fixArabicLegalFormTail('القمة لأنظمة الأمن شءم.م')).toBe('القمة لأنظمة الأمن ش.م.م');
    expect(fixArabicLegalFormTail('الساحل للسياحة ذ٠م٠م')).toBe('الساحل للسياحة ذ.م.م');
    expect(fixArabicLegalFormTail('الخليج للتجارة ش، م. ك. م')).toBe('الخليج للتجارة ش.م.ك.م');
    // Letters that spell no form, and a last word of the name, are left alone.
    expect(fixArabicLegalFormTail('شركة ب ت')).toBe('شركة ب ت');
    expect(fixArabicLegalFormTail('شركة نجد للتكييف')).toBe('شركة نجد للتكييف');
    // A letter added, lost or changed besides the dots: one letter from exactly one form.
    expect(fixArabicLegalFormTail('دلمون للمواد الغذائية ذهم»م')).toBe('دلمون للمواد الغذائية ذ.م.م');
    expect(fixArabicLegalFormTail('المجد للعقارات ش.٥٠ب')).toBe('المجد للعقارات ش.م.ب');
    expect(fixArabicLegalFormTail('الراحة لانظمة الأمن شيم ب')).toBe('الراحة لانظمة الأمن ش.م.ب');
    expect(fixArabicLegalFormTail('طيبة للسياحة والسفر ش.ح.ك.م')).toBe('طيبة للسياحة والسفر ش.م.ك.م');
    // Letters that spell one form exactly, though others lie one letter away (ش.م.م from ذ.م.م).
    expect(fixArabicLegalFormTail('التوفيق لتقنية المعلومات ذء مم')).toBe('التوفيق لتقنية المعلومات ذ.م.م');
    // Two forms in a row: the one before a form written right is mended too.
    expect(fixArabicLegalFormTail('الساحل للتجارة مءمءح ذ.م.م')).toBe('الساحل للتجارة م.م.ح ذ.م.م');
    expect(fixArabicLegalFormTail('الساحل للتجارة ذ.م.م')).toBe('الساحل للتجارة ذ.م.م');
    // Short words of a name without a mark or a lone letter, and a tail one letter from two forms, stay.
    expect(fixArabicLegalFormTail('مطعم أبو علي')).toBe('مطعم أبو علي');
    expect(fixArabicLegalFormTail('تهامة للصناعات الحديدية لمم')).toBe('تهامة للصناعات الحديدية لمم');
    // Every dot lost, between the letters and on them: the last word spells one form but for its dots.
    expect(fixArabicLegalFormTail('قرطبة للهندسة دمم')).toBe('قرطبة للهندسة ذ.م.م');
    expect(fixArabicLegalFormTail('نجد للتجارة شمكم')).toBe('نجد للتجارة ش.م.ك.م');
    expect(fixArabicLegalFormTail('مصنع الشمع')).toBe('مصنع الشمع');
    expect(fixArabicLegalFormTail('دمم')).toBe('دمم');
  });
});
