import { fileTypeFromBuffer } from 'file-type';
import { OcrError } from './errors.js';

export type DocumentKind = 'pdf' | 'jpeg' | 'png' | 'webp';

const KINDS: Record<string, DocumentKind> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** Decides the document type from its bytes; the name and the declared type are not trusted. */
export async function detectKind(bytes: Uint8Array): Promise<{ kind: DocumentKind; mime: string }> {
  if (!bytes.length) throw new OcrError('EMPTY_FILE', 'The file is empty.');
  const ft = await fileTypeFromBuffer(bytes).catch(() => undefined);
  // file-type wants the PDF header at offset 0; writers that put a few junk bytes first are tolerated.
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  if (!ft && head.includes('%PDF-')) return { kind: 'pdf', mime: 'application/pdf' };
  const kind = ft ? KINDS[ft.mime] : undefined;
  if (!ft || !kind) {
    const what = ft ? `a ${ft.ext.toUpperCase()} file` : 'not an image or a PDF';
    throw new OcrError('UNSUPPORTED_FILE', `The file is ${what}; JPG, PNG, WEBP and PDF are accepted.`);
  }
  return { kind, mime: ft.mime };
}
