import { z } from 'zod';

/** Stable machine codes of error answers; the web client translates them. */
export const errorCodes = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'INVALID_REFRESH_TOKEN',
  'ACCOUNT_DISABLED',
  'FORBIDDEN',
  'ORGANIZATION_REQUIRED',
  'NOT_A_MEMBER',
  'NOT_FOUND',
  'CONFLICT',
  'EMAIL_TAKEN',
  'PAYLOAD_TOO_LARGE',
  'TOO_MANY_ATTEMPTS',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** The error answer of every call (DECISIONS.md, wire conventions). */
export const errorResponse = z.object({
  detail: z.string(),
  code: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

/**
 * The English texts of the spec's validation messages, by a stable key. Schemas use the text; the web
 * client finds the key again to show the message in the page's language.
 */
export const validationMessages = {
  emailRequired: 'Email is required',
  emailInvalid: 'Enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordTooLong: 'Password must be at most 128 characters long',
  organizationNameRequired: 'Organization name is required',
  organizationNameTooLong: 'Organization name must be at most 200 characters long',
  nameTooLong: 'Name must be at most 200 characters long',
  refreshRequired: 'Refresh token is required',
  emailTaken: 'An account with this email already exists',
} as const;
export type ValidationMessageKey = keyof typeof validationMessages;
