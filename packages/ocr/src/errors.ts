export type OcrErrorCode =
  | 'UNSUPPORTED_FILE'
  | 'EMPTY_FILE'
  | 'CORRUPT_FILE'
  | 'ENCRYPTED_PDF'
  | 'IMAGE_TOO_LARGE'
  | 'TOO_MANY_PAGES'
  | 'TIMEOUT'
  | 'CANCELLED'
  | 'ENGINE_FAILED';

/** An error with a stable code the server can store and map to a user message. */
export class OcrError extends Error {
  readonly code: OcrErrorCode;

  constructor(code: OcrErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'OcrError';
    this.code = code;
  }
}

export function isOcrError(e: unknown): e is OcrError {
  return e instanceof OcrError;
}
