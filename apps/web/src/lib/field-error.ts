import type { TFunction } from 'i18next';
import { ApiError } from './api-client';
import { translateValidationMessage } from './api-errors';

/** The server's messages for one field of a failed save, translated and joined; undefined when none. */
export function fieldErrorFrom(error: unknown, field: string, t: TFunction): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const messages = error.fieldErrors[field];
  if (!messages || messages.length === 0) return undefined;
  return messages.map((message) => translateValidationMessage(message, t)).join(t('errors:listSeparator'));
}
