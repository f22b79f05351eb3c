// Field extraction: layout lines of one document in, `fields_json` out. Each step is a module of
// `extract/` with a typed input and output: labelled lines, the invoice number and dates, the parties,
// the line items (and the currency, or where none is printed the seller's country's), the totals, and
// their assembly.
import type { Line } from './layout.js';
import { assemble } from './extract/assemble.js';
import { currencyOfCountry } from './extract/country.js';
import type { ExtractResult } from './extract/assemble.js';
import { readItemsStep } from './extract/items.js';
import { readLines } from './extract/lines.js';
import { readNumberAndDates } from './extract/numbers-dates.js';
import { readParties } from './extract/parties.js';
import { readTotals, rescaleRows, settleRows } from './extract/totals.js';

export type { ExtractResult } from './extract/assemble.js';
export { fixAddressMisreads } from './extract/address.js';
export { confirmVendorName, oneMisread } from './extract/names.js';
export { firstDateIn } from './extract/tokens.js';

/** Turns layout lines of one document into `fields_json`. */
export function extractFields(lines: Line[]): ExtractResult {
  const doc = readLines(lines);
  const numbers = readNumberAndDates(doc);
  const parties = readParties(doc);
  const read = readItemsStep(doc);
  const items = read.currency ? read : { ...read, currency: currencyOfCountry(doc, parties) };
  const totals = readTotals(doc, items.rows);
  // Row totals (or prices and totals) the printed subtotal shows misread are put right, and the totals
  // read again with them.
  const settled = settleRows(items.rows, totals.choice) ?? rescaleRows(items.rows, totals.choice);
  if (settled) {
    const again = { ...items, rows: settled };
    return assemble(lines, numbers, parties, again, readTotals(doc, again.rows));
  }
  return assemble(lines, numbers, parties, items, totals);
}
