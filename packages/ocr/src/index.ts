export { recognizeInvoice, DEFAULT_MAX_PAGES } from './recognize.js';
export { OcrError, isOcrError } from './errors.js';
export type { OcrErrorCode } from './errors.js';
export type {
  Box,
  FieldsJson,
  LineItem,
  OcrProgress,
  OcrResult,
  OcrStage,
  Party,
  Pipeline,
  RecognizeInput,
  RecognizeOptions,
} from './types.js';
export { parseAmount, parsePercent } from './parse/amount.js';
export { parseDate } from './parse/date.js';
export { currencyOf } from './parse/currency.js';
