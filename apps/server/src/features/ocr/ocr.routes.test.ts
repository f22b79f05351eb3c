import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditBuckets, creditMovements } from '../../schema';
import type { sampleFields } from '../../test/fake-ocr';
import { createFakeOcr } from '../../test/fake-ocr';
import { makeImage, makePdf, multipartBody } from '../../test/fixtures';
import { bearer, createTestApp, json, registerUser, type TestApp } from '../../test/test-app';

const fake = createFakeOcr();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { workers: { concurrency: 2, ocr: fake.engine } });
});
afterAll(() => t.close());

interface Org {
  h: Record<string, string>;
  organizationId: string;
}
const newOrg = async (): Promise<Org> => {
  const u = await registerUser(t.app);
  return { h: bearer(u.tokens.access, u.organization.id), organizationId: u.organization.id };
};

let counter = 0;
const uploadFile = async (org: Org, data?: Buffer, filename = 'scan.png') => {
  counter += 1;
  const body = multipartBody([
    { name: 'kind', value: 'INVOICE_UPLOAD' },
    { name: 'file', value: data ?? (await makeImage('png', 300 + counter, 200)), filename },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/attachments/',
    headers: { ...org.h, ...body.headers },
    payload: body.payload,
  });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.body}`);
  return json<{ id: string }>(res).id;
};

const call = (org: Org, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: org.h, ...(payload ? { payload } : {}) });

type Run = {
  id: string;
  status: string;
  method_used: string;
  credits_charged: number;
  credits_refunded: number;
  confidence_score: number | null;
  has_invoice_data: boolean;
  fields_json: ReturnType<typeof sampleFields> | null;
  error_code: string | null;
  error_message: string | null;
  invoice_id: string | null;
  raw_text: string;
  pages: { page: number; image_url: string; width: number; height: number }[];
  corrections: { by_name: string; changes: { path: string; from: string | null; to: string | null }[] }[];
};

const settled = async (org: Org, id: string, timeoutMs = 60_000): Promise<Run> => {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const run = json<Run>(await call(org, 'GET', `/ocr/${id}/`));
    if (run.status !== 'PROCESSING') return run;
    if (Date.now() > end) throw new Error(`still PROCESSING: ${JSON.stringify(run)}`);
    await sleep(100);
  }
};

const balance = async (organizationId: string) => {
  const [buckets] = await t.system.db
    .select({ remaining: sum(creditBuckets.remaining) })
    .from(creditBuckets)
    .where(eq(creditBuckets.organizationId, organizationId));
  const [ledger] = await t.system.db
    .select({ total: sum(creditMovements.amount) })
    .from(creditMovements)
    .where(eq(creditMovements.organizationId, organizationId));
  return { remaining: Number(buckets?.remaining ?? 0), ledger: Number(ledger?.total ?? 0) };
};

describe('OCR of an uploaded file', () => {
  it('answers at once, runs in the background, and stores the fields with page pictures', async () => {
    const org = await newOrg();
    const file = await uploadFile(org);
    const started = await call(org, 'POST', `/attachments/${file}/ocr/`, { use_enhanced: false });
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json()).toMatchObject({ status: 'PROCESSING', method_used: 'normal', credits_charged: 1 });
    const run = await settled(org, started.json().extraction_id);
    expect(run).toMatchObject({
      status: 'DONE',
      confidence_score: 0.87,
      has_invoice_data: true,
      raw_text: expect.stringContaining('A-1001'),
      credits_refunded: 0,
    });
    expect(run.fields_json?.total).toBe('285.00');
    expect(run.pages).toHaveLength(1);
    const picture = await t.app.inject({ method: 'GET', url: run.pages[0]!.image_url });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    expect(await balance(org.organizationId)).toEqual({ remaining: 99, ledger: 99 });
    // The file now says it has a finished extraction.
    const listed = json<{ extraction_status: string; extraction_id: string }>(
      await call(org, 'GET', `/attachments/${file}/`),
    );
    expect(listed).toMatchObject({ extraction_status: 'DONE', extraction_id: run.id });
  });

  it('pictures every page of a PDF for the review screen', async () => {
    const org = await newOrg();
    const file = await uploadFile(org, makePdf('Invoice A-1001'), 'invoice.pdf');
    const started = json<{ extraction_id: string; credits_charged: number }>(
      await call(org, 'POST', `/attachments/${file}/enhanced-ocr/`),
    );
    expect(started.credits_charged).toBe(10);
    const run = await settled(org, started.extraction_id);
    expect(run.status).toBe('DONE');
    expect(run.pages[0]).toMatchObject({ page: 1 });
    expect(run.pages[0]!.width).toBeGreaterThan(run.pages[0]!.height);
    expect(fake.calls.at(-1)?.pipeline).toBe('advanced');
  });

  it('ends FAILED with its credits back when the file cannot be read', async () => {
    const org = await newOrg();
    const file = await uploadFile(org);
    fake.plan({ kind: 'file-error', code: 'CORRUPT_FILE' });
    const started = json<{ extraction_id: string }>(
      await call(org, 'POST', `/attachments/${file}/enhanced-ocr/`),
    );
    const run = await settled(org, started.extraction_id);
    expect(run).toMatchObject({
      status: 'FAILED',
      error_code: 'CORRUPT_FILE',
      credits_charged: 10,
      credits_refunded: 10,
    });
    expect(run.error_message).toContain('CORRUPT_FILE');
    expect(await balance(org.organizationId)).toEqual({ remaining: 100, ledger: 100 });
  });

  it('tries again when the engine breaks, and reads the file', async () => {
    const org = await newOrg();
    const file = await uploadFile(org);
    fake.plan({ kind: 'crash' });
    const started = json<{ extraction_id: string }>(await call(org, 'POST', `/attachments/${file}/ocr/`));
    const run = await settled(org, started.extraction_id);
    expect(run.status).toBe('DONE');
    expect(await balance(org.organizationId)).toEqual({ remaining: 99, ledger: 99 });
  });

  it('starts one run of a file at a time', async () => {
    const org = await newOrg();
    const file = await uploadFile(org);
    let release!: () => void;
    fake.plan({ kind: 'wait', until: new Promise<void>((r) => (release = r)) });
    const first = await call(org, 'POST', `/attachments/${file}/ocr/`);
    expect(first.statusCode).toBe(202);
    const second = await call(org, 'POST', `/attachments/${file}/ocr/`);
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('FILE_IN_USE');
    // Nor can the file be deleted while it is read.
    const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/attachments/${file}/`, headers: org.h });
    expect(del.statusCode).toBe(409);
    release();
    expect((await settled(org, first.json().extraction_id)).status).toBe('DONE');
    expect(await balance(org.organizationId)).toEqual({ remaining: 99, ledger: 99 });
  });
});

describe('credits', () => {
  it('accepts exactly what 100 credits pay for out of 50 concurrent advanced runs', async () => {
    const org = await newOrg();
    const files: string[] = [];
    for (let i = 0; i < 50; i += 1) files.push(await uploadFile(org));
    const answers = await Promise.all(files.map((f) => call(org, 'POST', `/attachments/${f}/enhanced-ocr/`)));
    const accepted = answers.filter((a) => a.statusCode === 202);
    const refused = answers.filter((a) => a.statusCode === 403);
    expect(accepted).toHaveLength(10);
    expect(refused).toHaveLength(40);
    expect(refused[0]!.json()).toMatchObject({
      detail: 'Credit limit reached',
      code: 'CREDIT_LIMIT_REACHED',
      upgrade_required: true,
      limit_type: 'ocr',
      limit: 100,
      upgrade_options: { buy_extra_credits: expect.any(String) },
    });
    const now = await balance(org.organizationId);
    expect(now.remaining).toBe(0);
    expect(now.ledger).toBe(now.remaining);
    // Refused runs left nothing behind.
    const list = json<{ count: number }>(await call(org, 'GET', '/ocr/?page_size=100'));
    expect(list.count).toBe(10);
    for (const a of accepted) await settled(org, a.json().extraction_id);
  }, 120_000);
});

describe('the review screen', () => {
  it('saves corrections with who changed what, checked like an invoice', async () => {
    const org = await newOrg();
    const file = await uploadFile(org);
    const run = await settled(
      org,
      json<{ extraction_id: string }>(await call(org, 'POST', `/attachments/${file}/ocr/`)).extraction_id,
    );
    const fields = run.fields_json!;
    const corrected = {
      ...fields,
      total: '290.00',
      customer: { ...fields.customer, name: 'Alexandria Traders Co.' },
    };
    const res = await call(org, 'PATCH', `/ocr/${run.id}/`, corrected);
    expect(res.statusCode, res.body).toBe(200);
    const after = json<Run>(res);
    expect(after.fields_json?.total).toBe('290.00');
    expect(after.corrections).toHaveLength(1);
    expect(after.corrections[0]!.by_name).toBe('Test User');
    expect(after.corrections[0]!.changes).toEqual(
      expect.arrayContaining([
        { path: 'total', from: '285.00', to: '290.00' },
        { path: 'customer.name', from: 'Alexandria Traders', to: 'Alexandria Traders Co.' },
      ]),
    );
    const bad = await call(org, 'PATCH', `/ocr/${run.id}/`, { ...corrected, issue_date: '2026-02-30' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('issue_date');
    const backwards = await call(org, 'PATCH', `/ocr/${run.id}/`, { ...corrected, due_date: '2026-01-01' });
    expect(backwards.statusCode).toBe(400);
  });

  it('makes one DRAFT invoice, matching the customer and items it knows', async () => {
    const org = await newOrg();
    const known = json<{ id: string }>(
      await call(org, 'POST', '/customers/', { name: 'شركة الإسكندرية', tax_id: '123 456 789' }),
    );
    const pens = json<{ id: string }>(
      await call(org, 'POST', '/items/', { name: 'Blue Pens', unit_price: '9.50' }),
    );
    const file = await uploadFile(org);
    const run = await settled(
      org,
      json<{ extraction_id: string }>(await call(org, 'POST', `/attachments/${file}/ocr/`)).extraction_id,
    );
    const applied = await call(org, 'POST', `/ocr/${run.id}/apply/`);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ invoice_number: 'A-1001', created: true });
    const invoice = json<{
      status: string;
      customer: { id: string };
      issue_date: string;
      lines: { item: string | null; description: string; quantity: string; unit_price: string }[];
    }>(await call(org, 'GET', `/invoices/${applied.json().invoice_id}/`));
    expect(invoice.status).toBe('DRAFT');
    expect(invoice.issue_date).toBe('2026-10-05');
    // The tax id decides: the customer was found under its Arabic name.
    expect(invoice.customer.id).toBe(known.id);
    expect(invoice.lines.map((l) => l.description)).toEqual(['A4 paper box', 'Blue pens']);
    expect(invoice.lines[1]!.item).toBe(pens.id);
    expect(invoice.lines[0]!.item).not.toBeNull();

    const again = await call(org, 'POST', `/ocr/${run.id}/apply/`);
    expect(again.json()).toEqual({ ...applied.json(), created: false });
    const both = await Promise.all([1, 2, 3].map(() => call(org, 'POST', `/ocr/${run.id}/apply/`)));
    for (const b of both) expect(b.json().invoice_id).toBe(applied.json().invoice_id);
  });

  it('refuses to correct or apply a run that has not finished', async () => {
    const org = await newOrg();
    const file = await uploadFile(org);
    fake.plan({ kind: 'file-error', code: 'UNSUPPORTED_FILE' });
    const run = await settled(
      org,
      json<{ extraction_id: string }>(await call(org, 'POST', `/attachments/${file}/ocr/`)).extraction_id,
    );
    expect(run.status).toBe('FAILED');
    const applied = await call(org, 'POST', `/ocr/${run.id}/apply/`);
    expect(applied.statusCode).toBe(409);
    expect(applied.json().code).toBe('EXTRACTION_NOT_READY');
  });
});

describe('live progress', () => {
  it('pushes progress and the end of a run to the organization’s open pages, and only theirs', async () => {
    const org = await newOrg();
    const other = await newOrg();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const events: { extraction_id: string; status: string; progress: { stage: string } | null }[] = [];
    const otherEvents: unknown[] = [];
    const controller = new AbortController();
    const read = async (headers: Record<string, string>, into: unknown[]) => {
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/ocr/events/`, {
        headers,
        signal: controller.signal,
      });
      expect(res.headers.get('content-type')).toContain('text/event-stream');
      const reader = res.body!.getReader();
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          buffer += Buffer.from(value).toString();
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = block.split('\n').find((l) => l.startsWith('data: '));
            if (data) into.push(JSON.parse(data.slice(6)));
          }
        }
      } catch {
        // aborted
      }
    };
    const reading = Promise.all([read(org.h, events), read(other.h, otherEvents)]);
    await sleep(200);
    const file = await uploadFile(org);
    const started = json<{ extraction_id: string }>(await call(org, 'POST', `/attachments/${file}/ocr/`));
    await settled(org, started.extraction_id);
    await sleep(300);
    controller.abort();
    await reading;
    const mine = events.filter((e) => e.extraction_id === started.extraction_id);
    expect(mine.some((e) => e.status === 'PROCESSING' && e.progress?.stage === 'recognize')).toBe(true);
    expect(mine.at(-1)?.status).toBe('DONE');
    expect(otherEvents).toEqual([]);
    // Without a token there is no stream.
    const refused = await fetch(`http://127.0.0.1:${port}/api/v1/ocr/events/`);
    expect(refused.status).toBe(401);
  });
});
