import { z } from 'zod';
import sharp from 'sharp';
import { isOcrError, type OcrProgress as EngineProgress } from '@invoicing/ocr';
import type { OcrProgress, OcrStage } from '@invoicing/contract';
import { defineJob } from '../../platform/jobs/define-job';
import { previewOf, renderPdfPages } from '../../platform/files/inspect-upload';
import type { OrgScope } from '../../platform/db/org-scope';
import { refundCredits } from '../credits/credits.service';
import { attachmentKey } from '../attachments/attachments.storage';
import { findAttachment } from '../attachments/attachments.service';
import type { JobDeps } from '../../platform/jobs/job-deps';
import { ocrRepository } from './ocr.repository';
import type { StoredPage } from './ocr.table';
import { eventOf } from './ocr.wire';

/** Pages of a PDF read (and pictured for the review screen); later pages are skipped with a warning. */
const OCR_MAX_PAGES = 10;
/** The engine's budget for a whole document. */
const OCR_TIMEOUT_MS = 180_000;

/** Errors that are the file's, not ours: trying again reads the same file the same way. */
const fileErrors = new Set([
  'UNSUPPORTED_FILE',
  'EMPTY_FILE',
  'CORRUPT_FILE',
  'ENCRYPTED_PDF',
  'IMAGE_TOO_LARGE',
]);

type PageStage = Exclude<OcrStage, 'open' | 'extract' | 'second-look' | 'done'>;

/**
 * Where each stage falls within its page's share of the bar, in the order the engine runs them. Which stages
 * run depends on the page (the Arabic ones only on Arabic pages, the variants only in the advanced pipeline),
 * so a page may skip ahead; the digit reader runs after each reading, so it may also come back.
 */
const withinPage: Record<PageStage, number> = {
  'text-layer': 0.5,
  render: 0.05,
  preprocess: 0.08,
  recognize: 0.15,
  'recognize-faint': 0.25,
  'probe-arabic': 0.3,
  'recognize-arabic': 0.35,
  'reread-arabic': 0.45,
  'arabic-digits': 0.5,
  'recognize-bands': 0.55,
  'recognize-block': 0.6,
  'recognize-variant': 0.7,
  'recognize-second-engine': 0.8,
  'recognize-hires': 0.8,
};

/** Where in its work the engine is, as a share of the whole: pages take most of it. */
export const progressOf = (p: EngineProgress): OcrProgress => {
  // Every stage the engine names is one the pages have a name for.
  const stage: OcrStage = p.stage;
  let percent: number;
  if (stage === 'open') percent = 3;
  else if (stage === 'extract') percent = 88;
  else if (stage === 'second-look') percent = 93;
  else if (stage === 'done') percent = 99;
  else {
    const pages = Math.max(1, p.pages);
    const page = Math.min(Math.max(1, p.page), pages);
    percent = 5 + (80 * (page - 1 + withinPage[stage])) / pages;
  }
  return { stage, page: p.page, pages: p.pages, percent: Math.round(percent) };
};

/** The progress of one run as the user sees it: the bar never goes back, whatever order stages come in. */
export const progressReporter = () => {
  let highest = 0;
  return (p: EngineProgress): OcrProgress => {
    const progress = progressOf(p);
    highest = Math.max(highest, progress.percent);
    return { ...progress, percent: highest };
  };
};

const settleFailed = async (
  scope: OrgScope,
  deps: JobDeps,
  extractionId: string,
  error: { code: string; message: string },
) => {
  const ocr = ocrRepository(scope);
  const settled = await scope.run(async () => {
    if (!(await ocr.fail(extractionId, error))) return false;
    // Every failed run gives its credits back: the user has nothing to show for them.
    const refunded = await refundCredits(scope, extractionId);
    if (refunded > 0) await ocr.setRefunded(extractionId, refunded);
    return true;
  });
  if (settled) {
    const row = await ocr.find(extractionId);
    if (row) deps.events.publish(scope.organizationId, eventOf(row));
  }
};

/**
 * Pictures of the pages as the engine read them, stored for the review screen's boxes. The file's preview
 * made at upload is already the first page's picture; only a PDF's further pages are rendered.
 */
const storePages = async (
  scope: OrgScope,
  deps: JobDeps,
  file: { id: string; mime: string; previewKey: string | null },
  bytes: Buffer,
  extractionId: string,
  pageCount: number,
): Promise<StoredPage[]> => {
  const stored: StoredPage[] = [];
  const wanted = file.mime === 'application/pdf' ? Math.min(Math.max(1, pageCount), OCR_MAX_PAGES) : 1;
  const preview = file.previewKey ? await deps.files.get(file.previewKey) : null;
  if (preview && file.previewKey) {
    const { width = 0, height = 0 } = await sharp(preview).metadata();
    stored.push({ page: 1, key: file.previewKey, width, height });
  }
  if (stored.length === wanted) return stored;
  const pictures = file.mime === 'application/pdf' ? await renderPdfPages(bytes, wanted) : [bytes];
  for (const [i, picture] of pictures.entries()) {
    if (i < stored.length) continue;
    const webp = await previewOf(picture);
    const { width = 0, height = 0 } = await sharp(webp).metadata();
    const key = attachmentKey(scope.organizationId, file.id, `page-${extractionId}-${i + 1}.webp`);
    await deps.files.put(key, webp);
    stored.push({ page: i + 1, key, width, height });
  }
  return stored;
};

/**
 * Reads an uploaded invoice with the OCR engine and stores what it found. Progress is recorded and pushed
 * to the organization's pages as the engine reports it. A file the engine cannot read ends the run FAILED
 * at once; anything else (the engine broke, the worker stopped) is tried again, and when the tries are used
 * up the run ends FAILED. Every FAILED run gives its credits back.
 */
export const extractInvoiceFields = defineJob<{ organizationId: string; extractionId: string }, JobDeps>({
  name: 'ocr.extract',
  payload: z.object({ organizationId: z.uuid(), extractionId: z.uuid() }),
  retry: { limit: 2, delaySeconds: 5, backoff: true },
  expireInSeconds: Math.ceil(OCR_TIMEOUT_MS / 1000) + 120,
  heartbeatSeconds: 15,
  handler: async ({ payload, scope, signal, log }, deps) => {
    const ocr = ocrRepository(scope);
    const run = await ocr.find(payload.extractionId);
    if (!run || run.status !== 'PROCESSING') return { status: 'skipped', reason: 'settled already' };
    const file = await findAttachment(scope, run.attachmentId);
    const bytes = file ? await deps.files.get(file.storageKey) : null;
    if (!file || !bytes) {
      return { status: 'failed', code: 'FILE_MISSING', reason: 'The file is no longer stored.' };
    }

    let lastStage = '';
    const progressOfRun = progressReporter();
    const report = (p: EngineProgress) => {
      const progress = progressOfRun(p);
      deps.events.publish(scope.organizationId, { ...eventOf(run), progress });
      // The database hears of each new stage; the pages hear of every step.
      const key = `${p.stage}:${p.page}`;
      if (key === lastStage) return;
      lastStage = key;
      ocr
        .setProgress(run.id, progress)
        .catch((error: unknown) => log.warn({ err: error }, 'progress not saved'));
    };

    let result;
    try {
      result = await deps.heavyWork.run(scope.organizationId, () =>
        deps.ocr.recognize(
          { bytes, mime: file.mime, fileName: file.originalName },
          {
            pipeline: run.method,
            onProgress: report,
            signal,
            maxPages: OCR_MAX_PAGES,
            timeoutMs: OCR_TIMEOUT_MS,
          },
        ),
      );
    } catch (error) {
      if (isOcrError(error) && (fileErrors.has(error.code) || error.code === 'TIMEOUT')) {
        return { status: 'failed', code: error.code, reason: error.message };
      }
      // The engine broke or the worker is stopping: tried again.
      throw error;
    }

    const pages = await deps.heavyWork.run(scope.organizationId, () =>
      storePages(scope, deps, file, bytes, run.id, result.pages),
    );
    const finished = await ocr.finish(run.id, {
      confidenceScore: result.confidence_score,
      hasInvoiceData: result.has_invoice_data,
      fieldsJson: result.fields_json,
      rawText: result.raw_text,
      warnings: result.warnings,
      pages,
      durationMs: Math.round(result.duration_ms),
    });
    if (!finished) {
      // Settled meanwhile (given up by another worker after a lost heartbeat): its pictures are not kept.
      await Promise.all(pages.filter((p) => p.key !== file.previewKey).map((p) => deps.files.remove(p.key)));
      return { status: 'skipped', reason: 'settled meanwhile' };
    }
    const done = await ocr.find(run.id);
    if (done) deps.events.publish(scope.organizationId, eventOf(done));
    return { status: 'done' };
  },
  onGiveUp: async ({ payload, scope, reason, code }, deps) => {
    const message =
      code && code !== 'ENGINE_FAILED'
        ? reason
        : 'The OCR engine could not read this file. Your credits were returned; please try again.';
    await settleFailed(scope, deps, payload.extractionId, { code: code ?? 'ENGINE_FAILED', message });
  },
});
