// The parties: the customer and the seller (by their labels, else the seller from the head of the page),
// their tax ids and the seller's address.
import type { Segment, Word } from '../layout.js';
import { toWesternDigits } from '../text.js';
import { guessAddress } from './address.js';
import { labelsOf, meanConf } from './model.js';
import type { Doc, Found, Label, LineInfo } from './model.js';
import {
  hasLegalForm,
  NOT_A_NAME,
  REG_TAIL,
  branchLine,
  cleanName,
  fixNameMisreads,
  textOf,
} from './names.js';
import { textFor, valuesFor } from './values.js';

export interface Parties {
  vendor: Found<string> | null;
  vendorTaxId: Found<string> | null;
  vendorAddress: Found<string> | null;
  customer: Found<string> | null;
  customerTaxId: Found<string> | null;
}

/** The first label of a field that has a name after it. */
function firstNamed(
  doc: Doc,
  field: 'customer' | 'vendor',
): { found: Found<string>; info: LineInfo; label: Label } | null {
  for (const c of labelsOf(doc, field)) {
    const v = textFor(doc, c.info, c.label);
    if (v && v.value) return { found: v, info: c.info, label: c.label };
  }
  return null;
}

export function readParties(doc: Doc): Parties {
  const { infos } = doc;
  const customerAt = firstNamed(doc, 'customer');
  const customer = customerAt?.found ?? null;
  const customerLabel = customerAt;
  const vendor = firstNamed(doc, 'vendor')?.found ?? guessVendor(infos, customer);

  let vendorTaxId: Found<string> | null = null;
  let customerTaxId: Found<string> | null = null;
  for (const { info, label } of labelsOf(doc, 'tax_id')) {
    const v = valuesFor(doc, info, label, 'id')[0];
    if (!v || typeof v.value !== 'string') continue;
    const f = { ...v, value: v.value.replace(/[^\dA-Za-z\-]/g, '') };
    const underCustomer =
      customerLabel &&
      customerLabel.info.line.page === info.line.page &&
      info.idx > customerLabel.info.idx &&
      info.idx - customerLabel.info.idx <= 4 &&
      label.x1 > customerLabel.label.x0 - info.line.height * 2 &&
      label.x0 < customerLabel.label.x1 + info.line.pageWidth * 0.25 &&
      (!vendor || info.idx > infos.findIndex((i) => i.line === vendor?.line) + 4);
    if (underCustomer && !customerTaxId) customerTaxId = f;
    else if (!vendorTaxId) vendorTaxId = f;
  }
  const vendorAddress = vendor ? guessAddress(infos, vendor) : null;
  return { vendor, vendorTaxId, vendorAddress, customer, customerTaxId };
}

function guessVendor(infos: LineInfo[], customer: Found<string> | null): Found<string> | null {
  const first = infos[0]?.line;
  if (!first) return null;
  const cands: { seg: Segment; info: LineInfo; words: Word[]; text: string; h: number }[] = [];
  // The seller heads the page: above the table and above the customer's block.
  const customerAt = infos.findIndex((i) => i.labels.some((l) => l.field === 'customer'));
  const tableAt = infos.findIndex((i) => i.header);
  const limit = Math.min(...[customerAt, tableAt].filter((i) => i >= 0), infos.length);
  for (const info of infos) {
    const { line } = info;
    if (info.idx > limit || (info.idx === limit && info.header)) break;
    if (line.page !== first.page || line.y0 > line.pageHeight * 0.3) continue;
    if (customer && info.line === customer.line) continue;
    for (const seg of line.segments) {
      // Title and label words are not the vendor's name: "Invoice", "فاتورة ضريبية", "Bill To".
      const words = seg.words.filter((w) => {
        const i = line.words.indexOf(w);
        return !info.inLabel.has(i) && !/^[/|:\-–]+$/.test(w.text);
      });
      const hadLabel = seg.words.some((w) => info.inLabel.has(line.words.indexOf(w)));
      if (hadLabel && info.labels.some((l) => l.field !== 'title')) continue;
      const full = cleanName(textOf(words, seg.rtl));
      const cut = full.replace(REG_TAIL, '');
      // "$" in a word of capitals is an S the engine took for a dollar sign ("CONFECTIONERY $/B").
      const text = fixNameMisreads(
        cleanName(/\p{L}{2,}.*\p{L}{2,}/u.test(cut) ? cut : full).replace(/\$(?=[/A-Z])|(?<=[A-Z])\$/g, 'S'),
      );
      const letters = (text.match(/\p{L}/gu) ?? []).length;
      if (letters < 3 || NOT_A_NAME.test(text)) continue;
      const digits = (toWesternDigits(text).match(/\d/g) ?? []).length;
      if (digits > 3 || (digits && /[,،]/.test(text))) continue;
      // A logo or stamp read as letters comes with the engine's doubt.
      if (meanConf(words) < 0.5) continue;
      if (customer && text === customer.value) continue;
      const h = words.reduce((a, w) => a + (w.y1 - w.y0), 0) / words.length;
      cands.push({ seg, info, words, text, h });
    }
  }
  if (!cands.length) return null;
  const maxH = Math.max(...cands.map((c) => c.h));
  // A legal entity's name beats a brand or logo line above it ("SDN BHD", "Ltd", "Est.", "شركة").
  const legal = cands.slice(0, 4).find((c) => hasLegalForm(c.text));
  const pick = legal ?? cands.find((c) => c.h >= maxH * 0.8) ?? cands[0];
  if (!pick) return null;
  // "CHECKERS HYPERMARKET SDN BHD" over "(JALAN KLANG LAMA)": the branch in brackets is part of the name.
  const next = infos[pick.info.idx + 1];
  const branch = next && branchLine(next.line.words);
  if (next && branch && hasLegalForm(pick.text) && next.line.y0 - pick.info.line.y1 < pick.h * 1.5) {
    const words = [...pick.words, ...next.line.words];
    return {
      value: `${pick.text} ${branch}`,
      words: pick.words,
      line: pick.info.line,
      conf: meanConf(words) * 0.9,
      source: words,
    };
  }
  return { value: pick.text, words: pick.words, line: pick.info.line, conf: meanConf(pick.words) * 0.9 };
}
