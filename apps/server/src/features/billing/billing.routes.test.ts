import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentMethodCodes } from '@invoicing/contract';
import { paymentMethods, plans, sandboxCharges } from '../../schema';
import { buildApp } from '../../app';
import { createTestApp, registerUser, bearer, type TestApp } from '../../test/test-app';
import {
  body,
  call,
  organizationWithMember,
  paymentCount,
  paymentsOf,
  purchaseMovements,
  storedPayment,
} from './billing.test-helpers';

let t: TestApp;
let api: ReturnType<typeof call>;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://pay.example.test' });
  api = call(t);
});
afterAll(() => t.close());

const planId = async (code: string) =>
  (await t.system.db.select({ id: plans.id }).from(plans).where(eq(plans.code, code)))[0]!.id;

/** Follows a sandbox page address of ours (absolute, under PUBLIC_URL) within the test server. */
const pathOf = (url: string) => {
  const u = new URL(url);
  expect(u.origin).toBe('https://pay.example.test');
  return `${u.pathname}${u.search}`;
};
/** Presses a button of a sandbox page: an empty form posted as a browser posts it. */
const press = (pageUrl: string, action: string) =>
  t.app.inject({
    method: 'POST',
    url: `${pathOf(pageUrl)}/${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });

describe('plans and payment methods', () => {
  it('lists the active plans to anyone, in order', async () => {
    const res = await api.get('/billing/registration/plans/');
    expect(res.statusCode).toBe(200);
    const list = body<{ plans: { name: string; price_monthly: string; credits_per_month: number }[] }>(
      res,
    ).plans;
    expect(list.map((p) => p.name)).toEqual(['Free', 'Pro', 'Enterprise']);
    expect(list[1]).toMatchObject({ price_monthly: '299.00', credits_per_month: 100 });
  });

  it('lists the eleven methods through the sandbox, with their currency and what they pay for', async () => {
    const o = await organizationWithMember(t);
    const res = await api.get('/billing/payment-methods/', o.member);
    expect(res.statusCode).toBe(200);
    const methods = body<{ methods: Record<string, unknown>[] }>(res).methods;
    expect(methods.map((m) => m.name)).toEqual([...paymentMethodCodes]);
    expect(methods[0]).toMatchObject({
      display_name: 'Card (Visa, Mastercard, Meeza)',
      display_name_ar: 'بطاقة (فيزا، ماستركارد، ميزة)',
      region: 'egypt',
      gateway: 'sandbox',
      currency: 'EGP',
      payment_types: ['credits', 'storage', 'extras', 'plan'],
      total_transactions: 0,
      success_rate: 0,
    });
    expect(methods.find((m) => m.name === 'paypal')).toMatchObject({
      currency: 'USD',
      payment_types: ['plan'],
    });
    expect(methods.find((m) => m.name === 'knet')).toMatchObject({ currency: 'KWD', region: 'gulf' });
    expect((await api.get('/billing/payment-methods/')).statusCode).toBe(401);
  });

  it('answers the fields each method asks for', async () => {
    const o = await organizationWithMember(t);
    const fields = async (method: string) =>
      body<{ form_fields: { name: string; required: boolean; validation: string | null }[] }>(
        await api.get(`/billing/payment-form-fields/${method}/`, o.owner),
      ).form_fields;
    expect((await fields('card_eg')).map((f) => [f.name, f.validation])).toEqual([
      ['card_number', 'card_number'],
      ['expiry', 'expiry'],
      ['cvv', 'cvv'],
      ['cardholder_name', null],
    ]);
    expect(await fields('wallet_eg')).toMatchObject([
      { name: 'phone', required: true, validation: 'phone_eg' },
    ]);
    expect(await fields('valu')).toMatchObject([{ name: 'phone', required: true }]);
    expect(await fields('fawry')).toMatchObject([{ name: 'phone', required: false }]);
    expect(await fields('stc_pay')).toMatchObject([{ name: 'phone', required: true, validation: 'phone' }]);
    expect(await fields('knet')).toEqual([]);
    expect((await api.get('/billing/payment-form-fields/cash/', o.owner)).statusCode).toBe(400);
  });
});

describe('creating a payment', () => {
  it('refuses without a token, and to a USER', async () => {
    const o = await organizationWithMember(t);
    const payload = { payment_method: 'wallet_eg', payment_type: 'credits', amount: '10.00', credits: 10 };
    expect((await api.post('/billing/payments/create/', payload)).statusCode).toBe(401);
    const res = await api.post('/billing/payments/create/', payload, o.member);
    expect(res.statusCode).toBe(403);
    expect(body(res).code).toBe('FORBIDDEN');
    expect(await paymentCount(t, o.organizationId)).toBe(0);
  });

  it('refuses an amount that is not the price, writing nothing', async () => {
    const o = await organizationWithMember(t);
    for (const [amount, credits, storage_mb, type] of [
      ['9.99', 10, 0, 'credits'],
      ['10.01', 10, 0, 'credits'],
      ['50.00', 0, 100, 'storage'],
      ['69.99', 50, 200, 'extras'],
    ] as const) {
      const res = await api.post(
        '/billing/payments/create/',
        { payment_method: 'card_eg', payment_type: type, amount, credits, storage_mb },
        o.owner,
      );
      expect(res.statusCode, `${amount}`).toBe(400);
      expect(body(res).code).toBe('AMOUNT_MISMATCH');
    }
    const upgrade = await api.post(
      '/billing/payments/create/',
      {
        payment_method: 'card_eg',
        payment_type: 'plan',
        amount: '9.99',
        plan_id: await planId('enterprise'),
      },
      o.owner,
    );
    expect(upgrade.statusCode).toBe(400);
    expect(body(upgrade)).toMatchObject({ code: 'AMOUNT_MISMATCH', expected_amount: '999.00' });
    expect(await paymentCount(t, o.organizationId)).toBe(0);
  });

  it('100 client amounts that disagree with the price: no payment, nothing granted', async () => {
    const o = await organizationWithMember(t);
    const methods = paymentMethodCodes.filter((m) => m !== 'paypal');
    const enterprise = await planId('enterprise');
    const offs = ['0.01', '1.00', '-0.01', '-1.00', '100.00'];
    for (let i = 0; i < 100; i += 1) {
      const kind = (['credits', 'storage', 'extras', 'plan'] as const)[i % 4]!;
      const credits = kind === 'credits' || kind === 'extras' ? 1 + (i % 50) : 0;
      const storageMb = kind === 'storage' || kind === 'extras' ? 10 * (1 + (i % 7)) : 0;
      // The price in cents: 1.00 EGP a credit, 0.10 EGP a MB, Enterprise 2990.00 a month.
      const price = kind === 'plan' ? 299_000 : credits * 100 + storageMb * 10;
      const off = Math.round(Number(offs[i % offs.length]) * 100);
      const amount = ((price + off) / 100).toFixed(2);
      const path = i % 2 === 0 ? 'create' : 'process-direct';
      const method = methods[i % methods.length]!;
      // Details that pass every method's checks: only the amount is wrong.
      const phone = method === 'stc_pay' ? '0512345678' : '01012345678';
      const card = {
        card_number: '4242 4242 4242 4242',
        expiry: '12/39',
        cvv: '123',
        cardholder_name: 'Mona Ali',
      };
      const res = await api.post(
        `/billing/payments/${path}/`,
        {
          payment_method: method,
          payment_type: kind,
          amount,
          credits,
          storage_mb: storageMb,
          ...(kind === 'plan' ? { plan_id: enterprise } : {}),
          ...(path === 'create' ? { phone } : { payment_details: { ...card, phone } }),
        },
        o.owner,
      );
      expect(res.statusCode, `${kind} ${amount} by ${path}`).toBe(400);
      expect(body(res).code, `${kind} ${amount}`).toBe('AMOUNT_MISMATCH');
    }
    expect(await paymentCount(t, o.organizationId)).toBe(0);
    const usage = body<{ credits: { extra: number }; storage: { extra_mb: number } }>(
      await api.get('/usage/summary/', o.owner),
    );
    expect(usage.credits.extra).toBe(0);
    expect(usage.storage.extra_mb).toBe(0);
  });

  it('checks what is bought against the kind of payment', async () => {
    const o = await organizationWithMember(t);
    const errorsOf = async (payload: object) => {
      const res = await api.post(
        '/billing/payments/create/',
        { payment_method: 'card_eg', ...payload },
        o.owner,
      );
      expect(res.statusCode).toBe(400);
      expect(body(res).code).toBe('VALIDATION_FAILED');
      return body<{ errors: Record<string, string[]> }>(res).errors;
    };
    expect(await errorsOf({ payment_type: 'credits', amount: '0', storage_mb: 10 })).toEqual({
      credits: ['Choose how many credits to buy'],
    });
    expect(await errorsOf({ payment_type: 'storage', amount: '1', credits: 1 })).toEqual({
      storage_mb: ['Choose how many MB of storage to buy'],
    });
    expect(Object.keys(await errorsOf({ payment_type: 'extras', amount: '0' }))).toEqual([
      'credits',
      'storage_mb',
    ]);
    expect(await errorsOf({ payment_type: 'plan', amount: '299' })).toEqual({ plan_id: ['Choose a plan'] });
    expect(await errorsOf({ payment_type: 'credits', amount: '1.005', credits: 1 })).toEqual({
      amount: ['Enter a valid amount'],
    });
    expect(await paymentCount(t, o.organizationId)).toBe(0);
  });

  it('refuses a disabled method, and PayPal for anything but a plan', async () => {
    const o = await organizationWithMember(t);
    const res = await api.post(
      '/billing/payments/create/',
      { payment_method: 'paypal', payment_type: 'credits', amount: '10', credits: 10 },
      o.owner,
    );
    expect(res.statusCode).toBe(400);
    expect(body(res).code).toBe('PAYMENT_METHOD_UNAVAILABLE');

    await t.system.db.update(paymentMethods).set({ isActive: false }).where(eq(paymentMethods.code, 'valu'));
    try {
      const refused = await api.post(
        '/billing/payments/create/',
        { payment_method: 'valu', payment_type: 'credits', amount: '10', credits: 10 },
        o.owner,
      );
      expect(refused.statusCode).toBe(400);
      expect(body(refused).code).toBe('PAYMENT_METHOD_UNAVAILABLE');
      const listed = body<{ methods: { name: string }[] }>(
        await api.get('/billing/payment-methods/', o.owner),
      );
      expect(listed.methods.map((m) => m.name)).not.toContain('valu');
      expect((await api.get('/billing/payment-form-fields/valu/', o.owner)).statusCode).toBe(400);
    } finally {
      await t.system.db.update(paymentMethods).set({ isActive: true }).where(eq(paymentMethods.code, 'valu'));
    }
    expect(await paymentCount(t, o.organizationId)).toBe(0);
  });

  it('refuses a downgrade and the plan already paid for on the same cycle (409)', async () => {
    const o = await organizationWithMember(t);
    // On the Pro trial: Free is a downgrade; Pro itself may be paid for.
    const free = await api.post(
      '/billing/payments/create/',
      { payment_method: 'card_eg', payment_type: 'plan', amount: '0', plan_id: await planId('free') },
      o.owner,
    );
    expect(free.statusCode).toBe(409);
    expect(body(free).code).toBe('NOT_AN_UPGRADE');
    const pro = await api.post(
      '/billing/payments/create/',
      { payment_method: 'wallet_eg', payment_type: 'plan', amount: '299.00', plan_id: await planId('pro') },
      o.owner,
    );
    expect(pro.statusCode).toBe(200);
    await press(body<{ gateway_url: string }>(pro).gateway_url, 'pay');
    const again = await api.post(
      '/billing/payments/create/',
      { payment_method: 'wallet_eg', payment_type: 'plan', amount: '299.00', plan_id: await planId('pro') },
      o.owner,
    );
    expect(again.statusCode).toBe(409);
    expect(body(again).code).toBe('NOT_AN_UPGRADE');
    // Another cycle of the same plan is a change the owner may buy.
    const yearly = await api.post(
      '/billing/payments/create/',
      {
        payment_method: 'wallet_eg',
        payment_type: 'plan',
        amount: '2870.40',
        plan_id: await planId('pro'),
        billing_cycle: 'yearly',
      },
      o.owner,
    );
    expect(yearly.statusCode).toBe(200);
  });
});

describe('the sandbox flows', () => {
  it('redirect: a hosted page whose Pay sends the browser back with the payment id, credits granted', async () => {
    const o = await organizationWithMember(t);
    const res = await api.post(
      '/billing/payments/create/',
      {
        payment_method: 'wallet_eg',
        payment_type: 'credits',
        amount: 50,
        credits: 50,
        phone: '01012345678',
        return_url: '/payment/success',
        cancel_url: 'https://evil.example/cancel',
      },
      o.owner,
    );
    expect(res.statusCode).toBe(200);
    const created = body<{
      success: boolean;
      payment_id: string;
      gateway_url: string;
      next: { kind: string };
    }>(res);
    expect(created).toMatchObject({ success: true, next: { kind: 'redirect' }, error: null });
    const page = await t.app.inject({ method: 'GET', url: pathOf(created.gateway_url) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('50.00 EGP');

    const paid = await press(created.gateway_url, 'pay');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(
      `https://pay.example.test/payment/success?payment_id=${created.payment_id}`,
    );
    const view = body(await api.get(`/billing/payments/${created.payment_id}/`, o.member));
    expect(view).toMatchObject({
      status: 'SUCCEEDED',
      amount: '50.00',
      charged_currency: 'EGP',
      charged_amount: '50.00',
      credits: 50,
    });
    expect(view.fulfilled_at).toBeTruthy();
    const usage = body<{ credits: { remaining: number; extra: number } }>(
      await api.get('/usage/summary/', o.owner),
    );
    expect(usage.credits).toMatchObject({ remaining: 150, extra: 50 });
    // A second press changes nothing.
    await press(created.gateway_url, 'pay');
    expect(await purchaseMovements(t, created.payment_id)).toEqual([{ amount: 50 }]);
  });

  it('redirect: Cancel ends the payment and goes to our cancel page (a foreign address is not followed)', async () => {
    const o = await organizationWithMember(t);
    const created = body<{ payment_id: string; gateway_url: string }>(
      await api.post(
        '/billing/payments/create/',
        {
          payment_method: 'stc_pay',
          payment_type: 'storage',
          amount: '10.00',
          storage_mb: 100,
          cancel_url: 'https://evil.example/cancel',
        },
        o.owner,
      ),
    );
    const cancelled = await press(created.gateway_url, 'cancel');
    expect(cancelled.headers.location).toBe(
      `https://pay.example.test/payment/cancel?payment_id=${created.payment_id}`,
    );
    expect(body(await api.get(`/billing/payments/${created.payment_id}/`, o.owner))).toMatchObject({
      status: 'CANCELLED',
      fulfilled_at: null,
      charged_currency: 'SAR',
      // 10 EGP x 0.0781
      charged_amount: '0.78',
    });
    expect(
      body<{ storage: { extra_mb: number } }>(await api.get('/usage/summary/', o.owner)).storage.extra_mb,
    ).toBe(0);
  });

  it('iframe: the card frame posts a completion message to the page when paid', async () => {
    const o = await organizationWithMember(t);
    const created = body<{ payment_id: string; gateway_url: string; next: { kind: string; url: string } }>(
      await api.post(
        '/billing/payments/create/',
        { payment_method: 'card_eg', payment_type: 'storage', amount: '50.00', storage_mb: 500 },
        o.owner,
      ),
    );
    expect(created.next.kind).toBe('iframe');
    expect(created.gateway_url).toBe(created.next.url);
    const frame = await t.app.inject({ method: 'GET', url: pathOf(created.next.url) });
    expect(frame.statusCode).toBe(200);
    expect(frame.headers['x-frame-options']).toBe('SAMEORIGIN');
    const done = await press(created.next.url, 'pay');
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain(`data-type="payment-complete" data-payment-id="${created.payment_id}"`);
    expect(done.body).toContain('/api/v1/billing/sandbox/sandbox.js');
    const script = await t.app.inject({ method: 'GET', url: '/api/v1/billing/sandbox/sandbox.js' });
    expect(script.body).toContain('type: result.dataset.type');
    expect(script.body).toContain('window.parent.postMessage');
    const usage = body<{ storage: { extra_mb: number; max_mb: number } }>(
      await api.get('/usage/summary/', o.owner),
    );
    expect(usage.storage).toMatchObject({ extra_mb: 500, max_mb: 1524 });
  });

  it('iframe: Decline fails the payment and tells the page', async () => {
    const o = await organizationWithMember(t);
    const created = body<{ payment_id: string; gateway_url: string }>(
      await api.post(
        '/billing/payments/create/',
        { payment_method: 'card_eg', payment_type: 'credits', amount: '10', credits: 10 },
        o.owner,
      ),
    );
    const declined = await press(created.gateway_url, 'decline');
    expect(declined.body).toContain('data-type="payment-failed"');
    expect((await storedPayment(t, created.payment_id)).status).toBe('FAILED');
  });

  it('reference: a kiosk or Fawry code, paid later at the outlet', async () => {
    const o = await organizationWithMember(t);
    for (const method of ['kiosk_eg', 'fawry'] as const) {
      const res = await api.post(
        '/billing/payments/process-direct/',
        { payment_method: method, payment_type: 'credits', amount: '10.00', credits: 10 },
        o.owner,
      );
      expect(res.statusCode).toBe(200);
      const direct = body<{ payment_id: string; reference: string; requires_redirect: boolean }>(res);
      expect(direct).toMatchObject({
        success: true,
        requires_redirect: false,
        requires_iframe: false,
        amount: '10.00',
        currency: 'EGP',
      });
      expect(direct.reference).toMatch(method === 'fawry' ? /^\d{9}$/ : /^\d{8}$/);
      expect(body(await api.get(`/billing/payments/${direct.payment_id}/`, o.owner))).toMatchObject({
        status: 'PENDING',
        reference: direct.reference,
      });
      const [charge] = await t.system.db
        .select()
        .from(sandboxCharges)
        .where(eq(sandboxCharges.paymentId, direct.payment_id));
      const kiosk = `/api/v1/billing/sandbox/kiosk/${charge!.id}`;
      expect((await t.app.inject({ method: 'GET', url: kiosk })).body).toContain(direct.reference);
      await t.app.inject({ method: 'POST', url: `${kiosk}/pay` });
      expect((await storedPayment(t, direct.payment_id)).status).toBe('SUCCEEDED');
    }
    expect(
      body<{ credits: { extra: number } }>(await api.get('/usage/summary/', o.owner)).credits.extra,
    ).toBe(20);
  });

  it('direct: card fields are checked, a card ending 0002 is declined, a good card pays at once', async () => {
    const o = await organizationWithMember(t);
    const card = {
      card_number: '4242 4242 4242 4242',
      expiry: '12/39',
      cvv: '123',
      cardholder_name: 'Mona Ali',
    };
    const pay = (details: Record<string, string>, method = 'card_intl') =>
      api.post(
        '/billing/payments/process-direct/',
        {
          payment_method: method,
          payment_type: 'credits',
          amount: '100.00',
          credits: 100,
          payment_details: details,
        },
        o.owner,
      );

    const invalid = await pay({ card_number: '4242', expiry: '01/20', cvv: '12' });
    expect(invalid.statusCode).toBe(400);
    expect(body(invalid).errors).toEqual({
      card_number: ['Invalid card number'],
      expiry: ['Invalid expiry date'],
      cvv: ['Invalid CVV'],
      cardholder_name: ['This field is required'],
    });
    expect(await paymentCount(t, o.organizationId)).toBe(0);

    const declined = body(await pay({ ...card, card_number: '4000 0000 0000 0002' }));
    expect(declined).toMatchObject({ success: false, error: 'The card was declined.' });
    expect((await storedPayment(t, declined.payment_id as string)).status).toBe('FAILED');

    const res = await pay(card);
    expect(res.statusCode).toBe(200);
    const paid = body(res);
    expect(paid).toMatchObject({
      success: true,
      requires_redirect: false,
      requires_iframe: false,
      currency: 'USD',
      // 100 EGP x 0.0208
      amount: '2.08',
      error: null,
    });
    expect(paid.transaction_id).toMatch(/^sbx_/);
    expect(body(await api.get(`/billing/payments/${paid.payment_id}/`, o.owner))).toMatchObject({
      status: 'SUCCEEDED',
      charged_amount: '2.08',
    });
    expect(
      body<{ credits: { extra: number } }>(await api.get('/usage/summary/', o.owner)).credits.extra,
    ).toBe(100);

    const methods = body<{ methods: { name: string; total_transactions: number; success_rate: number }[] }>(
      await api.get('/billing/payment-methods/', o.owner),
    ).methods;
    expect(methods.find((m) => m.name === 'card_intl')).toMatchObject({
      total_transactions: 2,
      successful_transactions: 1,
      success_rate: 50,
    });
    // Nothing of the card is kept (looked for beside the random ids and references, where four digits of
    // the card may turn up by chance).
    const random = new Set(['id', 'organizationId', 'userId', 'gatewayRef']);
    const stored = JSON.stringify(
      (await paymentsOf(t, o.organizationId)).map((p) =>
        Object.fromEntries(Object.entries(p).filter(([k]) => !random.has(k))),
      ),
    );
    expect(stored).not.toContain('4242');
    expect(stored).not.toContain('Mona');
  });

  it('asks wallets and ValU for a valid Egyptian phone on the enhanced page', async () => {
    const o = await organizationWithMember(t);
    const pay = (details: Record<string, string>) =>
      api.post(
        '/billing/payments/process-direct/',
        {
          payment_method: 'valu',
          payment_type: 'credits',
          amount: '10.00',
          credits: 10,
          payment_details: details,
        },
        o.owner,
      );
    expect(body(await pay({})).errors).toEqual({ phone: ['This field is required'] });
    expect(body(await pay({ phone: '0123' })).errors).toEqual({ phone: ['Invalid phone number format'] });
    const ok = body(await pay({ phone: '+20 101 234 5678' }));
    expect(ok).toMatchObject({ success: true, requires_redirect: true });
    expect(ok.approval_url).toMatch(
      /^https:\/\/pay\.example\.test\/api\/v1\/billing\/sandbox\/checkout\/sbx_/,
    );
  });

  it('PayPal upgrade: converted to USD at the configured rate, the plan and its credits granted when paid', async () => {
    const o = await organizationWithMember(t);
    const enterprise = await planId('enterprise');
    const res = await api.post(
      '/billing/registration/payment/',
      { plan_id: enterprise, billing_cycle: 'monthly', payment_method: 'paypal' },
      o.owner,
    );
    expect(res.statusCode).toBe(200);
    const started = body<{ payment_url: string; payment_id: string }>(res);
    expect(body(await api.get(`/billing/payments/${started.payment_id}/`, o.owner))).toMatchObject({
      payment_type: 'plan',
      plan_name: 'Enterprise',
      billing_cycle: 'monthly',
      amount: '999.00',
      charged_currency: 'USD',
      // 999 x 0.0208 = 20.7792
      charged_amount: '20.78',
    });
    await press(started.payment_url, 'pay');
    const usage = body(await api.get('/usage/summary/', o.owner));
    expect(usage).toMatchObject({
      plan: { name: 'Enterprise' },
      status: 'ACTIVE',
      trial_ends_at: null,
      credits: { max: 1000, remaining: 1000 },
      storage: { max_mb: 10240 },
    });
    expect(
      (
        await api.post(
          '/billing/registration/payment/',
          { plan_id: enterprise, billing_cycle: 'monthly', payment_method: 'paypal' },
          o.member,
        )
      ).statusCode,
    ).toBe(403);
  });

  it('a yearly plan grants twelve months of credits at once', async () => {
    const o = await organizationWithMember(t);
    const created = body<{ gateway_url: string }>(
      await api.post(
        '/billing/payments/create/',
        {
          payment_method: 'mada',
          payment_type: 'plan',
          amount: '9590.40',
          plan_id: await planId('enterprise'),
          billing_cycle: 'yearly',
        },
        o.owner,
      ),
    );
    await press(created.gateway_url, 'pay');
    const usage = body<{ credits: { max: number }; current_period_end: string }>(
      await api.get('/usage/summary/', o.owner),
    );
    expect(usage.credits.max).toBe(12_000);
    const days = (new Date(usage.current_period_end).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(367);
  });

  it("answers another organization's payment as missing", async () => {
    const o = await organizationWithMember(t);
    const other = await registerUser(t.app);
    const created = body<{ payment_id: string }>(
      await api.post(
        '/billing/payments/create/',
        { payment_method: 'knet', payment_type: 'credits', amount: '10', credits: 10 },
        o.owner,
      ),
    );
    const theirs = bearer(other.tokens.access, other.organization.id);
    expect((await api.get(`/billing/payments/${created.payment_id}/`, theirs)).statusCode).toBe(404);
    expect(
      (await api.post(`/billing/payments/${created.payment_id}/verify/`, undefined, theirs)).statusCode,
    ).toBe(404);
  });
});

describe('card details', () => {
  it('are neither logged nor stored, paid, declined or refused', async () => {
    const lines: string[] = [];
    const stream = new PassThrough();
    stream.on('data', (d: Buffer) => lines.push(d.toString()));
    const app = await buildApp({
      config: { ...t.config, LOG_LEVEL: 'trace' },
      database: t.database,
      logStream: stream,
    });
    await app.ready();
    try {
      const owner = await registerUser(app);
      const h = bearer(owner.tokens.access, owner.organization.id);
      const ids: string[] = [];
      for (const details of [
        { card_number: '5555 5555 5555 4444', expiry: '11/38', cvv: '987', cardholder_name: 'Hidden Holder' },
        { card_number: '5105 1051 0510 0002', expiry: '11/38', cvv: '987', cardholder_name: 'Hidden Holder' },
        { card_number: '5555 5555', expiry: '11/38', cvv: '98765', cardholder_name: 'Hidden Holder' },
      ]) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/v1/billing/payments/process-direct/',
          headers: h,
          payload: {
            payment_method: 'mada',
            payment_type: 'credits',
            amount: '10.00',
            credits: 10,
            payment_details: details,
          },
        });
        ids.push(res.headers['x-request-id'] as string);
      }
      const log = lines.join('');
      for (const id of ids) expect(log).toContain(id);
      const secrets = [
        '5555 5555 5555 4444',
        '5555555555554444',
        '5105 1051 0510 0002',
        '5105105105100002',
        '55555555',
        '"987"',
        '"98765"',
        'Hidden Holder',
        '11/38',
      ];
      for (const secret of secrets) expect(log).not.toContain(secret);
      const stored = JSON.stringify([
        await paymentsOf(t, owner.organization.id),
        await t.system.db.select().from(sandboxCharges),
      ]);
      for (const secret of secrets) expect(stored).not.toContain(secret);
    } finally {
      await app.close();
    }
  });
});
