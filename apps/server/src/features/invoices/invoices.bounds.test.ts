import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, registerUser, type TestApp } from '../../test/test-app';

let t: TestApp;
let h: Record<string, string>;
let customerId: string;

beforeAll(async () => {
  t = await createTestApp();
  const u = await registerUser(t.app);
  h = bearer(u.tokens.access, u.organization.id);
  customerId = json<{ id: string }>(
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/customers/',
      headers: h,
      payload: { name: 'Big Buyer' },
    }),
  ).id;
});
afterAll(() => t.close());

const today = new Date().toISOString().slice(0, 10);

/** An invoice whose total is the largest an invoice may have: 877,192,982,456.13 plus 14 % is 999,999,999,999.99. */
const largest = {
  issue_date: today,
  due_date: today,
  status: 'SENT',
  lines_data: [{ description: 'Everything', quantity: 1, unit_price: '877192982456.13' }],
};

describe('the largest invoices', () => {
  it('keeps the counts and sums of many invoices of the largest total on one day', async () => {
    const n = 101;
    for (let i = 0; i < n; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/invoices/',
        headers: h,
        payload: { ...largest, customer_id: customerId },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().total).toBe('999999999999.99');
    }
    // A small invoice of the same day and status is saved too.
    const small = await t.app.inject({
      method: 'POST',
      url: '/api/v1/invoices/',
      headers: h,
      payload: {
        ...largest,
        customer_id: customerId,
        lines_data: [{ description: 'Pen', quantity: 1, unit_price: '1.00' }],
      },
    });
    expect(small.statusCode, small.body).toBe(201);

    const stats = json<{ total_invoices: number; pending_amount: string; total_amount: string }>(
      await t.app.inject({ method: 'GET', url: '/api/v1/invoices/stats/?days=7', headers: h }),
    );
    expect(stats.total_invoices).toBe(n + 1);
    // 101 x 999,999,999,999.99 + 1.14
    expect(stats.pending_amount).toBe('101000000000000.13');
    expect(stats.total_amount).toBe('101000000000000.13');

    // Deleting one takes it out of the sums again (a draft is the only kind that may be deleted).
    const draft = json<{ id: string }>(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/invoices/',
        headers: h,
        payload: { ...largest, status: 'DRAFT', customer_id: customerId },
      }),
    );
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/invoices/${draft.id}/`,
      headers: h,
    });
    expect(removed.statusCode).toBe(204);
    const after = json<{ draft_amount: string }>(
      await t.app.inject({ method: 'GET', url: '/api/v1/invoices/stats/?days=7', headers: h }),
    );
    expect(after.draft_amount).toBe('0.00');
  });

  it('refuses an invoice over the largest total with a clear message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/invoices/',
      headers: h,
      payload: {
        ...largest,
        customer_id: customerId,
        lines_data: [{ description: 'Too much', quantity: 1, unit_price: '877192982456.14' }],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ lines_data: ['This amount is too large'] });
  });
});
