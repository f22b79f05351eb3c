// Table rules erased for the block reading of a page that does not add up: the engine's column finding
// drops columns of figures of a gridded table. Letters, a dark band and the page around them come through untouched.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { prepareImage } from '../src/engine/image.js';
import { eraseRules } from '../src/engine/rules.js';
import { recognizeInvoice } from '../src/index.js';

const ROWS: Array<[string, string, string, string]> = [
  ['Printer Paper A4', '10', '4.25', '42.50'],
  ['Toner Cartridge', '2', '61.00', '122.00'],
  ['Desk Lamp', '1', '35.50', '35.50'],
  ['Stapler', '4', '3.30', '13.20'],
];
/** Column edges of the grid, and the rows' edges. */
const COLS = [100, 640, 820, 1020, 1240];
const TOP = 470;
const ROW_H = 60;

/** An invoice with a gridded table and a dark title band, turned by `deg` about the page's centre. */
function griddedSvg(deg: number): string {
  const t = (x: number, y: number, s: string, anchor = 'start', fill = '#111'): string =>
    `<text x="${x}" y="${y}" text-anchor="${anchor}" fill="${fill}">${s}</text>`;
  const bottom = TOP + ROW_H * (ROWS.length + 1);
  const lines = [
    ...Array.from({ length: ROWS.length + 2 }, (_, i) => TOP + i * ROW_H).map(
      (y) => `<line x1="${COLS[0]}" y1="${y}" x2="${COLS[4]}" y2="${y}"/>`,
    ),
    ...COLS.map((x) => `<line x1="${x}" y1="${TOP}" x2="${x}" y2="${bottom}"/>`),
  ];
  const cells = [['Description', 'Qty', 'Unit Price', 'Amount'], ...ROWS].flatMap(([d, q, p, a], i) => {
    const y = TOP + i * ROW_H + 42;
    return [
      t(120, y, d as string),
      t(800, y, q as string, 'end'),
      t(1000, y, p as string, 'end'),
      t(1220, y, a as string, 'end'),
    ];
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1654" height="2339">
    <rect width="100%" height="100%" fill="#ffffff"/>
    <g transform="rotate(${deg} 827 1170)">
      <rect x="100" y="90" width="1140" height="130" fill="#1f2a6b"/>
      <g font-family="DejaVu Sans" font-size="30">
        ${t(130, 170, 'Meridian Office Traders', 'start', '#ffffff')}
        ${t(100, 300, 'Invoice No: MO-55120')}
        ${t(100, 350, 'Date: 2025-06-18')}
        ${t(100, 400, 'Bill To: Cedar Clinic')}
        ${cells.join('')}
        ${t(1020, bottom + 60, 'Subtotal', 'end')}${t(1220, bottom + 60, '213.20', 'end')}
        ${t(1020, bottom + 110, 'Total', 'end')}${t(1220, bottom + 110, '213.20', 'end')}
      </g>
      <g stroke="#222" stroke-width="3">${lines.join('')}</g>
    </g>
  </svg>`;
}

async function scan(deg: number, width = 1654): Promise<Buffer> {
  return sharp(Buffer.from(griddedSvg(deg)))
    .flatten({ background: '#ffffff' })
    .resize({ width })
    .blur(0.8)
    .jpeg({ quality: 60 })
    .toBuffer();
}

/** Dark pixels in a rectangle of a grey image. */
function inkIn(g: { data: Buffer; width: number }, x0: number, y0: number, x1: number, y1: number): number {
  let n = 0;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) if ((g.data[y * g.width + x] as number) < 128) n++;
  return n;
}

describe('table rules erased before reading', () => {
  it('takes out the grid of a slightly tilted page and keeps its letters and its dark band', async () => {
    const img = await prepareImage(await scan(1.2), { deskew: false });
    const { gray, erased } = eraseRules(img.gray);
    expect(erased).toBeGreaterThan(0);
    // The page is turned about its centre: a point of the unturned page, where it lies now.
    const a = (1.2 * Math.PI) / 180;
    const at = (x: number, y: number): [number, number] => [
      Math.round(827 + (x - 827) * Math.cos(a) - (y - 1170) * Math.sin(a)),
      Math.round(1170 + (x - 827) * Math.sin(a) + (y - 1170) * Math.cos(a)),
    ];
    // Along every rule, between the crossings: no ink is left.
    for (let i = 0; i <= ROWS.length + 1; i++) {
      for (const x of [370, 730, 920, 1130]) {
        const [px, py] = at(x, TOP + i * ROW_H);
        expect(inkIn(gray, px - 8, py - 8, px + 8, py + 8)).toBe(0);
      }
    }
    for (const x of COLS) {
      const [px, py] = at(x, TOP + ROW_H * 2.5);
      expect(inkIn(gray, px - 8, py - 8, px + 8, py + 8)).toBe(0);
    }
    // The letters of each row and the dark band are what they were.
    for (let i = 0; i <= ROWS.length; i++) {
      // Between the rules above and below the row, however the page is turned.
      const [x0, y0] = at(110, TOP + i * ROW_H + 16);
      const [x1, y1] = at(400, TOP + i * ROW_H + 52);
      const before = inkIn(img.gray, x0, Math.min(y0, y1), x1, Math.max(y0, y1));
      const after = inkIn(gray, x0, Math.min(y0, y1), x1, Math.max(y0, y1));
      expect(before).toBeGreaterThan(300);
      expect(after).toBeGreaterThan(before * 0.97);
    }
    const [bx, by] = at(600, 200);
    expect(inkIn(gray, bx - 20, by - 10, bx + 20, by + 10)).toBe(
      inkIn(img.gray, bx - 20, by - 10, bx + 20, by + 10),
    );
  });

  it('leaves a page without rules as it was', async () => {
    const plain = griddedSvg(0).replace(/<g stroke[^]*?<\/g>/, '');
    const img = await prepareImage(
      await sharp(Buffer.from(plain)).flatten({ background: '#fff' }).png().toBuffer(),
    );
    const { gray, erased } = eraseRules(img.gray);
    expect(erased).toBe(0);
    expect(gray.data.equals(img.gray.data)).toBe(true);
  });

  it('reads every row of a gridded table scanned at 150 dpi, figures and all', async () => {
    const r = await recognizeInvoice(
      { bytes: new Uint8Array(await scan(1.2, 1240)) },
      { pipeline: 'normal' },
    );
    const items = r.fields_json.line_items.map((l) => [l.quantity, l.unit_price, l.total]);
    expect(items).toEqual(ROWS.map(([, q, p, a]) => [q, p, a]));
    expect(r.fields_json.total).toBe('213.20');
  }, 60_000);
});
