import { OcrError, type OcrResult, type RecognizeInput, type RecognizeOptions } from '@invoicing/ocr';
import type { FieldsJson } from '@invoicing/contract';
import type { OcrEngine } from '../features/jobs';

/** What a fake engine reads: the fields of a simple invoice, unless a test says otherwise. */
export const sampleFields = (over: Partial<FieldsJson> = {}): FieldsJson => ({
  language: 'en',
  invoice_number: 'A-1001',
  issue_date: '2026-10-05',
  due_date: '2026-11-04',
  currency: 'EGP',
  vendor: { name: 'Cairo Paper Supplies', tax_id: '200-300-400', address: 'Giza' },
  customer: { name: 'Alexandria Traders', tax_id: '123-456-789', address: 'Alexandria' },
  subtotal: '250.00',
  tax_rate: '14.00',
  tax_amount: '35.00',
  total: '285.00',
  line_items: [
    { description: 'A4 paper box', quantity: '2', unit_price: '100.00', total: '200.00' },
    { description: 'Blue pens', quantity: '5', unit_price: '10.00', total: '50.00' },
  ],
  confidence: { invoice_number: 0.95, total: 0.9, 'vendor.name': 0.7, 'line_items.0.total': 0.5 },
  boxes: {
    invoice_number: { page: 1, x: 0.6, y: 0.1, w: 0.2, h: 0.03 },
    total: { page: 1, x: 0.7, y: 0.8, w: 0.15, h: 0.03 },
  },
  ...over,
});

type FakeBehaviour =
  | { kind: 'read'; fields?: FieldsJson }
  | { kind: 'file-error'; code: 'CORRUPT_FILE' | 'ENCRYPTED_PDF' | 'UNSUPPORTED_FILE' }
  | { kind: 'crash' }
  | { kind: 'wait'; until: Promise<void> };

/**
 * The OCR engine, faked: the only part of the OCR path a job test does not run for real. It reports
 * progress like the engine, then behaves as the next planned behaviour says (by default it reads
 * `sampleFields`).
 */
export const createFakeOcr = () => {
  const planned: FakeBehaviour[] = [];
  const calls: { pipeline: string; bytes: number }[] = [];
  const engine: OcrEngine = {
    recognize: async (input: RecognizeInput, options: RecognizeOptions): Promise<OcrResult> => {
      calls.push({ pipeline: options.pipeline, bytes: input.bytes.length });
      const behaviour = planned.shift() ?? { kind: 'read' };
      options.onProgress?.({ page: 0, pages: 0, stage: 'open' });
      options.onProgress?.({ page: 1, pages: 1, stage: 'recognize' });
      if (behaviour.kind === 'wait') await behaviour.until;
      if (behaviour.kind === 'file-error')
        throw new OcrError(behaviour.code, `The file is bad (${behaviour.code}).`);
      if (behaviour.kind === 'crash') throw new Error('the engine crashed');
      options.onProgress?.({ page: 1, pages: 1, stage: 'extract' });
      const fields = (behaviour.kind === 'read' && behaviour.fields) || sampleFields();
      return {
        raw_text: 'INVOICE A-1001\nTotal 285.00',
        confidence_score: 0.87,
        has_invoice_data: true,
        fields_json: fields,
        method_used: options.pipeline === 'advanced' ? 'tesseract-advanced' : 'tesseract',
        pages: 1,
        warnings: [],
        duration_ms: 1234,
      };
    },
  };
  return { engine, plan: (b: FakeBehaviour) => planned.push(b), calls };
};
