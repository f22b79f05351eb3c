import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerRoutes, invoiceRoutes, itemRoutes, type RouteDef } from '@invoicing/contract';
import { bearer, createTestApp, json, registerUser, type TestApp } from '../test/test-app';
import { dataUrl, makeImage } from '../test/fixtures';

let t: TestApp;
let mine: Record<string, string>;
const theirs: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const me = await registerUser(t.app);
  mine = bearer(me.tokens.access, me.organization.id);
  const other = await registerUser(t.app);
  const oh = bearer(other.tokens.access, other.organization.id);
  const post = async (url: string, payload: object) =>
    json<{ id: string }>(await t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: oh, payload }));
  theirs.customers = (await post('/customers/', { name: 'Theirs' })).id;
  theirs.items = (await post('/items/', { name: 'Theirs', unit_price: '1' })).id;
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
});
afterAll(() => t.close());

const bodies: Record<string, object> = {
  customers: { name: 'Hijack' },
  items: { name: 'Hijack', unit_price: '1' },
  invoices: {
    customer_id: '00000000-0000-4000-8000-000000000000',
    issue_date: '2026-01-01',
    due_date: '2026-01-02',
    lines_data: [{ description: 'x', quantity: 1, unit_price: '1' }],
  },
};

describe("another organization's ids", () => {
  const cases: [string, RouteDef][] = [
    ...Object.values(customerRoutes).map((r) => ['customers', r] as [string, RouteDef]),
    ...Object.values(itemRoutes).map((r) => ['items', r] as [string, RouteDef]),
    ...Object.values(invoiceRoutes).map((r) => ['invoices', r] as [string, RouteDef]),
  ].filter(([, r]) => r.path.includes(':id'));

  it.each(cases.map(([kind, r]) => [`${r.method} ${r.path}`, kind, r] as const))(
    '%s answers 404',
    async (_, kind, route) => {
      let payload: object | undefined;
      if (route.method === 'PUT') payload = bodies[kind];
      if (route.path.endsWith('/image/upload/'))
        payload = { image_data: dataUrl('image/png', await makeImage('png')) };
      if (route.path.endsWith('/image/delete/')) payload = { reason: 'x' };
      const res = await t.app.inject({
        method: route.method,
        url: `/api/v1${route.path.replace(':id', theirs[kind]!)}`,
        headers: mine,
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode).toBe(404);
      expect(json(res).code).toBe('NOT_FOUND');
    },
  );

  it("an invoice cannot use another organization's customer or item", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/invoices/',
      headers: mine,
      payload: { ...bodies.invoices, customer_id: theirs.customers },
    });
    expect(res.statusCode).toBe(400);
    expect(json<{ errors: Record<string, string[]> }>(res).errors.customer_id).toEqual([
      'This customer does not exist',
    ]);
  });

  it('lists show nothing of the other organization', async () => {
    for (const url of ['/customers/', '/items/', '/invoices/']) {
      const res = json<{ count: number }>(
        await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: mine }),
      );
      expect(res.count).toBe(0);
    }
  });
});
