// Renders an invoice spec with Chromium (which shapes Arabic and lays out right-to-left text), degrades the
// pictures with sharp, and writes the document with its truth in the samples' format.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import type { OverlayOptions } from 'sharp';
import { PAGE_H, PAGE_W, buildInvoice } from './html.js';
import type { Rendered } from './html.js';
import { createRng } from './rng.js';
import type { Rng } from './rng.js';
import { subtotalMinor, taxMinor, withItemCount } from './spec.js';
import type { Degradations, InvoiceSpec } from './spec.js';

export async function openBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Font families fontconfig knows, for skipping a listed font that is not installed. */
export function installedFonts(): Set<string> {
  const r = spawnSync('fc-list', [':', 'family'], { encoding: 'utf8' });
  return new Set(
    (r.stdout ?? '')
      .split('\n')
      .flatMap((l) => l.split(',').map((x) => x.trim()))
      .filter(Boolean),
  );
}

export interface TextLine {
  text: string;
  bbox: [number, number, number, number];
}

export interface Truth {
  schema: 'invoicegen/truth@1';
  generator: string;
  id: string;
  split: string;
  family: string;
  layout: InvoiceSpec['layout'];
  template: string;
  kind: string;
  format: 'png' | 'jpeg' | 'pdf';
  file: string;
  pdf_text_layer?: boolean;
  pages: number;
  dpi: number;
  image_size: [number, number];
  degradations: Degradations | null;
  clean_render_dpi: number;
  text_line_bbox_space: string;
  language: InvoiceSpec['language'];
  direction: InvoiceSpec['direction'];
  table_direction: InvoiceSpec['direction'];
  country: string;
  fonts: { latin: string; arabic: string };
  styles: { digits: string; number_format: string; date_format: string; currency_display: string };
  fields: Record<string, unknown>;
  rendered: Rendered;
  text_lines: TextLine[];
}

/** The normalized values an extractor must output: the samples' `fields`. */
export function truthFields(s: InvoiceSpec): Record<string, unknown> {
  const f = 10 ** s.currency.decimals;
  const sub = subtotalMinor(s);
  const tax = taxMinor(s);
  const ar = s.language === 'ar';
  const fields: Record<string, unknown> = {
    invoice_number: s.invoiceNumber,
    issue_date: s.issueDate,
    due_date: s.dueDate,
    vendor_name: ar ? s.vendor.name[1] : s.vendor.name[0],
    customer_name: ar ? s.customer.name[1] : s.customer.name[0],
    currency: s.currency.code,
    subtotal: sub / f,
    tax_rate: s.taxRate,
    tax: tax / f,
    total: (sub + tax) / f,
    line_items: s.items.map((i) => ({
      description: ar ? i.description[1] : i.description[0],
      quantity: i.quantity,
      unit_price: i.unitMinor / f,
      line_total: i.totalMinor / f,
      ...(s.language === 'bi' ? { description_ar: i.description[1] } : {}),
    })),
  };
  if (s.vendor.taxId) fields.vendor_tax_id = s.vendor.taxId;
  if (s.language === 'bi') {
    fields.vendor_name_ar = s.vendor.name[1];
    fields.customer_name_ar = s.customer.name[1];
  }
  return fields;
}

async function textLines(page: Page, scale: number, rtl: boolean): Promise<TextLine[]> {
  const spans = await page.$$eval('.page .t', (els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { text: (e.textContent ?? '').trim(), x0: r.left, y0: r.top, x1: r.right, y1: r.bottom };
    }),
  );
  type Line = { items: typeof spans; y0: number; y1: number };
  const lines: Line[] = [];
  for (const sp of [...spans].filter((x) => x.text && x.x1 > x.x0).sort((a, b) => a.y0 - b.y0)) {
    const mid = (sp.y0 + sp.y1) / 2;
    const line = lines.find((l) => mid >= l.y0 && mid <= l.y1);
    if (line) {
      line.items.push(sp);
      line.y0 = Math.min(line.y0, sp.y0);
      line.y1 = Math.max(line.y1, sp.y1);
    } else lines.push({ items: [sp], y0: sp.y0, y1: sp.y1 });
  }
  return lines
    .sort((a, b) => a.y0 - b.y0)
    .map((l) => {
      const items = [...l.items].sort((a, b) => (rtl ? b.x0 - a.x0 : a.x0 - b.x0));
      const box = (k: 'x0' | 'y0' | 'x1' | 'y1', m: (...n: number[]) => number): number =>
        Math.round(m(...items.map((i) => i[k])) * scale);
      return {
        text: items.map((i) => i.text).join(' '),
        bbox: [box('x0', Math.min), box('y0', Math.min), box('x1', Math.max), box('y1', Math.max)],
      };
    });
}

function gaussian(rng: Rng): number {
  return (rng.next() + rng.next() + rng.next() + rng.next() - 2) * 1.732;
}

/** Applies scan and photo degradations to a picture; returns the encoded file. */
export async function degrade(
  input: Buffer,
  d: Degradations | null,
  rng: Rng,
  format: 'png' | 'jpeg',
): Promise<{ data: Buffer; width: number; height: number }> {
  let buf = await sharp(input)
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .png({ compressionLevel: 1 })
    .toBuffer();
  if (d?.rotate_deg) {
    buf = await sharp(buf)
      .rotate(d.rotate_deg, { background: '#ffffff' })
      .png({ compressionLevel: 1 })
      .toBuffer();
  }
  let meta = await sharp(buf).metadata();
  const w = meta.width ?? 1;
  const h = meta.height ?? 1;
  const overlays: OverlayOptions[] = [];
  if (d?.paper_tint) {
    const [r, g, b] = d.paper_tint;
    overlays.push({
      input: { create: { width: w, height: h, channels: 3, background: { r, g, b } } },
      blend: 'multiply',
    });
  }
  if (d?.shadow) {
    const a = (d.shadow.angle_deg * Math.PI) / 180;
    const x = 50 + 50 * Math.cos(a);
    const y = 50 + 50 * Math.sin(a);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs><linearGradient id="g" x1="${x}%" y1="${y}%" x2="${100 - x}%" y2="${100 - y}%"><stop offset="0" stop-color="#000" stop-opacity="${d.shadow.strength}"/><stop offset="0.7" stop-color="#000" stop-opacity="0"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`;
    overlays.push({ input: Buffer.from(svg), blend: 'over' });
  }
  if (overlays.length) buf = await sharp(buf).composite(overlays).png({ compressionLevel: 1 }).toBuffer();
  if (d?.blur_sigma && d.blur_sigma >= 0.3)
    buf = await sharp(buf).blur(d.blur_sigma).png({ compressionLevel: 1 }).toBuffer();
  let img = sharp(buf);
  if (d?.noise_sigma) {
    const { data, info } = await sharp(buf).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const sigma = d.noise_sigma;
    for (let p = 0; p < info.width * info.height; p++) {
      const n = gaussian(rng) * sigma;
      for (let c = 0; c < info.channels; c++) {
        const i = p * info.channels + c;
        data[i] = Math.max(0, Math.min(255, (data[i] ?? 0) + n));
      }
    }
    img = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  }
  const data =
    format === 'jpeg'
      ? await img.jpeg({ quality: d?.jpeg_quality ?? 90 }).toBuffer()
      : await img.png().toBuffer();
  meta = await sharp(data).metadata();
  return { data, width: meta.width ?? w, height: meta.height ?? h };
}

/** A PDF whose pages are JPEG pictures only: no text layer. */
export function imagePdf(
  pages: { jpeg: Buffer; width: number; height: number; dpi: number; gray: boolean }[],
): Buffer {
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let size = 0;
  const push = (b: Buffer | string): void => {
    const buf = typeof b === 'string' ? Buffer.from(b, 'latin1') : b;
    parts.push(buf);
    size += buf.length;
  };
  const obj = (n: number, body: () => void): void => {
    offsets[n] = size;
    push(`${n} 0 obj\n`);
    body();
    push('\nendobj\n');
  };
  push('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n');
  const n = pages.length;
  obj(1, () => push('<< /Type /Catalog /Pages 2 0 R >>'));
  obj(2, () =>
    push(`<< /Type /Pages /Count ${n} /Kids [${pages.map((_, i) => `${3 + i * 3} 0 R`).join(' ')}] >>`),
  );
  pages.forEach((p, i) => {
    const [po, co, io] = [3 + i * 3, 4 + i * 3, 5 + i * 3];
    const w = ((p.width * 72) / p.dpi).toFixed(2);
    const h = ((p.height * 72) / p.dpi).toFixed(2);
    const content = `q ${w} 0 0 ${h} 0 0 cm /Im0 Do Q`;
    obj(po, () =>
      push(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${w} ${h}] /Resources << /XObject << /Im0 ${io} 0 R >> >> /Contents ${co} 0 R >>`,
      ),
    );
    obj(co, () => push(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`));
    obj(io, () => {
      push(
        `<< /Type /XObject /Subtype /Image /Width ${p.width} /Height ${p.height} /ColorSpace /${p.gray ? 'DeviceGray' : 'DeviceRGB'} /BitsPerComponent 8 /Filter /DCTDecode /Length ${p.jpeg.length} >>\nstream\n`,
      );
      push(p.jpeg);
      push('\nendstream');
    });
  });
  const xref = size;
  const count = 3 + n * 3;
  push(`xref\n0 ${count}\n0000000000 65535 f \n`);
  for (let i = 1; i < count; i++) push(`${String(offsets[i]).padStart(10, '0')} 00000 n \n`);
  push(`trailer\n<< /Size ${count} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts);
}

function photoCss(d: Degradations): string {
  const p = d.perspective;
  if (!p) return '';
  const tint = d.paper_tint ? `rgb(${d.paper_tint.join(',')})` : '#fff';
  const a = d.shadow?.angle_deg ?? 0;
  const st = d.shadow?.strength ?? 0.2;
  return `.desk{background:${p.background};width:${PAGE_W}px;height:${PAGE_H}px;overflow:hidden;perspective:1800px;position:relative}
.page{background:${tint};transform:rotateX(${p.rx}deg) rotateY(${p.ry}deg) rotateZ(${p.rz}deg) scale(${p.scale});transform-origin:50% 50%;box-shadow:0 10px 40px rgba(0,0,0,.55)}
.light{display:block;position:absolute;inset:0;pointer-events:none;background:linear-gradient(${a}deg,rgba(0,0,0,${st}) 0%,rgba(0,0,0,0) 55%,rgba(255,255,255,.12) 100%)}`;
}

export interface RenderResult {
  truth: Truth;
  bytes: number;
}

/** Renders one document into `outDir` as `<id>.<ext>` with `<id>.json`. */
export async function renderDocument(
  browser: Browser,
  spec0: InvoiceSpec,
  outDir: string,
): Promise<RenderResult> {
  let spec = spec0;
  const scale = spec.kind === 'pdf_text' ? 300 / 96 : spec.dpi / 96;
  const context = await browser.newContext({
    viewport: { width: PAGE_W, height: PAGE_H },
    deviceScaleFactor: scale,
  });
  try {
    const page = await context.newPage();
    let built = buildInvoice(spec);
    for (;;) {
      await page.setContent(built.html, { waitUntil: 'load' });
      await page.evaluate('document.fonts.ready.then(() => undefined)');
      if (spec.multiPage) break;
      const height = await page.$eval('.page', (e) => e.scrollHeight);
      if (height <= PAGE_H || spec.items.length <= 1) break;
      // One page: drop items until the invoice fits; the totals follow the items kept.
      spec = withItemCount(spec, spec.items.length - 1);
      built = buildInvoice(spec);
    }
    const lines = await textLines(page, scale, spec.direction === 'rtl');
    const rng = createRng((spec.dpi * 7919 + spec.items.length * 104729 + spec.invoiceNumber.length) >>> 0);
    let format: Truth['format'];
    let file: string;
    let imageSize: [number, number] = [Math.round(PAGE_W * scale), Math.round(PAGE_H * scale)];
    let pages = 1;
    let bytes: Buffer;
    let textLayer: boolean | undefined;
    if (spec.kind.startsWith('pdf')) {
      format = 'pdf';
      file = `${spec.id}.pdf`;
      await page.emulateMedia({ media: 'print' });
      const pdf = await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
      if (spec.kind === 'pdf_text') {
        bytes = pdf;
        textLayer = true;
        const info = spawnSync('pdfinfo', ['-'], { input: pdf, encoding: 'latin1' });
        pages = Number(/Pages:\s+(\d+)/.exec(info.stdout ?? '')?.[1] ?? 1);
      } else {
        textLayer = false;
        const tmp = mkdtempSync(join(tmpdir(), 'corpus-'));
        try {
          writeFileSync(join(tmp, 'in.pdf'), pdf);
          spawnSync('pdftoppm', ['-r', String(spec.dpi), '-png', join(tmp, 'in.pdf'), join(tmp, 'p')]);
          const files = readdirSync(tmp)
            .filter((f) => f.startsWith('p') && f.endsWith('.png'))
            .sort();
          const imgs = [];
          for (const f of files) {
            const d = await degrade(readFileSync(join(tmp, f)), spec.degradations, rng, 'jpeg');
            imgs.push({ jpeg: d.data, width: d.width, height: d.height, dpi: spec.dpi, gray: false });
          }
          const first = imgs[0];
          if (first) imageSize = [first.width, first.height];
          pages = imgs.length;
          bytes = imagePdf(imgs);
        } finally {
          rmSync(tmp, { recursive: true, force: true });
        }
      }
    } else {
      const photo = spec.degradations?.perspective ? photoCss(spec.degradations) : '';
      if (photo) await page.addStyleTag({ content: photo });
      const shot = await page.screenshot({
        clip: { x: 0, y: 0, width: PAGE_W, height: PAGE_H },
        type: 'png',
      });
      format = spec.kind.startsWith('jpeg') ? 'jpeg' : 'png';
      file = `${spec.id}.${format === 'jpeg' ? 'jpg' : 'png'}`;
      // The photo's tint and light are drawn by the page itself; sharp adds the camera's blur, noise and JPEG.
      const d =
        photo && spec.degradations
          ? { ...spec.degradations, paper_tint: undefined, shadow: undefined }
          : spec.degradations;
      const out = await degrade(shot, d, rng, format);
      bytes = out.data;
      imageSize = [out.width, out.height];
    }
    writeFileSync(join(outDir, file), bytes);
    const truth: Truth = {
      schema: 'invoicegen/truth@1',
      generator: 'bench/ocr/generate',
      id: spec.id,
      split: spec.split,
      family: spec.family,
      layout: spec.layout,
      template: spec.family,
      kind: spec.multiPage ? `${spec.kind}_multipage` : spec.kind,
      format,
      file,
      ...(textLayer === undefined ? {} : { pdf_text_layer: textLayer }),
      pages,
      dpi: spec.kind === 'pdf_text' ? 300 : spec.dpi,
      image_size: imageSize,
      degradations: spec.degradations,
      clean_render_dpi: Math.round(scale * 96),
      text_line_bbox_space:
        'clean render pixels at clean_render_dpi (before any degradation); multi-page documents: the page laid out as one long page',
      language: spec.language,
      direction: spec.direction,
      table_direction: spec.tableDirection,
      country: spec.country,
      fonts: spec.fonts,
      styles: {
        digits: spec.digits,
        number_format: spec.numberFormat,
        date_format: spec.dateFormat,
        currency_display: spec.currencyDisplay,
      },
      fields: truthFields(spec),
      rendered: built.rendered,
      text_lines: lines,
    };
    writeFileSync(join(outDir, `${spec.id}.json`), JSON.stringify(truth, null, 1) + '\n');
    return { truth, bytes: bytes.length };
  } finally {
    await context.close();
  }
}
