import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import sharp from 'sharp';

const run = promisify(execFile);

/** Bidirectional formatting characters pdftotext puts around right-to-left runs. */
const bidiControls = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

const withPdfFile = async <T>(pdf: Buffer, work: (file: string, dir: string) => Promise<T>): Promise<T> => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-test-'));
  const file = path.join(dir, 'document.pdf');
  fs.writeFileSync(file, pdf);
  try {
    return await work(file, dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
};

/**
 * The text of a PDF as poppler's pdftotext reads it (what a reader copies or searches): logical order,
 * Arabic as its letters, spaces of every kind as one space, without bidirectional marks.
 */
export const pdfText = (pdf: Buffer): Promise<string> =>
  withPdfFile(pdf, async (file) => {
    const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-']);
    return stdout.replace(bidiControls, '').replace(/[\u00a0\u202f\s]+/g, ' ');
  });

/** How many pages a PDF has (pdfinfo). */
export const pdfPageCount = (pdf: Buffer): Promise<number> =>
  withPdfFile(pdf, async (file) => {
    const { stdout } = await run('pdfinfo', [file]);
    return Number(/^Pages:\s+(\d+)/m.exec(stdout)?.[1] ?? 0);
  });

/** The first page drawn as a PNG at `dpi` (pdftoppm), as a camera would see the printed page. */
export const pdfPagePng = (pdf: Buffer, dpi = 150): Promise<Buffer> =>
  withPdfFile(pdf, async (file, dir) => {
    await run('pdftoppm', [
      '-png',
      '-r',
      String(dpi),
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      file,
      path.join(dir, 'page'),
    ]);
    return fs.readFileSync(path.join(dir, 'page.png'));
  });

/** The text of the QR code found on a picture, as a phone's reader would read it; null when there is none. */
export const readQrCode = async (png: Buffer): Promise<string | null> => {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const found = jsQR(
    new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
    info.width,
    info.height,
  );
  return found?.data ?? null;
};
