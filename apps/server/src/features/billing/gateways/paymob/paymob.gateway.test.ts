import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  notificationFromRedirect,
  pressButton,
  startNotificationReceiver,
} from '../../../../test/notification-receiver';
import { GatewayError, type ChargeRequest, type IncomingNotification, type PaymentGateway } from '../gateway';
import { defaultSwitches } from '../imitation-kit';
import { paymobConfigFromEnv, paymobGateway } from './paymob.gateway';
import { startPaymobImitation, type PaymobImitation } from './paymob.imitation';
import {
  hmacValuesOfQuery,
  hmacValuesOfTransaction,
  paymobHmac,
  paymobHmacFields,
  paymobHmacString,
} from './paymob.signature';

// The sample transaction of Paymob's "HMAC Transaction Callback" page and the string it documents.
const documentedTransaction = {
  id: 192036465,
  pending: false,
  amount_cents: 100000,
  success: true,
  is_auth: false,
  is_capture: false,
  is_standalone_payment: true,
  is_voided: false,
  is_refunded: false,
  is_3d_secure: true,
  integration_id: 4097558,
  has_parent_transaction: false,
  order: { id: 217503754, merchant_order_id: 'ORDER_12345' },
  created_at: '2024-06-13T11:33:44.592345',
  currency: 'EGP',
  source_data: { pan: '2346', type: 'card', sub_type: 'MasterCard' },
  error_occured: false,
  owner: 302852,
};
const documentedString =
  '1000002024-06-13T11:33:44.592345EGPfalsefalse1920364654097558truefalsefalsefalsetruefalse217503754302852false2346MasterCardcardtrue';

describe('the Paymob HMAC', () => {
  it('concatenates the processed callback fields in the documented order', () => {
    expect(paymobHmacString(hmacValuesOfTransaction(documentedTransaction))).toBe(documentedString);
  });

  it('reads the same fields from a response callback query, the order id from `order`', () => {
    const query = {
      amount_cents: '100000',
      created_at: '2024-06-13T11:33:44.592345',
      currency: 'EGP',
      error_occured: 'false',
      has_parent_transaction: 'false',
      id: '192036465',
      integration_id: '4097558',
      is_3d_secure: 'true',
      is_auth: 'false',
      is_capture: 'false',
      is_refunded: 'false',
      is_standalone_payment: 'true',
      is_voided: 'false',
      order: '217503754',
      owner: '302852',
      pending: 'false',
      'source_data.pan': '2346',
      'source_data.sub_type': 'MasterCard',
      'source_data.type': 'card',
      success: 'true',
      merchant_order_id: 'ORDER_12345',
    };
    expect(paymobHmacString(hmacValuesOfQuery(query))).toBe(documentedString);
  });

  it('is HMAC-SHA512 of that string with the secret, in lowercase hex', async () => {
    const { createHmac } = await import('node:crypto');
    const expected = createHmac('sha512', 'secret').update(documentedString).digest('hex');
    expect(paymobHmac('secret', hmacValuesOfTransaction(documentedTransaction))).toBe(expected);
    expect(expected).toMatch(/^[0-9a-f]{128}$/);
  });
});

describe('Paymob configuration from the environment', () => {
  it('is absent while the API key or the HMAC secret is not set', () => {
    expect(paymobConfigFromEnv({})).toBeNull();
    expect(paymobConfigFromEnv({ PAYMOB_API_KEY: 'k' })).toBeNull();
    expect(paymobConfigFromEnv({ PAYMOB_API_KEY: 'k', PAYMOB_HMAC_SECRET: ' ' })).toBeNull();
  });

  it('reads the keys and integrations, with Paymob Accept as the default address', () => {
    const config = paymobConfigFromEnv({
      PAYMOB_API_KEY: 'api',
      PAYMOB_HMAC_SECRET: 'hmac',
      PAYMOB_SECRET_KEY: 'sk',
      PAYMOB_PUBLIC_KEY: 'pk',
      PAYMOB_INTEGRATION_CARD: '11',
      PAYMOB_INTEGRATION_WALLET: '12',
      PAYMOB_INTEGRATION_KIOSK: 'not a number',
      PAYMOB_IFRAME_ID: '99',
    });
    expect(config).toMatchObject({
      baseUrl: 'https://accept.paymob.com',
      apiKey: 'api',
      hmacSecret: 'hmac',
      secretKey: 'sk',
      publicKey: 'pk',
      iframeId: '99',
      integrations: { card_eg: 11, wallet_eg: 12 },
    });
    expect(paymobGateway(config!).methods).toEqual(['card_eg', 'wallet_eg']);
  });

  it('offers ValU and cards only with a way to pay them (Unified Checkout keys or an iframe)', () => {
    const config = paymobConfigFromEnv({
      PAYMOB_API_KEY: 'api',
      PAYMOB_HMAC_SECRET: 'hmac',
      PAYMOB_INTEGRATION_CARD: '11',
      PAYMOB_INTEGRATION_VALU: '14',
      PAYMOB_INTEGRATION_KIOSK: '13',
    });
    expect(paymobGateway(config!).methods).toEqual(['kiosk_eg']);
  });
});

let receiver: Awaited<ReturnType<typeof startNotificationReceiver>>;
let imitation: PaymobImitation;
let gateway: PaymentGateway;
let sequence = 0;

const charge = (method: ChargeRequest['method'], o: Partial<ChargeRequest> = {}): ChargeRequest => ({
  paymentId: `pay-${Date.now()}-${(sequence += 1)}`,
  method,
  amountMinor: 12345,
  currency: 'EGP',
  description: '1000 credits',
  customer: { email: 'owner@example.com', name: 'Mona Adel', phone: '01012345678' },
  returnUrl: `${receiver.url}/return`,
  cancelUrl: `${receiver.url}/cancel`,
  notifyUrl: `${receiver.url}/notify`,
  details: {},
  ...o,
});

/** The processed callbacks (POST) that reached our notification address for one payment. */
const processedFor = (orderId: string) =>
  receiver.received.filter((n) => {
    if (n.method !== 'POST') return false;
    const body = JSON.parse(n.rawBody.toString('utf8')) as { obj: { order: { id: number } } };
    return String(body.obj.order.id) === orderId;
  });

beforeAll(async () => {
  receiver = await startNotificationReceiver();
  imitation = await startPaymobImitation({
    callbacks: { processed: `${receiver.url}/notify`, response: `${receiver.url}/return` },
  });
  gateway = paymobGateway(imitation.config);
});

afterEach(() => Object.assign(imitation.switches, defaultSwitches()));

afterAll(async () => {
  await imitation.close();
  await receiver.close();
});

describe('Paymob adapter and its imitation', () => {
  it('pays by card through Unified Checkout: redirect, signed callbacks, status with amount and currency', async () => {
    const request = charge('card_eg');
    const created = await gateway.createCharge(request);
    expect(created.next.kind).toBe('redirect');
    const url = (created.next as { url: string }).url;
    expect(url).toContain(`${imitation.url}/unifiedcheckout/?publicKey=`);
    expect(url).toContain('clientSecret=');

    const { page, location } = await pressButton(url, 'Pay');
    expect(page).toContain('123.45 EGP');
    expect(location).toMatch(new RegExp(`^${request.returnUrl}\\?`));

    // The browser comes back with the response callback: signed, and it says paid.
    const back = await gateway.verifyNotification(notificationFromRedirect(location!));
    expect(back).toEqual({
      paymentId: request.paymentId,
      gatewayRef: created.gatewayRef,
      status: 'paid',
      amountMinor: 12345,
      currency: 'EGP',
    });

    // The processed callback reaches the notification address given with the intention.
    await imitation.settle();
    const [processed] = processedFor(created.gatewayRef);
    expect(processed).toBeDefined();
    expect(await gateway.verifyNotification(processed!)).toEqual(back);

    expect(
      await gateway.fetchStatus({ paymentId: request.paymentId, gatewayRef: created.gatewayRef }),
    ).toEqual(back);
    const transactionId = notificationFromRedirect(location!).query.id!;
    expect(await gateway.lookupTransaction!(transactionId)).toEqual(back);
  });

  it('pays by card in the embedded iframe when an iframe id is configured', async () => {
    const iframeImitation = await startPaymobImitation({
      cardCheckout: 'iframe',
      callbacks: { processed: `${receiver.url}/notify`, response: `${receiver.url}/return` },
    });
    try {
      const iframeGateway = paymobGateway(iframeImitation.config);
      const request = charge('card_eg', { amountMinor: 5000 });
      const created = await iframeGateway.createCharge(request);
      expect(created.next.kind).toBe('iframe');
      const url = (created.next as { url: string }).url;
      expect(url).toMatch(new RegExp(`^${iframeImitation.url}/api/acceptance/iframes/\\d+\\?payment_token=`));
      const { location } = await pressButton(url, 'Pay');
      const back = await iframeGateway.verifyNotification(notificationFromRedirect(location!));
      expect(back).toMatchObject({
        paymentId: request.paymentId,
        status: 'paid',
        amountMinor: 5000,
        currency: 'EGP',
      });
      await iframeImitation.settle();
      expect(
        await iframeGateway.fetchStatus({ paymentId: request.paymentId, gatewayRef: created.gatewayRef }),
      ).toMatchObject({ status: 'paid', amountMinor: 5000, currency: 'EGP' });
    } finally {
      await iframeImitation.close();
    }
  });

  it('pays with a mobile wallet: the pay request with the phone answers the wallet page', async () => {
    const request = charge('wallet_eg', { details: { phone: '+20 101 234 5678' } });
    const created = await gateway.createCharge(request);
    expect(created.next.kind).toBe('redirect');
    const url = (created.next as { url: string }).url;
    expect(url).toContain('/api/acceptance/wallet_other/wallet_template?token=');
    expect(imitation.transactionsOf(request.paymentId)[0]!.source_data.pan).toBe('01012345678');
    expect(
      await gateway.fetchStatus({ paymentId: request.paymentId, gatewayRef: created.gatewayRef }),
    ).toMatchObject({ status: 'pending', amountMinor: 12345 });

    const { location } = await pressButton(url, 'Pay');
    expect(location).toMatch(new RegExp(`^${receiver.url}/return\\?`));
    await imitation.settle();
    const [processed] = processedFor(created.gatewayRef);
    expect(await gateway.verifyNotification(processed!)).toMatchObject({
      paymentId: request.paymentId,
      status: 'paid',
      amountMinor: 12345,
      currency: 'EGP',
    });
    expect(
      await gateway.fetchStatus({ paymentId: request.paymentId, gatewayRef: created.gatewayRef }),
    ).toMatchObject({ status: 'paid', amountMinor: 12345, currency: 'EGP' });
  });

  it('refuses a wallet payment whose number is not a wallet, as a decline', async () => {
    const error = await gateway
      .createCharge(charge('wallet_eg', { details: { phone: '12345' } }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as GatewayError).declined).toBe(true);
  });

  it('gives a kiosk bill reference that is paid at the kiosk', async () => {
    const request = charge('kiosk_eg', { amountMinor: 20010 });
    const created = await gateway.createCharge(request);
    expect(created.next).toMatchObject({ kind: 'reference', expiresAt: null });
    const reference = (created.next as { reference: string }).reference;
    expect(reference).toMatch(/^\d+$/);
    expect(
      await gateway.fetchStatus({ paymentId: request.paymentId, gatewayRef: created.gatewayRef }),
    ).toMatchObject({ status: 'pending', amountMinor: 20010 });

    const { answer } = await pressButton(imitation.kioskPageUrl, 'Pay', { bill_reference: reference });
    expect(answer).toContain(`<h1>Paid</h1>`);
    await imitation.settle();
    const [processed] = processedFor(created.gatewayRef);
    expect(await gateway.verifyNotification(processed!)).toMatchObject({
      paymentId: request.paymentId,
      status: 'paid',
      amountMinor: 20010,
    });
    expect(
      await gateway.fetchStatus({ paymentId: request.paymentId, gatewayRef: created.gatewayRef }),
    ).toMatchObject({ status: 'paid', amountMinor: 20010, currency: 'EGP' });
  });

  it('pays with ValU through Unified Checkout', async () => {
    const request = charge('valu', { amountMinor: 300000 });
    const created = await gateway.createCharge(request);
    expect(created.next.kind).toBe('redirect');
    imitation.pay(request.paymentId);
    await imitation.settle();
    const [processed] = processedFor(created.gatewayRef);
    expect(await gateway.verifyNotification(processed!)).toMatchObject({
      status: 'paid',
      amountMinor: 300000,
    });
    expect(await gateway.fetchStatus({ paymentId: request.paymentId, gatewayRef: null })).toMatchObject({
      paymentId: request.paymentId,
      status: 'paid',
      amountMinor: 300000,
      currency: 'EGP',
    });
  });

  it('reports a declined card as failed, by the page and by the decline switch', async () => {
    const pressed = charge('card_eg');
    const created = await gateway.createCharge(pressed);
    const { location } = await pressButton((created.next as { url: string }).url, 'Decline');
    expect(await gateway.verifyNotification(notificationFromRedirect(location!))).toMatchObject({
      status: 'failed',
    });
    expect(
      await gateway.fetchStatus({ paymentId: pressed.paymentId, gatewayRef: created.gatewayRef }),
    ).toMatchObject({ status: 'failed' });

    imitation.switches.decline = true;
    const switched = charge('card_eg');
    const second = await gateway.createCharge(switched);
    const { location: back } = await pressButton((second.next as { url: string }).url, 'Pay');
    expect(await gateway.verifyNotification(notificationFromRedirect(back!))).toMatchObject({
      status: 'failed',
    });
  });

  it('refunds in piasters; a refund callback never reads as a payment', async () => {
    const request = charge('card_eg', { amountMinor: 10000 });
    const created = await gateway.createCharge(request);
    imitation.pay(request.paymentId);
    await imitation.settle();
    const before = receiver.received.length;

    await gateway.refund({ paymentId: request.paymentId, gatewayRef: created.gatewayRef }, 4000);
    await imitation.settle();
    const [sale, refund] = imitation.transactionsOf(request.paymentId);
    expect(sale).toMatchObject({ refunded_amount_cents: 4000, is_refunded: false });
    expect(refund).toMatchObject({ amount_cents: 4000, has_parent_transaction: true, success: true });
    const refundCallback = receiver.received.slice(before).find((n) => n.method === 'POST')!;
    expect(await gateway.verifyNotification(refundCallback)).toMatchObject({
      status: 'cancelled',
      amountMinor: 4000,
    });

    await gateway.refund({ paymentId: request.paymentId, gatewayRef: created.gatewayRef }, 6000);
    expect(
      await gateway.fetchStatus({ paymentId: request.paymentId, gatewayRef: created.gatewayRef }),
    ).toMatchObject({ status: 'cancelled' });
    await expect(
      gateway.refund({ paymentId: request.paymentId, gatewayRef: created.gatewayRef }, 100),
    ).rejects.toBeInstanceOf(GatewayError);
  });

  it('refuses to refund a payment that was not paid', async () => {
    const request = charge('card_eg');
    const created = await gateway.createCharge(request);
    await expect(
      gateway.refund({ paymentId: request.paymentId, gatewayRef: created.gatewayRef }, 100),
    ).rejects.toBeInstanceOf(GatewayError);
  });

  it('throws GatewayError when Paymob is down or refuses the keys', async () => {
    imitation.switches.down = true;
    await expect(gateway.createCharge(charge('card_eg'))).rejects.toBeInstanceOf(GatewayError);
    await expect(gateway.createCharge(charge('kiosk_eg'))).rejects.toBeInstanceOf(GatewayError);
    await expect(gateway.fetchStatus({ paymentId: 'x', gatewayRef: '1' })).rejects.toBeInstanceOf(
      GatewayError,
    );
    imitation.switches.down = false;

    const wrongKeys = paymobGateway({ ...imitation.config, apiKey: 'wrong', secretKey: 'wrong' });
    await expect(wrongKeys.createCharge(charge('card_eg'))).rejects.toBeInstanceOf(GatewayError);
    await expect(wrongKeys.createCharge(charge('wallet_eg'))).rejects.toBeInstanceOf(GatewayError);
    const unreachable = paymobGateway({ ...imitation.config, baseUrl: 'http://127.0.0.1:9' });
    await expect(unreachable.createCharge(charge('kiosk_eg'))).rejects.toBeInstanceOf(GatewayError);
  });

  it('refuses a method it is not configured for and a currency other than EGP', async () => {
    await expect(gateway.createCharge(charge('fawry'))).rejects.toBeInstanceOf(GatewayError);
    await expect(gateway.createCharge(charge('card_eg', { currency: 'USD' }))).rejects.toBeInstanceOf(
      GatewayError,
    );
  });
});

describe('Paymob notifications that are not genuine', () => {
  let genuinePost: IncomingNotification;
  let genuineGet: IncomingNotification;

  beforeAll(async () => {
    const request = charge('card_eg');
    const created = await gateway.createCharge(request);
    const { location } = await pressButton((created.next as { url: string }).url, 'Pay');
    genuineGet = notificationFromRedirect(location!);
    await imitation.settle();
    genuinePost = processedFor(created.gatewayRef)[0]!;
    expect(await gateway.verifyNotification(genuinePost)).toMatchObject({ status: 'paid' });
    expect(await gateway.verifyNotification(genuineGet)).toMatchObject({ status: 'paid' });
  });

  const altered = (value: unknown) =>
    typeof value === 'boolean' ? !value : typeof value === 'number' ? value + 1 : `${String(value)}x`;

  it.each(paymobHmacFields)('refuses a processed callback whose %s was changed', async (field) => {
    const body = JSON.parse(genuinePost.rawBody.toString('utf8')) as { obj: Record<string, unknown> };
    const path = field.split('.');
    let holder = body.obj;
    for (const key of path.slice(0, -1)) holder = holder[key] as Record<string, unknown>;
    const last = path.at(-1)!;
    holder[last] = altered(holder[last]);
    const tampered = { ...genuinePost, rawBody: Buffer.from(JSON.stringify(body)) };
    expect(await gateway.verifyNotification(tampered)).toBeNull();
  });

  it.each(paymobHmacFields)('refuses a response callback whose %s was changed', async (field) => {
    const key = field === 'order.id' ? 'order' : field;
    const query = { ...genuineGet.query, [key]: `${genuineGet.query[key] ?? ''}1` };
    expect(await gateway.verifyNotification({ ...genuineGet, query })).toBeNull();
  });

  it('refuses a missing or wrong hmac, another secret, and unreadable bodies', async () => {
    const { hmac: _, ...withoutHmac } = genuineGet.query;
    expect(await gateway.verifyNotification({ ...genuineGet, query: withoutHmac })).toBeNull();
    expect(await gateway.verifyNotification({ ...genuinePost, query: { hmac: 'ab'.repeat(64) } })).toBeNull();
    expect(await gateway.verifyNotification({ ...genuinePost, rawBody: Buffer.from('not json') })).toBeNull();
    const other = paymobGateway({ ...imitation.config, hmacSecret: 'another secret' });
    expect(await other.verifyNotification(genuinePost)).toBeNull();
    expect(await other.verifyNotification(genuineGet)).toBeNull();
  });
});
