import { describe, expect, it } from 'vitest';
import { decodeZatcaTlv, encodeZatcaTlv, qrCodeSvg } from './zatca-qr';

const sample = {
  sellerName: 'Bobs Records',
  vatNumber: '310122393500003',
  timestamp: '2022-04-25T15:30:00Z',
  totalWithVat: '1000.00',
  vatTotal: '150.00',
};

describe("ZATCA's phase-1 QR text", () => {
  it('is the five fields as tag, byte length and UTF-8 bytes, in Base64', () => {
    const text = encodeZatcaTlv(sample);
    // The published example's encoding of these five values.
    expect(text).toBe(
      'AQxCb2JzIFJlY29yZHMCDzMxMDEyMjM5MzUwMDAwMwMUMjAyMi0wNC0yNVQxNTozMDowMFoEBzEwMDAuMDAFBjE1MC4wMA==',
    );
    const bytes = Buffer.from(text, 'base64');
    expect([...bytes.subarray(0, 2)]).toEqual([1, 12]);
    expect(bytes.subarray(2, 14).toString()).toBe('Bobs Records');
    expect([...bytes.subarray(14, 16)]).toEqual([2, 15]);
    expect(decodeZatcaTlv(text)).toEqual(sample);
  });

  it('counts an Arabic name in bytes, and cuts a name past 255 bytes between two letters', () => {
    const arabic = encodeZatcaTlv({ ...sample, sellerName: 'شركة الخليج' });
    expect(Buffer.from(arabic, 'base64')[1]).toBe(21);
    expect(decodeZatcaTlv(arabic)?.sellerName).toBe('شركة الخليج');

    const long = 'ب'.repeat(200);
    const cut = decodeZatcaTlv(encodeZatcaTlv({ ...sample, sellerName: `x${long}` }))!;
    // 1 + 127 x 2 = 255 bytes: the 128th letter would not fit whole.
    expect(cut.sellerName).toBe(`x${'ب'.repeat(127)}`);
    expect(cut.vatNumber).toBe(sample.vatNumber);
  });

  it('reads nothing from a text that is not five TLV fields', () => {
    expect(decodeZatcaTlv(Buffer.from([1, 5, 65]).toString('base64'))).toBeNull();
    expect(decodeZatcaTlv(Buffer.from([1, 1, 65, 2, 1, 66]).toString('base64'))).toBeNull();
  });

  it('draws the QR code as an SVG element to print inline', async () => {
    const svg = await qrCodeSvg(encodeZatcaTlv(sample));
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*viewBox="0 0 \d+ \d+"/);
    expect(svg).not.toMatch(/href|url\(/);
  });
});
