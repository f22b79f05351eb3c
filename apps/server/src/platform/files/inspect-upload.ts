import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

export type UploadKind = 'jpeg' | 'png' | 'webp' | 'pdf';

export interface InspectedUpload {
  kind: UploadKind;
  mime: string;
  ext: string;
  /** A WEBP picture of the image, or of a PDF's first page, at most 1600 px wide. */
  preview: Buffer;
}

export class UploadRejected extends Error {
  constructor(
    readonly reason: 'type' | 'unreadable',
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
export const sniffKind = (bytes: Uint8Array): UploadKind | null => {
  const b = Buffer.from(bytes.subarray(0, 16));
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'webp';
  if (b.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  return null;
};

// Larger pictures than this are refused before decoding (a 30,000 x 30,000 bomb is 900 megapixels).
const MAX_PIXELS = 80_000_000;
const PDF_RENDER_TIMEOUT_MS = 20_000;

const previewOf = (input: Buffer) =>
  sharp(input, { limitInputPixels: MAX_PIXELS })
    .rotate()
    .flatten({ background: '#ffffff' })
    .resize({ width: 1600, withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();

const renderFirstPdfPage = async (bytes: Uint8Array): Promise<Buffer> => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'invoice-pdf-'));
  try {
    const input = path.join(dir, 'in.pdf');
    await fs.writeFile(input, bytes);
    const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(
        'pdftoppm',
        ['-f', '1', '-l', '1', '-r', '110', '-png', '-singlefile', input, path.join(dir, 'page')],
        {
          stdio: ['ignore', 'ignore', 'pipe'],
        },
      );
      let err = '';
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      const timer = setTimeout(() => child.kill('SIGKILL'), PDF_RENDER_TIMEOUT_MS);
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
    return await fs.readFile(path.join(dir, 'page.png'));
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
};

/** Checks that an upload is a JPG, PNG, WEBP or PDF that really decodes, and makes its preview. */
export const inspectUpload = async (bytes: Uint8Array): Promise<InspectedUpload> => {
  const kind = sniffKind(bytes);
  if (!kind) throw new UploadRejected('type', 'Not a JPG, PNG, WEBP or PDF file.');
  try {
    const source = kind === 'pdf' ? await renderFirstPdfPage(bytes) : Buffer.from(bytes);
    return { kind, ...KINDS[kind], preview: await previewOf(source) };
  } catch (error) {
    if (error instanceof UploadRejected) throw error;
    throw new UploadRejected('unreadable', 'The file could not be read as an image or PDF.');
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
