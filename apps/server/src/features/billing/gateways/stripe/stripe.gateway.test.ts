import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GatewayError, type ChargeRequest, type PaymentGateway } from '../gateway';
import {
  pressButton,
  startNotificationReceiver,
  type ReceivedNotification,
} from '../../../../test/notification-receiver';
import { defaultSwitches } from '../imitation-kit';
import { stripeConfigFromEnv, stripeGateway, verifyStripeSignature } from './stripe.gateway';
import { startStripeImitation, type StripeImitation } from './stripe.imitation';

let stripe: StripeImitation;
let receiver: Awaited<ReturnType<typeof startNotificationReceiver>>;
let gateway: PaymentGateway;

beforeAll(async () => {
  receiver = await startNotificationReceiver();
  stripe = await startStripeImitation({ webhookUrl: receiver.url });
  gateway = stripeGateway(stripe.config);
});

afterAll(async () => {
  await stripe.close();
  await receiver.close();
});

afterEach(async () => {
  await stripe.settle();
  Object.assign(stripe.switches, defaultSwitches(), { asyncPayments: false });
  receiver.received.length = 0;
});

let counter = 0;
const chargeRequest = (amountMinor: number, overrides: Partial<ChargeRequest> = {}): ChargeRequest => {
  counter += 1;
  return {
    paymentId: `pay-${counter}-card`,
    method: 'card_intl',
    amountMinor,
    currency: gateway.currencyOf('card_intl'),
    description: 'Pro plan, monthly',
    customer: { email: 'owner@example.com', name: 'Jane Doe' },
    returnUrl: 'https://invoicing.example/billing/result?payment=7',
    cancelUrl: 'https://invoicing.example/billing/cancelled?payment=7',
    notifyUrl: 'https://invoicing.example/api/billing/notify/stripe',
    details: {},
    ...overrides,
  };
};

const checkout = async (request: ChargeRequest, button = 'Pay') => {
  const created = await gateway.createCharge(request);
  if (created.next.kind !== 'redirect') throw new Error(`expected a redirect, got ${created.next.kind}`);
  const landed = await pressButton(created.next.url, button);
  await stripe.settle();
  return { created, landed };
};

const eventTypes = () =>
  receiver.received.map((n) => (JSON.parse(n.rawBody.toString('utf8')) as { type: string }).type);

/** The same notification signed again by us, with a timestamp and a secret of our choosing. */
const resigned = (
  n: ReceivedNotification,
  timestamp: number,
  secret: string,
  body = n.rawBody.toString('utf8'),
) => ({
  ...n,
  rawBody: Buffer.from(body),
  headers: {
    ...n.headers,
    'stripe-signature': `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`,
  },
});

describe('Stripe-Signature', () => {
  const secret = 'whsec_test_secret';
  const payload = Buffer.from('{\n  "id": "evt_test_webhook",\n  "object": "event"\n}');
  const t = 1492774577;
  const v1 = createHmac('sha256', secret).update(`1492774577.${payload.toString()}`).digest('hex');
  const options = { toleranceSeconds: 300, nowSeconds: t + 10 };

  it('accepts the v1 HMAC-SHA256 of "t.payload" keyed with the endpoint secret', () => {
    expect(verifyStripeSignature(`t=${t},v1=${v1}`, payload, secret, options)).toBe(true);
    // Several v1 signatures (a secret being rolled) and a v0 one: any matching v1 is enough.
    expect(
      verifyStripeSignature(`t=${t},v1=${'0'.repeat(64)},v1=${v1},v0=abc`, payload, secret, options),
    ).toBe(true);
  });

  it('refuses another secret, another payload, another timestamp, and a v0-only header', () => {
    expect(verifyStripeSignature(`t=${t},v1=${v1}`, payload, 'whsec_other', options)).toBe(false);
    expect(
      verifyStripeSignature(`t=${t},v1=${v1}`, Buffer.from(`${payload.toString()} `), secret, options),
    ).toBe(false);
    expect(verifyStripeSignature(`t=${t + 1},v1=${v1}`, payload, secret, options)).toBe(false);
    expect(verifyStripeSignature(`t=${t},v0=${v1}`, payload, secret, options)).toBe(false);
    expect(verifyStripeSignature(`v1=${v1}`, payload, secret, options)).toBe(false);
  });

  it('refuses an event older than the tolerance (a replay)', () => {
    expect(
      verifyStripeSignature(`t=${t},v1=${v1}`, payload, secret, {
        toleranceSeconds: 300,
        nowSeconds: t + 300,
      }),
    ).toBe(true);
    expect(
      verifyStripeSignature(`t=${t},v1=${v1}`, payload, secret, {
        toleranceSeconds: 300,
        nowSeconds: t + 301,
      }),
    ).toBe(false);
  });
});

describe('Stripe adapter against the imitation', () => {
  it('card_intl: Checkout in USD, back on the success URL, a signed completed event, and the status says paid', async () => {
    const request = chargeRequest(49_99);
    expect(request.currency).toBe('USD');
    const { created, landed } = await checkout(request);

    const back = new URL(landed.location!);
    expect(`${back.origin}${back.pathname}`).toBe('https://invoicing.example/billing/result');
    expect(back.searchParams.get('payment')).toBe('7');
    expect(back.searchParams.get('session_id')).toBe(created.gatewayRef);

    expect(eventTypes()).toEqual(['checkout.session.completed']);
    const report = await gateway.verifyNotification(receiver.received[0]!);
    expect(report).toEqual({
      paymentId: request.paymentId,
      gatewayRef: created.gatewayRef,
      status: 'paid',
      amountMinor: 49_99,
      currency: 'USD',
    });
    await expect(
      gateway.fetchStatus({ paymentId: request.paymentId, gatewayRef: created.gatewayRef }),
    ).resolves.toEqual(report);
  });

  it('creates one Checkout Session per payment, in payment mode, with our payment id', async () => {
    const request = chargeRequest(10_00);
    const first = await gateway.createCharge(request);
    const again = await gateway.createCharge(request);
    expect(again.gatewayRef).toBe(first.gatewayRef);
    const res = await fetch(`${stripe.url}/v1/checkout/sessions/${first.gatewayRef}`, {
      headers: { authorization: `Bearer ${stripe.keys.secretKey}` },
    });
    const session = (await res.json()) as Record<string, unknown>;
    expect(session).toMatchObject({
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      client_reference_id: request.paymentId,
      metadata: { payment_id: request.paymentId },
      amount_total: 10_00,
      currency: 'usd',
      cancel_url: request.cancelUrl,
      success_url: 'https://invoicing.example/billing/result?payment=7&session_id={CHECKOUT_SESSION_ID}',
    });
    await expect(
      gateway.fetchStatus({ paymentId: request.paymentId, gatewayRef: first.gatewayRef }),
    ).resolves.toMatchObject({
      status: 'pending',
    });
  });

  it('refuses a changed body, a changed timestamp, a stale event, a forged one and one without a signature', async () => {
    await checkout(chargeRequest(20_00));
    const genuine = receiver.received[0]!;
    const header = genuine.headers['stripe-signature']!;
    const body = genuine.rawBody.toString('utf8');
    const t = Number(/t=(\d+)/.exec(header)![1]);

    const moreMoney = body.replace('"amount_total":2000', '"amount_total":200000');
    expect(moreMoney).not.toBe(body);
    await expect(
      gateway.verifyNotification({ ...genuine, rawBody: Buffer.from(moreMoney) }),
    ).resolves.toBeNull();
    const otherTime = {
      ...genuine,
      headers: { ...genuine.headers, 'stripe-signature': header.replace(`t=${t}`, `t=${t + 1}`) },
    };
    await expect(gateway.verifyNotification(otherTime)).resolves.toBeNull();
    const { 'stripe-signature': _dropped, ...unsigned } = genuine.headers;
    await expect(gateway.verifyNotification({ ...genuine, headers: unsigned })).resolves.toBeNull();

    // Signed with the right secret, but ten minutes ago: a replay.
    const now = Math.floor(Date.now() / 1000);
    await expect(
      gateway.verifyNotification(resigned(genuine, now - 600, stripe.keys.webhookSecret)),
    ).resolves.toBeNull();
    await expect(
      gateway.verifyNotification(resigned(genuine, now - 5, stripe.keys.webhookSecret)),
    ).resolves.toMatchObject({
      status: 'paid',
    });
    // A tolerance of our own.
    const strict = stripeGateway({ ...stripe.config, toleranceSeconds: 1 });
    await expect(
      strict.verifyNotification(resigned(genuine, now - 5, stripe.keys.webhookSecret)),
    ).resolves.toBeNull();

    stripe.switches.forgeNotifications = true;
    receiver.received.length = 0;
    await checkout(chargeRequest(20_00));
    await expect(gateway.verifyNotification(receiver.received[0]!)).resolves.toBeNull();
  });

  it('keeps a declined card on the Checkout page: no event, the payment still pending', async () => {
    const request = chargeRequest(15_00);
    const { created, landed } = await checkout(request, 'Decline');
    expect(landed.location).toBeNull();
    expect(landed.answer).toContain('Your card was declined.');
    expect(receiver.received).toHaveLength(0);
    await expect(
      gateway.fetchStatus({ paymentId: request.paymentId, gatewayRef: created.gatewayRef }),
    ).resolves.toMatchObject({
      status: 'pending',
    });
  });

  it('reports a delayed payment as pending, then paid or failed with its async event', async () => {
    stripe.switches.asyncPayments = true;
    const request = chargeRequest(30_00);
    const { created } = await checkout(request);
    expect(eventTypes()).toEqual(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);
    const [completed, succeeded] = await Promise.all(
      receiver.received.map((n) => gateway.verifyNotification(n)),
    );
    expect(completed).toMatchObject({ paymentId: request.paymentId, status: 'pending' });
    expect(succeeded).toMatchObject({
      paymentId: request.paymentId,
      status: 'paid',
      amountMinor: 30_00,
      currency: 'USD',
    });
    await expect(
      gateway.fetchStatus({ paymentId: request.paymentId, gatewayRef: created.gatewayRef }),
    ).resolves.toMatchObject({
      status: 'paid',
    });

    receiver.received.length = 0;
    stripe.switches.decline = true;
    const failing = chargeRequest(30_00);
    const second = await checkout(failing);
    expect(eventTypes()).toEqual(['checkout.session.completed', 'checkout.session.async_payment_failed']);
    await expect(gateway.verifyNotification(receiver.received[1]!)).resolves.toMatchObject({
      status: 'failed',
    });
    await expect(
      gateway.fetchStatus({ paymentId: failing.paymentId, gatewayRef: second.created.gatewayRef }),
    ).resolves.toMatchObject({
      status: 'failed',
    });
  });

  it('sends the payer who cancels to the cancel URL, and reports an expired session', async () => {
    const request = chargeRequest(12_00);
    const { created, landed } = await checkout(request, 'Cancel');
    expect(landed.location).toBe(request.cancelUrl);
    expect(receiver.received).toHaveLength(0);

    const res = await fetch(`${stripe.url}/v1/checkout/sessions/${created.gatewayRef}/expire`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stripe.keys.secretKey}` },
    });
    expect(res.status).toBe(200);
    await stripe.settle();
    expect(eventTypes()).toEqual(['checkout.session.expired']);
    await expect(gateway.verifyNotification(receiver.received[0]!)).resolves.toMatchObject({
      paymentId: request.paymentId,
      status: 'expired',
    });
    await expect(
      gateway.fetchStatus({ paymentId: request.paymentId, gatewayRef: created.gatewayRef }),
    ).resolves.toMatchObject({
      status: 'expired',
    });
  });

  it('repeats events at once or late, and a status check alone finds a payment without events', async () => {
    stripe.switches.concurrentNotifications = 3;
    await checkout(chargeRequest(5_00));
    expect(receiver.received).toHaveLength(3);
    const reports = await Promise.all(receiver.received.map((n) => gateway.verifyNotification(n)));
    expect(reports.every((r) => r?.status === 'paid' && r.amountMinor === 5_00)).toBe(true);

    receiver.received.length = 0;
    Object.assign(stripe.switches, { concurrentNotifications: 1, notificationDelayMs: 200 });
    const late = await gateway.createCharge(chargeRequest(6_00));
    if (late.next.kind !== 'redirect') throw new Error('expected a redirect');
    await pressButton(late.next.url, 'Pay');
    expect(receiver.received).toHaveLength(0);
    await stripe.settle();
    expect(receiver.received).toHaveLength(1);

    Object.assign(stripe.switches, { notificationDelayMs: 0, withholdNotifications: true });
    const silent = chargeRequest(7_00);
    const { created } = await checkout(silent);
    expect(receiver.received).toHaveLength(1);
    await expect(
      gateway.fetchStatus({ paymentId: silent.paymentId, gatewayRef: created.gatewayRef }),
    ).resolves.toMatchObject({
      status: 'paid',
      amountMinor: 7_00,
    });
  });

  it("refunds a paid session's PaymentIntent, in parts, never more than was paid", async () => {
    const request = chargeRequest(25_00);
    const { created } = await checkout(request);
    const charge = { paymentId: request.paymentId, gatewayRef: created.gatewayRef };
    await gateway.refund(charge, 10_00);
    await gateway.refund(charge, 15_00);
    const intent = stripe.session(created.gatewayRef)!.paymentIntent;
    expect(stripe.refunds.filter((r) => r.paymentIntent === intent).map((r) => r.amountMinor)).toEqual([
      10_00, 15_00,
    ]);
    await expect(gateway.refund(charge, 1)).rejects.toThrow(/already been refunded/);

    const unpaid = chargeRequest(25_00);
    const open = await gateway.createCharge(unpaid);
    await expect(
      gateway.refund({ paymentId: unpaid.paymentId, gatewayRef: open.gatewayRef }, 1_00),
    ).rejects.toBeInstanceOf(GatewayError);
  });

  it('turns a gateway that is down or refuses into a GatewayError', async () => {
    const request = chargeRequest(9_00);
    const created = await gateway.createCharge(request);
    stripe.switches.down = true;
    await expect(gateway.createCharge(chargeRequest(9_00))).rejects.toBeInstanceOf(GatewayError);
    await expect(
      gateway.fetchStatus({ paymentId: request.paymentId, gatewayRef: created.gatewayRef }),
    ).rejects.toBeInstanceOf(GatewayError);
    stripe.switches.down = false;
    const wrongKey = stripeGateway({ ...stripe.config, secretKey: 'sk_test_wrong' });
    await expect(wrongKey.createCharge(chargeRequest(9_00))).rejects.toThrow(/Invalid API Key/);
    await expect(gateway.createCharge(chargeRequest(10))).rejects.toThrow(/at least/);
    // Too small an amount is this payment refused (the payer is told), not a gateway out of reach.
    await expect(gateway.createCharge(chargeRequest(10))).rejects.toMatchObject({ declined: true });
    await expect(wrongKey.createCharge(chargeRequest(9_00))).rejects.toMatchObject({ declined: false });
  });
});

describe('stripeConfigFromEnv', () => {
  it('needs both the secret key and the webhook secret, and defaults the base address to Stripe', () => {
    expect(stripeConfigFromEnv({})).toBeNull();
    expect(stripeConfigFromEnv({ STRIPE_SECRET_KEY: 'sk_live_1' })).toBeNull();
    expect(stripeConfigFromEnv({ STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' })).toEqual(
      {
        baseUrl: 'https://api.stripe.com',
        secretKey: 'sk_live_1',
        webhookSecret: 'whsec_1',
      },
    );
  });
});
