// Kuwait. It levies no VAT: its invoices print no tax number.
import type { RegionConventions } from './types.js';

export const kuwait: RegionConventions = {
  code: 'KW',
  country: 'Kuwait',
  countryNames: ['Kuwait', 'الكويت'],
  callingCode: '965',
  currency: { code: 'KWD', decimals: 3, adjective: 'كويتي' },
  places: `
kuwait salmiya hawalli farwaniya jahra ahmadi
`,
  placeMisread: { read: 'Saimiya', meant: 'Salmiya' },
  legalForms: [
    {
      form: 'W.L.L.',
      meaning: 'with limited liability',
      pattern: /(?<!\p{L})W\.?\s?L\.?\s?L\b\.?/iu,
      example: 'Al Salam Trading Co. W.L.L.',
    },
    {
      form: 'K.S.C.',
      meaning: 'Kuwaiti shareholding company (K.S.C.P. public, K.S.C.C. closed)',
      pattern: /\bK\.\s?S\.\s?C\b\.?/,
      example: 'National Cables K.S.C.P.',
    },
    {
      form: 'ش.م.ك / ش.م.ك.م / ش.م.ك.ع',
      meaning: 'شركة مساهمة كويتية, a Kuwaiti shareholding company (مقفلة closed, عامة public)',
      pattern: /(?:^|[\s(])ش\.\s?م\.\s?ك(?=[\s.)]|$)/u,
      example: 'الكابلات الوطنية ش.م.ك',
    },
  ],
  businessWords: [],
  nameWords: ['contracting'],
  addressWords: [
    {
      word: 'قطعة',
      meaning: 'block (of an area)',
      pattern: /(?:^|\s)قطعة(?:\s|$)/u,
      example: 'السالمية قطعة ١٢',
    },
    { word: 'جادة', meaning: 'lane', pattern: /(?:^|\s)جادة(?:\s|$)/u, example: 'جادة ٣' },
    { word: 'Jaddah', meaning: 'lane', pattern: /\bjadd?ah?\b/i, example: 'Jaddah 4, Salmiya' },
  ],
  taxIds: [],
  nameConfusions: [],
  addressConfusions: [],
};
