import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeImage, makeLargeImage, makePdf } from '../../test/fixtures';
import { MAX_IMAGE_PIXELS, UploadRejected, inspectUpload, renderFirstPdfPage } from './inspect-upload';

const inch = 72;
const sizeOf = async (png: Buffer) => {
  const { width = 0, height = 0 } = await sharp(png).metadata();
  return { width, height };
};

describe('the upload check', () => {
  it('renders a PDF page of any size at most 1600 px on its longest side', async () => {
    const poster = await renderFirstPdfPage(makePdf('Poster', { width: 40 * inch, height: 30 * inch }));
    expect(await sizeOf(poster)).toEqual({ width: 1600, height: 1200 });
    // A few hundred bytes that would be a 22,000-pixel page at screen resolution.
    const huge = makePdf('Huge', { width: 200 * inch, height: 200 * inch });
    expect(await sizeOf(await renderFirstPdfPage(huge))).toEqual({ width: 1600, height: 1600 });
    const inspected = await inspectUpload(huge);
    expect(inspected.kind).toBe('pdf');
    expect((await sizeOf(inspected.preview)).width).toBe(1600);
  });

  it('refuses a picture of more pixels than an invoice scan has, and accepts a 600 dpi A4 scan', async () => {
    const tooMany = await makeLargeImage(7000, 6000);
    const refused = await inspectUpload(tooMany).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(UploadRejected);
    expect(refused).toMatchObject({
      reason: 'too-large',
      message:
        'The picture is 7000 x 6000 pixels (42.0 megapixels); at most 40 megapixels are accepted ' +
        '(a page scanned at 600 dpi is about 35).',
    });
    expect(MAX_IMAGE_PIXELS).toBe(40_000_000);
    // A4 at 600 dpi: 4961 x 7016 pixels.
    const a4 = await inspectUpload(await makeLargeImage(4961, 7016));
    expect(a4.kind).toBe('png');
    expect(await sizeOf(a4.preview)).toEqual({ width: 1600, height: 2263 });
  });

  it('still reads ordinary pictures', async () => {
    const jpeg = await inspectUpload(await makeImage('jpeg'));
    expect(jpeg).toMatchObject({ kind: 'jpeg', mime: 'image/jpeg', ext: 'jpg' });
  });
});
