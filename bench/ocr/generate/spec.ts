// Draws one invoice: its data (parties, items, amounts, dates), how it is printed (layout, labels, fonts,
// digits, formats) and how the page is degraded. Pure: the same seed gives the same spec.
import {
  BANKS,
  COUNTRIES,
  DISTRICT_WORDS,
  FAMILY_NAMES,
  FIRST_NAMES,
  ITEMS,
  LABELS,
  LEGAL_FORMS,
  NAME_ROOTS,
  PLACES,
  STREETS,
  STREET_TYPES,
  TRADES,
  UNITS,
} from './data.js';
import type { Country, Pair } from './data.js';
import { CURRENCIES, addDays } from './format.js';
import type { CurrencyInfo, DateFormat, DigitStyle, NumberFormat } from './format.js';
import { createRng } from './rng.js';
import type { Rng } from './rng.js';
import { FONTS, familiesOf, familyId, wordingsOf } from './split.js';
import type { Layout, Split } from './split.js';

export type Language = 'en' | 'ar' | 'bi';
export type Kind =
  | 'png_clean'
  | 'pdf_text'
  | 'pdf_image_clean'
  | 'pdf_image_scan'
  | 'jpeg_scan'
  | 'jpeg_photo'
  | 'png_skew_shadow';

export interface Party {
  name: Pair;
  /** Address lines in English and Arabic. */
  address: { en: string[]; ar: string[] };
  phone: string;
  taxId: string | null;
}

export interface Item {
  description: Pair;
  /** Quantity as a decimal number; amounts in minor units (cents, fils). */
  quantity: number;
  unitMinor: number;
  totalMinor: number;
}

export interface Degradations {
  rotate_deg?: number;
  blur_sigma?: number;
  noise_sigma?: number;
  jpeg_quality?: number;
  shadow?: { angle_deg: number; strength: number };
  paper_tint?: [number, number, number];
  perspective?: { rx: number; ry: number; rz: number; scale: number; background: string };
}

export type Columns = ('index' | 'description' | 'quantity' | 'unitPrice' | 'lineTotal')[];

export interface InvoiceSpec {
  id: string;
  split: Split;
  language: Language;
  direction: 'ltr' | 'rtl';
  tableDirection: 'ltr' | 'rtl';
  country: Country;
  currency: CurrencyInfo;
  layout: Layout;
  family: string;
  fonts: { latin: string; arabic: string };
  fontSize: number;
  accent: string;
  margin: number;
  digits: DigitStyle;
  numberFormat: NumberFormat;
  dateFormat: DateFormat;
  currencyDisplay: 'code' | 'ar' | 'latin';
  /** The currency as printed, and whether it goes before the amount. */
  currencyText: string;
  currencyBefore: boolean;
  currencyPlace: 'totals' | 'header_note' | 'columns';
  biLabels: 'slash' | 'two_lines' | 'both_sides';
  /** Chosen wording per label: English and Arabic. */
  labels: Record<string, Pair>;
  columns: Columns;
  vendor: Party;
  customer: Party;
  invoiceNumber: string;
  issueDate: string;
  dueDate: string;
  items: Item[];
  taxRate: number;
  termsDays: number;
  bank: { name: Pair; iban: string } | null;
  showThanks: boolean;
  kind: Kind;
  dpi: number;
  multiPage: boolean;
  degradations: Degradations | null;
}

const COUNTRY_WEIGHTS: Country[] = ['EG', 'EG', 'EG', 'SA', 'SA', 'SA', 'AE', 'AE', 'QA', 'KW', 'BH', 'OM'];
/** EGP per unit of each currency, roughly: prices are drawn in EGP and converted. */
const PER_EGP: Record<CurrencyInfo['code'], number> = {
  EGP: 1,
  SAR: 13,
  AED: 13,
  QAR: 13,
  KWD: 160,
  BHD: 130,
  OMR: 125,
};

function digitsString(rng: Rng, n: number): string {
  let s = String(rng.int(1, 9));
  while (s.length < n) s += String(rng.int(0, 9));
  return s;
}

function taxId(rng: Rng, c: Country): string | null {
  switch (c) {
    case 'EG':
      return `${digitsString(rng, 3)}-${digitsString(rng, 3)}-${digitsString(rng, 3)}`;
    case 'SA':
      return `3${digitsString(rng, 13)}3`;
    case 'AE':
      return `100${digitsString(rng, 12)}`;
    case 'BH':
      return `2${digitsString(rng, 14)}`;
    case 'OM':
      return `OM1100${digitsString(rng, 6)}`;
    default:
      return null;
  }
}

function address(rng: Rng, c: Country): Party['address'] {
  const city = rng.pick(COUNTRIES[c].cities);
  const country = COUNTRIES[c].name;
  const street = rng.pick(STREETS);
  const type = rng.pick(STREET_TYPES);
  const no = String(rng.int(1, 240));
  const en: string[] = [];
  const ar: string[] = [];
  if (rng.chance(0.35)) {
    const w = rng.pick(DISTRICT_WORDS);
    const n = String(rng.int(1, 60));
    en.push(`${w[0]} ${n}, ${no} ${street[0]} ${type[0]}`);
    ar.push(`${w[1]} ${n}، ${no} ${type[1]} ${street[1]}`);
  } else {
    en.push(`${no} ${street[0]} ${type[0]}`);
    ar.push(`${no} ${type[1]} ${street[1]}`);
  }
  if (rng.chance(0.3)) {
    const box = String(rng.int(100, 99999));
    en.push(`P.O. Box ${box}, ${city[0]}, ${country[0]}`);
    ar.push(`ص.ب ${box}، ${city[1]}، ${country[1]}`);
  } else {
    en.push(`${city[0]}, ${country[0]}`);
    ar.push(`${city[1]}، ${country[1]}`);
  }
  return { en, ar };
}

function companyName(rng: Rng, c: Country): Pair {
  const root = rng.pick(NAME_ROOTS);
  const trade = rng.pick(TRADES);
  const form = rng.pick(LEGAL_FORMS[c] ?? []);
  const en = `${root[0]} ${trade[0]} ${form.en}`;
  const ar = [form.lead, root[1], trade[1], form.ar].filter(Boolean).join(' ');
  return [en, ar];
}

function customerName(rng: Rng, c: Country): Pair {
  const r = rng.next();
  if (r < 0.55) return companyName(rng, c);
  const first = rng.pick(FIRST_NAMES);
  const family = rng.pick(FAMILY_NAMES);
  if (r < 0.8) return [`${first[0]} ${family[0]}`, `${first[1]} ${family[1]}`];
  const place = rng.pick(PLACES);
  return [`${first[0]} ${family[0]} ${place[0]}`, `${place[1]} ${first[1]} ${family[1]}`];
}

function party(rng: Rng, c: Country, vendor: boolean): Party {
  return {
    name: vendor ? companyName(rng, c) : customerName(rng, c),
    address: address(rng, c),
    phone: `${COUNTRIES[c].phone} ${digitsString(rng, 2)} ${digitsString(rng, 3)} ${digitsString(rng, 4)}`,
    taxId: vendor || rng.chance(0.4) ? taxId(rng, c) : null,
  };
}

function invoiceNumber(rng: Rng, c: Country, year: number): string {
  const yy = String(year).slice(2);
  const n = (k: number): string => String(rng.int(1, 10 ** k - 1)).padStart(k, '0');
  switch (rng.int(0, 7)) {
    case 0:
      return `INV-${year}-${n(5)}`;
    case 1:
      return `${rng.pick(['SI', 'TI', 'S'])}/${c}/${yy}/${n(4)}`;
    case 2:
      return `${year}/${n(3)}`;
    case 3:
      return digitsString(rng, rng.int(5, 10));
    case 4:
      return `${rng.pick(['A', 'B', 'F', 'T', 'R'])}${n(6)}`;
    case 5:
      return `${rng.pick(['INV', 'BL', 'IN'])}${yy}${n(4)}`;
    case 6:
      return `${c}-${n(4)}-${yy}`;
    default:
      return `${n(2)}-${n(5)}`;
  }
}

const QUANTITIES = [
  1, 1, 1, 2, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 24, 25, 30, 40, 50, 100, 0.5, 1.5, 2.5, 0.25, 7.5, 3.75,
];

function items(rng: Rng, n: number, cur: CurrencyInfo): Item[] {
  const pool = rng.shuffle(ITEMS);
  const f = 10 ** cur.decimals;
  return Array.from({ length: n }, (_, i) => {
    const it = pool[i % pool.length] as (typeof ITEMS)[number];
    let desc: Pair = it.name;
    if (rng.chance(0.25)) {
      const u = rng.pick(UNITS);
      desc = [`${desc[0]} (${u[0]})`, `${desc[1]} (${u[1]})`];
    }
    const priceEgp = it.price[0] + rng.next() * (it.price[1] - it.price[0]);
    let unitMinor = Math.max(1, Math.round((priceEgp / PER_EGP[cur.code]) * f));
    // Round prices are common: whole units, or a multiple of 0.250 for three-decimal currencies.
    if (rng.chance(0.4)) unitMinor = Math.max(f, Math.round(unitMinor / f) * f);
    else if (cur.decimals === 3 && rng.chance(0.4))
      unitMinor = Math.max(250, Math.round(unitMinor / 250) * 250);
    const quantity = rng.pick(QUANTITIES);
    return { description: desc, quantity, unitMinor, totalMinor: Math.round(quantity * unitMinor) };
  });
}

export function subtotalMinor(s: Pick<InvoiceSpec, 'items'>): number {
  return s.items.reduce((a, i) => a + i.totalMinor, 0);
}
export function taxMinor(s: Pick<InvoiceSpec, 'items' | 'taxRate'>): number {
  return Math.round(subtotalMinor(s) * s.taxRate);
}

function chooseLabels(rng: Rng, split: Split): Record<string, Pair> {
  const out: Record<string, Pair> = {};
  for (const [k, v] of Object.entries(LABELS))
    out[k] = [rng.pick(wordingsOf(v.en, split)), rng.pick(wordingsOf(v.ar, split))];
  return out;
}

function chooseKind(rng: Rng): {
  kind: Kind;
  dpi: number;
  multiPage: boolean;
  degradations: Degradations | null;
} {
  const kind = rng.pick<Kind>([
    'png_clean',
    'png_clean',
    'pdf_text',
    'pdf_image_clean',
    'pdf_image_scan',
    'jpeg_scan',
    'jpeg_scan',
    'jpeg_photo',
    'jpeg_photo',
    'png_skew_shadow',
  ]);
  const dpi = 150 + 10 * rng.int(0, 15);
  const multiPage = kind.startsWith('pdf') && rng.chance(0.3);
  const scan = (): Degradations => ({
    rotate_deg: Math.round((rng.next() * 6 - 3) * 100) / 100,
    blur_sigma: Math.round((0.3 + rng.next() * 0.9) * 100) / 100,
    noise_sigma: Math.round((3 + rng.next() * 12) * 10) / 10,
    jpeg_quality: rng.int(35, 85),
  });
  switch (kind) {
    case 'png_clean':
      return { kind, dpi: rng.pick([200, 240, 300]), multiPage, degradations: null };
    case 'pdf_text':
      return { kind, dpi: 300, multiPage, degradations: null };
    case 'pdf_image_clean':
      return { kind, dpi, multiPage, degradations: null };
    case 'pdf_image_scan':
    case 'jpeg_scan':
      return { kind, dpi, multiPage, degradations: scan() };
    case 'png_skew_shadow':
      return {
        kind,
        dpi: rng.pick([150, 200, 250]),
        multiPage,
        degradations: {
          rotate_deg: Math.round((rng.next() * 8 - 4) * 100) / 100,
          blur_sigma: Math.round((0.3 + rng.next() * 0.8) * 100) / 100,
          shadow: {
            angle_deg: rng.int(0, 359),
            strength: Math.round((0.15 + rng.next() * 0.35) * 100) / 100,
          },
        },
      };
    case 'jpeg_photo':
      return {
        kind,
        dpi: 150 + 10 * rng.int(0, 10),
        multiPage,
        degradations: {
          perspective: {
            rx: Math.round((rng.next() * 16 - 8) * 10) / 10,
            ry: Math.round((rng.next() * 12 - 6) * 10) / 10,
            rz: Math.round((rng.next() * 6 - 3) * 10) / 10,
            scale: Math.round((0.86 + rng.next() * 0.08) * 100) / 100,
            background: rng.pick(['#6b5845', '#3f4a52', '#9a8f7f', '#2c2c2c', '#b7a58a']),
          },
          shadow: { angle_deg: rng.int(0, 359), strength: Math.round((0.1 + rng.next() * 0.35) * 100) / 100 },
          paper_tint: [rng.int(238, 255), rng.int(232, 250), rng.int(215, 240)],
          blur_sigma: Math.round((0.3 + rng.next() * 0.9) * 100) / 100,
          noise_sigma: Math.round((2 + rng.next() * 10) * 10) / 10,
          jpeg_quality: rng.int(45, 90),
        },
      };
  }
}

export interface DrawOptions {
  split: Split;
  seed: number;
  index: number;
  language: Language;
  /** Fonts installed on this machine; a split's font not in it is skipped. */
  installedFonts?: Set<string>;
}

/** Draws the spec of document `index` of a corpus generated from `seed`. */
export function drawInvoice(o: DrawOptions): InvoiceSpec {
  // One generator per document: a document does not depend on how many draws the ones before it made.
  const rng = createRng((o.seed * 1_000_003 + o.index * 7919) >>> 0);
  const lang = o.language;
  const country = rng.pick(COUNTRY_WEIGHTS);
  const currency = CURRENCIES[COUNTRIES[country].currency];
  const layout = rng.pick(familiesOf(o.split));
  const fonts = FONTS[o.split];
  const usable = (xs: string[]): string[] => {
    const ok = o.installedFonts ? xs.filter((f) => o.installedFonts?.has(f)) : xs;
    if (!ok.length) throw new Error(`none of the fonts ${xs.join(', ')} is installed`);
    return ok;
  };
  const direction = lang === 'ar' ? 'rtl' : lang === 'en' ? 'ltr' : rng.pick(['ltr', 'rtl'] as const);
  const digits: DigitStyle =
    lang === 'en'
      ? 'western'
      : lang === 'ar'
        ? rng.pick<DigitStyle>(['western', 'western', 'arabic-indic', 'arabic-indic', 'persian'])
        : rng.pick<DigitStyle>(['western', 'western', 'western', 'arabic-indic']);
  const numberFormat: NumberFormat =
    digits === 'western'
      ? rng.pick<NumberFormat>(['comma_dot', 'comma_dot', 'plain', 'space_dot'])
      : rng.pick<NumberFormat>(['ar_sep', 'ar_latin_sep', 'plain']);
  const dateFormats: DateFormat[] =
    lang === 'en'
      ? ['iso', 'dmy_slash', 'dmy_dash', 'dmy_dot', 'ymd_slash', 'long_en', 'long_en_us', 'short_en']
      : lang === 'ar'
        ? ['iso', 'dmy_slash', 'ymd_slash', 'dmy_dash', 'long_ar_eg', 'long_ar_eg', 'long_ar_levant']
        : ['iso', 'dmy_slash', 'ymd_slash', 'long_en', 'long_ar_eg', 'long_ar_levant'];
  const year = rng.pick([2024, 2025, 2026]);
  const issueDate = addDays(`${year}-01-01`, rng.int(0, 364));
  const termsDays = rng.pick([0, 7, 10, 14, 15, 30, 30, 45, 60, 90]);
  const kind = chooseKind(rng);
  const nItems = kind.multiPage ? rng.int(28, 48) : rng.int(2, 14);
  const columnOrders: Columns[] = [
    ['index', 'description', 'quantity', 'unitPrice', 'lineTotal'],
    ['description', 'quantity', 'unitPrice', 'lineTotal'],
    ['index', 'description', 'unitPrice', 'quantity', 'lineTotal'],
    ['description', 'unitPrice', 'quantity', 'lineTotal'],
    ['quantity', 'description', 'unitPrice', 'lineTotal'],
    ['index', 'quantity', 'description', 'unitPrice', 'lineTotal'],
  ];
  const currencyDisplay =
    lang === 'en'
      ? rng.pick(['code', 'code', 'latin'] as const)
      : rng.pick(['code', 'ar', 'ar', 'latin'] as const);
  const spec: InvoiceSpec = {
    id: '',
    split: o.split,
    language: lang,
    direction,
    tableDirection: lang === 'bi' && rng.chance(0.3) ? (direction === 'rtl' ? 'ltr' : 'rtl') : direction,
    country,
    currency,
    layout,
    family: familyId(layout),
    fonts: { latin: rng.pick(usable(fonts.latin)), arabic: rng.pick(usable(fonts.arabic)) },
    fontSize: rng.pick([11, 12, 12, 13, 14]),
    accent: rng.pick(['#1f3a5f', '#0b6e4f', '#7a1f2b', '#333333', '#5b3a8c', '#8a5a00', '#00587a']),
    margin: rng.int(36, 72),
    digits,
    numberFormat,
    dateFormat: rng.pick(dateFormats),
    currencyDisplay,
    currencyText:
      currencyDisplay === 'code'
        ? currency.code
        : currencyDisplay === 'ar'
          ? rng.pick(currency.arabic)
          : rng.pick(currency.latin),
    currencyBefore: rng.chance(0.4),
    currencyPlace: rng.pick(['totals', 'header_note', 'columns'] as const),
    biLabels: rng.pick(['slash', 'two_lines', 'both_sides'] as const),
    labels: chooseLabels(rng, o.split),
    columns: rng.pick(columnOrders),
    vendor: party(rng, country, true),
    customer: party(rng, country, false),
    invoiceNumber: invoiceNumber(rng, country, year),
    issueDate,
    dueDate: addDays(issueDate, termsDays || rng.pick([1, 3, 5])),
    items: items(rng, nItems, currency),
    taxRate: COUNTRIES[country].vat,
    termsDays,
    bank: rng.chance(0.5)
      ? {
          name: rng.pick(BANKS),
          iban: `${country}${digitsString(rng, 2)} ${digitsString(rng, 4)} ${digitsString(rng, 4)} ${digitsString(rng, 4)} ${digitsString(rng, 4)}`,
        }
      : null,
    showThanks: rng.chance(0.6),
    ...kind,
  };
  return spec;
}

/** The same invoice with its first `n` items: totals follow. */
export function withItemCount(s: InvoiceSpec, n: number): InvoiceSpec {
  return { ...s, items: s.items.slice(0, Math.max(1, n)) };
}
