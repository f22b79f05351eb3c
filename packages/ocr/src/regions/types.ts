// The shape of a region's conventions: what its invoices and receipts print that a general rule cannot
// know (legal forms, address words, tax-id formats, the currency) and the misreads of its own words.

/** A word or abbreviation that marks a company's name: a legal form or a word of business names. */
export interface NameMark {
  /** As printed. */
  form: string;
  meaning: string;
  /** Matches the mark inside a name. */
  pattern: RegExp;
  /** A name that carries it. */
  example: string;
}

/** A word that makes a row an address (street, block, building, post box). */
export interface AddressWord {
  word: string;
  meaning: string;
  pattern: RegExp;
  /** An address row that holds it. */
  example: string;
}

export interface TaxIdFormat {
  name: string;
  description: string;
  /** The whole number as printed, separators included where they are part of the format. */
  pattern: RegExp;
  example: string;
  /** A number of another format that the pattern must refuse. */
  counterexample: string;
}

/** A misread of the region's words whose shape gives it away, and its repair. */
export interface Confusion {
  description: string;
  pattern: RegExp;
  replacement: string | ((match: string, ...groups: string[]) => string);
  /** What the engine reads, and what was printed. */
  read: string;
  meant: string;
}

export interface RegionConventions {
  /** ISO 3166 code. */
  code: 'MY' | 'EG' | 'SA' | 'AE' | 'KW' | 'QA' | 'BH' | 'OM';
  country: string;
  /**
   * The country as addresses print it, in English and Arabic. Not a word that also names a place elsewhere
   * (عمان alone is Amman too).
   */
  countryNames: string[];
  /** The international calling code, as phone numbers print it after `+` or `00`. */
  callingCode: string;
  /**
   * ISO 4217 code, its minor unit (fils and baisa: three decimals), and the country's adjective in Arabic
   * that names it beside a currency label when the currency's own name is lost ("العملة: جنيه مصري").
   */
  currency: { code: string; decimals: number; adjective: string };
  /**
   * Place names and address words of the region in Latin letters, separated by blanks: a word the engine
   * misread by one letter of a shape it confuses is put back (`parse/places.ts`).
   */
  places: string;
  /** A place word misread so, and the word. */
  placeMisread: { read: string; meant: string };
  legalForms: NameMark[];
  /** Words of business names in the region's language ("Restoran", "Syarikat"). */
  businessWords: NameMark[];
  /**
   * Long words of company names: one letter misread in them is put back ("PERNIAGAARN"), and the two
   * halves of one cut by the engine are joined ("Sdn" and "Bhd" included for the latter).
   */
  nameWords: string[];
  addressWords: AddressWord[];
  taxIds: TaxIdFormat[];
  nameConfusions: Confusion[];
  addressConfusions: Confusion[];
}
