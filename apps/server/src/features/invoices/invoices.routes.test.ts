import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, registerUser, type TestApp } from '../../test/test-app';
import { dataUrl, makeImage, makeLargeImage, makePdf } from '../../test/fixtures';
import { createHeavyWork, type HeavyWork } from '../../platform/work/heavy-work';

let t: TestApp;
let h: Record<string, string>;
let customerId: string;
let itemId: string;
let organizationId: string;
/** The organizations in whose name heavy work ran. */
const heavyRuns: string[] = [];
const limiter = createHeavyWork(2);
const heavyWork: HeavyWork = {
  run: (org, fn) => {
    heavyRuns.push(org);
    return limiter.run(org, fn);
  },
};

beforeAll(async () => {
  t = await createTestApp({}, { heavyWork });
  const u = await registerUser(t.app, { name: 'Mona Salah' });
  organizationId = u.organization.id;
  h = bearer(u.tokens.access, u.organization.id);
  customerId = json<{ id: string }>(
    await call('POST', '/customers/', { name: 'Alexandria Traders', email: 'a@alex.example' }),
  ).id;
  itemId = json<{ id: string }>(
    await call('POST', '/items/', { name: 'Desk', sku: 'DSK', unit_price: '1500' }),
  ).id;
});
afterAll(() => t.close());

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url: `/api/v1${url}`, headers: h, ...(payload ? { payload } : {}) });
}

const draft = (over: Record<string, unknown> = {}) => ({
  customer_id: customerId,
  issue_date: '2026-11-01',
  due_date: '2026-12-01',
  status: 'DRAFT',
  lines_data: [{ description: 'Consulting', quantity: 2, unit_price: '100.00' }],
  ...over,
});

type Inv = {
  id: string;
  number: string;
  status: string;
  subtotal: string;
  tax_amount: string;
  total: string;
  tax_rate: string;
  currency: string;
  lines: { item: string | null; description: string; quantity: string; unit_price: string; total: string }[];
  customer: { id: string; name: string };
  image_status: string;
  image_url: string | null;
  image_preview_url: string | null;
  image_deleted_by_name: string | null;
  image_deletion_reason: string | null;
  image_deleted_at: string | null;
  has_image: boolean;
};

describe('creating and editing invoices', () => {
  it('stores its own figures, whatever the client sends, with three lines', async () => {
    const res = await call('POST', '/invoices/', {
      ...draft(),
      subtotal: '1.00',
      tax_amount: '0.00',
      total: '1.00',
      lines_data: [
        { item_id: itemId, description: 'Desk', quantity: 3, unit_price: '1500.00', total: '1' },
        { description: 'Delivery', quantity: '1', unit_price: '0.10' },
        { description: 'Cables', quantity: '7', unit_price: '19.99' },
      ],
    });
    expect(res.statusCode).toBe(201);
    const inv = json<Inv>(res);
    expect(inv.lines.map((l) => l.total)).toEqual(['4500.00', '0.10', '139.93']);
    expect(inv.lines[0]!.item).toBe(itemId);
    expect(inv).toMatchObject({
      subtotal: '4640.03',
      tax_rate: '14.00',
      tax_amount: '649.60',
      total: '5289.63',
      currency: 'EGP',
    });
    expect(inv.customer.name).toBe('Alexandria Traders');
    expect(inv.image_status).toBe('no_image');
  });

  it('rounds awkward values half-up: 0.1 x 3 lines and halves', async () => {
    const inv = json<Inv>(
      await call('POST', '/invoices/', {
        ...draft(),
        lines_data: [
          { description: 'a', quantity: 1, unit_price: '0.10' },
          { description: 'b', quantity: 1, unit_price: '0.10' },
          { description: 'c', quantity: 1, unit_price: '0.10' },
          { description: 'd', quantity: '1.5', unit_price: '0.01' },
        ],
      }),
    );
    expect(inv.lines.map((l) => l.total)).toEqual(['0.10', '0.10', '0.10', '0.02']);
    expect(inv.subtotal).toBe('0.32');
    expect(inv.tax_amount).toBe('0.04');
    expect(inv.total).toBe('0.36');
  });

  it('numbers invoices from a per-organization sequence', async () => {
    const a = json<Inv>(await call('POST', '/invoices/', draft()));
    const b = json<Inv>(await call('POST', '/invoices/', draft({ number: '' })));
    expect(a.number).toMatch(/^INV-\d{6}$/);
    expect(Number(b.number.slice(4))).toBe(Number(a.number.slice(4)) + 1);
  });

  it('gives concurrent creations distinct numbers with no gaps', async () => {
    const before = json<Inv>(await call('POST', '/invoices/', draft()));
    const results = await Promise.all(Array.from({ length: 8 }, () => call('POST', '/invoices/', draft())));
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    const numbers = results.map((r) => Number(json<Inv>(r).number.slice(4))).sort((x, y) => x - y);
    const start = Number(before.number.slice(4)) + 1;
    expect(numbers).toEqual(Array.from({ length: 8 }, (_, i) => start + i));
  });

  it('answers a taken number with 409 and skips hand-typed numbers when numbering', async () => {
    const last = json<Inv>(await call('POST', '/invoices/', draft()));
    const next = `INV-${String(Number(last.number.slice(4)) + 1).padStart(6, '0')}`;
    expect((await call('POST', '/invoices/', draft({ number: next }))).statusCode).toBe(201);
    const dup = await call('POST', '/invoices/', draft({ number: next }));
    expect(dup.statusCode).toBe(409);
    expect(json(dup)).toMatchObject({
      code: 'INVOICE_NUMBER_TAKEN',
      errors: { number: ['An invoice with this number already exists'] },
    });
    const auto = json<Inv>(await call('POST', '/invoices/', draft()));
    expect(auto.number).not.toBe(next);
  });

  it('updates status, lines and number, keeping the number when left blank', async () => {
    const inv = json<Inv>(await call('POST', '/invoices/', draft()));
    const res = await call('PUT', `/invoices/${inv.id}/`, {
      ...draft({ status: 'SENT', number: '' }),
      lines_data: [{ description: 'Only line', quantity: 1, unit_price: '50.00' }],
    });
    expect(res.statusCode).toBe(200);
    expect(json<Inv>(res)).toMatchObject({
      number: inv.number,
      status: 'SENT',
      subtotal: '50.00',
      total: '57.00',
    });
    expect(json<Inv>(res).lines).toHaveLength(1);
    const renamed = await call('PUT', `/invoices/${inv.id}/`, draft({ number: 'CUSTOM-1' }));
    expect(json<Inv>(renamed).number).toBe('CUSTOM-1');
  });

  it('puts validation errors on the fields they concern, and writes nothing', async () => {
    const before = json<{ count: number }>(await call('GET', '/invoices/')).count;
    const res = await call('POST', '/invoices/', {
      customer_id: 'not-a-uuid',
      issue_date: '2026-02-30',
      due_date: '',
      status: 'LOST',
      lines_data: [{ description: '', quantity: 0, unit_price: '-1' }],
    });
    expect(res.statusCode).toBe(400);
    const errors = json<{ errors: Record<string, string[]> }>(res).errors;
    expect(errors).toMatchObject({
      customer_id: ['Select a customer'],
      issue_date: ['Enter a valid date'],
      due_date: ['Due date is required'],
      status: ['Choose a valid status'],
      'lines_data.0.description': ['Line description is required'],
      'lines_data.0.quantity': ['Quantity must be at least 1'],
      'lines_data.0.unit_price': ['Price cannot be negative'],
    });
    const noLines = await call('POST', '/invoices/', draft({ lines_data: [] }));
    expect(json<{ errors: Record<string, string[]> }>(noLines).errors.lines_data).toEqual([
      'Add at least one line',
    ]);
    const early = await call('POST', '/invoices/', draft({ due_date: '2026-10-01' }));
    expect(json<{ errors: Record<string, string[]> }>(early).errors.due_date).toEqual([
      'Due date cannot be before the issue date',
    ]);
    const unknownCustomer = await call(
      'POST',
      '/invoices/',
      draft({ customer_id: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(json<{ errors: Record<string, string[]> }>(unknownCustomer).errors.customer_id).toEqual([
      'This customer does not exist',
    ]);
    const unknownItem = await call(
      'POST',
      '/invoices/',
      draft({
        lines_data: [
          { item_id: '00000000-0000-4000-8000-000000000000', description: 'x', quantity: 1, unit_price: '1' },
        ],
      }),
    );
    expect(json<{ errors: Record<string, string[]> }>(unknownItem).errors['lines_data.0.item_id']).toEqual([
      'This item does not exist',
    ]);
    const huge = await call(
      'POST',
      '/invoices/',
      draft({ lines_data: [{ description: 'x', quantity: '999999', unit_price: '999999999.99' }] }),
    );
    expect(huge.statusCode).toBe(400);
    expect(json<{ count: number }>(await call('GET', '/invoices/')).count).toBe(before);
  });

  it('deletes drafts only', async () => {
    const d = json<Inv>(await call('POST', '/invoices/', draft()));
    const s = json<Inv>(await call('POST', '/invoices/', draft({ status: 'PAID' })));
    expect((await call('DELETE', `/invoices/${s.id}/`)).statusCode).toBe(409);
    expect((await call('DELETE', `/invoices/${d.id}/`)).statusCode).toBe(204);
    expect((await call('GET', `/invoices/${d.id}/`)).statusCode).toBe(404);
  });
});

describe('duplicating an invoice', () => {
  it('makes a new draft with the same customer, lines and currency, the next number and today', async () => {
    const source = json<Inv>(
      await call(
        'POST',
        '/invoices/',
        draft({
          status: 'PAID',
          currency: 'USD',
          issue_date: '2026-01-10',
          due_date: '2026-01-24',
          lines_data: [
            { item_id: itemId, description: 'Desk', quantity: '2.5', unit_price: '1500.00' },
            { description: 'توصيل', quantity: 1, unit_price: '12.34' },
          ],
        }),
      ),
    );
    const res = await call('POST', `/invoices/${source.id}/duplicate/`);
    expect(res.statusCode, res.body).toBe(201);
    const copy = json<Inv & { issue_date: string; due_date: string }>(res);
    expect(copy.id).not.toBe(source.id);
    expect(copy.status).toBe('DRAFT');
    expect(copy.number).toMatch(/^INV-\d{6}$/);
    expect(copy.number).not.toBe(source.number);
    const today = new Date().toISOString().slice(0, 10);
    expect(copy.issue_date).toBe(today);
    // The same payment term: 14 days.
    expect(copy.due_date).toBe(
      new Date(Date.parse(`${today}T00:00:00Z`) + 14 * 86_400_000).toISOString().slice(0, 10),
    );
    expect(copy.currency).toBe('USD');
    expect(copy.customer.id).toBe(customerId);
    expect(
      copy.lines.map(({ item, description, quantity, unit_price, total }) => ({
        item,
        description,
        quantity,
        unit_price,
        total,
      })),
    ).toEqual(
      source.lines.map(({ item, description, quantity, unit_price, total }) => ({
        item,
        description,
        quantity,
        unit_price,
        total,
      })),
    );
    expect([copy.subtotal, copy.tax_amount, copy.total]).toEqual([
      source.subtotal,
      source.tax_amount,
      source.total,
    ]);
    expect(copy.has_image).toBe(false);
    // The original is untouched, and both are listed.
    expect(json<Inv>(await call('GET', `/invoices/${source.id}/`)).status).toBe('PAID');
    const listed = json<{ results: { id: string }[] }>(await call('GET', `/invoices/?q=${copy.number}`));
    expect(listed.results.map((r) => r.id)).toEqual([copy.id]);
    // A draft: it can be deleted.
    expect((await call('DELETE', `/invoices/${copy.id}/`)).statusCode).toBe(204);
  });

  it('takes the next number after one typed by hand, and answers 404 for an unknown invoice', async () => {
    const source = json<Inv>(await call('POST', '/invoices/', draft()));
    const next = Number(source.number.slice(4)) + 1;
    const typed = `INV-${String(next).padStart(6, '0')}`;
    expect((await call('POST', '/invoices/', draft({ number: typed }))).statusCode).toBe(201);
    const copy = json<Inv>(await call('POST', `/invoices/${source.id}/duplicate/`));
    expect(copy.number).toBe(`INV-${String(next + 1).padStart(6, '0')}`);
    const missing = await call('POST', '/invoices/00000000-0000-4000-8000-000000000000/duplicate/');
    expect(missing.statusCode).toBe(404);
    expect(json<{ code: string }>(missing).code).toBe('NOT_FOUND');
  });
});

describe('the invoice list and stats', () => {
  it('filters by status (VOID meaning CANCELLED), searches by number, and pages', async () => {
    await call('POST', '/invoices/', draft({ status: 'CANCELLED', number: 'VOID-TEST-1' }));
    const voided = json<{ results: Inv[] }>(await call('GET', '/invoices/?status=VOID')).results;
    expect(voided.length).toBeGreaterThan(0);
    expect(voided.every((r) => r.status === 'CANCELLED')).toBe(true);
    const found = json<{ results: Inv[] }>(await call('GET', '/invoices/?q=void-test')).results;
    expect(found.map((r) => r.number)).toEqual(['VOID-TEST-1']);
    const limited = json<{ results: Inv[]; count: number }>(await call('GET', '/invoices/?limit=3'));
    expect(limited.results).toHaveLength(3);
    expect(limited.count).toBeGreaterThan(3);
    expect((await call('GET', '/invoices/?status=LOST')).statusCode).toBe(400);
  });

  it('counts and sums by status over a period, SENT past due as overdue', async () => {
    const org = await registerUser(t.app);
    const hh = bearer(org.tokens.access, org.organization.id);
    const c = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url: `/api/v1${url}`, headers: hh, ...(payload ? { payload } : {}) });
    const cust = json<{ id: string }>(await c('POST', '/customers/', { name: 'Stats Co' })).id;
    const today = new Date().toISOString().slice(0, 10);
    const past = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
    const mk = (status: string, price: string, issue = today, due = today) =>
      c('POST', '/invoices/', {
        customer_id: cust,
        issue_date: issue,
        due_date: due,
        status,
        lines_data: [{ description: 'x', quantity: 1, unit_price: price }],
      });
    await mk('PAID', '100.00');
    await mk('SENT', '200.00', today, '2999-01-01');
    await mk('SENT', '300.00', past, past); // overdue, but outside 30 days
    await mk('DRAFT', '50.00');
    await mk('OVERDUE', '10.00');
    await mk('CANCELLED', '1000.00');
    const s30 = json<Record<string, unknown>>(await c('GET', '/invoices/stats/?days=30'));
    expect(s30).toMatchObject({
      days: 30,
      total_invoices: 5,
      paid_amount: '114.00',
      pending_amount: '228.00',
      overdue_amount: '11.40',
      draft_amount: '57.00',
      total_amount: '410.40',
      status_breakdown: { DRAFT: 1, SENT: 1, PAID: 1, OVERDUE: 1, CANCELLED: 1 },
    });
    const s90 = json<{ status_breakdown: Record<string, number>; overdue_amount: string }>(
      await c('GET', '/invoices/stats/?days=90'),
    );
    expect(s90.status_breakdown.OVERDUE).toBe(2);
    expect(s90.overdue_amount).toBe('353.40');
    expect((await c('GET', '/invoices/stats/')).json().days).toBe(30);
    expect((await c('GET', '/invoices/stats/?days=12')).statusCode).toBe(400);
  });
});

describe('the invoice image', () => {
  const upload = (id: string, mime: string, bytes: Buffer, name = 'scan') =>
    call('POST', `/billing/invoices/${id}/image/upload/`, {
      image_data: dataUrl(mime, bytes),
      file_name: name,
      file_type: mime,
    });

  it('uploads, serves through a signed link, deletes with a reason, restores and replaces', async () => {
    const inv = json<Inv>(await call('POST', '/invoices/', draft()));
    const png = await makeImage('png');
    const up = await upload(inv.id, 'image/png', png, 'scan.png');
    expect(up.statusCode).toBe(200);
    const withImage = json<Inv>(up);
    expect(withImage).toMatchObject({ image_status: 'available', has_image: true });
    const file = await t.app.inject({ method: 'GET', url: withImage.image_url! });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(png)).toBe(true);
    const preview = await t.app.inject({ method: 'GET', url: withImage.image_preview_url! });
    expect(preview.headers['content-type']).toBe('image/webp');
    // A tampered link is refused.
    expect(
      (await t.app.inject({ method: 'GET', url: withImage.image_url!.replace(/sig=.{4}/, 'sig=AAAA') }))
        .statusCode,
    ).toBe(404);

    const del = await call('POST', `/billing/invoices/${inv.id}/image/delete/`, { reason: 'Wrong scan' });
    expect(del.statusCode).toBe(200);
    const deleted = json<{ success: boolean; invoice: Inv }>(del);
    expect(deleted.success).toBe(true);
    expect(deleted.invoice).toMatchObject({
      image_status: 'deleted',
      has_image: false,
      image_url: null,
      image_deleted_by_name: 'Mona Salah',
      image_deletion_reason: 'Wrong scan',
    });
    expect(deleted.invoice.image_deleted_at).toBeTruthy();
    // The old link stops working while the image is deleted.
    expect((await t.app.inject({ method: 'GET', url: withImage.image_url! })).statusCode).toBe(404);
    expect(
      (await call('POST', `/billing/invoices/${inv.id}/image/delete/`, { reason: 'again' })).statusCode,
    ).toBe(409);

    const restored = json<{ invoice: Inv }>(await call('POST', `/billing/invoices/${inv.id}/image/restore/`));
    expect(restored.invoice).toMatchObject({ image_status: 'available', image_deletion_reason: null });
    const again = await t.app.inject({ method: 'GET', url: restored.invoice.image_url! });
    expect(again.rawPayload.equals(png)).toBe(true);
    expect((await call('POST', `/billing/invoices/${inv.id}/image/restore/`)).statusCode).toBe(409);

    // Replacing removes the old file and its preview from storage; their links stop working.
    const filesDir = path.join(t.config.dataDir, 'files');
    const countFiles = () =>
      fs.readdirSync(filesDir, { recursive: true, withFileTypes: true }).filter((f) => f.isFile()).length;
    const before = countFiles();
    expect(before).toBeGreaterThanOrEqual(2);
    const replaced = json<Inv>(await upload(inv.id, 'image/jpeg', await makeImage('jpeg')));
    expect(replaced.image_status).toBe('available');
    expect(countFiles()).toBe(before);
    for (const url of [restored.invoice.image_url!, restored.invoice.image_preview_url!]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
    const shown = await t.app.inject({ method: 'GET', url: replaced.image_url! });
    expect(shown.headers['content-type']).toBe('image/jpeg');
  });

  it("checks and previews an upload as heavy work, in its organization's turn", async () => {
    const inv = json<Inv>(await call('POST', '/invoices/', draft()));
    heavyRuns.length = 0;
    expect((await upload(inv.id, 'image/png', await makeImage('png'))).statusCode).toBe(200);
    expect((await upload(inv.id, 'application/pdf', makePdf())).statusCode).toBe(200);
    expect(heavyRuns).toEqual([organizationId, organizationId]);
  });

  it('accepts a PDF and shows its first page as the preview', async () => {
    const inv = json<Inv>(await call('POST', '/invoices/', draft()));
    const res = await upload(inv.id, 'application/pdf', makePdf(), 'invoice.pdf');
    expect(res.statusCode).toBe(200);
    const body = json<Inv & { image_mime: string }>(res);
    expect(body.image_mime).toBe('application/pdf');
    const preview = await t.app.inject({ method: 'GET', url: body.image_preview_url! });
    expect(preview.headers['content-type']).toBe('image/webp');
    expect(preview.rawPayload.length).toBeGreaterThan(100);
    // The PDF itself is downloaded, as every stored PDF is, never shown inside the product.
    const original = await t.app.inject({ method: 'GET', url: body.image_url! });
    expect(original.headers['content-type']).toBe('application/pdf');
    expect(original.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('previews a PDF of a huge page, and refuses a picture of more pixels than a scan has', async () => {
    const inv = json<Inv>(await call('POST', '/invoices/', draft()));
    const poster = makePdf('Poster', { width: 200 * 72, height: 200 * 72 });
    const pdf = await upload(inv.id, 'application/pdf', poster, 'poster.pdf');
    expect(pdf.statusCode).toBe(200);
    const preview = await t.app.inject({ method: 'GET', url: json<Inv>(pdf).image_preview_url! });
    expect(preview.headers['content-type']).toBe('image/webp');

    const other = json<Inv>(await call('POST', '/invoices/', draft()));
    const huge = await upload(other.id, 'image/png', await makeLargeImage(7000, 6000), 'huge.png');
    expect(huge.statusCode).toBe(413);
    const detail =
      'The picture is 7000 x 6000 pixels (42.0 megapixels); at most 40 megapixels are accepted ' +
      '(a page scanned at 600 dpi is about 35).';
    expect(json(huge)).toMatchObject({
      code: 'FILE_TOO_LARGE',
      detail,
      errors: { image_data: [detail] },
    });
    expect(json<Inv>(await call('GET', `/invoices/${other.id}/`)).image_status).toBe('no_image');
  });

  it('checks the content, not the declared type or the name, and the 10 MB limit', async () => {
    const inv = json<Inv>(await call('POST', '/invoices/', draft()));
    const text = await upload(inv.id, 'image/png', Buffer.from('hello, I am not a picture'), 'fake.png');
    expect(text.statusCode).toBe(400);
    expect(json(text)).toMatchObject({
      code: 'UNSUPPORTED_FILE_TYPE',
      detail: 'Please select a valid image file (JPG, PNG, WEBP) or PDF',
    });
    const gif = await upload(inv.id, 'image/gif', Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'));
    expect(json(gif).code).toBe('UNSUPPORTED_FILE_TYPE');
    const png = await makeImage('png');
    const truncated = await upload(inv.id, 'image/png', png.subarray(0, 60));
    expect(truncated.statusCode).toBe(400);
    expect(json(truncated).code).toBe('FILE_UNREADABLE');
    const big = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await upload(inv.id, 'image/png', big);
    expect(tooBig.statusCode).toBe(413);
    expect(json(tooBig).detail).toBe('File size must be less than 10MB');
    const notBase64 = await call('POST', `/billing/invoices/${inv.id}/image/upload/`, {
      image_data: 'data:image/png;base64,@@@',
    });
    expect(notBase64.statusCode).toBe(400);
    expect(json<Inv>(await call('GET', `/invoices/${inv.id}/`)).image_status).toBe('no_image');
  });
});
