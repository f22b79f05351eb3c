import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contract from '@invoicing/contract';
import type { RouteDef } from '@invoicing/contract';
import { createFakeOcr } from '../test/fake-ocr';
import { dataUrl, makeImage, multipartBody } from '../test/fixtures';
import { bearer, createTestApp, json, registerUser, uniqueEmail, type TestApp } from '../test/test-app';

/** Every route of the contract, found by walking its exports: a new route is checked without a list kept by hand. */
const allRoutes: RouteDef[] = (Object.values(contract) as unknown[])
  .filter((group): group is Record<string, unknown> => typeof group === 'object' && group !== null)
  .flatMap((group) => Object.values(group))
  .filter(
    (r): r is RouteDef =>
      typeof r === 'object' && r !== null && 'method' in r && 'path' in r && 'access' in r && 'response' in r,
  );

/** Which kind of record the `:id` of a path names, from the path's first part. */
const kindOf = (path: string): string | undefined =>
  [
    ['/customers/', 'customers'],
    ['/items/', 'items'],
    ['/invoices/', 'invoices'],
    ['/billing/invoices/', 'invoices'],
    ['/billing/payments/', 'payments'],
    ['/billing/extra-purchase/', 'purchases'],
    ['/attachments/', 'attachments'],
    ['/ocr/', 'extractions'],
    ['/members/', 'members'],
    ['/invitations/', 'invitations'],
  ].find(([prefix]) => path.startsWith(prefix!))?.[1];

const fake = createFakeOcr();
let t: TestApp;
let mine: Record<string, string>;
const theirs: Record<string, string> = {};
let theirHeaders: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({}, { workers: { concurrency: 1, ocr: fake.engine } });
  const me = await registerUser(t.app);
  mine = bearer(me.tokens.access, me.organization.id);
  const other = await registerUser(t.app);
  const oh = bearer(other.tokens.access, other.organization.id);
  theirHeaders = oh;
  const post = async (url: string, payload: object) =>
    json<{ id: string }>(await t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: oh, payload }));
  theirs.customers = (await post('/customers/', { name: 'Theirs' })).id;
  theirs.items = (await post('/items/', { name: 'Theirs', unit_price: '1' })).id;
  theirs.invitations = (await post('/invitations/', { email: uniqueEmail('theirs'), role: 'USER' })).id;
  theirs.members = json<{ id: string }[]>(
    await t.app.inject({ method: 'GET', url: '/api/v1/members/', headers: oh }),
  )[0]!.id;
  theirs.invoices = (
    await post('/invoices/', {
      customer_id: theirs.customers,
      issue_date: '2026-01-01',
      due_date: '2026-01-02',
      lines_data: [{ description: 'x', quantity: 1, unit_price: '1' }],
    })
  ).id;
  await t.app.inject({
    method: 'POST',
    url: `/api/v1/billing/invoices/${theirs.invoices}/image/upload/`,
    headers: oh,
    payload: { image_data: dataUrl('image/png', await makeImage('png')) },
  });
  const file = multipartBody([{ name: 'file', value: await makeImage('png'), filename: 'theirs.png' }]);
  theirs.attachments = json<{ id: string }>(
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/attachments/',
      headers: { ...oh, ...file.headers },
      payload: file.payload,
    }),
  ).id;
  theirs.extractions = json<{ extraction_id: string }>(
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/attachments/${theirs.attachments}/ocr/`,
      headers: oh,
      payload: {},
    }),
  ).extraction_id;
  const paid = json<{ payment_id: string }>(
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/billing/payments/process-direct/',
      headers: oh,
      payload: {
        payment_method: 'card_eg',
        payment_type: 'credits',
        amount: '5.00',
        credits: 5,
        payment_details: {
          card_number: '4242424242424242',
          expiry: '12/39',
          cvv: '123',
          cardholder_name: 'X',
        },
      },
    }),
  );
  theirs.payments = paid.payment_id;
  theirs.purchases = json<{ extra_purchases: { active_purchases: { id: string }[] } }>(
    await t.app.inject({ method: 'GET', url: '/api/v1/usage/summary/', headers: oh }),
  ).extra_purchases.active_purchases[0]!.id;
  for (let i = 0; i < 200; i += 1) {
    const run = await t.app.inject({ method: 'GET', url: `/api/v1/ocr/${theirs.extractions}/`, headers: oh });
    if (json<{ status: string }>(run).status !== 'PROCESSING') break;
    await new Promise((r) => setTimeout(r, 100));
  }
});
afterAll(() => t.close());

/** A body each kind of write would accept, were the id the caller's own. */
const bodyFor = async (route: RouteDef, kind: string): Promise<object | undefined> => {
  if (route.path.endsWith('/image/upload/'))
    return { image_data: dataUrl('image/png', await makeImage('png')) };
  if (route.path.endsWith('/image/delete/')) return { reason: 'x' };
  if (route.method === 'PUT' && kind === 'customers') return { name: 'Hijack' };
  if (route.method === 'PUT' && kind === 'items') return { name: 'Hijack', unit_price: '1' };
  if (route.method === 'PUT' && kind === 'invoices')
    return {
      customer_id: '00000000-0000-4000-8000-000000000000',
      issue_date: '2026-01-01',
      due_date: '2026-01-02',
      lines_data: [{ description: 'x', quantity: 1, unit_price: '1' }],
    };
  if (route.method === 'PATCH' && kind === 'members') return { role: 'USER' };
  if (route.method === 'PATCH' && kind === 'extractions')
    return {
      invoice_number: 'X',
      vendor: { name: 'X' },
      customer: { name: 'X' },
      line_items: [],
    };
  if (route.method === 'POST') return {};
  return undefined;
};

describe("another organization's ids", () => {
  const byId = allRoutes.filter((r) => r.access === 'org' && r.path.includes(':id'));

  it('every route that takes an id names a kind of record this test knows', () => {
    expect(byId.length).toBeGreaterThan(15);
    expect(byId.filter((r) => !kindOf(r.path)).map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it.each(byId.map((r) => [`${r.method} ${r.path}`, r] as const))('%s answers 404', async (_, route) => {
    const kind = kindOf(route.path)!;
    const payload = await bodyFor(route, kind);
    const res = await t.app.inject({
      method: route.method,
      url: `/api/v1${route.path.replace(':id', theirs[kind]!)}`,
      headers: mine,
      ...(payload ? { payload } : {}),
    });
    expect(res.statusCode, res.body).toBe(404);
    expect(json(res).code).toBe('NOT_FOUND');
  });

  it("an invoice cannot use another organization's customer or item", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/invoices/',
      headers: mine,
      payload: {
        customer_id: theirs.customers,
        issue_date: '2026-01-01',
        due_date: '2026-01-02',
        lines_data: [{ description: 'x', quantity: 1, unit_price: '1' }],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(json<{ errors: Record<string, string[]> }>(res).errors.customer_id).toEqual([
      'This customer does not exist',
    ]);
  });

  it('every list shows nothing of the other organization', async () => {
    const lists = allRoutes.filter(
      (r) => r.access === 'org' && r.method === 'GET' && !r.path.includes(':id'),
    );
    expect(lists.length).toBeGreaterThan(4);
    for (const route of lists) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1${route.path.replace(':method', 'card_eg')}`,
        headers: mine,
      });
      expect(res.statusCode, route.path).toBe(200);
      const body = res.body;
      for (const id of Object.values(theirs)) expect(body, `${route.path} shows ${id}`).not.toContain(id);
      const answer = json<{ count?: number; results?: unknown[] }>(res);
      if (answer.count !== undefined) expect(answer.count, route.path).toBe(0);
    }
  });

  it('a file link altered to name another organization opens nothing', async () => {
    const file = json<{ file_url: string }>(
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/attachments/${theirs.attachments}/`,
        headers: theirHeaders,
      }),
    );
    expect((await t.app.inject({ method: 'GET', url: file.file_url })).statusCode).toBe(200);
    const altered = file.file_url.replace(/o=[0-9a-f-]+/, `o=${mine['x-organization-id']}`);
    expect((await t.app.inject({ method: 'GET', url: altered })).statusCode).toBe(404);
  });
});
