// Egypt.
import type { RegionConventions } from './types.js';

export const egypt: RegionConventions = {
  code: 'EG',
  country: 'Egypt',
  countryNames: ['Egypt', 'مصر', 'جمهورية مصر العربية'],
  callingCode: '20',
  currency: { code: 'EGP', decimals: 2, adjective: 'مصري' },
  places: `
egypt cairo giza alexandria nasr heliopolis maadi zamalek mohandessin dokki agouza shubra abbassia
mokattam helwan tagamoa rehab madinaty shorouk obour badr october sheikh zayed ismailia suez port
said damietta mansoura tanta zagazig mahalla banha menoufia gharbia sharqia dakahlia beheira kafr
fayoum minya assiut sohag qena luxor aswan hurghada sharm matrouh arish
`,
  placeMisread: { read: 'Heliopoiis', meant: 'Heliopolis' },
  legalForms: [
    {
      form: 'S.A.E.',
      meaning: 'Société Anonyme Égyptienne, an Egyptian joint-stock company',
      pattern: /(?<!\p{L})S\.\s?A\.\s?E\b\.?/u,
      example: 'Delta Cables S.A.E.',
    },
    {
      form: 'ش.م.م',
      meaning: 'شركة مساهمة مصرية, an Egyptian joint-stock company',
      pattern: /(?:^|[\s(])ش\.\s?م\.\s?م(?=[\s.)]|$)/u,
      example: 'الدلتا للكابلات ش.م.م',
    },
    {
      form: 'ش.ذ.م.م',
      meaning: 'شركة ذات مسئولية محدودة, a limited liability company',
      pattern: /(?:^|[\s(])ش\.\s?ذ\.\s?م\.\s?م(?=[\s.)]|$)/u,
      example: 'النيل للتوريدات ش.ذ.م.م',
    },
  ],
  businessWords: [],
  nameWords: [],
  addressWords: [
    { word: 'ميدان', meaning: 'square', pattern: /(?:^|\s)ميدان(?:\s|$)/u, example: '٣ ميدان الجيزة' },
    { word: 'عمارة', meaning: 'building', pattern: /(?:^|\s)عمارة(?:\s|$)/u, example: 'عمارة النصر' },
    { word: 'Midan', meaning: 'square', pattern: /\bmidan\b/i, example: 'Midan El Geish' },
  ],
  taxIds: [
    {
      name: 'tax registration number',
      description: '9 digits, often written 3-3-3',
      pattern: /^\d{3}-?\d{3}-?\d{3}$/,
      example: '512-348-906',
      counterexample: '300123456700003',
    },
  ],
  nameConfusions: [],
  addressConfusions: [],
};
