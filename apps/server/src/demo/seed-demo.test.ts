import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, type TestApp } from '../test/test-app';
import { demoAccount, seedDemoData } from './seed-demo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo data', () => {
  it('gives the demo user two organizations with customers, items and invoices in every status, once', async () => {
    await seedDemoData(t.system);
    await seedDemoData(t.system);
    const login = json<{ access: string }>(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: demoAccount.email, password: demoAccount.password },
      }),
    );
    const orgs = json<{ id: string; name: string; role: string; currency: string }[]>(
      await t.app.inject({ method: 'GET', url: '/api/v1/orgs/', headers: bearer(login.access) }),
    );
    expect(orgs.map((o) => o.role).sort()).toEqual(['ADMIN', 'OWNER']);
    for (const org of orgs) {
      const h = bearer(login.access, org.id);
      const get = async (url: string) =>
        json<{ count: number; results: { status: string }[] }>(
          await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: h }),
        );
      expect((await get('/customers/')).count).toBeGreaterThan(1);
      expect((await get('/items/')).count).toBeGreaterThan(2);
      const invoices = await get('/invoices/?page_size=100');
      expect(invoices.count).toBe(12);
      expect(new Set(invoices.results.map((i) => i.status))).toEqual(
        new Set(['DRAFT', 'SENT', 'PAID', 'OVERDUE', 'CANCELLED']),
      );
    }
  });
});
