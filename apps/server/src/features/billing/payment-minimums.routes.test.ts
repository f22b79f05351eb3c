import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentMethod } from '@invoicing/contract';
import { createTestApp, type TestApp } from '../../test/test-app';
import { body, call, organizationWithMember, paymentCount, storedPayment } from './billing.test-helpers';
import { startStripeImitation, type StripeImitation } from './gateways/stripe/stripe.imitation';

/*
 * Stripe charges no less than its documented minimum per currency (0.50 USD): the server says so in the
 * method list, as a price in EGP at the configured rate, and refuses a smaller payment before anything is
 * written or the payer is sent to Stripe. Stripe's local imitation carries international cards; the sandbox
 * carries the other methods, with no minimum.
 */

let t: TestApp;
let stripe: StripeImitation;
let api: ReturnType<typeof call>;
beforeAll(async () => {
  stripe = await startStripeImitation();
  t = await createTestApp({ ...stripe.env, PAYMENT_SANDBOX: 'on', PUBLIC_URL: 'https://pay.example.test' });
  api = call(t);
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const buyCredits = (headers: Record<string, string>, credits: number, path = 'create') =>
  api.post(
    `/billing/payments/${path}/`,
    { payment_method: 'card_intl', payment_type: 'credits', amount: `${credits}.00`, credits },
    headers,
  );

describe("a gateway's minimum charge", () => {
  it('is given with the methods Stripe carries, as a price in EGP and in dollars, and only with them', async () => {
    const o = await organizationWithMember(t);
    const methods = body<{ methods: PaymentMethod[] }>(
      await api.get('/billing/payment-methods/', o.member),
    ).methods;
    // 0.50 USD at the default 0.0208 a pound: 23.80 EGP is the first price charged 50 cents.
    expect(methods.find((m) => m.name === 'card_intl')).toMatchObject({
      gateway: 'stripe',
      currency: 'USD',
      minimum_amount: '23.80',
      minimum_charge: '0.50',
    });
    for (const other of methods.filter((m) => m.name !== 'card_intl')) {
      expect(other).toMatchObject({ gateway: 'sandbox', minimum_amount: null, minimum_charge: null });
    }
  });

  it('follows the configured rate', async () => {
    const other = await createTestApp({ ...stripe.env, EXCHANGE_RATES: 'USD=0.02' });
    try {
      const o = await organizationWithMember(other);
      const methods = body<{ methods: PaymentMethod[] }>(
        await call(other).get('/billing/payment-methods/', o.owner),
      ).methods;
      expect(methods.find((m) => m.name === 'card_intl')?.minimum_amount).toBe('24.75');
    } finally {
      await other.close();
    }
  });

  it('refuses a smaller payment up front, writing nothing', async () => {
    const o = await organizationWithMember(t);
    for (const path of ['create', 'process-direct']) {
      for (const credits of [10, 23]) {
        const res = await buyCredits(o.owner, credits, path);
        expect(res.statusCode).toBe(400);
        expect(body(res)).toMatchObject({
          code: 'AMOUNT_BELOW_MINIMUM',
          detail:
            'This payment method cannot charge less than 0.50 USD (23.80 EGP). Choose another method or buy more.',
        });
      }
    }
    expect(await paymentCount(t, o.organizationId)).toBe(0);

    // 24 credits (24.00 EGP) are charged 50 cents: Stripe's Checkout page is next.
    const res = await buyCredits(o.owner, 24);
    expect(res.statusCode).toBe(200);
    const created = body<{ success: boolean; payment_id: string; gateway_url: string }>(res);
    expect(created.success).toBe(true);
    expect(created.gateway_url.startsWith(stripe.url)).toBe(true);
    const payment = await storedPayment(t, created.payment_id);
    expect(payment).toMatchObject({ chargedCurrency: 'USD', chargedAmountMinor: 50 });
    expect(stripe.session(payment.gatewayRef!)).toMatchObject({ amountMinor: 50, currency: 'usd' });
  });
});
