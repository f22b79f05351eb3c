// The seller's address: the rows under its name, up to its phone, tax id or the next block.
import type { Line, Word } from '../layout.js';
import { fixRegionalAddressMisreads, hasRegionalAddressWord } from '../regions/index.js';
import { hasArabic, toWesternDigits } from '../text.js';
import { meanConf } from './model.js';
import type { Found, LineInfo } from './model.js';
import { NOT_A_NAME, branchLine, cleanName, textOf } from './names.js';
import { dateAt } from './tokens.js';

/**
 * Words that make a line an address in English and Arabic: street, lot, floor, building, post box; those of
 * one region are in its table (`regions/`).
 */
const ADDRESS_WORD =
  /\b(?:no|lot|street|st|road|rd|avenue|ave|floor|flr|level|unit|suite|building|bldg|tower|block|blk|plaza|p\.?\s?o\.?\s?box|district|city)\b|(?:^|\s)(?:شارع|طريق|حي|مبنى|برج|ص\.?ب|الدور|الطابق|مدينة)(?:\s|$)/i;
/** A company registration line between name and address: "(162761-M)", "Company Reg. No. : 725186-V". */
const REG_LINE =
  /\b(?:co\.?\s*reg|company\s*(?:reg|no)|reg\.?\s*no|roc|co\.?\s*no|business\s*reg|registration|cr\s*no)\b|^\W*[a-z]{0,3}\d{4,}\W*[a-z]?\W*$/i;
const TAX_ID_LINE = /\b(?:gst|sst|vat|trn|tax|tin)\b|الرقم الضريبي|رقم التسجيل/i;

/**
 * Misreads the engine makes in an address that its shape gives away:
 * - the regions' own misreads of their address words and codes (`regions/`);
 * - "$" or "§" in a street code is an S ("JALAN $S21/39" is "JALAN SS21/39");
 * - "!" closing a word of capitals is an I ("JALAN MERANT! 1A").
 */
export function fixAddressMisreads(address: string): string {
  return fixRegionalAddressMisreads(address)
    .replace(/(?<=^|[\s,(]|[$§])[$§](?=[$§\p{Lu}])|(?<=(?:^|[\s,(])[S$§])[$§](?=\d)/gu, 'S')
    .replace(/(?<=\p{Lu}{2})!(?=[\s,.]|$)/gu, 'I');
}

interface AddressRow {
  /** The row's text without label words, as the address would print it. */
  text: string;
  /** The row's whole text in Western digits, labels included. */
  whole: string;
  words: Word[];
  isTaxId: boolean;
  isReg: boolean;
  /** The row holds a label of another field. */
  otherLabel: boolean;
}

/** The segments of a row under the seller's name (within `margin` of its sides), read for the address. */
function addressRow(info: LineInfo, vx0: number, vx1: number, margin: number): AddressRow | null {
  const segs = info.line.segments.filter((s) => s.x1 > vx0 - margin && s.x0 < vx1 + margin);
  if (!segs.length) return null;
  const words = segs.flatMap((s) => s.words);
  const segLabels = info.labels.filter((l) => words.includes(info.line.words[l.start] as Word));
  const whole = toWesternDigits(segs.map((seg) => textOf(seg.words, seg.rtl)).join(' '));
  const letters = (whole.match(/\p{L}/gu) ?? []).length;
  const digitCount = (whole.match(/\d/g) ?? []).length;
  const isTaxId =
    segLabels.some((l) => l.field === 'tax_id') || (TAX_ID_LINE.test(whole) && /\d{5,}/.test(whole));
  // Registration numbers sit between the name and the address on many receipts: "(162761-M)".
  const isReg = REG_LINE.test(whole) || (digitCount >= 4 && letters <= 3);
  const text = cleanName(
    segs
      .map((seg) =>
        textOf(
          seg.words.filter((w) => !info.inLabel.has(info.line.words.indexOf(w))),
          seg.rtl,
        ),
      )
      .join(' '),
  );
  const otherLabel = segLabels.some((l) => l.field !== 'address');
  return { text, whole, words, isTaxId, isReg, otherLabel };
}

/** Whether a row is part of the address, a row to pass over, or the end of the address. */
function rowVerdict(
  row: AddressRow,
  info: LineInfo,
  vendorName: string,
  found: number,
): 'take' | 'skip' | 'end' {
  const { text, whole, isTaxId, isReg } = row;
  if (!isTaxId && !isReg && row.otherLabel) return 'end';
  // A registration line ends an address ("58000 KUALA LUMPUR. / COMPANY NO: 564429-W").
  if (isReg && found && /\p{L}{2,}/u.test(whole)) return 'end';
  // A branch name in brackets under the company's name belongs to the name.
  if (!/[\p{L}\d]/u.test(text) || isReg || (!found && branchLine(row.words))) return 'skip';
  // "1@51-B" is a lot number with a digit misread, not an e-mail address.
  if (!isTaxId && NOT_A_NAME.test(text.replace(/(?<=\d)@(?=\d)/g, '8'))) return 'end';
  if (/\b(?:tel|phone|fax|mobile|hp|email)\b|هاتف|جوال|فاكس/i.test(whole)) return 'end';
  const hasDate =
    info.line.words.some((_, i) => dateAt(info.line.words, i) !== null) || /\b\d{1,2}:\d{2}\b/.test(whole);
  if (isTaxId || hasDate || (hasArabic(text) !== hasArabic(vendorName) && !/\d/.test(text))) {
    // Before the address: a tax id, the date, the name in the other language; after it: the end.
    return found ? 'end' : 'skip';
  }
  return 'take';
}

type AddressPart = { text: string; words: Word[]; line: Line };

/** The rows of the address joined, with its known misreads repaired. */
function addressOf(parts: AddressPart[]): Found<string> {
  const words = parts.flatMap((p) => p.words);
  const first = parts[0] as { line: Line };
  return {
    value: fixAddressMisreads(
      parts
        .map((p) => p.text)
        .join(', ')
        .replace(/,\s*,/g, ','),
    ),
    words: words.filter((w) => first.line.words.includes(w)),
    line: first.line,
    conf: meanConf(words) * 0.85,
    source: words,
  };
}

export function guessAddress(infos: LineInfo[], vendor: Found<string>): Found<string> | null {
  const start = infos.findIndex((i) => i.line === vendor.line);
  if (start < 0) return null;
  const vx0 = Math.min(...vendor.words.map((w) => w.x0));
  const vx1 = Math.max(...vendor.words.map((w) => w.x1));
  const parts: AddressPart[] = [];
  // A first line that looks like no address ("Licensee of ...", a branch name) is kept aside: it is the
  // address only if nothing more address-like follows.
  let held: AddressPart | null = null;
  let prev = vendor.line;
  for (let k = start + 1; k < infos.length && k <= start + 9 && parts.length < 5; k++) {
    const info = infos[k];
    if (!info || info.line.page !== vendor.line.page) break;
    if (info.line.y0 - prev.y1 > prev.height * 2.5) break;
    const row = addressRow(info, vx0, vx1, prev.height * 4);
    if (!row) break;
    const verdict = rowVerdict(row, info, vendor.value, parts.length);
    if (verdict === 'end') break;
    if (verdict === 'take') {
      const part = { text: row.text, words: row.words, line: info.line };
      const addressLike =
        /\d/.test(row.text) || ADDRESS_WORD.test(row.text) || hasRegionalAddressWord(row.text);
      if (!parts.length && !addressLike) {
        if (held) break;
        held = part;
      } else parts.push(part);
    }
    prev = info.line;
  }
  if (!parts.length && held) parts.push(held);
  return parts.length ? addressOf(parts) : null;
}
