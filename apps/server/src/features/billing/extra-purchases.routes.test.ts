import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationStorage } from '../../schema';
import { makeImage, multipartBody } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { body, call, ledgerBalance, organizationWithMember } from './billing.test-helpers';

let t: TestApp;
let api: ReturnType<typeof call>;
beforeAll(async () => {
  t = await createTestApp();
  api = call(t);
});
afterAll(() => t.close());

const MB = 1024 * 1024;
const card = { card_number: '4242424242424242', expiry: '12/39', cvv: '123', cardholder_name: 'Owner' };

/** Buys extras paid at once by card in the sandbox. */
const buy = async (headers: Record<string, string>, credits: number, storageMb: number) => {
  const amount = (credits + storageMb / 10).toFixed(2);
  const res = await api.post(
    '/billing/payments/process-direct/',
    {
      payment_method: 'card_eg',
      payment_type: 'extras',
      amount,
      credits,
      storage_mb: storageMb,
      payment_details: card,
    },
    headers,
  );
  expect(body(res)).toMatchObject({ success: true });
};

interface Usage {
  credits: { remaining: number; extra: number };
  storage: { max_mb: number; extra_mb: number; remaining_mb: number };
  extra_purchases: {
    active_purchases: { id: string; type: string; quantity: number; expires_at: string | null }[];
  };
}
const usageOf = async (headers: Record<string, string>) =>
  body<Usage>(await api.get('/usage/summary/', headers));

/** Stores the organization's used storage as if its files took `mb` megabytes. */
const useStorage = (organizationId: string, mb: number) =>
  t.system.db
    .insert(organizationStorage)
    .values({ organizationId, usedBytes: mb * MB, fileCount: 1 })
    .onConflictDoUpdate({ target: organizationStorage.organizationId, set: { usedBytes: mb * MB } });

describe('extra purchases', () => {
  it('are listed with the usage, credits expiring in 30 days and storage adding to the quota', async () => {
    const o = await organizationWithMember(t);
    await buy(o.owner, 30, 200);
    const usage = await usageOf(o.member);
    expect(usage.credits).toMatchObject({ remaining: 130, extra: 30 });
    expect(usage.storage).toMatchObject({ max_mb: 1224, extra_mb: 200, remaining_mb: 1224 });
    const [credits, storage] = usage.extra_purchases.active_purchases;
    expect(credits).toMatchObject({ type: 'credits', quantity: 30 });
    const days = (new Date(credits!.expires_at!).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect(storage).toMatchObject({ type: 'storage', quantity: 200, expires_at: null });
  });

  it('extra credits can be removed by the owner only; what was left of them is gone', async () => {
    const o = await organizationWithMember(t);
    await buy(o.owner, 40, 0);
    const [purchase] = (await usageOf(o.owner)).extra_purchases.active_purchases;
    expect((await api.del(`/billing/extra-purchase/${purchase!.id}/remove`, o.member)).statusCode).toBe(403);
    expect((await api.del(`/billing/extra-purchase/${purchase!.id}/remove`)).statusCode).toBe(401);
    const removed = await api.del(`/billing/extra-purchase/${purchase!.id}/remove`, o.owner);
    expect(removed.statusCode).toBe(204);
    const usage = await usageOf(o.owner);
    expect(usage.extra_purchases.active_purchases).toEqual([]);
    expect(usage.credits).toMatchObject({ remaining: 100, extra: 0 });
    expect(await ledgerBalance(t, o.organizationId)).toBe(100);
    expect((await api.del(`/billing/extra-purchase/${purchase!.id}/remove`, o.owner)).statusCode).toBe(404);
    expect(
      (await api.del('/billing/extra-purchase/00000000-0000-4000-8000-000000000000/remove', o.owner))
        .statusCode,
    ).toBe(404);
  });

  it('extra storage can be removed only while the files fit without it', async () => {
    const o = await organizationWithMember(t);
    await buy(o.owner, 0, 100);
    await buy(o.owner, 0, 50);
    const [first, second] = (await usageOf(o.owner)).extra_purchases.active_purchases;
    // Pro has 1024 MB; 1100 MB of files need 76 MB of the 150 bought.
    await useStorage(o.organizationId, 1100);
    const refused = await api.del(`/billing/extra-purchase/${first!.id}/remove`, o.owner);
    expect(refused.statusCode).toBe(409);
    expect(body(refused).code).toBe('PURCHASE_IN_USE');
    expect((await usageOf(o.owner)).storage.extra_mb).toBe(150);
    // Without the 50 MB one, 1124 MB still hold 1100.
    expect((await api.del(`/billing/extra-purchase/${second!.id}/remove`, o.owner)).statusCode).toBe(204);
    expect((await usageOf(o.owner)).storage).toMatchObject({ extra_mb: 100, max_mb: 1124 });
    await useStorage(o.organizationId, 1000);
    expect((await api.del(`/billing/extra-purchase/${first!.id}/remove`, o.owner)).statusCode).toBe(204);
    expect((await usageOf(o.owner)).storage).toMatchObject({ extra_mb: 0, max_mb: 1024 });
  });

  it('an upload that does not fit the plan fits once extra storage is bought', async () => {
    const o = await organizationWithMember(t);
    await useStorage(o.organizationId, 1024);
    const upload = async () => {
      const file = multipartBody([{ name: 'file', value: await makeImage('png'), filename: 'x.png' }]);
      return t.app.inject({
        method: 'POST',
        url: '/api/v1/attachments/',
        headers: { ...o.owner, ...file.headers },
        payload: file.payload,
      });
    };
    const full = await upload();
    expect(full.statusCode).toBe(403);
    expect(body(full).code).toBe('STORAGE_LIMIT_REACHED');
    await buy(o.owner, 0, 10);
    expect((await upload()).statusCode).toBe(201);
  });
});

describe('the enhanced usage', () => {
  it('answers usage, limits and their use, prices and plans; only the owner may buy', async () => {
    const o = await organizationWithMember(t);
    await api.post('/customers/', { name: 'Nile Traders' }, o.member);
    await api.post('/items/', { name: 'Paper', unit_price: '5' }, o.member);
    const res = await api.get('/usage/enhanced', o.owner);
    expect(res.statusCode).toBe(200);
    const e = body<Record<string, unknown> & { plans: { id: string; name: string; is_current: boolean }[] }>(
      res,
    );
    expect(e).toMatchObject({
      credits: { remaining: 100, max: 100 },
      storage: { max_mb: 1024 },
      plan: { name: 'Pro' },
      status: 'TRIAL',
      limits: {
        customers: { used: 1, limit: 2000 },
        items: { used: 1, limit: 10_000 },
        invoices_this_month: { used: 0, limit: 2000 },
      },
      prices: { credit: '1.00', storage_mb: '0.10', currency: 'EGP' },
      billing_cycle: 'monthly',
      can_purchase: true,
    });
    expect(e.plans.map((p) => [p.name, p.is_current])).toEqual([
      ['Free', false],
      ['Pro', true],
      ['Enterprise', false],
    ]);
    expect(e.current_plan_id).toBe(e.plans.find((p) => p.name === 'Pro')!.id);
    expect(body(await api.get('/usage/enhanced', o.member))).toMatchObject({ can_purchase: false });
    expect((await api.get('/usage/enhanced')).statusCode).toBe(401);
  });
});
