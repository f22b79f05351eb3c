// Saudi Arabia.
import type { RegionConventions } from './types.js';

export const saudiArabia: RegionConventions = {
  code: 'SA',
  country: 'Saudi Arabia',
  countryNames: ['Saudi Arabia', 'KSA', 'المملكة العربية السعودية', 'السعودية'],
  callingCode: '966',
  currency: { code: 'SAR', decimals: 2, adjective: 'سعودي' },
  places: `
saudi arabia riyadh jeddah mecca makkah medina madinah dammam khobar dhahran jubail taif tabuk abha
khamis mushait buraidah hail najran jazan yanbu qassim olaya malaz sulaimaniyah
`,
  placeMisread: { read: 'Buraldah', meant: 'Buraidah' },
  legalForms: [
    {
      form: 'ش.م.س',
      meaning: 'شركة مساهمة سعودية, a Saudi joint-stock company',
      pattern: /(?:^|[\s(])ش\.\s?م\.\s?س(?=[\s.)]|$)/u,
      example: 'الصحراء للاسمنت ش.م.س',
    },
    {
      form: 'SJSC / CJSC',
      meaning: 'Saudi or closed joint-stock company',
      pattern: /\b[SC]\.?J\.?S\.?C\b/,
      example: 'Desert Cement Company SJSC',
    },
  ],
  businessWords: [],
  nameWords: ['contracting'],
  addressWords: [
    {
      word: 'Additional No.',
      meaning: 'the additional number of the national address',
      pattern: /\badditional\s+(?:no|number)\b/i,
      example: 'Additional No. 7788',
    },
    {
      word: 'الرقم الإضافي',
      meaning: 'the additional number of the national address',
      pattern: /(?:^|\s)الرقم الإضافي(?:\s|$)/u,
      example: 'الرقم الإضافي ٧٧٨٨',
    },
  ],
  taxIds: [
    {
      name: 'VAT registration number',
      description: '15 digits, starting and ending with 3',
      pattern: /^3\d{13}3$/,
      example: '310987654300003',
      counterexample: '100234567800003',
    },
    {
      name: 'commercial registration (CR) number',
      description: '10 digits',
      pattern: /^\d{10}$/,
      example: '1010654321',
      counterexample: '310987654300003',
    },
  ],
  nameConfusions: [],
  addressConfusions: [],
};
