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

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: h, ...(payload ? { payload } : {}) });

describe('customers', () => {
  it('creates, reads, updates and deletes a customer', async () => {
    const created = await call('POST', '/customers/', {
      name: 'Cairo Supplies',
      email: 'buy@cairo.example',
      phone: '+20 100 123 4567',
      tax_id: '123-456-789',
      address: '12 Tahrir St, Cairo',
    });
    expect(created.statusCode).toBe(201);
    const c = json<{ id: string }>(created);
    expect(json(created)).toMatchObject({ name: 'Cairo Supplies', tax_id: '123-456-789' });
    expect(json(await call('GET', `/customers/${c.id}/`)).name).toBe('Cairo Supplies');
    const updated = await call('PUT', `/customers/${c.id}/`, { name: 'Cairo Supplies Ltd', email: '' });
    expect(updated.statusCode).toBe(200);
    expect(json(updated)).toMatchObject({ name: 'Cairo Supplies Ltd', email: '', phone: '' });
    expect((await call('DELETE', `/customers/${c.id}/`)).statusCode).toBe(204);
    expect((await call('GET', `/customers/${c.id}/`)).statusCode).toBe(404);
    expect((await call('DELETE', `/customers/${c.id}/`)).statusCode).toBe(404);
  });

  it('validates each field with a clear message', async () => {
    const res = await call('POST', '/customers/', { name: '  ', email: 'nope', phone: 'call me' });
    expect(res.statusCode).toBe(400);
    expect(json<{ errors: Record<string, string[]> }>(res).errors).toEqual({
      name: ['Customer name is required'],
      email: ['Enter a valid email address'],
      phone: ['Enter a valid phone number'],
    });
  });

  it('searches name, email, phone and tax id, in Arabic and English, ignoring case', async () => {
    await call('POST', '/customers/', {
      name: 'شركة الأمل للتجارة',
      email: 'amal@example.com',
      tax_id: 'TX-998',
    });
    await call('POST', '/customers/', { name: 'Delta Foods', phone: '+971 4 555 0000' });
    const names = async (q: string) =>
      json<{ results: { name: string }[] }>(
        await call('GET', `/customers/?q=${encodeURIComponent(q)}`),
      ).results.map((r) => r.name);
    expect(await names('الأمل')).toEqual(['شركة الأمل للتجارة']);
    expect(await names('DELTA')).toEqual(['Delta Foods']);
    expect(await names('AMAL@')).toEqual(['شركة الأمل للتجارة']);
    expect(await names('555')).toEqual(['Delta Foods']);
    expect(await names('tx-99')).toEqual(['شركة الأمل للتجارة']);
    expect(await names('%')).toEqual([]);
  });

  it('pages through the list', async () => {
    for (let i = 0; i < 5; i += 1) await call('POST', '/customers/', { name: `Page Test ${i}` });
    const first = json<{ count: number; results: unknown[] }>(
      await call('GET', '/customers/?q=Page%20Test&page_size=2'),
    );
    expect(first.count).toBe(5);
    expect(first.results).toHaveLength(2);
    const third = json<{ results: { name: string }[] }>(
      await call('GET', '/customers/?q=Page%20Test&page_size=2&page=3'),
    );
    expect(third.results.map((r) => r.name)).toEqual(['Page Test 4']);
  });

  it('refuses to delete a customer that invoices use, and says why', async () => {
    const c = json<{ id: string }>(await call('POST', '/customers/', { name: 'Has Invoices' }));
    await call('POST', '/invoices/', {
      customer_id: c.id,
      issue_date: '2026-01-01',
      due_date: '2026-01-31',
      lines_data: [{ description: 'Service', quantity: 1, unit_price: '10.00' }],
    });
    const res = await call('DELETE', `/customers/${c.id}/`);
    expect(res.statusCode).toBe(409);
    expect(json(res)).toMatchObject({ code: 'CUSTOMER_IN_USE' });
    expect(json(res).detail).toContain('1 invoice');
    expect((await call('GET', `/customers/${c.id}/`)).statusCode).toBe(200);
  });
});
