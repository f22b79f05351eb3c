import type { OcrMethod } from '@invoicing/contract';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client';
import { describeError, translateFieldErrors } from '../../../lib/api-errors';
import { formatNumber } from '../../../lib/format';

interface UpgradeBody {
  message?: unknown;
  limit_type?: unknown;
  current_usage?: unknown;
  limit?: unknown;
  upgrade_options?: unknown;
}

function upgradeBody(error: ApiError): UpgradeBody {
  return typeof error.body === 'object' && error.body !== null ? (error.body as UpgradeBody) : {};
}

export function isCreditLimit(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    (error.code === 'CREDIT_LIMIT_REACHED' ||
      (error.status === 403 && upgradeBody(error).limit_type === 'ocr'))
  );
}

export function isStorageLimit(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    (error.code === 'STORAGE_LIMIT_REACHED' ||
      (error.status === 403 && upgradeBody(error).limit_type === 'storage'))
  );
}

/**
 * SPEC §8: the server's message followed by its buy-extra option, or our suggestion. The server speaks
 * English; another page language gets the code's message, the usage figures and our suggestion.
 */
function limitMessage(error: ApiError, kind: 'credits' | 'storage', t: TFunction, language: string): string {
  const body = upgradeBody(error);
  const options =
    typeof body.upgrade_options === 'object' && body.upgrade_options !== null
      ? (body.upgrade_options as Record<string, unknown>)
      : {};
  const offered = options[kind === 'credits' ? 'buy_extra_credits' : 'buy_extra_storage'];
  const suggestion = kind === 'credits' ? t('ocr:errors.considerCredits') : t('ocr:upload.considerStorage');
  const template = kind === 'credits' ? 'ocr:errors.creditLimit' : 'ocr:upload.storageLimit';
  if (language === 'en') {
    const message = typeof body.message === 'string' && body.message ? body.message : error.detail;
    const option = typeof offered === 'string' && offered.trim() ? offered : suggestion;
    return t(template, { message, option });
  }
  let message = t(`errors:codes.${kind === 'credits' ? 'CREDIT_LIMIT_REACHED' : 'STORAGE_LIMIT_REACHED'}`);
  if (typeof body.current_usage === 'number' && typeof body.limit === 'number') {
    const usage = t('ocr:errors.limitUsage', {
      used: formatNumber(body.current_usage, language),
      limit: formatNumber(body.limit, language),
    });
    message = `${message} ${usage}`;
  }
  return t(template, { message, option: suggestion });
}

/** Codes this client gives answers that were not the server's JSON: they say nothing the fallback does not. */
const clientCodes = new Set(['HTTP_ERROR', 'INVALID_RESPONSE']);

/** SPEC §8: the server's error, or the action's own fallback text. */
export function serverErrorOr(error: unknown, fallback: string, t: TFunction, language: string): string {
  if (error instanceof ApiError && clientCodes.has(error.code)) return fallback;
  return describeError(error, t, language, fallback);
}

/** What to tell the user when starting OCR was refused. `from` names the button that started it. */
export function ocrStartErrorMessage(
  error: unknown,
  from: OcrMethod | 'start',
  t: TFunction,
  language: string,
): string {
  if (isCreditLimit(error)) return limitMessage(error, 'credits', t, language);
  const fallback =
    from === 'normal'
      ? t('ocr:errors.normalFailed')
      : from === 'advanced'
        ? t('ocr:errors.advancedFailed')
        : t('ocr:errors.startFailed');
  return serverErrorOr(error, fallback, t, language);
}

/** What to tell the user when the server refused an upload. */
export function uploadErrorMessage(error: unknown, t: TFunction, language: string): string {
  if (isStorageLimit(error)) return limitMessage(error, 'storage', t, language);
  // A refusal of the file itself (its type, its size) is said of the field `file`: the message alone is the
  // server's error, without the field's name before it.
  const fileErrors = error instanceof ApiError ? error.fieldErrors.file : undefined;
  if (fileErrors?.length) return translateFieldErrors({ file: fileErrors }, t).file!;
  return serverErrorOr(error, t('ocr:upload.failed'), t, language);
}

interface FailedRun {
  error_message: string | null;
  error_code: string | null;
}

function codeReason(code: string | null, t: TFunction): string | null {
  if (!code) return null;
  const text = t(`ocr:failure.codes.${code}`, { defaultValue: '' });
  return text || null;
}

/** SPEC §8: the message of a failed run, with the two texts the spec fixes. */
export function failureMessage(run: FailedRun, t: TFunction, language: string): string {
  const message = run.error_message?.trim() ?? '';
  if (message.toLowerCase().includes('normalization unavailable')) return t('ocr:failure.basicExtraction');
  if (!message) return codeReason(run.error_code, t) ?? t('ocr:failure.unknown');
  // The server's message is English; in another language the code says the same thing translated.
  if (language !== 'en') return codeReason(run.error_code, t) ?? message;
  return message;
}

/** Codes after which the picture itself is likely the cause, so the general advice applies. */
const pictureCodes = new Set(['NO_INVOICE_DATA', 'TIMEOUT', 'ENGINE_FAILED']);

/** Why a run may have failed: the reason its code names, then general advice where it applies. */
export function failureReasons(run: FailedRun, t: TFunction, language: string): string[] {
  const shown = failureMessage(run, t, language);
  const reasons: string[] = [];
  const specific = codeReason(run.error_code, t);
  if (specific && specific !== shown) reasons.push(specific);
  const known = run.error_code !== null && specific !== null;
  if (!known || pictureCodes.has(run.error_code ?? '')) {
    reasons.push(
      t('ocr:failure.general.blurry'),
      t('ocr:failure.general.resolution'),
      t('ocr:failure.general.notInvoice'),
      t('ocr:failure.general.handwriting'),
    );
  }
  return reasons;
}

export function refundNote(credits: number, t: TFunction, language: string): string | null {
  if (credits <= 0) return null;
  return credits === 1
    ? t('ocr:failure.refundedOne')
    : t('ocr:failure.refundedMany', { count: formatNumber(credits, language) });
}

export function creditsLabel(credits: number, t: TFunction, language: string): string {
  const count = formatNumber(credits, language);
  return credits === 1 ? t('ocr:results.credit', { count }) : t('ocr:results.credits', { count });
}
