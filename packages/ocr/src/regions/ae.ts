// The United Arab Emirates.
import type { RegionConventions } from './types.js';

export const unitedArabEmirates: RegionConventions = {
  code: 'AE',
  country: 'United Arab Emirates',
  countryNames: ['United Arab Emirates', 'UAE', 'U.A.E.', 'الإمارات العربية المتحدة', 'دولة الإمارات'],
  callingCode: '971',
  currency: { code: 'AED', decimals: 2, adjective: 'إماراتي' },
  places: `
emirates dubai abu dhabi sharjah ajman fujairah khaimah umm quwain deira bur jumeirah karama barsha
qusais mirdif jebel khalifa mussafah
`,
  placeMisread: { read: 'Sharjab', meant: 'Sharjah' },
  legalForms: [
    {
      form: 'ذ.م.م',
      meaning: 'ذات مسؤولية محدودة, limited liability (LLC)',
      pattern: /(?:^|[\s(])ذ\.\s?م\.\s?م(?=[\s.)]|$)/u,
      example: 'الخليج للتجارة ذ.م.م',
    },
    {
      form: 'PJSC / ش.م.ع',
      meaning: 'public joint-stock company',
      pattern: /\bP\.?J\.?S\.?C\b|(?:^|[\s(])ش\.\s?م\.\s?ع(?=[\s.)]|$)/u,
      example: 'Gulf Ports PJSC',
    },
    {
      form: 'FZE / FZCO / FZ-LLC / م.م.ح / ش.م.ح',
      meaning: 'free-zone establishment or company (مؤسسة / شركة منطقة حرة)',
      pattern: /\bFZ(?:E|CO|-?LLC)\b|(?:^|[\s(])[مش]\.\s?م\.\s?ح(?=[\s.)]|$)/u,
      example: 'Palm Logistics FZCO',
    },
  ],
  businessWords: [],
  nameWords: ['contracting'],
  addressWords: [
    {
      word: 'Makani',
      meaning: "Dubai's building address number",
      pattern: /\bmakani\b/i,
      example: 'Makani 3245 98761',
    },
  ],
  taxIds: [
    {
      name: 'tax registration number (TRN)',
      description: '15 digits starting with 100',
      pattern: /^100\d{12}$/,
      example: '100398765400003',
      counterexample: '310987654300003',
    },
  ],
  nameConfusions: [],
  addressConfusions: [],
};
