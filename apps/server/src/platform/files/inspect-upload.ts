import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

type UploadKind = 'jpeg' | 'png' | 'webp' | 'pdf';

export interface InspectedUpload {
  kind: UploadKind;
  mime: string;
  ext: string;
  /** A WEBP picture of the image, or of a PDF's first page, at most 1600 px wide. */
  preview: Buffer;
}

export class UploadRejected extends Error {
  constructor(
    readonly reason: 'type' | 'unreadable' | 'too-large',
    message: string,
  ) {
    super(message);
  }
}

const KINDS: Record<UploadKind, { mime: string; ext: string }> = {
  jpeg: { mime: 'image/jpeg', ext: 'jpg' },
  png: { mime: 'image/png', ext: 'png' },
  webp: { mime: 'image/webp', ext: 'webp' },
  pdf: { mime: 'application/pdf', ext: 'pdf' },
};

/** The type of a file from its first bytes; the name and the declared type are not trusted. */
const sniffKind = (bytes: Uint8Array): UploadKind | null => {
  const b = Buffer.from(bytes.subarray(0, 16));
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'webp';
  if (b.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  return null;
};

/**
 * Pictures with more pixels are refused from their header, before decoding: an A4 page scanned at 600 dpi
 * is 35 megapixels, and every megapixel decoded costs about 4 MB and CPU time (79 MP took 1.3 s and 570 MB).
 */
export const MAX_IMAGE_PIXELS = 40_000_000;
/**
 * The longest side of a rendered PDF page, whatever the page's size (a 200-inch page at the 110 dpi of a
 * screen would be 22,000 px: 21 s and 1.5 GB). The preview is at most 1600 px wide anyway.
 */
const PDF_RENDER_MAX_SIDE = 1600;
const PDF_RENDER_TIMEOUT_MS = 20_000;

// Uploads run a few at a time (platform/work/heavy-work.ts), each on one libvips thread, so the cores are
// shared out by the limiter rather than by libvips; and no decoded picture is kept after its upload.
sharp.concurrency(1);
sharp.cache(false);

const megapixels = (n: number) => (n / 1_000_000).toFixed(1);

/** Refuses a picture whose header announces more pixels than an invoice scan needs, before decoding it. */
const checkPixels = async (input: Buffer) => {
  // Only the header is read: the size is known without decoding, whatever it is.
  const { width, height } = await sharp(input, { limitInputPixels: false }).metadata();
  if (!width || !height) throw new UploadRejected('unreadable', 'The picture has no size.');
  if (width * height > MAX_IMAGE_PIXELS) {
    throw new UploadRejected(
      'too-large',
      `The picture is ${width} x ${height} pixels (${megapixels(width * height)} megapixels); at most ` +
        `${MAX_IMAGE_PIXELS / 1_000_000} megapixels are accepted (a page scanned at 600 dpi is about 35).`,
    );
  }
};

export const previewOf = (input: Buffer) =>
  sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate()
    .flatten({ background: '#ffffff' })
    .resize({ width: 1600, withoutEnlargement: true })
    // The fastest encoding: a preview is made while the user waits for the upload to finish.
    .webp({ quality: 80, effort: 1 })
    .toBuffer();

/**
 * The first `pages` pages of a PDF as PNGs whose longest side is PDF_RENDER_MAX_SIDE: pdftoppm scales each
 * page to that size instead of rendering it at a resolution, so a huge page costs what a small one does.
 */
export const renderPdfPages = async (bytes: Uint8Array, pages: number): Promise<Buffer[]> => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'invoice-pdf-'));
  try {
    const input = path.join(dir, 'in.pdf');
    await fs.writeFile(input, bytes);
    const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(
        'pdftoppm',
        [
          '-f',
          '1',
          '-l',
          String(pages),
          '-scale-to',
          String(PDF_RENDER_MAX_SIDE),
          '-png',
          input,
          path.join(dir, 'page'),
        ],
        { stdio: ['ignore', 'ignore', 'pipe'] },
      );
      let err = '';
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      const timer = setTimeout(() => child.kill('SIGKILL'), PDF_RENDER_TIMEOUT_MS * pages);
      child.on('error', (e) => {
        clearTimeout(timer);
        resolve({ code: -1, stderr: e.message });
      });
      child.on('close', (c) => {
        clearTimeout(timer);
        resolve({ code: c, stderr: err });
      });
    });
    if (code !== 0) {
      if (/password|encrypt/i.test(stderr))
        throw new UploadRejected('unreadable', 'The PDF is protected by a password.');
      throw new UploadRejected('unreadable', 'The PDF could not be read: it is damaged or incomplete.');
    }
    // page-1.png, or page-01.png ... as the page count needs digits: in page order either way.
    const names = (await fs.readdir(dir)).filter((n) => /^page-\d+\.png$/.test(n));
    names.sort((x, y) => Number(/\d+/.exec(x)![0]) - Number(/\d+/.exec(y)![0]));
    return await Promise.all(names.map((n) => fs.readFile(path.join(dir, n))));
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
};

/** The first page of a PDF as a PNG (see renderPdfPages). */
export const renderFirstPdfPage = async (bytes: Uint8Array): Promise<Buffer> => {
  const [first] = await renderPdfPages(bytes, 1);
  if (!first) throw new UploadRejected('unreadable', 'The PDF has no page.');
  return first;
};

/**
 * Checks that an upload is a JPG, PNG, WEBP or PDF that really decodes, and makes its preview. This is heavy
 * work: callers run it through the heavy work limiter.
 */
export const inspectUpload = async (bytes: Uint8Array): Promise<InspectedUpload> => {
  const kind = sniffKind(bytes);
  if (!kind) throw new UploadRejected('type', 'Not a JPG, PNG, WEBP or PDF file.');
  try {
    const source = kind === 'pdf' ? await renderFirstPdfPage(bytes) : Buffer.from(bytes);
    if (kind !== 'pdf') await checkPixels(source);
    return { kind, ...KINDS[kind], preview: await previewOf(source) };
  } catch (error) {
    if (error instanceof UploadRejected) throw error;
    throw new UploadRejected('unreadable', 'It is damaged or incomplete.');
  }
};

/**
 * Decodes a data URL (or bare base64). Returns null when it is not base64. Checks the decoded size from the
 * text's length first, so an oversized upload is refused without decoding it.
 */
export const decodeDataUrl = (
  data: string,
  maxBytes: number,
): { bytes: Buffer; tooLarge: boolean } | null => {
  const comma = data.startsWith('data:') ? data.indexOf(',') : -1;
  if (data.startsWith('data:') && (comma < 0 || !data.slice(0, comma).includes(';base64'))) return null;
  const b64 = (comma >= 0 ? data.slice(comma + 1) : data).replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64)) return null;
  const padding = b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0;
  const size = (b64.length / 4) * 3 - padding;
  if (size > maxBytes) return { bytes: Buffer.alloc(0), tooLarge: true };
  return { bytes: Buffer.from(b64, 'base64'), tooLarge: false };
};
