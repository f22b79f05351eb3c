import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pressButton, startNotificationReceiver } from '../../../../test/notification-receiver';
import type { ChargeRequest, PaymentGateway } from '../gateway';
import { defaultSwitches } from '../imitation-kit';
import { paymobConfigFromEnv, paymobGateway } from './paymob.gateway';
import { startPaymobImitation, type PaymobImitation } from './paymob.imitation';

let receiver: Awaited<ReturnType<typeof startNotificationReceiver>>;
let imitation: PaymobImitation;
let gateway: PaymentGateway;
let sequence = 0;

const charge = (o: Partial<ChargeRequest> = {}): ChargeRequest => ({
  paymentId: `imitation-${Date.now()}-${(sequence += 1)}`,
  method: 'card_eg',
  amountMinor: 2500,
  currency: 'EGP',
  description: 'Storage',
  customer: { email: 'owner@example.com', name: 'Omar', phone: '01012345678' },
  returnUrl: `${receiver.url}/return`,
  cancelUrl: `${receiver.url}/cancel`,
  notifyUrl: `${receiver.url}/notify`,
  details: {},
  ...o,
});

const deliveriesFor = (orderId: string) =>
  imitation.notifications.filter(
    (d) => (JSON.parse(d.body) as { obj: { order: { id: number } } }).obj.order.id === Number(orderId),
  );

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${imitation.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  receiver = await startNotificationReceiver();
  imitation = await startPaymobImitation({ callbacks: { processed: `${receiver.url}/notify` } });
  gateway = paymobGateway(imitation.config);
});

afterEach(() => Object.assign(imitation.switches, defaultSwitches()));

afterAll(async () => {
  await imitation.close();
  await receiver.close();
});

describe('the Paymob imitation checks what the real gateway checks', () => {
  it('refuses a wrong API key, an unknown auth token and a wrong secret key', async () => {
    expect((await post('/api/auth/tokens', { api_key: 'wrong' })).status).toBe(403);
    expect((await post('/api/ecommerce/orders', { auth_token: 'unknown', amount_cents: 100 })).status).toBe(
      401,
    );
    const intention = {
      amount: 100,
      currency: 'EGP',
      payment_methods: [imitation.config.integrations.card_eg],
    };
    expect((await post('/v1/intention/', intention, { authorization: 'Token wrong' })).status).toBe(401);
    expect(
      (await post('/api/acceptance/payments/pay', { payment_token: 'unknown', source: {} })).status,
    ).toBe(401);
  });

  it('refuses an intention whose items do not add up to the amount, or without the payer phone', async () => {
    const auth = { authorization: `Token ${imitation.config.secretKey}` };
    const base = {
      amount: 1000,
      currency: 'EGP',
      payment_methods: [imitation.config.integrations.card_eg],
      billing_data: { phone_number: '01012345678' },
    };
    const items = [{ name: 'x', amount: 999, quantity: 1 }];
    expect((await post('/v1/intention/', { ...base, items }, auth)).status).toBe(400);
    expect((await post('/v1/intention/', { ...base, billing_data: {} }, auth)).status).toBe(400);
    expect((await post('/v1/intention/', { ...base, payment_methods: [1] }, auth)).status).toBe(404);
  });

  it('serves Unified Checkout only with the public key', async () => {
    const created = await gateway.createCharge(charge());
    const url = new URL((created.next as { url: string }).url);
    url.searchParams.set('publicKey', 'wrong');
    expect((await fetch(url)).status).toBe(404);
  });

  it('answers 503 to the API and the pages while down', async () => {
    const created = await gateway.createCharge(charge());
    imitation.switches.down = true;
    expect((await fetch((created.next as { url: string }).url)).status).toBe(503);
    expect((await post('/api/auth/tokens', { api_key: imitation.config.apiKey })).status).toBe(503);
  });
});

describe('the Paymob imitation for a server in another process', () => {
  it('answers its configuration as environment variables, with fixed keys when given', async () => {
    const fixed = await startPaymobImitation({ keys: { apiKey: 'demo-api-key', hmacSecret: 'demo-hmac' } });
    try {
      expect(fixed.env).toMatchObject({ PAYMOB_API_KEY: 'demo-api-key', PAYMOB_HMAC_SECRET: 'demo-hmac' });
      const fromEnv = paymobGateway(paymobConfigFromEnv(fixed.env)!);
      expect(fromEnv.methods).toEqual(['card_eg', 'wallet_eg', 'kiosk_eg', 'valu']);
      const request = charge({ method: 'kiosk_eg' });
      const created = await fromEnv.createCharge(request);
      fixed.pay(request.paymentId);
      expect(
        await fromEnv.fetchStatus({ paymentId: request.paymentId, gatewayRef: created.gatewayRef }),
      ).toMatchObject({ status: 'paid', amountMinor: 2500 });
    } finally {
      await fixed.close();
    }
  });
});

describe('the Paymob imitation switches', () => {
  it('sends each notification n times in a row (duplicateNotifications)', async () => {
    imitation.switches.duplicateNotifications = 3;
    const created = await gateway.createCharge(charge());
    await pressButton((created.next as { url: string }).url, 'Pay');
    await imitation.settle();
    const sent = deliveriesFor(created.gatewayRef);
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((d) => d.body)).size).toBe(1);
    for (const d of sent) expect(d.status).toBe(200);
  });

  it('sends copies at once (concurrentNotifications), each one genuine', async () => {
    imitation.switches.concurrentNotifications = 4;
    const request = charge();
    const created = await gateway.createCharge(request);
    imitation.pay(request.paymentId);
    await imitation.settle();
    const copies = receiver.received.filter((n) =>
      n.rawBody.toString('utf8').includes(`"id":${created.gatewayRef}`),
    );
    expect(copies).toHaveLength(4);
    for (const n of copies) expect(await gateway.verifyNotification(n)).toMatchObject({ status: 'paid' });
  });

  it('sends late (notificationDelayMs)', async () => {
    imitation.switches.notificationDelayMs = 400;
    const request = charge();
    const created = await gateway.createCharge(request);
    imitation.pay(request.paymentId);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(deliveriesFor(created.gatewayRef)).toHaveLength(0);
    await imitation.settle();
    expect(deliveriesFor(created.gatewayRef)).toHaveLength(1);
  });

  it('forges the signature (forgeNotifications): the adapter refuses it', async () => {
    imitation.switches.forgeNotifications = true;
    const request = charge();
    const created = await gateway.createCharge(request);
    imitation.pay(request.paymentId);
    await imitation.settle();
    const [forged] = deliveriesFor(created.gatewayRef);
    expect(forged).toMatchObject({ forged: true });
    const received = receiver.received.find((n) => n.rawBody.toString('utf8') === forged!.body)!;
    expect(await gateway.verifyNotification(received)).toBeNull();
  });

  it('sends nothing (withholdNotifications): only the status check finds the payment', async () => {
    imitation.switches.withholdNotifications = true;
    const request = charge();
    const created = await gateway.createCharge(request);
    imitation.pay(request.paymentId);
    await imitation.settle();
    expect(deliveriesFor(created.gatewayRef)).toHaveLength(0);
    expect(
      await gateway.fetchStatus({ paymentId: request.paymentId, gatewayRef: created.gatewayRef }),
    ).toMatchObject({ status: 'paid', amountMinor: 2500, currency: 'EGP' });
  });

  it('sends wallet and kiosk callbacks to the dashboard URL, intention ones to their notification_url', async () => {
    const wallet = charge({ method: 'wallet_eg', notifyUrl: `${receiver.url}/not-used` });
    const created = await gateway.createCharge(wallet);
    imitation.pay(wallet.paymentId);
    await imitation.settle();
    expect(deliveriesFor(created.gatewayRef).map((d) => new URL(d.url).pathname)).toEqual(['/notify']);

    const card = charge({ notifyUrl: `${receiver.url}/per-payment` });
    const cardCharge = await gateway.createCharge(card);
    imitation.pay(card.paymentId);
    await imitation.settle();
    expect(deliveriesFor(cardCharge.gatewayRef).map((d) => new URL(d.url).pathname)).toEqual([
      '/per-payment',
    ]);
  });
});
