// The contract's file without zod: the pages' error messages are part of every page's first load.
import { validationMessages } from '@invoicing/contract/errors';
import type { TFunction } from 'i18next';
import { ApiError } from './api-client';
import { formatWait } from './format';

const keyByMessage = new Map<string, string>(
  Object.entries(validationMessages).map(([key, message]) => [message, key]),
);

/** The server and the contract's schemas speak English; this finds the message's key to show it translated. */
export function translateValidationMessage(message: string, t: TFunction): string {
  const key = keyByMessage.get(message);
  return key ? t(`errors:validation.${key}`) : message;
}

/** Whether a failure is the server's answer about named fields, which a form shows on those fields. */
export function hasFieldErrors(error: unknown): boolean {
  return error instanceof ApiError && Object.keys(error.fieldErrors).length > 0;
}

/** Per-field messages in the page language, from the server's `errors` object. */
export function translateFieldErrors(
  fieldErrors: Record<string, string[]>,
  t: TFunction,
): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [field, messages] of Object.entries(fieldErrors)) {
    result[field] = messages
      .map((message) => translateValidationMessage(message, t))
      .join(t('errors:listSeparator'));
  }
  return result;
}

/**
 * The name of a field as the page language says it: `lines.2.quantity` is the third line's quantity. English
 * shows the field's own key, as the spec's messages do; another language shows nothing rather than a key.
 */
function fieldLabel(field: string, t: TFunction, language: string): string {
  const name = (key: string) => t(`errors:fields.${key}`, { defaultValue: language === 'en' ? key : '' });
  const line = /^lines\.(\d+)\.(\w+)$/.exec(field);
  if (line?.[1] && line[2]) {
    const of = name(line[2]);
    return of ? t('errors:lineField', { line: Number(line[1]) + 1, field: of }) : '';
  }
  return name(field);
}

/** 'field: messages' for every field, the way the spec shows server validation answers. */
export function joinFieldErrors(
  fieldErrors: Record<string, string[]>,
  t: TFunction,
  language = 'en',
): string {
  const translated = translateFieldErrors(fieldErrors, t);
  return Object.entries(translated)
    .map(([field, messages]) => {
      const label = fieldLabel(field, t, language);
      return label ? `${label}: ${messages}` : messages;
    })
    .join(t('errors:fieldSeparator'));
}

/**
 * One sentence for any failure in the page language: field errors joined, then the message for the code
 * (English keeps the server's own message, which is the spec's text), then the page's fallback.
 */
export function describeError(error: unknown, t: TFunction, language: string, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === 429 || error.code === 'TOO_MANY_ATTEMPTS') {
    if (error.retryAfterSeconds !== null) {
      return t('errors:tooManyAttempts', { when: formatWait(error.retryAfterSeconds, language) });
    }
    return t('errors:codes.TOO_MANY_ATTEMPTS');
  }
  if (Object.keys(error.fieldErrors).length > 0) return joinFieldErrors(error.fieldErrors, t, language);
  const codeKey = `errors:codes.${error.code}`;
  const hasCode = t(codeKey, { defaultValue: '' }) !== '';
  if (language === 'en' && error.detail && error.status !== 0) return error.detail;
  if (hasCode) return t(codeKey);
  return error.detail || fallback;
}

/**
 * Like describeError, for a form of one field (a file upload): the field's own messages, without its
 * name in front.
 */
export function describeFieldError(error: unknown, t: TFunction, language: string, fallback: string): string {
  if (error instanceof ApiError) {
    const fields = Object.values(translateFieldErrors(error.fieldErrors, t));
    if (fields.length === 1) return String(fields[0]);
  }
  return describeError(error, t, language, fallback);
}
