import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditBuckets, sandboxCharges, storagePurchases } from '../../schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  sandboxGateway,
  sandboxSignatureHeader,
  signSandboxNotification,
} from './gateways/sandbox/sandbox.gateway';
import {
  body,
  call,
  ledgerBalance,
  organizationWithMember,
  purchaseMovements,
  storedPayment,
} from './billing.test-helpers';

let t: TestApp;
let api: ReturnType<typeof call>;
beforeAll(async () => {
  t = await createTestApp();
  api = call(t);
});
afterAll(() => t.close());

const webhook = '/api/v1/billing/webhooks/sandbox/';
const deliver = (n: { headers: Record<string, string>; rawBody: string }, url = webhook) =>
  t.app.inject({ method: 'POST', url, headers: n.headers, payload: n.rawBody });

/** A pending sandbox payment of extra credits, and its charge at the sandbox. */
const pendingPayment = async (headers: Record<string, string>, credits = 25) => {
  const created = body<{ payment_id: string }>(
    await api.post(
      '/billing/payments/create/',
      { payment_method: 'wallet_eg', payment_type: 'credits', amount: String(credits), credits },
      headers,
    ),
  );
  const payment = await storedPayment(t, created.payment_id);
  return { id: payment.id, chargeId: payment.gatewayRef!, amountMinor: payment.chargedAmountMinor };
};

const notice = (
  p: { id: string; chargeId: string; amountMinor: number },
  status: string,
  changes: Record<string, unknown> = {},
) =>
  JSON.stringify({
    event: 'charge.updated',
    charge_id: p.chargeId,
    payment_id: p.id,
    status,
    amount_minor: p.amountMinor,
    currency: 'EGP',
    ...changes,
  });

describe('notifications', () => {
  it('100 genuine notifications (duplicates, concurrent, out of order, around a verify) fulfil once', async () => {
    const o = await organizationWithMember(t);
    const p = await pendingPayment(o.owner);
    // The payer pays at the gateway; its notifications come when they come.
    const settled = await sandboxGateway(t.system.db).settle(p.chargeId, 'paid');
    expect(settled).not.toBeNull();
    const paid = () => signSandboxNotification(notice(p, 'paid'));
    const pending = () => signSandboxNotification(notice(p, 'pending'));

    const statuses: number[] = [];
    // Stale "pending" notifications first: nothing to do yet.
    for (let i = 0; i < 10; i += 1) statuses.push((await deliver(pending())).statusCode);
    expect((await storedPayment(t, p.id)).status).toBe('PENDING');
    // 40 at once, a verify among them, with late "pending" ones mixed in.
    const burst = [
      ...Array.from({ length: 30 }, () => paid()),
      ...Array.from({ length: 10 }, () => pending()),
    ].sort(() => Math.random() - 0.5);
    const [verified, ...answers] = await Promise.all([
      api.post(`/billing/payments/${p.id}/verify/`, undefined, o.member),
      ...burst.map((n) => deliver(n)),
    ]);
    statuses.push(...answers.map((a) => a.statusCode));
    expect(body(verified!)).toMatchObject({ status: 'SUCCEEDED', credits: 25 });
    // The same notification again and again, then after another verify.
    const same = paid();
    for (let i = 0; i < 30; i += 1) statuses.push((await deliver(same)).statusCode);
    await api.post(`/billing/payments/${p.id}/verify/`, undefined, o.owner);
    for (let i = 0; i < 10; i += 1) statuses.push((await deliver(i % 2 ? pending() : paid())).statusCode);
    // A late "pending" does not undo a payment.
    statuses.push(
      ...(await Promise.all(Array.from({ length: 10 }, () => deliver(pending())))).map((a) => a.statusCode),
    );

    expect(statuses).toHaveLength(100);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(await purchaseMovements(t, p.id)).toEqual([{ amount: 25 }]);
    expect(
      await t.system.db.select().from(creditBuckets).where(eq(creditBuckets.paymentId, p.id)),
    ).toHaveLength(1);
    const stored = await storedPayment(t, p.id);
    expect(stored.status).toBe('SUCCEEDED');
    const usage = body<{ credits: { remaining: number; extra: number } }>(
      await api.get('/usage/summary/', o.owner),
    );
    expect(usage.credits).toMatchObject({ remaining: 125, extra: 25 });
    expect(await ledgerBalance(t, o.organizationId)).toBe(usage.credits.remaining);
  });

  it('100 forged or tampered notifications change nothing', async () => {
    const o = await organizationWithMember(t);
    const p = await pendingPayment(o.owner, 40);
    const other = await pendingPayment(o.owner, 10);
    const genuine = notice(p, 'paid');
    const stranger = crypto.randomBytes(32);
    const signedBy = (key: Buffer, raw: string, t0 = Math.floor(Date.now() / 1000)) => ({
      headers: {
        'content-type': 'application/json',
        [sandboxSignatureHeader]: `t=${t0},v1=${crypto.createHmac('sha256', key).update(`${t0}.${raw}`).digest('hex')}`,
      },
      rawBody: raw,
    });
    const good = signSandboxNotification(genuine);
    const forged: { headers: Record<string, string>; rawBody: string; url?: string; method?: 'GET' }[] = [
      // Signed with a key that is not the gateway's.
      ...Array.from({ length: 25 }, () => signedBy(stranger, genuine)),
      // The gateway's signature over another body.
      ...Array.from({ length: 15 }, (_, i) => ({
        headers: good.headers,
        rawBody: notice(p, 'paid', { amount_minor: 4000 + i + 1 }),
      })),
      ...Array.from({ length: 5 }, () => ({ headers: good.headers, rawBody: notice(other, 'paid') })),
      ...Array.from({ length: 5 }, () => ({ headers: good.headers, rawBody: `${genuine} ` })),
      // Signatures that are not one.
      ...Array.from({ length: 10 }, (_, i) => ({
        headers: {
          'content-type': 'application/json',
          [sandboxSignatureHeader]: ['', 't=1', 'v1=abc', 't=x,v1=y', `t=${Date.now()},v1=${'0'.repeat(64)}`][
            i % 5
          ]!,
        },
        rawBody: genuine,
      })),
      ...Array.from({ length: 10 }, () => ({
        headers: { 'content-type': 'application/json' },
        rawBody: genuine,
      })),
      // A genuine signature, replayed long after.
      ...Array.from({ length: 10 }, (_, i) =>
        signSandboxNotification(genuine, new Date(Date.now() - (10 + i) * 60_000)),
      ),
      // Not JSON, and another method.
      ...Array.from({ length: 10 }, (_, i) =>
        signSandboxNotification(`{"event":"charge.updated","status":"paid"${'x'.repeat(i)}`),
      ),
      ...Array.from({ length: 5 }, () => ({ ...good, method: 'GET' as const })),
      // A gateway that is not configured.
      ...Array.from({ length: 5 }, () => ({ ...good, url: '/api/v1/billing/webhooks/paymob/' })),
    ];
    expect(forged).toHaveLength(100);
    const answers = await Promise.all(
      forged.map((n) =>
        n.method === 'GET'
          ? t.app.inject({
              method: 'GET',
              url: `${webhook}?payment_id=${p.id}&status=paid`,
              headers: n.headers,
            })
          : deliver(n, n.url),
      ),
    );
    const codes = new Set(answers.map((a) => a.statusCode));
    expect([...codes].every((c) => c === 401 || c === 404 || c === 400)).toBe(true);
    // The tampered bodies signed by the gateway itself are well-formed: only a mismatch of amount.
    for (const id of [p.id, other.id]) {
      expect((await storedPayment(t, id)).status).toBe('PENDING');
      expect(await purchaseMovements(t, id)).toEqual([]);
    }
    expect(
      body<{ credits: { extra: number } }>(await api.get('/usage/summary/', o.owner)).credits.extra,
    ).toBe(0);

    // The genuine notification, once the charge is paid, is honoured.
    await sandboxGateway(t.system.db).settle(p.chargeId, 'paid');
    expect((await deliver(good)).statusCode).toBe(200);
    expect((await storedPayment(t, p.id)).status).toBe('SUCCEEDED');
  });

  it('a signed report whose amount or currency is not the charge grants nothing', async () => {
    const o = await organizationWithMember(t);
    const p = await pendingPayment(o.owner, 30);
    for (const changes of [{ amount_minor: 1 }, { currency: 'USD' }, { charge_id: 'sbx_other' }]) {
      const res = await deliver(signSandboxNotification(notice(p, 'paid', changes)));
      expect(res.statusCode).toBe(200);
    }
    expect((await storedPayment(t, p.id)).status).toBe('PENDING');
    expect(await purchaseMovements(t, p.id)).toEqual([]);
  });

  it('a failed or cancelled notification ends the payment without granting', async () => {
    const o = await organizationWithMember(t);
    const p = await pendingPayment(o.owner, 12);
    await sandboxGateway(t.system.db).settle(p.chargeId, 'cancelled');
    expect((await deliver(signSandboxNotification(notice(p, 'cancelled')))).statusCode).toBe(200);
    expect((await storedPayment(t, p.id)).status).toBe('CANCELLED');
    expect(await purchaseMovements(t, p.id)).toEqual([]);
  });
});

describe('verify and capture', () => {
  it('verify asks the gateway: pending stays pending, paid is fulfilled once', async () => {
    const o = await organizationWithMember(t);
    const created = body<{ payment_id: string }>(
      await api.post(
        '/billing/payments/create/',
        { payment_method: 'apple_pay', payment_type: 'storage', amount: '20.00', storage_mb: 200 },
        o.owner,
      ),
    );
    const verify = () => api.post(`/billing/payments/${created.payment_id}/verify/`, undefined, o.member);
    expect(body(await verify())).toMatchObject({ status: 'PENDING', fulfilled_at: null });
    const charge = (await storedPayment(t, created.payment_id)).gatewayRef!;
    await sandboxGateway(t.system.db).settle(charge, 'paid');
    const answers = await Promise.all(Array.from({ length: 10 }, verify));
    expect(answers.every((a) => body(a).status === 'SUCCEEDED')).toBe(true);
    expect(
      await t.system.db
        .select()
        .from(storagePurchases)
        .where(eq(storagePurchases.paymentId, created.payment_id)),
    ).toHaveLength(1);
    expect(
      body<{ storage: { extra_mb: number } }>(await api.get('/usage/summary/', o.owner)).storage.extra_mb,
    ).toBe(200);
  });

  it('capture-paymob asks the gateway for the transaction and fulfils once; an unknown one is refused', async () => {
    const o = await organizationWithMember(t);
    const created = body<{ payment_id: string }>(
      await api.post(
        '/billing/payments/create/',
        { payment_method: 'card_eg', payment_type: 'credits', amount: '15.00', credits: 15 },
        o.owner,
      ),
    );
    const charge = (await storedPayment(t, created.payment_id)).gatewayRef!;
    const refused = await api.post('/billing/payments/capture-paymob/', {
      transaction_id: '123456789',
      amount: '15.00',
    });
    expect(body(refused)).toEqual({ success: false, error: 'Payment was not successful' });

    await sandboxGateway(t.system.db).settle(charge, 'paid');
    const [row] = await t.system.db.select().from(sandboxCharges).where(eq(sandboxCharges.id, charge));
    const captures = await Promise.all(
      Array.from({ length: 5 }, () =>
        api.post('/billing/payments/capture-paymob/', { transaction_id: row!.transactionId!, amount: '999' }),
      ),
    );
    for (const c of captures) expect(body(c)).toEqual({ success: true, error: null });
    expect(await purchaseMovements(t, created.payment_id)).toEqual([{ amount: 15 }]);
  });
});
