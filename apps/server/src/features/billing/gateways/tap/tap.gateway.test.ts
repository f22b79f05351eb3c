import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentMethodCode } from '@invoicing/contract';
import { GatewayError, type ChargeRequest, type PaymentGateway } from '../gateway';
import { pressButton, startNotificationReceiver } from '../../../../test/notification-receiver';
import { defaultSwitches } from '../imitation-kit';
import { tapConfigFromEnv, tapGateway, tapHashString } from './tap.gateway';
import { startTapImitation, type TapImitation } from './tap.imitation';

let tap: TapImitation;
let receiver: Awaited<ReturnType<typeof startNotificationReceiver>>;
let gateway: PaymentGateway;

beforeAll(async () => {
  tap = await startTapImitation();
  receiver = await startNotificationReceiver();
  gateway = tapGateway(tap.config);
});

afterAll(async () => {
  await tap.close();
  await receiver.close();
});

afterEach(async () => {
  await tap.settle();
  Object.assign(tap.switches, defaultSwitches(), { abandonOnCancel: false });
  receiver.received.length = 0;
});

/** The fields of a Tap charge its hashstring covers. */
interface SignedCharge {
  id: string;
  amount: number;
  currency: string;
  status: string;
  reference: { gateway: string; payment: string };
  transaction: { created: string };
}

let counter = 0;
const chargeRequest = (
  method: PaymentMethodCode,
  amountMinor: number,
  overrides: Partial<ChargeRequest> = {},
) => {
  counter += 1;
  return {
    paymentId: `pay-${counter}-${method}`,
    method,
    amountMinor,
    currency: gateway.currencyOf(method),
    description: 'Extra credits',
    customer: { email: 'owner@example.com', name: 'Salma Al Harbi', phone: '+966 55 787 7988' },
    returnUrl: 'https://invoicing.example/billing/result?payment=1',
    cancelUrl: 'https://invoicing.example/billing/cancelled',
    notifyUrl: receiver.url,
    details: {},
    ...overrides,
  } satisfies ChargeRequest;
};

/** Creates a charge and has the payer press `button` on Tap's page; answers where the browser lands. */
const payWith = async (request: ChargeRequest, button = 'Pay') => {
  const created = await gateway.createCharge(request);
  if (created.next.kind !== 'redirect') throw new Error(`expected a redirect, got ${created.next.kind}`);
  const landed = await pressButton(created.next.url, button);
  await tap.settle();
  return { created, landed };
};

describe('Tap hashstring', () => {
  it('is the HMAC-SHA256 of the documented x_ string, keyed with the secret key', () => {
    const fields = {
      id: 'chg_TS02A1120231234Ab2C0101012',
      amount: '1.500',
      currency: 'KWD',
      gatewayReference: '123456',
      paymentReference: '1234567890123456789',
      status: 'CAPTURED',
      created: '1700000000000',
    };
    const documented =
      'x_idchg_TS02A1120231234Ab2C0101012x_amount1.500x_currencyKWDx_gateway_reference123456' +
      'x_payment_reference1234567890123456789x_statusCAPTUREDx_created1700000000000';
    expect(tapHashString(fields, 'sk_test_XKokBfNWv6FIYuTMg5sLPjhJ')).toBe(
      createHmac('sha256', 'sk_test_XKokBfNWv6FIYuTMg5sLPjhJ').update(documented).digest('hex'),
    );
    expect(tapHashString(fields, 'another key')).not.toBe(
      tapHashString(fields, 'sk_test_XKokBfNWv6FIYuTMg5sLPjhJ'),
    );
  });
});

describe('Tap adapter against the imitation', () => {
  it.each([
    ['mada', 'SAR', 10_50, '10.5'],
    ['stc_pay', 'SAR', 250_00, '250'],
    ['apple_pay', 'SAR', 99_99, '99.99'],
    ['knet', 'KWD', 12_345, '12.345'],
  ] as const)(
    '%s: pays in %s, notifies with a valid hashstring, and the status says paid',
    async (method, currency, minor, major) => {
      const request = chargeRequest(method, minor);
      expect(request.currency).toBe(currency);
      const { created, landed } = await payWith(request);

      // The browser comes back to our return page with Tap's charge id.
      const back = new URL(landed.location!);
      expect(`${back.origin}${back.pathname}`).toBe('https://invoicing.example/billing/result');
      expect(back.searchParams.get('payment')).toBe('1');
      expect(back.searchParams.get('tap_id')).toBe(created.gatewayRef);

      // One notification: the charge, in major units with the currency's decimals, signed.
      expect(receiver.received).toHaveLength(1);
      const notification = receiver.received[0]!;
      const body = JSON.parse(notification.rawBody.toString('utf8')) as { amount: number; currency: string };
      expect(String(body.amount)).toBe(major);
      expect(body.currency).toBe(currency);
      const report = await gateway.verifyNotification(notification);
      expect(report).toEqual({
        paymentId: request.paymentId,
        gatewayRef: created.gatewayRef,
        status: 'paid',
        amountMinor: minor,
        currency,
      });

      await expect(
        gateway.fetchStatus({ paymentId: request.paymentId, gatewayRef: created.gatewayRef }),
      ).resolves.toEqual(report);
    },
  );

  it('signs a KNET amount with three decimals', async () => {
    await payWith(chargeRequest('knet', 7_000));
    const notification = receiver.received[0]!;
    const charge = JSON.parse(notification.rawBody.toString('utf8')) as {
      id: string;
      status: string;
      reference: { gateway: string; payment: string };
      transaction: { created: string };
    };
    expect(notification.headers.hashstring).toBe(
      tapHashString(
        {
          id: charge.id,
          amount: '7.000',
          currency: 'KWD',
          gatewayReference: charge.reference.gateway,
          paymentReference: charge.reference.payment,
          status: charge.status,
          created: charge.transaction.created,
        },
        tap.keys.secretKey,
      ),
    );
  });

  it('sends the charge to Tap with our payment id as the order reference and the method as the source', async () => {
    const request = chargeRequest('stc_pay', 5_00, { details: { phone: '0557877988' } });
    const created = await gateway.createCharge(request);
    const res = await fetch(`${tap.url}/v2/charges/${created.gatewayRef}`, {
      headers: { authorization: `Bearer ${tap.keys.secretKey}` },
    });
    const charge = (await res.json()) as {
      status: string;
      reference: { order: string };
      source: { id: string };
      post: { url: string };
      redirect: { url: string };
    };
    expect(charge.status).toBe('INITIATED');
    expect(charge.reference.order).toBe(request.paymentId);
    expect(charge.source.id).toBe('src_sa.stcpay');
    expect(charge.post.url).toBe(receiver.url);
    expect(charge.redirect.url).toBe(request.returnUrl);
  });

  it.each([
    ['id', (c: SignedCharge) => (c.id = `${c.id}x`)],
    ['amount', (c: SignedCharge) => (c.amount = c.amount + 1)],
    ['currency', (c: SignedCharge) => (c.currency = 'KWD')],
    ['gateway reference', (c: SignedCharge) => (c.reference.gateway = '999999')],
    ['payment reference', (c: SignedCharge) => (c.reference.payment = '1')],
    ['status', (c: SignedCharge) => (c.status = 'CAPTURED')],
    ['created', (c: SignedCharge) => (c.transaction.created = String(Number(c.transaction.created) + 1))],
  ])('refuses a notification whose %s was changed', async (_field, tamper) => {
    tap.switches.decline = true;
    await payWith(chargeRequest('mada', 40_00));
    const original = receiver.received[0]!;
    // Untouched, the declined charge's notification is genuine.
    await expect(gateway.verifyNotification(original)).resolves.toMatchObject({ status: 'failed' });
    const charge = JSON.parse(original.rawBody.toString('utf8')) as SignedCharge;
    tamper(charge);
    const tampered = { ...original, rawBody: Buffer.from(JSON.stringify(charge)) };
    await expect(gateway.verifyNotification(tampered)).resolves.toBeNull();
  });

  it('refuses a notification without a hashstring, a forged one, and one that is not JSON', async () => {
    tap.switches.forgeNotifications = true;
    await payWith(chargeRequest('mada', 40_00));
    const forged = receiver.received[0]!;
    await expect(gateway.verifyNotification(forged)).resolves.toBeNull();
    const { hashstring: _dropped, ...headers } = forged.headers;
    await expect(gateway.verifyNotification({ ...forged, headers })).resolves.toBeNull();
    await expect(
      gateway.verifyNotification({ ...forged, rawBody: Buffer.from('not json') }),
    ).resolves.toBeNull();
  });

  it('reports a declined payment, whether the payer is declined or the switch declines every payment', async () => {
    const declined = chargeRequest('knet', 3_250);
    const first = await payWith(declined, 'Decline');
    expect(new URL(first.landed.location!).searchParams.get('tap_id')).toBe(first.created.gatewayRef);
    await expect(gateway.verifyNotification(receiver.received[0]!)).resolves.toMatchObject({
      paymentId: declined.paymentId,
      status: 'failed',
    });
    await expect(
      gateway.fetchStatus({ paymentId: declined.paymentId, gatewayRef: first.created.gatewayRef }),
    ).resolves.toMatchObject({ status: 'failed', amountMinor: 3_250, currency: 'KWD' });

    tap.switches.decline = true;
    const second = await payWith(chargeRequest('mada', 1_00));
    await expect(
      gateway.fetchStatus({ paymentId: 'x', gatewayRef: second.created.gatewayRef }),
    ).resolves.toMatchObject({
      status: 'failed',
    });
  });

  it('reports a payment the payer cancelled on the payment page', async () => {
    const request = chargeRequest('apple_pay', 15_00);
    const { created, landed } = await payWith(request, 'Cancel');
    expect(new URL(landed.location!).searchParams.get('tap_id')).toBe(created.gatewayRef);
    await expect(gateway.verifyNotification(receiver.received[0]!)).resolves.toMatchObject({
      status: 'cancelled',
    });
    await expect(
      gateway.fetchStatus({ paymentId: request.paymentId, gatewayRef: created.gatewayRef }),
    ).resolves.toMatchObject({
      status: 'cancelled',
    });
  });

  it('reports a payment the payer abandoned on the payment page as cancelled', async () => {
    tap.switches.abandonOnCancel = true;
    const request = chargeRequest('knet', 2_500);
    const { created } = await payWith(request, 'Cancel');
    expect(tap.charge(created.gatewayRef)?.status).toBe('ABANDONED');
    await expect(gateway.verifyNotification(receiver.received[0]!)).resolves.toMatchObject({
      status: 'cancelled',
    });
    await expect(
      gateway.fetchStatus({ paymentId: request.paymentId, gatewayRef: created.gatewayRef }),
    ).resolves.toMatchObject({ status: 'cancelled', amountMinor: 2_500, currency: 'KWD' });
  });

  it('answers pending before the payer pays', async () => {
    const request = chargeRequest('mada', 20_00);
    const created = await gateway.createCharge(request);
    await expect(
      gateway.fetchStatus({ paymentId: request.paymentId, gatewayRef: created.gatewayRef }),
    ).resolves.toMatchObject({
      status: 'pending',
      amountMinor: 20_00,
      currency: 'SAR',
    });
  });

  it('repeats notifications one after another or all at once, each one genuine', async () => {
    tap.switches.duplicateNotifications = 3;
    await payWith(chargeRequest('mada', 11_00));
    Object.assign(tap.switches, { duplicateNotifications: 1, concurrentNotifications: 3 });
    await payWith(chargeRequest('mada', 12_00));
    expect(receiver.received).toHaveLength(6);
    const reports = await Promise.all(receiver.received.map((n) => gateway.verifyNotification(n)));
    expect(reports.map((r) => r?.amountMinor)).toEqual([11_00, 11_00, 11_00, 12_00, 12_00, 12_00]);
    expect(reports.every((r) => r?.status === 'paid')).toBe(true);
  });

  it('sends a late notification after the payer is back, and none at all when told so', async () => {
    tap.switches.notificationDelayMs = 300;
    const created = await gateway.createCharge(chargeRequest('mada', 30_00));
    if (created.next.kind !== 'redirect') throw new Error('expected a redirect');
    await pressButton(created.next.url, 'Pay');
    expect(receiver.received).toHaveLength(0);
    await tap.settle();
    expect(receiver.received).toHaveLength(1);

    tap.switches.notificationDelayMs = 0;
    tap.switches.withholdNotifications = true;
    const silent = chargeRequest('knet', 1_000);
    const { created: silentCharge } = await payWith(silent);
    expect(receiver.received).toHaveLength(1);
    await expect(
      gateway.fetchStatus({ paymentId: silent.paymentId, gatewayRef: silentCharge.gatewayRef }),
    ).resolves.toMatchObject({
      status: 'paid',
      amountMinor: 1_000,
      currency: 'KWD',
    });
  });

  it('refunds all or part of a captured charge, never more than was paid', async () => {
    const request = chargeRequest('knet', 5_500);
    const { created } = await payWith(request);
    const charge = { paymentId: request.paymentId, gatewayRef: created.gatewayRef };
    await gateway.refund(charge, 2_000);
    await gateway.refund(charge, 3_500);
    expect(
      tap.refunds.filter((r) => r.chargeId === created.gatewayRef).map((r) => [r.amountMinor, r.currency]),
    ).toEqual([
      [2_000, 'KWD'],
      [3_500, 'KWD'],
    ]);
    await expect(gateway.refund(charge, 1)).rejects.toBeInstanceOf(GatewayError);
  });

  it('refuses to refund a charge that was never paid', async () => {
    const request = chargeRequest('mada', 5_00);
    const created = await gateway.createCharge(request);
    await expect(
      gateway.refund({ paymentId: request.paymentId, gatewayRef: created.gatewayRef }, 5_00),
    ).rejects.toBeInstanceOf(GatewayError);
  });

  it('turns a gateway that is down or refuses into a GatewayError', async () => {
    const request = chargeRequest('mada', 5_00);
    const { created } = await payWith(request);
    tap.switches.down = true;
    // The hashstring is checked here, without asking Tap: a genuine notification is read while Tap is down.
    await expect(gateway.verifyNotification(receiver.received[0]!)).resolves.toMatchObject({
      status: 'paid',
    });
    await expect(gateway.createCharge(chargeRequest('mada', 5_00))).rejects.toBeInstanceOf(GatewayError);
    await expect(
      gateway.fetchStatus({ paymentId: request.paymentId, gatewayRef: created.gatewayRef }),
    ).rejects.toBeInstanceOf(GatewayError);
    tap.switches.down = false;

    const wrongKey = tapGateway({ ...tap.config, secretKey: 'sk_test_wrong' });
    await expect(wrongKey.createCharge(chargeRequest('mada', 5_00))).rejects.toThrow(/Unauthorized/);
    // KNET is charged in KWD only: Tap refuses another currency.
    await expect(gateway.createCharge(chargeRequest('knet', 5_00, { currency: 'SAR' }))).rejects.toThrow(
      /not supported/,
    );
    const unreachable = tapGateway({ baseUrl: 'http://127.0.0.1:9', secretKey: 'x' });
    await expect(unreachable.createCharge(chargeRequest('mada', 5_00))).rejects.toBeInstanceOf(GatewayError);
  });

  it('refuses STC Pay without a Saudi mobile number, as a decline of the payer', async () => {
    const request = chargeRequest('stc_pay', 5_00, { customer: { email: 'o@example.com', name: 'Salma' } });
    const error = await gateway.createCharge(request).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as GatewayError).declined).toBe(true);
  });
});

describe('tapConfigFromEnv', () => {
  it('is null without a secret key and defaults the base address to Tap', () => {
    expect(tapConfigFromEnv({})).toBeNull();
    expect(tapConfigFromEnv({ TAP_SECRET_KEY: 'sk_live_1' })).toEqual({
      baseUrl: 'https://api.tap.company',
      secretKey: 'sk_live_1',
    });
    expect(tapConfigFromEnv({ TAP_SECRET_KEY: 'sk', TAP_BASE_URL: 'http://127.0.0.1:4010/' })?.baseUrl).toBe(
      'http://127.0.0.1:4010',
    );
  });
});
