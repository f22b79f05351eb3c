import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, organizations, payments } from '../../schema';
import { createJobQueue } from '../../platform/jobs/job-queue';
import { createLogger } from '../../platform/logging/logger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { productJobs, type JobDeps } from '../jobs';
import { paymentsSystemRepository } from './billing.repository';
import { body, call, organizationWithMember, purchaseMovements, storedPayment } from './billing.test-helpers';
import { schedulePendingPaymentChecks } from './check-payment-status.job';
import type { StatusReport } from './gateways/gateway';
import { createGatewayRegistry, type GatewayRegistry } from './gateways/registry';
import { sandboxGateway, signSandboxNotification } from './gateways/sandbox/sandbox.gateway';
import { checkPaymentStatus } from './payment-fulfilment.service';

let t: TestApp;
let api: ReturnType<typeof call>;
beforeAll(async () => {
  t = await createTestApp();
  api = call(t);
});
afterAll(() => t.close());

const createPayment = async (headers: Record<string, string>, credits: number) => {
  const created = body<{ payment_id: string }>(
    await api.post(
      '/billing/payments/create/',
      { payment_method: 'wallet_eg', payment_type: 'credits', amount: String(credits), credits },
      headers,
    ),
  );
  return storedPayment(t, created.payment_id);
};

/** Makes a payment look as if it was made, and last asked about, `ms` ago. */
const age = (id: string, ms: number) =>
  t.system.db
    .update(payments)
    .set({ createdAt: new Date(Date.now() - ms), updatedAt: new Date(Date.now() - ms) })
    .where(eq(payments.id, id));

describe('the payment status check', () => {
  it('fulfils, once, a payment the gateway confirmed while no notification reached us', async () => {
    const o = await organizationWithMember(t);
    const p = await createPayment(o.owner, 35);
    // Paid at the gateway; its notification was lost (the server was down when it came).
    const settled = await sandboxGateway(t.system.db).settle(p.gatewayRef!, 'paid');
    const fresh = await createPayment(o.owner, 5);
    await age(p.id, 2 * 60_000);

    const queue = createJobQueue(productJobs, {
      database: t.database,
      system: t.system,
      log: createLogger('silent'),
      pollingIntervalSeconds: 0.5,
    });
    await queue.start();
    try {
      await queue.work({ paymentGateways: createGatewayRegistry(t.config, t.system.db) } as JobDeps, {
        concurrency: 2,
      });
      // A payment made under a minute ago is left to its notification.
      const queued = await schedulePendingPaymentChecks(t.system, queue);
      expect(queued).toBeGreaterThanOrEqual(1);
      for (let i = 0; i < 100 && (await storedPayment(t, p.id)).status === 'PENDING'; i += 1)
        await sleep(100);
      expect((await storedPayment(t, p.id)).status).toBe('SUCCEEDED');
      expect((await storedPayment(t, fresh.id)).status).toBe('PENDING');
      // Checked again, and the notification arriving at last: nothing more is granted.
      await schedulePendingPaymentChecks(t.system, queue);
      await sleep(1500);
      const late = await t.app.inject({
        method: 'POST',
        url: '/api/v1/billing/webhooks/sandbox/',
        headers: settled!.notification.headers,
        payload: settled!.notification.rawBody,
      });
      expect(late.statusCode).toBe(200);
    } finally {
      await queue.stop();
    }
    expect(await purchaseMovements(t, p.id)).toEqual([{ amount: 35 }]);
    const usage = body<{ credits: { extra: number } }>(await api.get('/usage/summary/', o.owner));
    expect(usage.credits.extra).toBe(35);
  });

  it('asks less often as a payment ages', async () => {
    const o = await organizationWithMember(t);
    const p = await createPayment(o.owner, 3);
    const registry = createGatewayRegistry(t.config, t.system.db);
    const due = async () =>
      (await paymentsSystemRepository(t.system.db).findPendingDue(new Date(), 60_000, 1000)).some(
        (r) => r.id === p.id,
      );
    expect(await due()).toBe(false);
    await age(p.id, 2 * 60_000);
    expect(await due()).toBe(true);
    expect(await checkPaymentStatus(t.system.scopeFor(o.organizationId), registry, p.id)).toBe('pending');
    // Just asked: not due again before a quarter of its age has passed.
    expect(await due()).toBe(false);
  });

  it('asks about every pending payment at a start, however young or lately asked', async () => {
    const o = await organizationWithMember(t);
    const young = await createPayment(o.owner, 4);
    const asked = await createPayment(o.owner, 6);
    await age(asked.id, 2 * 60_000);
    await checkPaymentStatus(
      t.system.scopeFor(o.organizationId),
      createGatewayRegistry(t.config, t.system.db),
      asked.id,
    );
    const repo = paymentsSystemRepository(t.system.db);
    const ids = async (minAgeMs: number, whenLastAsked: boolean) =>
      (await repo.findPendingDue(new Date(), minAgeMs, 1000, whenLastAsked)).map((r) => r.id);
    // Every minute: neither is due (one too young, the other asked a moment ago).
    expect(await ids(60_000, true)).not.toContain(young.id);
    expect(await ids(60_000, true)).not.toContain(asked.id);
    // At a start, both are.
    expect(await ids(0, false)).toEqual(expect.arrayContaining([young.id, asked.id]));
  });

  it('expires a payment still pending a day later, and one whose charge the gateway never made', async () => {
    const o = await organizationWithMember(t);
    const registry = createGatewayRegistry(t.config, t.system.db);
    const scope = t.system.scopeFor(o.organizationId);
    const p = await createPayment(o.owner, 7);
    await age(p.id, 25 * 3_600_000);
    expect(await checkPaymentStatus(scope, registry, p.id)).toBe('ended');
    expect((await storedPayment(t, p.id)).status).toBe('EXPIRED');

    const lost = await createPayment(o.owner, 8);
    await t.system.db.update(payments).set({ gatewayRef: 'sbx_never_made' }).where(eq(payments.id, lost.id));
    expect(await checkPaymentStatus(scope, registry, lost.id)).toBe('unanswered');
    expect((await storedPayment(t, lost.id)).status).toBe('PENDING');
    await age(lost.id, 25 * 3_600_000);
    expect(await checkPaymentStatus(scope, registry, lost.id)).toBe('ended');
    expect((await storedPayment(t, lost.id)).status).toBe('EXPIRED');

    // Paid at a kiosk after all: the gateway's notification still fulfils it, once.
    await sandboxGateway(t.system.db).settle(p.gatewayRef!, 'paid');
    const genuine = signSandboxNotification(
      JSON.stringify({
        event: 'charge.updated',
        charge_id: p.gatewayRef,
        payment_id: p.id,
        status: 'paid',
        amount_minor: p.chargedAmountMinor,
        currency: 'EGP',
      }),
    );
    for (let i = 0; i < 3; i += 1) {
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/billing/webhooks/sandbox/',
        headers: genuine.headers,
        payload: genuine.rawBody,
      });
    }
    expect((await storedPayment(t, p.id)).status).toBe('SUCCEEDED');
    expect(await purchaseMovements(t, p.id)).toEqual([{ amount: 7 }]);
  });

  it('ends a payment whose organization is gone without a trace of it, instead of asking forever', async () => {
    // Two payments made as their organization's deletion was committing: nothing kept them, nothing is
    // left of the organization.
    const o = await organizationWithMember(t);
    const paid = await createPayment(o.owner, 9);
    const unpaid = await createPayment(o.owner, 11);
    await sandboxGateway(t.system.db).settle(paid.gatewayRef!, 'paid');
    await t.system.db.delete(invoices).where(eq(invoices.organizationId, o.organizationId));
    await t.system.db.delete(organizations).where(eq(organizations.id, o.organizationId));
    await age(paid.id, 2 * 60_000);
    await age(unpaid.id, 2 * 60_000);
    const registry = createGatewayRegistry(t.config, t.system.db);
    const scope = t.system.scopeFor(o.organizationId);

    // Paid: the money was taken, so it succeeded, with nothing granted; the other ends as cancelled.
    expect(await checkPaymentStatus(scope, registry, paid.id)).toBe('organization_deleted');
    expect(await storedPayment(t, paid.id)).toMatchObject({ status: 'SUCCEEDED', fulfilledAt: null });
    expect(await purchaseMovements(t, paid.id)).toEqual([]);
    expect(await checkPaymentStatus(scope, registry, unpaid.id)).toBe('organization_deleted');
    expect((await storedPayment(t, unpaid.id)).status).toBe('CANCELLED');
    // Neither is asked about again.
    const due = await paymentsSystemRepository(t.system.db).findPendingDue(new Date(), 0, 1000, false);
    expect(due.map((r) => r.id)).not.toContain(paid.id);
    expect(due.map((r) => r.id)).not.toContain(unpaid.id);
  });

  it('expires a day-old payment whose fulfilment keeps failing, rather than asking about it forever', async () => {
    const o = await organizationWithMember(t);
    const p = await createPayment(o.owner, 13);
    const real = createGatewayRegistry(t.config, t.system.db);
    const sandbox = real.byName('sandbox')!;
    // A report the fulfilment cannot act on: it fails every time.
    const broken = {
      ...sandbox,
      fetchStatus: async (): Promise<StatusReport> => ({
        paymentId: p.id,
        gatewayRef: p.gatewayRef,
        status: 'paid',
        amountMinor: p.chargedAmountMinor,
        currency: null as unknown as string,
      }),
    };
    const registry: GatewayRegistry = {
      ...real,
      byName: (name) => (name === 'sandbox' ? broken : real.byName(name)),
    };
    const scope = t.system.scopeFor(o.organizationId);

    await expect(checkPaymentStatus(scope, registry, p.id)).rejects.toThrow();
    expect((await storedPayment(t, p.id)).status).toBe('PENDING');
    await age(p.id, 25 * 3_600_000);
    await expect(checkPaymentStatus(scope, registry, p.id)).rejects.toThrow();
    expect((await storedPayment(t, p.id)).status).toBe('EXPIRED');
    expect(await checkPaymentStatus(scope, registry, p.id)).toBe('not_pending');
  });
});
