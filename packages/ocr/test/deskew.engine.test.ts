// Tilted pages: the tilt is measured from the page itself, and a page photographed 3 degrees off is read
// as completely as a straight one (without turning it back, the engine loses the item table).
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { estimateSkew, prepareImage } from '../src/engine/image.js';
import { squareTo } from '../src/engine/sheet.js';
import type { Point } from '../src/engine/sheet.js';
import { recognizeInvoice } from '../src/index.js';

const ROWS: Array<[string, number, string]> = [
  ['Steel Brackets', 12, '14.50'],
  ['Wall Anchors (box)', 3, '22.75'],
  ['Copper Pipe 2m', 8, '31.20'],
  ['Sealant Tube', 5, '9.90'],
];

/** An A4 invoice at 200 dpi drawn from SVG text, its item total and subtotal computed here. */
function invoiceSvg(): string {
  const text = (x: number, y: number, s: string, anchor = 'start', weight = 'normal'): string =>
    `<text x="${x}" y="${y}" text-anchor="${anchor}" font-weight="${weight}">${s.replace(/&/g, '&amp;')}</text>`;
  const parts = [
    text(120, 170, 'Harbor Supply Co.', 'start', 'bold'),
    text(120, 215, '12 Marina Street, Dubai'),
    text(1200, 170, 'INVOICE', 'end', 'bold'),
    text(1200, 215, 'Invoice No: HS-20731', 'end'),
    text(1200, 260, 'Date: 2025-04-09', 'end'),
    text(120, 330, 'Bill To: Delta Workshop'),
    text(120, 430, 'Description', 'start', 'bold'),
    text(800, 430, 'Qty', 'end', 'bold'),
    text(1000, 430, 'Unit Price', 'end', 'bold'),
    text(1200, 430, 'Amount', 'end', 'bold'),
  ];
  let sub = 0;
  ROWS.forEach(([d, q, p], i) => {
    const y = 490 + i * 55;
    const cents = q * Math.round(Number(p) * 100);
    sub += cents;
    parts.push(text(120, y, d), text(800, y, String(q), 'end'), text(1000, y, p, 'end'));
    parts.push(text(1200, y, (cents / 100).toFixed(2), 'end'));
  });
  const y = 490 + ROWS.length * 55 + 60;
  parts.push(text(1000, y, 'Subtotal', 'end'), text(1200, y, (sub / 100).toFixed(2), 'end'));
  parts.push(text(1000, y + 55, 'VAT 5%', 'end'), text(1200, y + 55, (sub / 2000).toFixed(2), 'end'));
  const total = (sub + Math.round(sub / 20)) / 100;
  parts.push(text(1000, y + 110, 'Total AED', 'end', 'bold'), text(1200, y + 110, total.toFixed(2), 'end'));
  // Ruled table cells, as most printed invoices have: tilted, they are what makes the engine drop rows.
  const rules: string[] = [];
  const top = 395;
  const bottom = 490 + (ROWS.length - 1) * 55 + 25;
  for (let r = 0; r <= ROWS.length + 1; r++) {
    const ry = r === 0 ? top : 455 + (r - 1) * 55;
    rules.push(`<line x1="100" y1="${ry}" x2="1220" y2="${ry}" stroke="#222" stroke-width="3"/>`);
  }
  for (const x of [100, 620, 820, 1020, 1220]) {
    rules.push(`<line x1="${x}" y1="${top}" x2="${x}" y2="${bottom}" stroke="#222" stroke-width="3"/>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1654" height="2339">
    <rect width="100%" height="100%" fill="white"/>${rules.join('')}
    <g font-family="DejaVu Sans" font-size="30" fill="#111">${parts.join('')}</g>
  </svg>`;
}

/** Where a point of the page (pixels) lies on the page turned clockwise by `deg` (fractions of it). */
function onTilted(deg: number, x: number, y: number): Point {
  const [W0, H0] = [1654, 2339];
  const a = (deg * Math.PI) / 180;
  const [W1, H1] = [
    W0 * Math.cos(a) + H0 * Math.abs(Math.sin(a)),
    W0 * Math.abs(Math.sin(a)) + H0 * Math.cos(a),
  ];
  // Turned about its centre, onto a canvas just large enough, centred on the same point.
  const [dx, dy] = [x - W0 / 2, y - H0 / 2];
  return [
    (W1 / 2 + dx * Math.cos(a) - dy * Math.sin(a)) / W1,
    (H1 / 2 + dx * Math.sin(a) + dy * Math.cos(a)) / H1,
  ];
}

async function tilted(deg: number): Promise<Buffer> {
  return sharp(Buffer.from(invoiceSvg()))
    .rotate(deg, { background: '#ffffff' })
    .flatten({ background: '#ffffff' })
    .blur(0.8)
    .jpeg({ quality: 40 })
    .toBuffer();
}

/** The desk photographed (150 dpi) and where the sheet's corners lie on it, in perspective and turned a little. */
const DESK: [number, number] = [1240, 1754];
const QUAD: [Point, Point, Point, Point] = [
  [150, 170],
  [1090, 120],
  [1170, 1650],
  [60, 1690],
];
/** Where a point of the page (fractions of its width and height) lies on the desk (fractions of it). */
function onDesk(u: number, v: number): Point {
  const [a, b, c, d, e, f, g, h] = squareTo(QUAD);
  const w = g * u + h * v + 1;
  return [(a * u + b * v + c) / w / DESK[0], (d * u + e * v + f) / w / DESK[1]];
}

/**
 * The invoice photographed on a dark desk, the sheet's top edge further away than its bottom, light falling
 * off across the desk.
 */
async function photographed(): Promise<Buffer> {
  const page = await grey(await sharp(Buffer.from(invoiceSvg())).png().toBuffer());
  const [W, H] = DESK;
  // The desk's pixels looked up on the page through the inverse of the page-to-desk map.
  const [a, b, c, d, e, f, g, h] = squareTo(QUAD);
  const inv = [
    e - f * h,
    c * h - b,
    b * f - c * e,
    f * g - d,
    a - c * g,
    c * d - a * f,
    d * h - e * g,
    b * g - a * h,
    a * e - b * d,
  ];
  const out = Buffer.alloc(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const [X, Y] = [x + 0.5, y + 0.5];
      const w = inv[6]! * X + inv[7]! * Y + inv[8]!;
      const u = (inv[0]! * X + inv[1]! * Y + inv[2]!) / w;
      const v = (inv[3]! * X + inv[4]! * Y + inv[5]!) / w;
      const light = 1 - 0.35 * (x / W);
      let level = 70;
      if (u >= 0 && u < 1 && v >= 0 && v < 1) {
        const px = Math.min(page.width - 1, Math.floor(u * page.width));
        const py = Math.min(page.height - 1, Math.floor(v * page.height));
        level = Math.min(245, page.data[py * page.width + px]!);
      }
      out[y * W + x] = Math.round(level * light);
    }
  }
  return sharp(out, { raw: { width: W, height: H, channels: 1 } })
    .blur(0.7)
    .jpeg({ quality: 70 })
    .toBuffer();
}

async function grey(bytes: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(bytes).grayscale().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

describe('tilted pages', () => {
  it('measures the tilt of the text lines', async () => {
    for (const deg of [0, 1.2, -2.5, 3.4]) {
      const g = await grey(await tilted(deg));
      // Turned clockwise by deg, the lines run down to the right by deg.
      expect(Math.abs(estimateSkew(g.data, g.width, g.height) - deg), `${deg} degrees`).toBeLessThanOrEqual(
        0.3,
      );
    }
    expect(estimateSkew(new Uint8Array(400 * 300).fill(255), 400, 300)).toBe(0);
  });

  it('turns a page tilted 3 degrees back, and leaves a slightly tilted one as it is', async () => {
    expect((await prepareImage(await tilted(-3))).skew).toBeCloseTo(-3, 0);
    expect((await prepareImage(await tilted(1))).skew).toBe(0);
    expect((await prepareImage(await tilted(-3), { deskew: false })).skew).toBe(0);
  });

  it('reads every line of a tilted invoice', async () => {
    const r = await recognizeInvoice({ bytes: new Uint8Array(await tilted(3)) }, { pipeline: 'normal' });
    const f = r.fields_json;
    expect(f.invoice_number).toBe('HS-20731');
    expect(f.issue_date).toBe('2025-04-09');
    expect(f.line_items.map((l) => [Number(l.quantity), l.unit_price, l.total])).toEqual([
      [12, '14.50', '174.00'],
      [3, '22.75', '68.25'],
      [8, '31.20', '249.60'],
      [5, '9.90', '49.50'],
    ]);
    expect([f.subtotal, f.total]).toEqual(['541.35', '568.42']);
    // The total's box is drawn where the tilted page shows it, not where the page turned straight has it.
    const box = f.boxes.total;
    expect(box).toBeDefined();
    if (!box) return;
    const [x, y] = onTilted(3, 1200, 870);
    expect(Math.abs(box.x + box.w - x)).toBeLessThan(0.012);
    expect(Math.abs(box.y + box.h / 2 - y)).toBeLessThan(0.012);
  });
});

describe('photographed pages', () => {
  it('reads an invoice photographed in perspective on a desk as it reads the page', async () => {
    const photo = await photographed();
    expect((await prepareImage(photo)).straightened).toBe(true);
    const r = await recognizeInvoice({ bytes: new Uint8Array(photo) }, { pipeline: 'normal' });
    const f = r.fields_json;
    expect(f.invoice_number).toBe('HS-20731');
    expect(f.issue_date).toBe('2025-04-09');
    expect(f.line_items.map((l) => [Number(l.quantity), l.unit_price, l.total])).toEqual(
      ROWS.map(([, q, p]) => [q, p, ((q * Math.round(Number(p) * 100)) / 100).toFixed(2)]),
    );
    expect([f.subtotal, f.total]).toEqual(['541.35', '568.42']);
    // The total's box is drawn where the photo shows it: the page's 1,200 px (its right end) at 880 px down.
    const box = f.boxes.total;
    expect(box).toBeDefined();
    if (!box) return;
    const [x, y] = onDesk(1200 / 1654, 870 / 2339);
    expect(Math.abs(box.x + box.w - x)).toBeLessThan(0.015);
    expect(Math.abs(box.y + box.h / 2 - y)).toBeLessThan(0.015);
  });
});
