import { createPublicKey, verify } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GatewayError, type ChargeRequest, type PaymentGateway } from '../gateway';
import {
  pressButton,
  startNotificationReceiver,
  type ReceivedNotification,
} from '../../../../test/notification-receiver';
import { defaultSwitches } from '../imitation-kit';
import { paypalConfigFromEnv, paypalGateway } from './paypal.gateway';
import { startPaypalImitation, type PaypalImitation } from './paypal.imitation';

let paypal: PaypalImitation;
let receiver: Awaited<ReturnType<typeof startNotificationReceiver>>;
let gateway: PaymentGateway;

beforeAll(async () => {
  receiver = await startNotificationReceiver();
  paypal = await startPaypalImitation({ webhookUrl: receiver.url });
  gateway = paypalGateway(paypal.config);
});

afterAll(async () => {
  await paypal.close();
  await receiver.close();
});

afterEach(async () => {
  await paypal.settle();
  Object.assign(paypal.switches, defaultSwitches());
  receiver.received.length = 0;
});

let counter = 0;
const chargeRequest = (amountMinor: number, overrides: Partial<ChargeRequest> = {}): ChargeRequest => {
  counter += 1;
  return {
    paymentId: `pay-${counter}-paypal`,
    method: 'paypal',
    amountMinor,
    currency: gateway.currencyOf('paypal'),
    description: 'Upgrade to Business, yearly',
    customer: { email: 'owner@example.com', name: 'Omar Farouk' },
    returnUrl: 'https://invoicing.example/billing/result?payment=3',
    cancelUrl: 'https://invoicing.example/billing/cancelled?payment=3',
    notifyUrl: 'https://invoicing.example/api/billing/notify/paypal',
    details: {},
    ...overrides,
  };
};

const approve = async (request: ChargeRequest, button = 'Pay') => {
  const created = await gateway.createCharge(request);
  if (created.next.kind !== 'redirect') throw new Error(`expected a redirect, got ${created.next.kind}`);
  const landed = await pressButton(created.next.url, button);
  await paypal.settle();
  return { created, landed };
};

const eventsOf = (notifications: ReceivedNotification[]) =>
  notifications.map((n) => (JSON.parse(n.rawBody.toString('utf8')) as { event_type: string }).event_type);

describe('PayPal adapter against the imitation', () => {
  it('paypal: approve, the approval webhook captures, the capture webhook and the status say paid in USD', async () => {
    const request = chargeRequest(20_83);
    expect(request.currency).toBe('USD');
    const { created, landed } = await approve(request);

    // Back on our return page with PayPal's token (the order id) and the payer's id.
    const back = new URL(landed.location!);
    expect(`${back.origin}${back.pathname}`).toBe('https://invoicing.example/billing/result');
    expect(back.searchParams.get('payment')).toBe('3');
    expect(back.searchParams.get('token')).toBe(created.gatewayRef);
    expect(back.searchParams.get('PayerID')).toMatch(/^[A-Z0-9]+$/);

    expect(eventsOf(receiver.received)).toEqual(['CHECKOUT.ORDER.APPROVED']);
    expect(paypal.order(created.gatewayRef)?.status).toBe('APPROVED');
    const expected = {
      paymentId: request.paymentId,
      gatewayRef: created.gatewayRef,
      status: 'paid',
      amountMinor: 20_83,
      currency: 'USD',
    };
    // Approved is not paid: verifying the approval captures the order.
    await expect(gateway.verifyNotification(receiver.received[0]!)).resolves.toEqual(expected);
    await paypal.settle();
    expect(eventsOf(receiver.received)).toEqual(['CHECKOUT.ORDER.APPROVED', 'PAYMENT.CAPTURE.COMPLETED']);
    await expect(gateway.verifyNotification(receiver.received[1]!)).resolves.toEqual(expected);
    await expect(
      gateway.fetchStatus({ paymentId: request.paymentId, gatewayRef: created.gatewayRef }),
    ).resolves.toEqual(expected);
    expect(paypal.order(created.gatewayRef)?.capture?.status).toBe('COMPLETED');
  });

  it('creates the order with our payment id and the amount in USD with two decimals', async () => {
    const request = chargeRequest(1_234_50);
    const created = await gateway.createCharge(request);
    const order = paypal.order(created.gatewayRef)!;
    expect(order).toMatchObject({
      status: 'PAYER_ACTION_REQUIRED',
      referenceId: request.paymentId,
      customId: request.paymentId,
      currency: 'USD',
      amountMinor: 1_234_50,
      returnUrl: request.returnUrl,
      cancelUrl: request.cancelUrl,
    });
    expect(created.next).toEqual({
      kind: 'redirect',
      url: `${paypal.url}/checkoutnow?token=${created.gatewayRef}`,
    });
    // The same payment asked twice is one order.
    await expect(gateway.createCharge(request)).resolves.toEqual(created);
    await expect(
      gateway.fetchStatus({ paymentId: request.paymentId, gatewayRef: created.gatewayRef }),
    ).resolves.toMatchObject({
      status: 'pending',
      amountMinor: 1_234_50,
    });
  });

  it('captures once however many status checks and notifications race for it', async () => {
    paypal.switches.withholdNotifications = true;
    const request = chargeRequest(9_99);
    const { created } = await approve(request);
    const before = { ...paypal.counts };
    const charge = { paymentId: request.paymentId, gatewayRef: created.gatewayRef };
    const reports = await Promise.all([
      gateway.fetchStatus(charge),
      gateway.fetchStatus(charge),
      gateway.fetchStatus(charge),
    ]);
    expect(reports.map((r) => r.status)).toEqual(['paid', 'paid', 'paid']);
    expect(paypal.counts.capturesMade - before.capturesMade).toBe(1);
    await expect(gateway.fetchStatus(charge)).resolves.toMatchObject({ status: 'paid', amountMinor: 9_99 });
    expect(paypal.counts.capturesMade - before.capturesMade).toBe(1);
    // Every capture request of the order carried one and the same idempotency key.
    const ids = paypal.captureRequestIds(created.gatewayRef);
    expect(ids.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ids).size).toBe(1);
    expect(ids[0]).not.toBe('');
  });

  it('answers the same capture to a capture repeated with the same PayPal-Request-Id', async () => {
    paypal.switches.withholdNotifications = true;
    const { created } = await approve(chargeRequest(5_00));
    const tokenRes = await fetch(`${paypal.url}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${paypal.keys.clientId}:${paypal.keys.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    const { access_token: token } = (await tokenRes.json()) as { access_token: string };
    const captureOnce = (requestId: string) =>
      fetch(`${paypal.url}/v2/checkout/orders/${created.gatewayRef}/capture`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'paypal-request-id': requestId,
        },
        body: '{}',
      }).then(async (res) => ({ status: res.status, body: await res.text() }));
    const first = await captureOnce('capture-key-1');
    const again = await captureOnce('capture-key-1');
    const other = await captureOnce('capture-key-2');
    expect(first.status).toBe(201);
    expect(again).toEqual(first);
    expect(other.status).toBe(422);
    expect(other.body).toContain('ORDER_ALREADY_CAPTURED');
  });

  it('asks for one OAuth token and keeps it until it expires, and gets another when PayPal revokes it', async () => {
    const short = await startPaypalImitation({ tokenLifetimeSeconds: 1 });
    try {
      const adapter = paypalGateway(short.config);
      await Promise.all([
        adapter.createCharge(chargeRequest(1_00)),
        adapter.createCharge(chargeRequest(2_00)),
      ]);
      await adapter.createCharge(chargeRequest(3_00));
      expect(short.counts.tokensIssued).toBe(1);
      // Kept for half of a short lifetime (a minute less than a long one): then renewed.
      await new Promise((resolve) => setTimeout(resolve, 600));
      await adapter.createCharge(chargeRequest(4_00));
      expect(short.counts.tokensIssued).toBe(2);
      short.revokeTokens();
      await adapter.createCharge(chargeRequest(5_00));
      expect(short.counts.tokensIssued).toBe(3);
    } finally {
      await short.close();
    }
  });

  it('refuses wrong client credentials and a gateway that is down with a GatewayError', async () => {
    const wrong = paypalGateway({ ...paypal.config, clientSecret: 'not-the-secret' });
    await expect(wrong.createCharge(chargeRequest(1_00))).rejects.toThrow(/Client Authentication failed/);

    const request = chargeRequest(1_00);
    const { created } = await approve(request);
    paypal.switches.down = true;
    await expect(gateway.createCharge(chargeRequest(1_00))).rejects.toBeInstanceOf(GatewayError);
    // A notification that cannot be put to PayPal's verification call is not called forged: it is an error,
    // so that our answer is not a 2xx and PayPal sends it again.
    await expect(gateway.verifyNotification(receiver.received[0]!)).rejects.toBeInstanceOf(GatewayError);
    await expect(
      gateway.fetchStatus({ paymentId: request.paymentId, gatewayRef: created.gatewayRef }),
    ).rejects.toBeInstanceOf(GatewayError);
    // EGP is not a PayPal currency.
    paypal.switches.down = false;
    await expect(gateway.createCharge(chargeRequest(1_00, { currency: 'EGP' }))).rejects.toThrow(
      /CURRENCY_NOT_SUPPORTED/,
    );
  });

  it('signs webhooks as PayPal documents: SHA256withRSA over id|time|webhook id|CRC32 of the body', async () => {
    // CRC32 in decimal form: the standard check value of "123456789" is 0xCBF43926.
    expect(crc32('123456789')).toBe(3_421_780_262);
    await approve(chargeRequest(7_00));
    const n = receiver.received[0]!;
    const certRes = await fetch(n.headers['paypal-cert-url']!);
    const key = createPublicKey(await certRes.text());
    const message = [
      n.headers['paypal-transmission-id'],
      n.headers['paypal-transmission-time'],
      paypal.keys.webhookId,
      crc32(n.rawBody),
    ].join('|');
    expect(n.headers['paypal-auth-algo']).toBe('SHA256withRSA');
    expect(
      verify(
        'sha256',
        Buffer.from(message),
        key,
        Buffer.from(n.headers['paypal-transmission-sig']!, 'base64'),
      ),
    ).toBe(true);
  });

  it('refuses tampered, forged and unsigned notifications, and notifications for another webhook', async () => {
    const { created } = await approve(chargeRequest(15_00));
    const genuine = receiver.received[0]!;
    const body = genuine.rawBody.toString('utf8');
    const before = paypal.counts.verifications;

    const tamperings = [
      body.replace('"value":"15.00"', '"value":"1500.00"'),
      body.replace('CHECKOUT.ORDER.APPROVED', 'CHECKOUT.ORDER.COMPLETED'),
      body.replace(created.gatewayRef, 'ANOTHERORDER00001'),
    ];
    for (const tampered of tamperings) {
      expect(tampered).not.toBe(body);
      await expect(
        gateway.verifyNotification({ ...genuine, rawBody: Buffer.from(tampered) }),
      ).resolves.toBeNull();
    }
    for (const header of ['paypal-transmission-id', 'paypal-transmission-time']) {
      const changed = {
        ...genuine,
        headers: { ...genuine.headers, [header]: `${genuine.headers[header]}0` },
      };
      await expect(gateway.verifyNotification(changed)).resolves.toBeNull();
    }
    const { 'paypal-transmission-sig': _dropped, ...unsigned } = genuine.headers;
    await expect(gateway.verifyNotification({ ...genuine, headers: unsigned })).resolves.toBeNull();
    // Each of those was put to PayPal's verification call but the unsigned one, refused without asking.
    expect(paypal.counts.verifications - before).toBe(5);

    const otherWebhook = paypalGateway({ ...paypal.config, webhookId: 'OTHERWEBHOOK00001' });
    await expect(otherWebhook.verifyNotification(genuine)).resolves.toBeNull();

    paypal.switches.forgeNotifications = true;
    receiver.received.length = 0;
    await approve(chargeRequest(15_00));
    await expect(gateway.verifyNotification(receiver.received[0]!)).resolves.toBeNull();
  });

  it('reports a payment declined at capture, from the approval, the denial webhook and the status', async () => {
    const request = chargeRequest(12_00);
    const { created } = await approve(request, 'Decline');
    await expect(gateway.verifyNotification(receiver.received[0]!)).resolves.toMatchObject({
      paymentId: request.paymentId,
      status: 'failed',
    });
    await paypal.settle();
    expect(eventsOf(receiver.received)).toEqual(['CHECKOUT.ORDER.APPROVED', 'PAYMENT.CAPTURE.DENIED']);
    await expect(gateway.verifyNotification(receiver.received[1]!)).resolves.toMatchObject({
      paymentId: request.paymentId,
      gatewayRef: created.gatewayRef,
      status: 'failed',
      amountMinor: 12_00,
      currency: 'USD',
    });
    await expect(
      gateway.fetchStatus({ paymentId: request.paymentId, gatewayRef: created.gatewayRef }),
    ).resolves.toMatchObject({
      status: 'failed',
    });

    paypal.switches.decline = true;
    receiver.received.length = 0;
    const second = chargeRequest(12_00);
    const declined = await approve(second);
    await expect(
      gateway.fetchStatus({ paymentId: second.paymentId, gatewayRef: declined.created.gatewayRef }),
    ).resolves.toMatchObject({
      status: 'failed',
    });
  });

  it('sends the payer who cancels to the cancel URL with the token; the order stays unpaid', async () => {
    const request = chargeRequest(8_00);
    const { created, landed } = await approve(request, 'Cancel');
    const back = new URL(landed.location!);
    expect(`${back.origin}${back.pathname}`).toBe('https://invoicing.example/billing/cancelled');
    expect(back.searchParams.get('token')).toBe(created.gatewayRef);
    expect(back.searchParams.get('PayerID')).toBeNull();
    expect(receiver.received).toHaveLength(0);
    await expect(
      gateway.fetchStatus({ paymentId: request.paymentId, gatewayRef: created.gatewayRef }),
    ).resolves.toMatchObject({
      status: 'pending',
    });
  });

  it('repeats notifications at once or late, each one genuine', async () => {
    Object.assign(paypal.switches, {
      concurrentNotifications: 2,
      notificationDelayMs: 150,
    });
    const created = await gateway.createCharge(chargeRequest(4_00));
    if (created.next.kind !== 'redirect') throw new Error('expected a redirect');
    await pressButton(created.next.url, 'Pay');
    expect(receiver.received).toHaveLength(0);
    await paypal.settle();
    expect(receiver.received).toHaveLength(2);
    const reports = await Promise.all(receiver.received.map((n) => gateway.verifyNotification(n)));
    expect(reports.map((r) => r?.status)).toEqual(['paid', 'paid']);
    expect(paypal.order(created.gatewayRef)?.capture?.status).toBe('COMPLETED');
  });

  it('refunds the capture of a paid order, in parts, never more than was paid', async () => {
    paypal.switches.withholdNotifications = true;
    const request = chargeRequest(30_00);
    const { created } = await approve(request);
    const charge = { paymentId: request.paymentId, gatewayRef: created.gatewayRef };
    await expect(gateway.fetchStatus(charge)).resolves.toMatchObject({ status: 'paid' });
    await gateway.refund(charge, 10_50);
    await gateway.refund(charge, 19_50);
    const captureId = paypal.order(created.gatewayRef)!.capture!.id;
    expect(paypal.refunds.filter((r) => r.captureId === captureId).map((r) => r.amountMinor)).toEqual([
      10_50, 19_50,
    ]);
    await expect(gateway.refund(charge, 1)).rejects.toThrow(/CAPTURE_FULLY_REFUNDED/);

    const unpaid = chargeRequest(30_00);
    const open = await gateway.createCharge(unpaid);
    await expect(
      gateway.refund({ paymentId: unpaid.paymentId, gatewayRef: open.gatewayRef }, 1_00),
    ).rejects.toBeInstanceOf(GatewayError);
  });
});

describe('paypalConfigFromEnv', () => {
  it('needs the client id, secret and webhook id, and defaults the base address to the sandbox', () => {
    expect(paypalConfigFromEnv({})).toBeNull();
    expect(paypalConfigFromEnv({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' })).toBeNull();
    expect(
      paypalConfigFromEnv({
        PAYPAL_CLIENT_ID: 'id',
        PAYPAL_CLIENT_SECRET: 'secret',
        PAYPAL_WEBHOOK_ID: 'WH1',
      }),
    ).toEqual({
      baseUrl: 'https://api-m.sandbox.paypal.com',
      clientId: 'id',
      clientSecret: 'secret',
      webhookId: 'WH1',
    });
  });
});
