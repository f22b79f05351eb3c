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
  'CUSTOMER_IN_USE',
  'SKU_TAKEN',
  'INVOICE_NUMBER_TAKEN',
  'INVOICE_NOT_DRAFT',
  'UNSUPPORTED_FILE_TYPE',
  'FILE_TOO_LARGE',
  'FILE_UNREADABLE',
  'IMAGE_STATE_CONFLICT',
  'REFERENCE_CHANGED',
  'MALFORMED_REQUEST',
  'UNSUPPORTED_MEDIA_TYPE',
  'URI_TOO_LONG',
  'HEADERS_TOO_LARGE',
  'REQUEST_TIMEOUT',
  'CREDIT_LIMIT_REACHED',
  'STORAGE_LIMIT_REACHED',
  'EXTRACTION_NOT_READY',
  'FILE_IN_USE',
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
  textTooLong: 'This text is too long',
  textControlCharacters: 'This text contains characters that are not allowed',
  phoneInvalid: 'Enter a valid phone number',
  customerNameRequired: 'Customer name is required',
  itemNameRequired: 'Item name is required',
  currencyInvalid: 'Choose one of EGP, USD, EUR, SAR or AED',
  priceInvalid: 'Enter a price with at most two decimals',
  priceNegative: 'Price cannot be negative',
  amountTooLarge: 'This amount is too large',
  taxRateInvalid: 'Tax rate must be between 0 and 100',
  skuTaken: 'An item with this SKU already exists',
  customerRequired: 'Select a customer',
  customerInvalid: 'This customer does not exist',
  itemInvalid: 'This item does not exist',
  dateInvalid: 'Enter a valid date',
  issueDateRequired: 'Issue date is required',
  dueDateRequired: 'Due date is required',
  dueBeforeIssue: 'Due date cannot be before the issue date',
  statusInvalid: 'Choose a valid status',
  linesRequired: 'Add at least one line',
  lineDescriptionRequired: 'Line description is required',
  quantityInvalid: 'Enter a valid quantity',
  quantityMin: 'Quantity must be at least 1',
  numberTaken: 'An invoice with this number already exists',
  imageRequired: 'Choose a file to upload',
  imageType: 'Please select a valid image file (JPG, PNG, WEBP) or PDF',
  imageTooLarge: 'File size must be less than 10MB',
  imageUnreadable: 'The file could not be read as an image or PDF',
} as const;
export type ValidationMessageKey = keyof typeof validationMessages;
