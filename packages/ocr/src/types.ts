export type Pipeline = 'normal' | 'advanced';

export interface Box {
  page: number;
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Party {
  name: string | null;
  tax_id: string | null;
  address: string | null;
}

export interface LineItem {
  description: string | null;
  quantity: string | null;
  unit_price: string | null;
  total: string | null;
}

/** The `fields_json` shape of DECISIONS.md: absent values are null, amounts decimal strings, dates ISO. */
export interface FieldsJson {
  language: 'en' | 'ar' | 'mixed';
  invoice_number: string | null;
  issue_date: string | null;
  due_date: string | null;
  currency: string | null;
  vendor: Party;
  customer: Party;
  subtotal: string | null;
  tax_rate: string | null;
  tax_amount: string | null;
  total: string | null;
  line_items: LineItem[];
  confidence: Record<string, number>;
  boxes: Record<string, Box>;
}

export interface OcrResult {
  raw_text: string;
  confidence_score: number;
  has_invoice_data: boolean;
  fields_json: FieldsJson;
  method_used: string;
  pages: number;
  warnings: string[];
  duration_ms: number;
}

/** The stages a recognition reports, in the order it runs them; the page stages repeat for each page. */
export type OcrStage =
  | 'open'
  | 'text-layer'
  | 'render'
  | 'preprocess'
  | 'recognize'
  | 'recognize-faint'
  | 'probe-arabic'
  | 'recognize-arabic'
  | 'reread-arabic'
  | 'arabic-digits'
  | 'recognize-bands'
  | 'recognize-block'
  | 'recognize-variant'
  | 'recognize-second-engine'
  | 'recognize-hires'
  | 'extract'
  | 'second-look'
  | 'done';

export interface OcrProgress {
  page: number;
  pages: number;
  stage: OcrStage;
}

export interface RecognizeInput {
  bytes: Uint8Array;
  /** Informational only: the type is decided from the content. */
  mime?: string;
  fileName?: string;
}

export interface RecognizeOptions {
  pipeline: Pipeline;
  onProgress?: (p: OcrProgress) => void;
  signal?: AbortSignal;
  /** Pages read from a PDF; later pages are skipped with a warning. */
  maxPages?: number;
  /** Wall-clock budget for the whole document. */
  timeoutMs?: number;
}
