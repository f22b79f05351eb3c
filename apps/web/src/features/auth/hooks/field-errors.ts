import type { z } from 'zod';

/**
 * The first message per field of a failed schema check, still in the contract's English: the form translates
 * at render time, so that switching the language also switches messages already on screen.
 */
export function zodFieldErrors(error: z.ZodError): Record<string, string> {
  const result: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || field in result) continue;
    result[field] = issue.message;
  }
  return result;
}

/** Server field errors in the same form: all messages of a field, still in English. */
export function serverFieldErrors(fieldErrors: Record<string, string[]>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(fieldErrors).filter(([, messages]) => messages.length > 0));
}
