import { extractionListItem, ocrCredits } from '@invoicing/contract';
import type { Attachment, Extraction, FieldsJson, OcrEvent, UsageSummary } from '@invoicing/contract';
import { act } from '@testing-library/react';
import type { ApiCall } from '../../../test/render';
import { jsonResponse, stubApi } from '../../../test/render';

export const ids = {
  scan: '3f2b8c1e-5a6d-4e7f-8a9b-1c2d3e4f5a6b',
  receipt: '4a3c9d2f-6b7e-4f80-9bac-2d3e4f5a6b7c',
  extraction: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b',
  failed: '8d7c6b5a-4f3e-4d2c-9b1a-0f9e8d7c6b5a',
  invoice: '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d',
};

export function fileOf(overrides: Partial<Attachment> = {}): Attachment {
  return {
    id: ids.scan,
    original_name: 'nile-invoice.png',
    mime: 'image/png',
    size: 524_288,
    size_mb: 0.5,
    kind: 'INVOICE_UPLOAD',
    created_at: '2026-03-02T09:30:00Z',
    file_url: `/files/${ids.scan}?sig=abc`,
    preview_url: `/files/${ids.scan}/preview?sig=abc`,
    sha256: 'a'.repeat(64),
    has_extraction: false,
    extraction_status: null,
    extraction_id: null,
    extraction_error_code: null,
    extraction_error_message: null,
    extraction_has_invoice_data: false,
    invoice_id: null,
    invoice_number: null,
    ...overrides,
  };
}

export function fieldsOf(overrides: Partial<FieldsJson> = {}): FieldsJson {
  return {
    language: 'en',
    invoice_number: 'INV-2041',
    issue_date: '2026-02-27',
    due_date: '2026-03-29',
    currency: 'EGP',
    vendor: { name: 'Delta Supplies', tax_id: '200-300-400', address: '5 Port Said St, Alexandria' },
    customer: { name: 'Nile Trading Co.', tax_id: null, address: null },
    subtotal: '300.00',
    tax_rate: '14.00',
    tax_amount: '42.00',
    total: '342.00',
    line_items: [
      { description: 'Paper A4', quantity: '2', unit_price: '100.00', total: '200.00' },
      { description: 'Toner', quantity: '1', unit_price: '100.00', total: '100.00' },
    ],
    confidence: {
      invoice_number: 0.97,
      'vendor.name': 0.91,
      total: 0.88,
      'line_items.0.total': 0.72,
      'customer.name': 0.41,
    },
    boxes: {
      invoice_number: { page: 1, x: 0.6, y: 0.08, w: 0.25, h: 0.04 },
      'vendor.name': { page: 1, x: 0.05, y: 0.05, w: 0.35, h: 0.05 },
      total: { page: 1, x: 0.7, y: 0.85, w: 0.2, h: 0.04 },
      'line_items.0.total': { page: 1, x: 0.75, y: 0.5, w: 0.15, h: 0.03 },
      'customer.name': { page: 1, x: 0.05, y: 0.2, w: 0.3, h: 0.04 },
    },
    ...overrides,
  };
}

export function extractionOf(overrides: Partial<Extraction> = {}): Extraction {
  return {
    id: ids.extraction,
    attachment: ids.scan,
    attachment_info: {
      original_name: 'nile-invoice.png',
      mime: 'image/png',
      size_mb: 0.5,
      preview_url: `/files/${ids.scan}/preview?sig=abc`,
    },
    status: 'DONE',
    method_used: 'normal',
    credits_charged: 1,
    credits_refunded: 0,
    confidence_score: 0.925,
    has_invoice_data: true,
    fields_json: fieldsOf(),
    error_code: null,
    error_message: null,
    progress: null,
    invoice_id: null,
    invoice_number: null,
    created_at: '2026-03-02T09:31:00Z',
    updated_at: '2026-03-02T09:31:20Z',
    duration_ms: 2400,
    raw_text: 'DELTA SUPPLIES\nInvoice INV-2041\nTotal 342.00',
    pages: [{ page: 1, image_url: `/files/${ids.scan}/page-1?sig=abc`, width: 1240, height: 1754 }],
    corrections: [],
    warnings: [],
    ...overrides,
  };
}

export function usageOf(overrides: { credits?: number; storageMb?: number } = {}): UsageSummary {
  return {
    credits: { remaining: overrides.credits ?? 87, used: 13, max: 100, extra: 0 },
    storage: { used_mb: 12.5, remaining_mb: overrides.storageMb ?? 1011.5, max_mb: 1024, extra_mb: 0 },
    plan: { name: 'Pro', description: 'For growing teams', currency: 'EGP', price_monthly: '199.00' },
    status: 'TRIAL',
    trial_ends_at: '2026-03-16T00:00:00Z',
    current_period_end: '2026-04-01T00:00:00Z',
    extra_purchases: { active_purchases: [] },
  };
}

export type Call = ApiCall;

/** Field paths to values, as the corrections history names them. */
function flatten(fields: FieldsJson): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  const walk = (value: unknown, prefix: string) => {
    if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) walk(child, prefix ? `${prefix}.${key}` : key);
    } else out[prefix] = value === null || value === undefined ? null : String(value);
  };
  const { confidence: _c, boxes: _b, language: _l, ...rest } = fields;
  walk(rest, '');
  return out;
}

const page = <T>(results: T[], pageSize = 20) => ({
  count: results.length,
  page: 1,
  page_size: pageSize,
  results,
});

/**
 * The API as the OCR pages use it, in memory: files, extractions and usage the test sets up, OCR starts
 * that create a PROCESSING run, and an event stream the test writes to with `push`.
 */
export function fakeOcrServer(
  setup: { files?: Attachment[]; extractions?: Extraction[]; usage?: UsageSummary } = {},
  answer: (call: Call) => Response | undefined = () => undefined,
) {
  const state = {
    files: setup.files ?? [fileOf()],
    extractions: setup.extractions ?? [],
    usage: setup.usage ?? usageOf(),
  };
  const streams: ReadableStreamDefaultController<Uint8Array>[] = [];
  const encoder = new TextEncoder();

  const calls = stubApi((call) => {
    const answered = answer(call);
    if (answered) return answered;
    const { method, path } = call;

    if (method === 'GET' && path === '/ocr/events/') {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          streams.push(controller);
        },
      });
      return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
    }
    if (method === 'GET' && path === '/usage/summary/') return jsonResponse(200, state.usage);
    if (method === 'GET' && path === '/attachments/storage-usage/') {
      const used = state.files.reduce((sum, f) => sum + f.size, 0);
      const mb = Math.round((used / 1024 / 1024) * 100) / 100;
      return jsonResponse(200, {
        total_files: state.files.length,
        total_size_mb: mb,
        used_bytes: used,
        limit_mb: 1024,
        remaining_mb: 1024 - mb,
      });
    }
    if (method === 'GET' && path === '/attachments/') {
      const q = (call.query.q ?? '').toLowerCase();
      const size = Number(call.query.page_size ?? 20);
      const found = state.files.filter((f) => f.original_name.toLowerCase().includes(q));
      return jsonResponse(200, { ...page(found.slice(0, size), size), count: found.length });
    }
    const fileMatch = /^\/attachments\/([^/]+)\/(ocr|enhanced-ocr)?\/?$/.exec(path);
    if (fileMatch) {
      const [, id, action] = fileMatch;
      const file = state.files.find((f) => f.id === id);
      if (!file) return jsonResponse(404, { detail: 'Not found.', code: 'NOT_FOUND' });
      if (method === 'DELETE') {
        state.files = state.files.filter((f) => f.id !== id);
        return new Response(null, { status: 204 });
      }
      if (method === 'POST' && action) {
        const advanced = action === 'enhanced-ocr';
        const methodUsed = advanced ? 'advanced' : 'normal';
        const run = extractionOf({
          id: ids.extraction,
          attachment: file.id,
          attachment_info: {
            original_name: file.original_name,
            mime: file.mime,
            size_mb: file.size_mb,
            preview_url: file.preview_url,
          },
          status: 'PROCESSING',
          method_used: methodUsed,
          credits_charged: ocrCredits[methodUsed],
          confidence_score: null,
          has_invoice_data: false,
          fields_json: null,
          progress: null,
          raw_text: '',
          pages: [],
        });
        state.extractions = [run, ...state.extractions.filter((e) => e.id !== run.id)];
        Object.assign(file, {
          has_extraction: true,
          extraction_status: 'PROCESSING',
          extraction_id: run.id,
        });
        return jsonResponse(202, {
          extraction_id: run.id,
          status: 'PROCESSING',
          method_used: methodUsed,
          credits_charged: ocrCredits[methodUsed],
        });
      }
      if (method === 'GET') return jsonResponse(200, file);
    }
    if (method === 'GET' && path === '/ocr/') {
      const size = Number(call.query.page_size ?? 20);
      const found = state.extractions.filter(
        (e) =>
          (!call.query.attachment || e.attachment === call.query.attachment) &&
          (!call.query.status || e.status === call.query.status),
      );
      return jsonResponse(200, {
        ...page(
          found.slice(0, size).map((e) => extractionListItem.parse(e)),
          size,
        ),
        count: found.length,
      });
    }
    const runMatch = /^\/ocr\/([^/]+)\/(apply\/)?$/.exec(path);
    if (runMatch) {
      const [, id, apply] = runMatch;
      const run = state.extractions.find((e) => e.id === id);
      if (!run) return jsonResponse(404, { detail: 'Not found.', code: 'NOT_FOUND' });
      if (method === 'POST' && apply) {
        run.invoice_id = ids.invoice;
        run.invoice_number = 'INV-000042';
        return jsonResponse(200, { invoice_id: ids.invoice, invoice_number: 'INV-000042', created: true });
      }
      if (method === 'GET') return jsonResponse(200, run);
      if (method === 'PATCH' && run.fields_json) {
        const before = flatten(run.fields_json);
        const input = call.body as Record<string, unknown>;
        run.fields_json = { ...run.fields_json, ...(input as Partial<FieldsJson>) };
        const after = flatten(run.fields_json);
        const changes = Object.keys({ ...before, ...after })
          .filter((key) => before[key] !== after[key])
          .map((key) => ({ path: key, from: before[key] ?? null, to: after[key] ?? null }));
        run.corrections = [...run.corrections, { at: '2026-03-02T10:00:00Z', by_name: 'Mona Said', changes }];
        return jsonResponse(200, run);
      }
    }
    return jsonResponse(404, { detail: 'Not found.', code: 'NOT_FOUND' });
  });

  return {
    state,
    calls,
    get: (path: string) => calls.filter((c) => c.method === 'GET' && c.path === path),
    writes: () => calls.filter((c) => c.method !== 'GET'),
    /** Whether the page has the event stream open. */
    streamOpen: () => streams.length > 0,
    /** Pushes one OCR event to every open stream, the way the server does. */
    push: async (event: OcrEvent) => {
      await act(async () => {
        for (const stream of streams) {
          try {
            stream.enqueue(encoder.encode(`event: extraction\ndata: ${JSON.stringify(event)}\n\n`));
          } catch {
            // A stream the page closed.
          }
        }
        await Promise.resolve();
      });
    },
    /** Changes a stored run, as the worker does, without telling the page. */
    update: (id: string, patch: Partial<Extraction>) => {
      const run = state.extractions.find((e) => e.id === id);
      if (run) Object.assign(run, patch);
      const file = state.files.find((f) => f.id === run?.attachment);
      if (file && patch.status) file.extraction_status = patch.status;
    },
  };
}
