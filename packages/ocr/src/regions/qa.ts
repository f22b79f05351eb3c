// Qatar.
import type { RegionConventions } from './types.js';

export const qatar: RegionConventions = {
  code: 'QA',
  country: 'Qatar',
  countryNames: ['Qatar', 'قطر'],
  callingCode: '974',
  currency: { code: 'QAR', decimals: 2, adjective: 'قطري' },
  places: `
qatar doha lusail wakrah rayyan
`,
  placeMisread: { read: 'Wakrab', meant: 'Wakrah' },
  legalForms: [
    {
      form: 'W.L.L.',
      meaning: 'with limited liability',
      pattern: /(?<!\p{L})W\.?\s?L\.?\s?L\b\.?/iu,
      example: 'Doha Marine Services W.L.L.',
    },
    {
      form: 'Q.P.S.C. / Q.S.C.',
      meaning: 'Qatari (public) shareholding company',
      pattern: /\bQ\.\s?(?:P\.\s?)?S\.\s?C\b\.?/,
      example: 'Qatar Gas Transport Q.P.S.C.',
    },
    {
      form: 'ش.م.ق / ش.م.ع.ق',
      meaning: 'شركة مساهمة (عامة) قطرية, a Qatari (public) shareholding company',
      pattern: /(?:^|[\s(])ش\.\s?م\.\s?(?:ع\.\s?)?ق(?=[\s.)]|$)/u,
      example: 'ناقلات الغاز ش.م.ق',
    },
  ],
  businessWords: [],
  nameWords: ['contracting'],
  addressWords: [
    {
      word: 'Zone',
      meaning: 'the zone of the blue address plate',
      pattern: /\bzone\b/i,
      example: 'Zone 25, Al Sadd',
    },
    { word: 'منطقة', meaning: 'zone', pattern: /(?:^|\s)منطقة(?:\s|$)/u, example: 'منطقة ٢٥' },
  ],
  taxIds: [
    {
      name: 'tax identification number (TIN)',
      description: '10 digits',
      pattern: /^\d{10}$/,
      example: '5012345678',
      counterexample: '310987654300003',
    },
  ],
  nameConfusions: [],
  addressConfusions: [],
};
