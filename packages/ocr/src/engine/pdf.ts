import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { OcrError } from '../errors.js';
import type { PageWords, Word } from '../layout.js';
import { visualToLogical } from '../text.js';
import { run } from './exec.js';
import type { Budget } from './exec.js';

export interface PdfInfo {
  pages: number;
  /** Size in points of the pages asked for, by page number. */
  sizes: Map<number, { w: number; h: number }>;
}

/** Page count, or the error that explains why the PDF cannot be opened. */
export async function pdfInfo(path: string, budget: Budget, lastPage = 1): Promise<PdfInfo> {
  const r = await run('pdfinfo', ['-f', '1', '-l', String(lastPage), path], budget);
  const text = r.stdout.toString('utf8');
  if (r.code !== 0) {
    if (/password|encrypt/i.test(r.stderr)) {
      throw new OcrError(
        'ENCRYPTED_PDF',
        'The PDF is protected by a password; remove the password and upload it again.',
      );
    }
    throw new OcrError('CORRUPT_FILE', 'The PDF could not be opened: it is damaged or incomplete.');
  }
  const pages = Number(/^Pages:\s+(\d+)/m.exec(text)?.[1] ?? '0');
  if (!pages) throw new OcrError('CORRUPT_FILE', 'The PDF has no pages.');
  const sizes = new Map<number, { w: number; h: number }>();
  for (const m of text.matchAll(/^Page\s+(\d+) size:\s+([\d.]+) x ([\d.]+)/gm)) {
    sizes.set(Number(m[1]), { w: Number(m[2]), h: Number(m[3]) });
  }
  const one = /^Page size:\s+([\d.]+) x ([\d.]+)/m.exec(text);
  if (one && !sizes.size) sizes.set(1, { w: Number(one[1]), h: Number(one[2]) });
  return { pages, sizes };
}

function unescapeXml(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/** Words and boxes of the text layer of pages first..last (in PDF points). */
export async function pdfTextLayer(
  path: string,
  first: number,
  last: number,
  budget: Budget,
): Promise<PageWords[]> {
  const r = await run(
    'pdftotext',
    ['-bbox-layout', '-f', String(first), '-l', String(last), path, '-'],
    budget,
  );
  if (r.code !== 0) {
    if (/password|encrypt|copying/i.test(r.stderr)) return [];
    throw new OcrError('CORRUPT_FILE', 'The PDF text could not be read: the file is damaged.');
  }
  const html = r.stdout.toString('utf8');
  const pages: PageWords[] = [];
  const pageRe = /<page width="([\d.]+)" height="([\d.]+)">([\s\S]*?)<\/page>/g;
  let pm: RegExpExecArray | null;
  let n = first;
  while ((pm = pageRe.exec(html))) {
    const words: Word[] = [];
    const body = pm[3] ?? '';
    const lineRe = /<line [^>]*>([\s\S]*?)<\/line>/g;
    let lm: RegExpExecArray | null;
    let li = 0;
    while ((lm = lineRe.exec(body))) {
      const wordRe =
        /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([\s\S]*?)<\/word>/g;
      let wm: RegExpExecArray | null;
      while ((wm = wordRe.exec(lm[1] ?? ''))) {
        words.push({
          text: visualToLogical(unescapeXml(wm[5] ?? '')),
          conf: 0.99,
          x0: Number(wm[1]),
          y0: Number(wm[2]),
          x1: Number(wm[3]),
          y1: Number(wm[4]),
          lineKey: `${n}.${li}`,
        });
      }
      li++;
    }
    pages.push({ page: n, width: Number(pm[1]), height: Number(pm[2]), words });
    n++;
  }
  return pages;
}

/** Renders one page to a grey PNG, its longest side capped so that odd page sizes cannot explode. */
export async function renderPage(
  path: string,
  page: number,
  dpi: number,
  maxSide: number,
  size: { w: number; h: number } | undefined,
  budget: Budget,
): Promise<Buffer> {
  const longest = Math.max(size?.w ?? 842, size?.h ?? 842, 1);
  const res = Math.max(10, Math.min(dpi, Math.floor((maxSide * 72) / longest)));
  // JPEG at high quality: PNG compression of a noisy 300 dpi page costs more than the OCR itself.
  const args = [
    '-f',
    String(page),
    '-l',
    String(page),
    '-r',
    String(res),
    '-gray',
    '-jpeg',
    '-jpegopt',
    'quality=95',
    path,
  ];
  const r = await run('pdftoppm', args, budget);
  if (r.code !== 0 || !r.stdout.length) {
    throw new OcrError('CORRUPT_FILE', `Page ${page} of the PDF could not be rendered.`);
  }
  return r.stdout;
}

/**
 * The scan inside an image-only page, as stored (a JPEG stays a JPEG): milliseconds, where rendering the
 * page costs seconds. Only when the page holds exactly one image of scan resolution; else null.
 */
export async function extractPageScan(
  path: string,
  page: number,
  dir: string,
  budget: Budget,
): Promise<Buffer | null> {
  const list = await run('pdfimages', ['-list', '-f', String(page), '-l', String(page), path], budget);
  if (list.code !== 0) return null;
  const rows = list.stdout
    .toString('utf8')
    .split('\n')
    .slice(2)
    .map((l) => l.trim().split(/\s+/))
    .filter((c) => c.length >= 14 && c[0] === String(page));
  const images = rows.filter((c) => c[2] === 'image');
  if (images.length !== 1 || rows.some((c) => c[2] === 'stencil')) return null;
  const ppi = Number(images[0]?.[12]);
  if (!(ppi >= 100 && ppi <= 1200)) return null;
  const prefix = join(dir, `scan-${page}`);
  const r = await run('pdfimages', ['-all', '-f', String(page), '-l', String(page), path, prefix], budget);
  if (r.code !== 0) return null;
  const file = (await readdir(dir)).find((f) => f.startsWith(`scan-${page}-`) && /\.(jpg|png|tif)$/.test(f));
  return file ? readFile(join(dir, file)) : null;
}
