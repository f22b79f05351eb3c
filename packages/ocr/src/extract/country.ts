// The currency of an invoice that prints none: the currency of its seller's country, by the region tables
// (a country's name in the seller's address, or the calling code of the page's phone numbers).
import { regionsNamedIn } from '../regions/index.js';
import type { RegionConventions } from '../regions/index.js';
import type { Doc, Found } from './model.js';
import type { Parties } from './parties.js';

/** Less sure than a currency read: the seller may bill in another currency than its country's. */
const CONF = 0.5;

export function currencyOfCountry(doc: Doc, parties: Parties): Found<string> | null {
  const address = parties.vendorAddress;
  const named = address ? regionsNamedIn(address.value) : [];
  if (address && named.length === 1) {
    return {
      value: (named[0] as RegionConventions).currency.code,
      words: address.words,
      line: address.line,
      conf: CONF,
    };
  }
  // Otherwise the country most rows of the page name, when one leads (the buyer may be abroad: a tie is
  // no answer).
  const rows = new Map<RegionConventions, Found<string>[]>();
  for (const info of doc.infos) {
    const ws = info.line.words;
    for (const r of regionsNamedIn(ws.map((w) => w.text).join(' '))) {
      const found = { value: r.currency.code, words: ws, line: info.line, conf: CONF };
      rows.set(r, [...(rows.get(r) ?? []), found]);
    }
  }
  const [first, second] = [...rows.values()].sort((a, b) => b.length - a.length);
  return first && first.length > (second?.length ?? 0) ? (first[0] as Found<string>) : null;
}
