/**
 * How a name read from an invoice is compared with the names already in the product: the same company
 * written with other spacing, case, accents, punctuation, or another spelling of the same Arabic letters
 * is the same company.
 */
export const nameKey = (name: string): string =>
  name
    .normalize('NFKD')
    // Latin accents and Arabic short vowels, shadda, sukun, the dagger alef and the tatweel.
    .replace(/[\u0300-\u036f\u064b-\u065f\u0670\u06d6-\u06ed\u0640]/g, '')
    // One spelling of each family of Arabic letters that people write interchangeably.
    .replace(/[\u0622\u0623\u0625\u0671]/g, '\u0627')
    .replace(/\u0649/g, '\u064a')
    .replace(/\u0629/g, '\u0647')
    .replace(/\u0624/g, '\u0648')
    .replace(/\u0626/g, '\u064a')
    .replace(/[\u06cc]/g, '\u064a')
    .replace(/[\u06a9]/g, '\u0643')
    // Arabic-Indic digits as Western ones.
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .toLowerCase()
    // Punctuation, symbols and invisible characters are not part of a name; words are.
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** A tax id as its letters and digits only: `123-456-789` and `123 456 789` are one id. */
export const taxIdKey = (taxId: string): string => nameKey(taxId).replace(/ /g, '');

/**
 * The record whose tax id, else whose name, is the same as the one read; tax ids decide first, since two
 * companies may share a name but not a tax id.
 */
export const findMatch = <T extends { name: string; taxId?: string | null }>(
  candidates: T[],
  read: { name: string | null; taxId?: string | null },
): T | null => {
  const tax = read.taxId ? taxIdKey(read.taxId) : '';
  if (tax.length >= 3) {
    const byTax = candidates.find((c) => c.taxId && taxIdKey(c.taxId) === tax);
    if (byTax) return byTax;
  }
  const name = read.name ? nameKey(read.name) : '';
  if (name === '') return null;
  return candidates.find((c) => nameKey(c.name) === name) ?? null;
};
