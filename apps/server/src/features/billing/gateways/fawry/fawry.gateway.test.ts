import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pressButton, startNotificationReceiver } from '../../../../test/notification-receiver';
import { GatewayError, type ChargeRequest, type IncomingNotification, type PaymentGateway } from '../gateway';
import { defaultSwitches } from '../imitation-kit';
import { fawryConfigFromEnv, fawryGateway } from './fawry.gateway';
import { startFawryImitation, type FawryImitation } from './fawry.imitation';
import {
  amountText,
  chargeSignature,
  notificationSignature,
  refundSignature,
  statusSignature,
} from './fawry.signature';

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

// The example values of FawryPay's pages (the secure key of their Get Payment Status V2 example).
const secureKey = '259af31fc2f74453b3a55739b21ae9ef';

describe('the FawryPay signatures', () => {
  it('sign the charge request as documented: code, reference, profile, method, amount with two decimals, key', () => {
    expect(
      chargeSignature({
        merchantCode: 'is0N+YQzlE4=',
        merchantRefNum: '9990064204',
        customerProfileId: '9990064204',
        paymentMethod: 'PAYATFAWRY',
        amount: amountText(2010),
        secureKey,
      }),
    ).toBe(sha256(`is0N+YQzlE4=99900642049990064204PAYATFAWRY20.10${secureKey}`));
    expect(
      chargeSignature({
        merchantCode: 'm',
        merchantRefNum: 'r',
        paymentMethod: 'PayAtFawry',
        amount: '5.00',
        secureKey,
      }),
    ).toBe(sha256(`mrPayAtFawry5.00${secureKey}`));
  });

  it('sign the status request: code, reference, key', () => {
    expect(
      statusSignature({
        merchantCode: '1tSa6uxz2nTwlaAmt38enA==',
        merchantRefNumber: '23124654641',
        secureKey,
      }),
    ).toBe(sha256(`1tSa6uxz2nTwlaAmt38enA==23124654641${secureKey}`));
  });

  it('sign the notification V2 in the documented order, the payment reference only when present', () => {
    const example = {
      fawryRefNumber: '970177',
      merchantRefNumber: '9708f1cea8b5426cb57922df51b7f790',
      paymentAmount: '152.00',
      orderAmount: '150.00',
      orderStatus: 'PAID',
      paymentMethod: 'PAYATFAWRY',
      secureKey,
    };
    expect(notificationSignature(example)).toBe(
      sha256(`9701779708f1cea8b5426cb57922df51b7f790152.00150.00PAIDPAYATFAWRY${secureKey}`),
    );
    expect(notificationSignature({ ...example, paymentRefrenceNumber: '24480' })).toBe(
      sha256(`9701779708f1cea8b5426cb57922df51b7f790152.00150.00PAIDPAYATFAWRY24480${secureKey}`),
    );
  });

  it('sign the refund: code, reference, amount with two decimals, reason when given, key', () => {
    expect(
      refundSignature({
        merchantCode: 'm',
        referenceNumber: '100163201',
        refundAmount: amountText(36250),
        secureKey,
      }),
    ).toBe(sha256(`m100163201362.50${secureKey}`));
    expect(
      refundSignature({
        merchantCode: 'm',
        referenceNumber: '1',
        refundAmount: '1.00',
        reason: 'Damaged',
        secureKey,
      }),
    ).toBe(sha256(`m11.00Damaged${secureKey}`));
  });

  it('writes piasters with two decimals', () => {
    expect([amountText(2010), amountText(5), amountText(100000), amountText(0)]).toEqual([
      '20.10',
      '0.05',
      '1000.00',
      '0.00',
    ]);
  });
});

describe('FawryPay configuration from the environment', () => {
  it('is absent while the merchant code or the security key is not set', () => {
    expect(fawryConfigFromEnv({})).toBeNull();
    expect(fawryConfigFromEnv({ FAWRY_MERCHANT_CODE: 'm' })).toBeNull();
    expect(fawryConfigFromEnv({ FAWRY_SECURITY_KEY: 'k' })).toBeNull();
  });

  it('defaults to FawryPay staging', () => {
    expect(fawryConfigFromEnv({ FAWRY_MERCHANT_CODE: 'm', FAWRY_SECURITY_KEY: 'k' })).toEqual({
      baseUrl: 'https://atfawry.fawrystaging.com',
      merchantCode: 'm',
      securityKey: 'k',
    });
    expect(
      fawryConfigFromEnv({
        FAWRY_MERCHANT_CODE: 'm',
        FAWRY_SECURITY_KEY: 'k',
        FAWRY_BASE_URL: 'https://www.atfawry.com/',
      })?.baseUrl,
    ).toBe('https://www.atfawry.com');
  });
});

let receiver: Awaited<ReturnType<typeof startNotificationReceiver>>;
let imitation: FawryImitation;
let gateway: PaymentGateway;
let sequence = 0;

const charge = (o: Partial<ChargeRequest> = {}): ChargeRequest => ({
  paymentId: `fawry-${Date.now()}-${(sequence += 1)}`,
  method: 'fawry',
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

const notificationsFor = (paymentId: string) =>
  receiver.received.filter(
    (n) =>
      (JSON.parse(n.rawBody.toString('utf8')) as { merchantRefNumber: string }).merchantRefNumber ===
      paymentId,
  );

beforeAll(async () => {
  receiver = await startNotificationReceiver();
  imitation = await startFawryImitation({ feesMinor: 250 });
  gateway = fawryGateway(imitation.config);
});

afterEach(() => Object.assign(imitation.switches, defaultSwitches()));

afterAll(async () => {
  await imitation.close();
  await receiver.close();
});

describe('FawryPay adapter and its imitation', () => {
  it('gives a reference number that is paid at Fawry: signed notification, status with amount and currency', async () => {
    const request = charge();
    const before = Date.now();
    const created = await gateway.createCharge(request);
    expect(created.next.kind).toBe('reference');
    const next = created.next as { reference: string; expiresAt: Date };
    expect(next.reference).toBe(created.gatewayRef);
    expect(next.expiresAt.getTime()).toBeGreaterThan(before + 47 * 3600_000);
    expect(imitation.orderOf(request.paymentId)).toMatchObject({
      amountMinor: 12345,
      webhookUrl: request.notifyUrl,
    });
    expect(
      await gateway.fetchStatus({ paymentId: request.paymentId, gatewayRef: created.gatewayRef }),
    ).toEqual({
      paymentId: request.paymentId,
      gatewayRef: created.gatewayRef,
      status: 'pending',
      amountMinor: 12345,
      currency: 'EGP',
    });

    const { answer } = await pressButton(imitation.payPageUrl, 'Pay at Fawry', { reference: next.reference });
    expect(answer).toContain(`Reference ${next.reference}: 125.95 EGP`);
    await imitation.settle();
    const [notification] = notificationsFor(request.paymentId);
    const paid = {
      paymentId: request.paymentId,
      gatewayRef: created.gatewayRef,
      status: 'paid',
      amountMinor: 12345,
      currency: 'EGP',
    };
    // The payer paid 125.95 with FawryPay's fees; the order's 123.45 is what was bought.
    expect(JSON.parse(notification!.rawBody.toString('utf8'))).toMatchObject({
      paymentAmount: 125.95,
      orderAmount: 123.45,
    });
    expect(await gateway.verifyNotification(notification!)).toEqual(paid);
    expect(
      await gateway.fetchStatus({ paymentId: request.paymentId, gatewayRef: created.gatewayRef }),
    ).toEqual(paid);
  });

  it('reports an expired reference and a failed payment', async () => {
    const expiring = charge();
    await gateway.createCharge(expiring);
    await pressButton(imitation.payPageUrl, 'Let it expire', { reference: expiring.paymentId });
    await imitation.settle();
    expect(await gateway.verifyNotification(notificationsFor(expiring.paymentId)[0]!)).toMatchObject({
      status: 'expired',
    });
    expect(await gateway.fetchStatus({ paymentId: expiring.paymentId, gatewayRef: null })).toMatchObject({
      status: 'expired',
    });

    imitation.switches.decline = true;
    const failing = charge();
    await gateway.createCharge(failing);
    imitation.pay(failing.paymentId);
    await imitation.settle();
    expect(await gateway.verifyNotification(notificationsFor(failing.paymentId)[0]!)).toMatchObject({
      status: 'failed',
    });
  });

  it('refunds in part and in full; a refund is never read as a new payment', async () => {
    const request = charge({ amountMinor: 10000 });
    const created = await gateway.createCharge(request);
    imitation.pay(request.paymentId);
    await gateway.refund({ paymentId: request.paymentId, gatewayRef: created.gatewayRef }, 2550);
    expect(imitation.orderOf(request.paymentId)).toMatchObject({
      refundedMinor: 2550,
      status: 'PARTIAL_REFUNDED',
    });
    await gateway.refund({ paymentId: request.paymentId, gatewayRef: created.gatewayRef }, 7450);
    await imitation.settle();
    const statuses = await Promise.all(
      notificationsFor(request.paymentId).map((n) => gateway.verifyNotification(n)),
    );
    expect(statuses.map((s) => s?.status)).toEqual(['paid', 'paid', 'cancelled']);
    expect(
      await gateway.fetchStatus({ paymentId: request.paymentId, gatewayRef: created.gatewayRef }),
    ).toMatchObject({ status: 'cancelled' });
    await expect(
      gateway.refund({ paymentId: request.paymentId, gatewayRef: created.gatewayRef }, 100),
    ).rejects.toBeInstanceOf(GatewayError);
  });

  it('refuses to refund an unpaid reference', async () => {
    const request = charge();
    const created = await gateway.createCharge(request);
    await expect(
      gateway.refund({ paymentId: request.paymentId, gatewayRef: created.gatewayRef }, 100),
    ).rejects.toBeInstanceOf(GatewayError);
  });

  it('throws GatewayError when FawryPay is down, refuses the signature or the merchant', async () => {
    const request = charge();
    await gateway.createCharge(request);
    imitation.switches.down = true;
    await expect(gateway.createCharge(charge())).rejects.toBeInstanceOf(GatewayError);
    await expect(
      gateway.fetchStatus({ paymentId: request.paymentId, gatewayRef: null }),
    ).rejects.toBeInstanceOf(GatewayError);
    imitation.switches.down = false;

    const wrongKey = fawryGateway({ ...imitation.config, securityKey: 'wrong' });
    const refused = await wrongKey.createCharge(charge()).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(GatewayError);
    expect((refused as Error).message).toContain('Wrong Signature');
    await expect(
      wrongKey.fetchStatus({ paymentId: request.paymentId, gatewayRef: null }),
    ).rejects.toBeInstanceOf(GatewayError);
    const wrongMerchant = fawryGateway({ ...imitation.config, merchantCode: 'someone else' });
    await expect(wrongMerchant.createCharge(charge())).rejects.toBeInstanceOf(GatewayError);
    const unreachable = fawryGateway({ ...imitation.config, baseUrl: 'http://127.0.0.1:9' });
    await expect(unreachable.createCharge(charge())).rejects.toBeInstanceOf(GatewayError);
  });

  it('is reached by a gateway configured from the imitation environment variables', async () => {
    const fromEnv = fawryGateway(fawryConfigFromEnv(imitation.env)!);
    const request = charge();
    await fromEnv.createCharge(request);
    imitation.pay(request.paymentId);
    expect(await fromEnv.fetchStatus({ paymentId: request.paymentId, gatewayRef: null })).toMatchObject({
      status: 'paid',
      amountMinor: 12345,
    });
  });

  it('refuses other methods and currencies', async () => {
    await expect(gateway.createCharge(charge({ method: 'card_eg' }))).rejects.toBeInstanceOf(GatewayError);
    await expect(gateway.createCharge(charge({ currency: 'USD' }))).rejects.toBeInstanceOf(GatewayError);
  });

  it('sends to the registered notification URL when the order names none', async () => {
    const plain = fawryGateway(imitation.config);
    imitation.registered.notifyUrl = `${receiver.url}/registered`;
    const request = charge({ notifyUrl: '' });
    await plain.createCharge(request);
    imitation.pay(request.paymentId);
    await imitation.settle();
    expect(imitation.notifications.filter((d) => d.url.endsWith('/registered'))).toHaveLength(1);
    imitation.registered.notifyUrl = null;
  });
});

describe('the FawryPay imitation switches', () => {
  const paid = async () => {
    const request = charge();
    await gateway.createCharge(request);
    imitation.pay(request.paymentId);
    await imitation.settle();
    return notificationsFor(request.paymentId);
  };

  it('duplicates notifications, in a row and at once', async () => {
    imitation.switches.duplicateNotifications = 2;
    imitation.switches.concurrentNotifications = 3;
    const sent = await paid();
    expect(sent).toHaveLength(6);
    for (const n of sent) expect(await gateway.verifyNotification(n)).toMatchObject({ status: 'paid' });
  });

  it('notifies late, or not at all (the status check still finds the payment)', async () => {
    imitation.switches.notificationDelayMs = 300;
    const late = charge();
    await gateway.createCharge(late);
    imitation.pay(late.paymentId);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(notificationsFor(late.paymentId)).toHaveLength(0);
    await imitation.settle();
    expect(notificationsFor(late.paymentId)).toHaveLength(1);

    imitation.switches.notificationDelayMs = 0;
    imitation.switches.withholdNotifications = true;
    const silent = charge();
    await gateway.createCharge(silent);
    imitation.pay(silent.paymentId);
    await imitation.settle();
    expect(notificationsFor(silent.paymentId)).toHaveLength(0);
    expect(await gateway.fetchStatus({ paymentId: silent.paymentId, gatewayRef: null })).toMatchObject({
      status: 'paid',
      amountMinor: 12345,
    });
  });

  it('forges the messageSignature: the adapter refuses it', async () => {
    imitation.switches.forgeNotifications = true;
    const [forged] = await paid();
    expect(await gateway.verifyNotification(forged!)).toBeNull();
  });
});

describe('FawryPay notifications that are not genuine', () => {
  let genuine: IncomingNotification;
  let body: Record<string, unknown>;

  beforeAll(async () => {
    const request = charge();
    await gateway.createCharge(request);
    imitation.pay(request.paymentId);
    await imitation.settle();
    genuine = notificationsFor(request.paymentId)[0]!;
    body = JSON.parse(genuine.rawBody.toString('utf8')) as Record<string, unknown>;
    expect(await gateway.verifyNotification(genuine)).toMatchObject({ status: 'paid' });
  });

  const withBody = (changed: Record<string, unknown>): IncomingNotification => ({
    ...genuine,
    rawBody: Buffer.from(JSON.stringify(changed)),
  });

  it.each([
    ['fawryRefNumber', '1'],
    ['merchantRefNumber', 'another-payment'],
    ['paymentAmount', 999.99],
    ['orderAmount', 1.23],
    ['orderStatus', 'REFUNDED'],
    ['paymentMethod', 'CARD'],
    ['paymentRefrenceNumber', '99999'],
    ['messageSignature', 'ab'.repeat(32)],
  ])('refuses a notification whose %s was changed', async (field, value) => {
    expect(await gateway.verifyNotification(withBody({ ...body, [field]: value }))).toBeNull();
  });

  it('refuses a notification missing a signed field, an unreadable one and a GET', async () => {
    const { paymentRefrenceNumber: _, ...withoutPaymentReference } = body;
    expect(await gateway.verifyNotification(withBody(withoutPaymentReference))).toBeNull();
    const { orderAmount: __, ...withoutAmount } = body;
    expect(await gateway.verifyNotification(withBody(withoutAmount))).toBeNull();
    expect(await gateway.verifyNotification({ ...genuine, rawBody: Buffer.from('{') })).toBeNull();
    expect(await gateway.verifyNotification({ ...genuine, method: 'GET' })).toBeNull();
    const other = fawryGateway({ ...imitation.config, securityKey: 'another key' });
    expect(await other.verifyNotification(genuine)).toBeNull();
  });
});
