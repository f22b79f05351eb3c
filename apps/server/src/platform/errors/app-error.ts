import type { ErrorCode } from '@invoicing/contract';

const statusByCode: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  INVALID_REFRESH_TOKEN: 401,
  ACCOUNT_DISABLED: 401,
  FORBIDDEN: 403,
  ORGANIZATION_REQUIRED: 403,
  NOT_A_MEMBER: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  EMAIL_TAKEN: 409,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_ATTEMPTS: 429,
  CUSTOMER_IN_USE: 409,
  SKU_TAKEN: 409,
  INVOICE_NUMBER_TAKEN: 409,
  INVOICE_NOT_DRAFT: 409,
  UNSUPPORTED_FILE_TYPE: 400,
  FILE_TOO_LARGE: 413,
  FILE_UNREADABLE: 400,
  IMAGE_STATE_CONFLICT: 409,
  REFERENCE_CHANGED: 409,
  MALFORMED_REQUEST: 400,
  UNSUPPORTED_MEDIA_TYPE: 415,
  URI_TOO_LONG: 414,
  HEADERS_TOO_LARGE: 431,
  REQUEST_TIMEOUT: 408,
  CREDIT_LIMIT_REACHED: 403,
  STORAGE_LIMIT_REACHED: 403,
  EXTRACTION_NOT_READY: 409,
  FILE_IN_USE: 409,
  PLAN_LIMIT_REACHED: 403,
  AMOUNT_MISMATCH: 400,
  AMOUNT_BELOW_MINIMUM: 400,
  PAYMENT_METHOD_UNAVAILABLE: 400,
  PAYMENT_GATEWAY_ERROR: 502,
  PURCHASE_IN_USE: 409,
  NOT_AN_UPGRADE: 409,
  SELF_CHANGE_REFUSED: 403,
  LAST_OWNER: 409,
  PLAN_IN_USE: 409,
  OWNER_ONLY: 403,
  ALREADY_A_MEMBER: 409,
  INVITATION_NOT_FOUND: 404,
  INVITATION_EXPIRED: 410,
  INVITATION_USED: 410,
  INVITATION_EMAIL_MISMATCH: 403,
  DOCUMENT_RENDER_FAILED: 503,
  INTERNAL: 500,
};

/** The one error type services throw; the error handler turns it into the wire shape. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fieldErrors: Record<string, string[]> | undefined;
  /** Extra top-level fields of the answer (for example upgrade_required) and headers to send. */
  readonly extra: Record<string, unknown> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: {
      fieldErrors?: Record<string, string[]>;
      extra?: Record<string, unknown>;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = statusByCode[code];
    this.fieldErrors = options.fieldErrors;
    this.extra = options.extra;
    this.headers = options.headers;
  }
}

export const notFound = (what = 'Not found.') => new AppError('NOT_FOUND', what);
