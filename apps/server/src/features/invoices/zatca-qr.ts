import QRCode from 'qrcode';

/**
 * The five fields of ZATCA's phase-1 QR code (simplified tax invoices, from 4 December 2021): the seller's
 * name, its VAT registration number, the invoice's time stamp, its total with VAT and its VAT total.
 */
export interface ZatcaFields {
  sellerName: string;
  vatNumber: string;
  /** ISO 8601 date and time, e.g. `2026-11-25T10:15:30Z`. */
  timestamp: string;
  /** Decimal strings, as printed on the invoice (`1140.00`). */
  totalWithVat: string;
  vatTotal: string;
}

const tags: (keyof ZatcaFields)[] = ['sellerName', 'vatNumber', 'timestamp', 'totalWithVat', 'vatTotal'];

/** A length is one byte: a longer value is cut to its first 255 bytes, never inside a character. */
const MAX_VALUE_BYTES = 255;

const utf8Prefix = (value: string): Buffer => {
  const bytes = Buffer.from(value, 'utf8');
  if (bytes.length <= MAX_VALUE_BYTES) return bytes;
  let end = MAX_VALUE_BYTES;
  // Continuation bytes are 10xxxxxx: step back to the start of the character that does not fit.
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end -= 1;
  return bytes.subarray(0, end);
};

/**
 * The QR code's text, as ZATCA specifies it: each field as Tag-Length-Value (tag 1 to 5 in one byte, the
 * length of the value's UTF-8 bytes in one byte, the bytes), the five one after the other, in Base64.
 */
export const encodeZatcaTlv = (fields: ZatcaFields): string =>
  Buffer.concat(
    tags.map((key, i) => {
      const value = utf8Prefix(fields[key]);
      return Buffer.concat([Buffer.from([i + 1, value.length]), value]);
    }),
  ).toString('base64');

/** The fields of a QR code's text, as a reader of the code gets them; null when it is not five TLV fields. */
export const decodeZatcaTlv = (base64: string): ZatcaFields | null => {
  const bytes = Buffer.from(base64, 'base64');
  const values = new Map<number, string>();
  for (let at = 0; at < bytes.length;) {
    const tag = bytes[at]!;
    const length = bytes[at + 1];
    if (length === undefined || at + 2 + length > bytes.length) return null;
    values.set(tag, bytes.subarray(at + 2, at + 2 + length).toString('utf8'));
    at += 2 + length;
  }
  const read = tags.map((_key, i) => values.get(i + 1));
  if (read.some((v) => v === undefined)) return null;
  return Object.fromEntries(tags.map((key, i) => [key, read[i]!])) as unknown as ZatcaFields;
};

/** The QR code of `text` as an SVG element, to print inline (the document fetches nothing). */
export const qrCodeSvg = (text: string): Promise<string> =>
  QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
