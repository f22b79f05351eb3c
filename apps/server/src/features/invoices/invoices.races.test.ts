import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, registerUser, type TestApp } from '../../test/test-app';

let t: TestApp;
let h: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const u = await registerUser(t.app);
  h = bearer(u.tokens.access, u.organization.id);
});
afterAll(() => t.close());

const call = (method: 'POST' | 'DELETE' | 'GET', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: h, ...(payload ? { payload } : {}) });

const create = async (url: string, payload: object) =>
  json<{ id: string }>(await call('POST', url, payload)).id;

describe('saving invoices while what they refer to is deleted', () => {
  it('answers every save clearly while an item is deleted, and never 500', async () => {
    for (let round = 0; round < 3; round += 1) {
      const customerId = await create('/customers/', { name: `Customer ${round}` });
      const itemId = await create('/items/', { name: `Item ${round}`, unit_price: '10.00' });
      const save = () =>
        call('POST', '/invoices/', {
          customer_id: customerId,
          issue_date: '2026-11-01',
          due_date: '2026-11-30',
          lines_data: [{ item_id: itemId, description: 'Goods', quantity: 1, unit_price: '10.00' }],
        });
      const saves = Array.from({ length: 12 }, save);
      const [deleted, ...answers] = await Promise.all([call('DELETE', `/items/${itemId}/`), ...saves]);
      expect(deleted.statusCode).toBe(204);
      // A save that ran first keeps its line (the item is then unlinked from it); a save that ran after
      // is told which line names an item that no longer exists.
      for (const answer of answers) {
        expect([201, 400], answer.body).toContain(answer.statusCode);
        if (answer.statusCode === 400) {
          expect(answer.json().errors).toEqual({ 'lines_data.0.item_id': ['This item does not exist'] });
        }
      }
    }
  });

  it('answers every save clearly while its customer is deleted, and never 500', async () => {
    for (let round = 0; round < 3; round += 1) {
      const customerId = await create('/customers/', { name: `Short-lived ${round}` });
      const save = () =>
        call('POST', '/invoices/', {
          customer_id: customerId,
          issue_date: '2026-11-01',
          due_date: '2026-11-30',
          lines_data: [{ description: 'Service', quantity: 1, unit_price: '5.00' }],
        });
      const [deleted, ...answers] = await Promise.all([
        call('DELETE', `/customers/${customerId}/`),
        ...Array.from({ length: 12 }, save),
      ]);
      // Either the customer went first (the saves are told it does not exist) or a save did (the deletion
      // is refused because an invoice now refers to it).
      expect([204, 409]).toContain(deleted.statusCode);
      for (const answer of answers) {
        expect([201, 400, 409], answer.body).toContain(answer.statusCode);
      }
      const created = answers.filter((a) => a.statusCode === 201).length;
      if (deleted.statusCode === 204) expect(created).toBe(0);
    }
  });
});
