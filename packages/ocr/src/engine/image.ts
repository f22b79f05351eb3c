import sharp from 'sharp';
import type { Metadata } from 'sharp';
import { OcrError } from '../errors.js';

/** Above this many pixels an image is refused before it is decoded (an A4 page at 600 dpi is 35 MP). */
export const MAX_INPUT_PIXELS = 60_000_000;
/** Longest side handed to the engine: more costs time without helping letters of invoice sizes. */
const MAX_SIDE = 4000;

sharp.cache(false);
sharp.concurrency(1);

export interface PreparedImage {
  png: Buffer;
  width: number;
  height: number;
  /** Scale applied to the original (boxes are fractions, so only for diagnostics). */
  scale: number;
}

export interface PrepareOptions {
  /** Scale small images up so that text reaches the size the engine reads best. */
  minWidth?: number;
  maxSide?: number;
  /** Stretch contrast and sharpen: helps blurred, grey scans. */
  enhance?: boolean;
  /** Global threshold after flattening uneven light; helps some photos and hurts clean pages. */
  binarize?: boolean;
}

export async function imageSize(bytes: Uint8Array): Promise<{ width: number; height: number }> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (e) {
    throw new OcrError('CORRUPT_FILE', 'The image could not be read: it is damaged or incomplete.', {
      cause: e,
    });
  }
  const width = meta.autoOrient?.width ?? meta.width ?? 0;
  const height = meta.autoOrient?.height ?? meta.height ?? 0;
  if (!width || !height) throw new OcrError('CORRUPT_FILE', 'The image has no size: it is damaged.');
  if (width * height > MAX_INPUT_PIXELS) {
    throw new OcrError(
      'IMAGE_TOO_LARGE',
      `The image is ${width} x ${height} pixels; at most ${MAX_INPUT_PIXELS / 1e6} megapixels are accepted.`,
    );
  }
  return { width, height };
}

/** Decodes, orients, greys and resizes an image into the PNG the engine reads. */
export async function prepareImage(bytes: Uint8Array, opts: PrepareOptions = {}): Promise<PreparedImage> {
  const { width, height } = await imageSize(bytes);
  const maxSide = opts.maxSide ?? MAX_SIDE;
  let scale = 1;
  if (opts.minWidth && width < opts.minWidth) scale = Math.min(3, opts.minWidth / width);
  if (Math.max(width, height) * scale > maxSide) scale = maxSide / Math.max(width, height);
  try {
    let img = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .autoOrient()
      .flatten({ background: '#ffffff' })
      .grayscale();
    if (scale !== 1) {
      img = img.resize({ width: Math.round(width * scale), kernel: scale > 1 ? 'lanczos3' : 'lanczos3' });
    }
    if (opts.enhance) img = img.normalise({ lower: 1, upper: 99 }).sharpen({ sigma: 1 });
    if (opts.binarize) img = img.normalise().threshold(160);
    const { data, info } = await img.png({ compressionLevel: 1 }).toBuffer({ resolveWithObject: true });
    return { png: data, width: info.width, height: info.height, scale };
  } catch (e) {
    if (e instanceof OcrError) throw e;
    const msg = e instanceof Error ? e.message : String(e);
    if (/pixel limit/i.test(msg)) {
      throw new OcrError('IMAGE_TOO_LARGE', 'The image has too many pixels to be read safely.', { cause: e });
    }
    throw new OcrError('CORRUPT_FILE', 'The image could not be decoded: it is damaged or incomplete.', {
      cause: e,
    });
  }
}
