// Bahrain.
import type { RegionConventions } from './types.js';

export const bahrain: RegionConventions = {
  code: 'BH',
  country: 'Bahrain',
  countryNames: ['Bahrain', 'البحرين'],
  callingCode: '973',
  currency: { code: 'BHD', decimals: 3, adjective: 'بحريني' },
  places: `
bahrain manama muharraq riffa
`,
  placeMisread: { read: 'Mvharraq', meant: 'Muharraq' },
  legalForms: [
    {
      form: 'W.L.L.',
      meaning: 'with limited liability',
      pattern: /(?<!\p{L})W\.?\s?L\.?\s?L\b\.?/iu,
      example: 'Seef Electrical W.L.L.',
    },
    {
      form: 'B.S.C.',
      meaning: 'Bahraini shareholding company (B.S.C. (c) closed)',
      pattern: /\bB\.\s?S\.\s?C\b\.?/,
      example: 'Manama Aluminium B.S.C. (c)',
    },
    {
      form: 'ش.م.ب',
      meaning: 'شركة مساهمة بحرينية, a Bahraini shareholding company',
      pattern: /(?:^|[\s(])ش\.\s?م\.\s?ب(?=[\s.)]|$)/u,
      example: 'المنامة للألمنيوم ش.م.ب',
    },
  ],
  businessWords: [],
  nameWords: ['contracting'],
  addressWords: [
    { word: 'مجمع', meaning: 'block', pattern: /(?:^|\s)مجمع(?:\s|$)/u, example: 'مجمع ٣٢٨' },
    { word: 'Flat', meaning: 'flat', pattern: /\bflat\b/i, example: 'Flat 21, Seef' },
    { word: 'شقة', meaning: 'flat', pattern: /(?:^|\s)شقة(?:\s|$)/u, example: 'شقة ٢١' },
  ],
  taxIds: [
    {
      name: 'VAT account number',
      description: '15 digits starting with 2',
      pattern: /^2\d{14}$/,
      example: '220012345600002',
      counterexample: '100398765400003',
    },
  ],
  nameConfusions: [],
  addressConfusions: [],
};
