// Light text on dark bands (a coloured title bar, a highlighted total): the engine's binarisation loses
// it unless the band is turned dark-on-light first.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readBands, withBands } from '../src/bands.js';
import { Budget } from '../src/engine/exec.js';
import { invertDarkBands, prepareImage } from '../src/engine/image.js';
import { tesseract } from '../src/engine/tesseract.js';
import { recognizeInvoice } from '../src/index.js';

/** An invoice whose seller's name is only in a navy title bar and whose total is in a dark band. */
function bandedSvg(): string {
  const t = (x: number, y: number, s: string, anchor = 'start', fill = '#111', weight = 'normal'): string =>
    `<text x="${x}" y="${y}" text-anchor="${anchor}" fill="${fill}" font-weight="${weight}">${s}</text>`;
  const rows: Array<[string, number, string, string]> = [
    ['Printer Paper A4', 10, '4.25', '42.50'],
    ['Toner Cartridge', 2, '61.00', '122.00'],
    ['Desk Lamp', 1, '35.50', '35.50'],
  ];
  const body = rows.flatMap(([d, q, p, a], i) => {
    const y = 560 + i * 55;
    return [t(120, y, d), t(800, y, String(q), 'end'), t(1000, y, p, 'end'), t(1200, y, a, 'end')];
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1654" height="2339">
    <rect width="100%" height="100%" fill="#f4f1ea"/>
    <rect x="80" y="90" width="1160" height="150" fill="#1f2a6b"/>
    <rect x="560" y="820" width="680" height="70" fill="#1f2a6b"/>
    <g font-family="DejaVu Sans" font-size="30">
      ${t(120, 185, 'Meridian Office Traders', 'start', '#ffffff', 'bold')}
      ${t(1200, 185, 'INVOICE', 'end', '#ffffff', 'bold')}
      ${t(120, 320, 'Invoice No: MO-55120')}
      ${t(120, 370, 'Date: 2025-06-18')}
      ${t(120, 420, 'Bill To: Cedar Clinic')}
      ${t(120, 500, 'Description', 'start', '#111', 'bold')}
      ${t(800, 500, 'Qty', 'end', '#111', 'bold')}
      ${t(1000, 500, 'Unit Price', 'end', '#111', 'bold')}
      ${t(1200, 500, 'Amount', 'end', '#111', 'bold')}
      ${body.join('')}
      ${t(1000, 780, 'Subtotal', 'end')}${t(1200, 780, '200.00', 'end')}
      ${t(600, 866, 'Total Due AED', 'start', '#ffffff', 'bold')}${t(1200, 866, '210.00', 'end', '#ffffff', 'bold')}
    </g>
  </svg>`;
}

async function scan(): Promise<Buffer> {
  return sharp(Buffer.from(bandedSvg()))
    .flatten({ background: '#ffffff' })
    .blur(1.2)
    .jpeg({ quality: 45 })
    .toBuffer();
}

describe('light text on dark bands', () => {
  it('turns each band dark-on-light and leaves the rest of the page as it was', async () => {
    const { data, info } = await sharp(await scan())
      .grayscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const r = invertDarkBands(data, info.width, info.height);
    expect(r.bands).toBe(2);
    const at = (x: number, y: number): number => r.pixels[y * info.width + x] ?? 0;
    // Inside the title bar the paper is light now; outside, the page is unchanged.
    expect(at(700, 110)).toBeGreaterThan(180);
    expect(at(700, 1500)).toBe(data[1500 * info.width + 700]);
    // A rule printed just above and below a band stays a rule, and the paper between stays paper.
    const W = 400;
    const ruled = Buffer.alloc(W * 400, 235);
    for (let y = 50; y < 90; y++) ruled.fill(40, y * W + 50, y * W + 350);
    for (const y of [40, 41, 100, 101]) ruled.fill(20, y * W + 50, y * W + 350);
    const ruledOut = invertDarkBands(ruled, W, 400);
    expect(ruledOut.bands).toBe(1);
    const px = (y: number): number => ruledOut.pixels[y * W + 200] ?? 0;
    expect([px(40), px(45), px(70), px(95), px(100)]).toEqual([20, 235, 215, 235, 20]);
    // A sliver of scanner lid along the edge, or a dark square of a logo, is not a band.
    const edges = Buffer.alloc(W * 400, 235);
    for (let y = 0; y < 12; y++) edges.fill(10, y * W, y * W + W);
    for (let y = 200; y < 280; y++) edges.fill(10, y * W + 100, y * W + 180);
    expect(invertDarkBands(edges, W, 400).bands).toBe(0);
    // A plain page has no band.
    const plain = Buffer.alloc(400 * 300, 240);
    expect(invertDarkBands(plain, 400, 300).bands).toBe(0);
  });

  it('reads the seller in the title bar and the total in its band', async () => {
    const bytes = await scan();
    const budget = new Budget(60_000);
    const img = await prepareImage(bytes, { minWidth: 1700, findBands: true });
    expect(img.bands).toHaveLength(2);
    const page = await tesseract(img.gray, 1, { lang: 'eng', thresholding: 2 }, budget);
    const text = (ws: { text: string }[]): string => ws.map((w) => w.text).join(' ');
    // As printed, the engine does not see the bands' text; read on their own and turned over, it does.
    expect(text(page.words)).not.toContain('Meridian');
    const bands = await readBands(img.bandSource, 1, img.bands, { lang: 'eng', thresholding: 2 }, budget);
    expect(text(withBands(page, bands).words)).toContain('Meridian Office Traders');

    const result = await recognizeInvoice({ bytes }, { pipeline: 'normal' });
    expect(result.raw_text).toContain('Total Due');
    expect(result.fields_json.vendor.name).toBe('Meridian Office Traders');
    expect(result.fields_json.total).toBe('210.00');
  }, 60_000);
});
