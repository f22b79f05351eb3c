// Builders of hostile and synthetic inputs, so that the tests need no large binary fixtures.
import { deflateSync } from 'node:zlib';

/** A minimal valid PDF: `pages` pages, each with one line of Helvetica text, and a correct xref table. */
export function makePdf(pages: number, text: (page: number) => string, extraTrailer = ''): Buffer {
  const objects: string[] = [];
  const pageIds: number[] = [];
  // 1: catalog, 2: pages tree, 3: font, then a page and its content stream per page.
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
  for (let p = 1; p <= pages; p++) {
    const pageId = 2 + p * 2;
    const contentId = pageId + 1;
    pageIds.push(pageId);
    const stream = `BT /F1 14 Tf 72 720 Td (${text(p).replace(/[()\\]/g, '')}) Tj ET`;
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${contentId} 0 R >>`;
    objects[contentId] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  }
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((i) => `${i} 0 R`).join(' ')}] /Count ${pages} >>`;
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let i = 1; i < objects.length; i++) {
    offsets[i] = Buffer.byteLength(out, 'latin1');
    out += `${i} 0 obj\n${objects[i] ?? 'null'}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let i = 1; i < objects.length; i++) out += `${String(offsets[i] ?? 0).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R ${extraTrailer}>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/**
 * A PDF encrypted with a user password we do not know: the standard security handler with an /O and
 * /U that no empty password opens, which is what a password-protected invoice looks like to a reader.
 */
export function makeEncryptedPdf(): Buffer {
  const base = makePdf(1, () => 'Secret invoice').toString('latin1');
  const hex = (n: number): string =>
    Array.from({ length: n }, (_, i) => ((i * 37 + 11) & 0xff).toString(16).padStart(2, '0')).join('');
  const enc = `<< /Filter /Standard /V 1 /R 2 /O <${hex(32)}> /U <${hex(32)}> /P -44 >>`;
  // Append the encryption dictionary as a new object and point the trailer at it.
  const xrefAt = base.indexOf('xref\n');
  const size = Number(/\/Size (\d+)/.exec(base)?.[1]);
  const body = base.slice(0, xrefAt) + `${size} 0 obj\n${enc}\nendobj\n`;
  const rebuilt = makeXref(body, size + 1, `/Encrypt ${size} 0 R /ID [<${hex(16)}> <${hex(16)}>] `);
  return Buffer.from(rebuilt, 'latin1');
}

function makeXref(body: string, size: number, extra: string): string {
  const offsets: number[] = [];
  const re = /(\d+) 0 obj\n/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(body))) offsets[Number(m[1])] = m.index;
  let out = body;
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${size}\n0000000000 65535 f \n`;
  for (let i = 1; i < size; i++) out += `${String(offsets[i] ?? 0).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${size} /Root 1 0 R ${extra}>>\nstartxref\n${xref}\n%%EOF\n`;
  return out;
}

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

/**
 * A real, valid 1-bit white PNG of any size: a decompression bomb of `width` x `height` pixels in a
 * file of a few hundred kilobytes. Rows are compressed in pieces so the test never holds the image.
 */
export function makeHugePng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const rowBytes = 1 + Math.ceil(width / 8);
  const row = Buffer.alloc(rowBytes, 0xff);
  row[0] = 0;
  const rowsPerPiece = Math.max(1, Math.floor((8 * 1024 * 1024) / rowBytes));
  const piece = Buffer.concat(Array.from({ length: rowsPerPiece }, () => row));
  // Identical pieces compress identically, but one zlib stream must cover all rows: build it once with
  // a sync flush per piece is not possible here, so compress the whole stream lazily in one go from a
  // repeated buffer (about 112 MB for 30000 x 30000, freed at once).
  const pieces = Math.ceil(height / rowsPerPiece);
  const all = Buffer.concat([
    ...Array.from({ length: pieces - 1 }, () => piece),
    piece.subarray(0, (height - (pieces - 1) * rowsPerPiece) * rowBytes),
  ]);
  const idat = deflateSync(all, { level: 9 });
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([sig, chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}
