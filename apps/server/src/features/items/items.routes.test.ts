import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, registerUser, type TestApp } from '../../test/test-app';

let t: TestApp;
let h: Record<string, string>;
let other: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  const u = await registerUser(t.app);
  h = bearer(u.tokens.access, u.organization.id);
  const v = await registerUser(t.app);
  other = bearer(v.tokens.access, v.organization.id);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = h) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });

describe('items', () => {
  it('creates an item with two-decimal price, the organization currency and 14% tax by default', async () => {
    const res = await call('POST', '/items/', { name: 'Printer paper', sku: 'PAP-A4', unit_price: '120.5' });
    expect(res.statusCode).toBe(201);
    expect(json(res)).toMatchObject({
      name: 'Printer paper',
      sku: 'PAP-A4',
      unit_price: '120.50',
      currency: 'EGP',
      tax_rate: '14.00',
    });
    const id = json<{ id: string }>(res).id;
    const upd = await call('PUT', `/items/${id}/`, {
      name: 'Paper A4',
      sku: 'PAP-A4',
      unit_price: 99.99,
      currency: 'USD',
      tax_rate: '5',
    });
    expect(json(upd)).toMatchObject({
      name: 'Paper A4',
      unit_price: '99.99',
      currency: 'USD',
      tax_rate: '5.00',
    });
    expect((await call('DELETE', `/items/${id}/`)).statusCode).toBe(204);
    expect((await call('GET', `/items/${id}/`)).statusCode).toBe(404);
  });

  it('keeps SKUs unique within an organization, without regard to case, but not across organizations', async () => {
    await call('POST', '/items/', { name: 'Toner', sku: 'TON-1', unit_price: '10' });
    const dup = await call('POST', '/items/', { name: 'Toner 2', sku: 'ton-1', unit_price: '10' });
    expect(dup.statusCode).toBe(409);
    expect(json(dup)).toMatchObject({
      code: 'SKU_TAKEN',
      errors: { sku: ['An item with this SKU already exists'] },
    });
    expect(
      (await call('POST', '/items/', { name: 'Toner', sku: 'TON-1', unit_price: '10' }, other)).statusCode,
    ).toBe(201);
    // Items without a SKU are fine in any number.
    expect((await call('POST', '/items/', { name: 'A', unit_price: '1' })).statusCode).toBe(201);
    expect((await call('POST', '/items/', { name: 'B', sku: '', unit_price: '1' })).statusCode).toBe(201);
  });

  it('validates price, currency and tax rate', async () => {
    const res = await call('POST', '/items/', {
      name: '',
      unit_price: '1.234',
      currency: 'GBP',
      tax_rate: '101',
    });
    expect(res.statusCode).toBe(400);
    expect(json<{ errors: Record<string, string[]> }>(res).errors).toEqual({
      name: ['Item name is required'],
      unit_price: ['Enter a price with at most two decimals'],
      currency: ['Choose one of EGP, USD, EUR, SAR or AED'],
      tax_rate: ['Tax rate must be between 0 and 100'],
    });
    const negative = await call('POST', '/items/', { name: 'X', unit_price: '-1' });
    expect(json<{ errors: Record<string, string[]> }>(negative).errors.unit_price).toEqual([
      'Price cannot be negative',
    ]);
  });

  it('searches by name and SKU', async () => {
    await call('POST', '/items/', { name: 'حبر طابعة', sku: 'INK-AR', unit_price: '50' });
    const bySku = json<{ results: { name: string }[] }>(await call('GET', '/items/?q=ink-ar')).results;
    expect(bySku.map((r) => r.name)).toEqual(['حبر طابعة']);
    const byName = json<{ results: { sku: string }[] }>(
      await call('GET', `/items/?q=${encodeURIComponent('طابعة')}`),
    ).results;
    expect(byName.map((r) => r.sku)).toEqual(['INK-AR']);
  });
});
