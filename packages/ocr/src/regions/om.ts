// Oman.
import type { RegionConventions } from './types.js';

export const oman: RegionConventions = {
  code: 'OM',
  country: 'Oman',
  countryNames: ['Oman', 'Sultanate of Oman', 'سلطنة عمان'],
  callingCode: '968',
  currency: { code: 'OMR', decimals: 3, adjective: 'عماني' },
  places: `
oman muscat seeb sohar salalah nizwa ruwi qurum
`,
  placeMisread: { read: 'Saialah', meant: 'Salalah' },
  legalForms: [
    {
      form: 'S.A.O.G / S.A.O.C',
      meaning: 'Omani general (public) or closed joint-stock company',
      pattern: /\bS\.?\s?A\.?\s?O\.?\s?[GC]\b/,
      example: 'Muscat Flour Mills S.A.O.G',
    },
    {
      form: 'ش.م.ع.ع / ش.م.ع.م',
      meaning: 'شركة مساهمة عمانية عامة / مقفلة',
      pattern: /(?:^|[\s(])ش\.\s?م\.\s?ع\.\s?[عم](?=[\s.)]|$)/u,
      example: 'مطاحن مسقط ش.م.ع.ع',
    },
  ],
  businessWords: [],
  nameWords: ['contracting'],
  addressWords: [
    {
      word: 'Way',
      meaning: "a numbered street of Muscat ('Way No. 3015')",
      pattern: /\bway\s+(?:no\.?\s*)?\d/i,
      example: 'Way 4512, Al Khuwair',
    },
    { word: 'سكة', meaning: 'way (street)', pattern: /(?:^|\s)سكة(?:\s|$)/u, example: 'سكة ٤٥١٢' },
    {
      word: 'P.C.',
      meaning: 'postal code',
      pattern: /\bp\.?\s?c\.?\s?\d{3}\b/i,
      example: 'P.C. 133, Muscat',
    },
  ],
  taxIds: [
    {
      name: 'VAT identification number',
      description: 'OM and 10 digits',
      pattern: /^OM\d{10}$/,
      example: 'OM1100098765',
      counterexample: '310987654300003',
    },
  ],
  nameConfusions: [],
  addressConfusions: [],
};
