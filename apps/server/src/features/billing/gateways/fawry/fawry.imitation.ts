import crypto from 'node:crypto';
import {
  createNotifier,
  defaultSwitches,
  hostedPage,
  html,
  json,
  parseForm,
  parseJson,
  pressedButton,
  startImitationServer,
  type ImitationOptions,
  type ImitationRequest,
  type ImitationResponse,
} from '../imitation-kit';
import type { FawryConfig } from './fawry.gateway';
import {
  amountText,
  chargeSignature,
  minorOf,
  notificationSignature,
  refundSignature,
  sameSignature,
  statusSignature,
  twoDecimals,
} from './fawry.signature';

/**
 * A local imitation of FawryPay for tests, the demo and page tests: the charge request for a reference
 * number (PayAtFawry), Get Payment Status V2 and refunds, each checking the merchant code and the SHA-256
 * signature; the signed server notification V2 to the order's `orderWebHookUrl` (or the registered URL);
 * and a helper page where a reference is paid as at a Fawry outlet.
 */

export interface FawryKeys {
  merchantCode: string;
  /** The secure key every signature ends with. */
  securityKey: string;
}

export interface FawryImitationOptions extends ImitationOptions<FawryKeys> {
  /** The notification URL registered with FawryPay, for orders that give no `orderWebHookUrl`. */
  notifyUrl?: string;
  /** FawryPay's fees the payer adds at the outlet, in piasters (the notification's paymentAmount). */
  feesMinor?: number;
}

type OrderStatus = 'UNPAID' | 'PAID' | 'EXPIRED' | 'CANCELED' | 'REFUNDED' | 'PARTIAL_REFUNDED' | 'FAILED';

interface Order {
  fawryRefNumber: string;
  merchantRefNumber: string;
  amountMinor: number;
  feesMinor: number;
  status: OrderStatus;
  expiresAt: number;
  webhookUrl: string | null;
  customerName: string;
  customerMobile: string;
  customerMail: string;
  customerProfileId: string;
  paymentRefrenceNumber: string | null;
  paymentTime: number | null;
  refundedMinor: number;
  items: { itemCode: string; price: number; quantity: number }[];
}

const PAYMENT_METHOD = 'PAYATFAWRY';
const random = (bytes: number) => crypto.randomBytes(bytes).toString('hex');
const text = (value: unknown) =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

export const startFawryImitation = async (options: FawryImitationOptions = {}) => {
  const switches = { ...defaultSwitches(), ...options.switches };
  const notifier = createNotifier(switches);
  const registered = { notifyUrl: options.notifyUrl ?? null };
  const keys: FawryKeys = {
    merchantCode: `${random(8)}+imitation==`,
    securityKey: random(16),
    ...options.keys,
  };
  const orders = new Map<string, Order>();
  let nextReference = 963455670;
  let nextPaymentReference = 24480;

  const findOrder = (ref: string) =>
    orders.get(ref) ?? [...orders.values()].find((o) => o.fawryRefNumber === ref) ?? null;

  /** The order as the notification V2 and the status V2 show it, signed with `key`. */
  const v2 = (o: Order, key: string) => {
    const paymentAmount = amountText(o.amountMinor + o.feesMinor);
    const orderAmount = amountText(o.amountMinor);
    const paymentRefrenceNumber = o.paymentRefrenceNumber ?? undefined;
    return {
      requestId: random(16),
      fawryRefNumber: o.fawryRefNumber,
      merchantRefNumber: o.merchantRefNumber,
      customerName: o.customerName,
      customerMobile: o.customerMobile,
      customerMail: o.customerMail,
      customerMerchantId: o.customerProfileId,
      paymentAmount: Number(paymentAmount),
      orderAmount: Number(orderAmount),
      fawryFees: Number(amountText(o.feesMinor)),
      shippingFees: 0,
      orderStatus: o.status,
      paymentMethod: PAYMENT_METHOD,
      ...(o.paymentTime !== null ? { paymentTime: o.paymentTime } : {}),
      ...(paymentRefrenceNumber ? { paymentRefrenceNumber } : {}),
      orderExpiryDate: o.expiresAt,
      orderItems: o.items,
      messageSignature: notificationSignature({
        fawryRefNumber: o.fawryRefNumber,
        merchantRefNumber: o.merchantRefNumber,
        paymentAmount,
        orderAmount,
        orderStatus: o.status,
        paymentMethod: PAYMENT_METHOD,
        paymentRefrenceNumber,
        secureKey: key,
      }),
    };
  };

  const notify = (o: Order) => {
    const url = o.webhookUrl ?? registered.notifyUrl;
    if (!url) return;
    const snapshot = { ...o };
    notifier.notify((forged) => ({
      url,
      body: JSON.stringify(v2(snapshot, forged ? `forged-${keys.securityKey}` : keys.securityKey)),
    }));
  };

  /** The payer pays the reference at an outlet (or the payment fails under the decline switch). */
  const payAtOutlet = (o: Order) => {
    if (o.status !== 'UNPAID') return o;
    if (o.expiresAt < Date.now()) {
      o.status = 'EXPIRED';
    } else if (switches.decline) {
      o.status = 'FAILED';
    } else {
      o.status = 'PAID';
      o.paymentTime = Date.now();
      o.paymentRefrenceNumber = String((nextPaymentReference += 1));
    }
    notify(o);
    return o;
  };

  const fail = (statusCode: number, statusDescription: string) =>
    json(200, { type: 'ResponseDataModel', statusCode, statusDescription });

  const handle = (r: ImitationRequest): ImitationResponse => {
    if (r.method === 'POST' && r.path === '/ECommerceWeb/Fawry/payments/charge') {
      const body = parseJson(r.body);
      if (!body) return json(400, { statusCode: 9900, statusDescription: 'Invalid request' });
      if (body.merchantCode !== keys.merchantCode) return fail(9901, 'Merchant code is blank or invalid');
      const merchantRefNum = text(body.merchantRefNum);
      const paymentMethod = text(body.paymentMethod);
      const amount = twoDecimals(body.amount);
      if (!merchantRefNum) return fail(9944, 'Merchant reference number is blank');
      if (!amount || minorOf(amount) <= 0) return fail(9910, 'Invalid amount');
      const expected = chargeSignature({
        merchantCode: keys.merchantCode,
        merchantRefNum,
        customerProfileId: text(body.customerProfileId),
        paymentMethod,
        amount,
        secureKey: keys.securityKey,
      });
      if (!sameSignature(text(body.signature), expected)) return fail(9946, 'Wrong Signature');
      if (paymentMethod.toUpperCase() !== PAYMENT_METHOD) return fail(9934, 'Unsupported payment method');
      if (body.currencyCode !== undefined && body.currencyCode !== 'EGP')
        return fail(9935, 'Unsupported currency');
      if (orders.has(merchantRefNum)) return fail(9936, 'Duplicate merchant reference number');
      const expiry =
        typeof body.paymentExpiry === 'number' ? body.paymentExpiry : Number(text(body.paymentExpiry));
      const items = Array.isArray(body.chargeItems) ? (body.chargeItems as Record<string, unknown>[]) : [];
      const order: Order = {
        fawryRefNumber: String((nextReference += 7)),
        merchantRefNumber: merchantRefNum,
        amountMinor: minorOf(amount),
        feesMinor: options.feesMinor ?? 0,
        status: 'UNPAID',
        expiresAt: Number.isFinite(expiry) && expiry > 0 ? expiry : Date.now() + 72 * 3600_000,
        webhookUrl: text(body.orderWebHookUrl) || null,
        customerName: text(body.customerName),
        customerMobile: text(body.customerMobile),
        customerMail: text(body.customerEmail),
        customerProfileId: text(body.customerProfileId),
        paymentRefrenceNumber: null,
        paymentTime: null,
        refundedMinor: 0,
        items: items.map((i) => ({
          itemCode: text(i.itemId),
          price: Number(twoDecimals(i.price) ?? 0),
          quantity: Number(i.quantity ?? 1),
        })),
      };
      orders.set(merchantRefNum, order);
      return json(200, {
        type: 'ChargeResponse',
        referenceNumber: order.fawryRefNumber,
        merchantRefNumber: order.merchantRefNumber,
        orderAmount: Number(amount),
        paymentAmount: Number(amountText(order.amountMinor + order.feesMinor)),
        fawryFees: Number(amountText(order.feesMinor)),
        paymentMethod: PAYMENT_METHOD,
        orderStatus: 'UNPAID',
        expirationTime: order.expiresAt,
        customerMobile: order.customerMobile,
        customerMail: order.customerMail,
        statusCode: 200,
        statusDescription: 'Operation done successfully',
      });
    }

    if (r.method === 'GET' && r.path === '/ECommerceWeb/Fawry/payments/status/v2') {
      const merchantRefNumber = r.query.get('merchantRefNumber') ?? '';
      if (r.query.get('merchantCode') !== keys.merchantCode)
        return fail(9901, 'Merchant code is blank or invalid');
      const expected = statusSignature({
        merchantCode: keys.merchantCode,
        merchantRefNumber,
        secureKey: keys.securityKey,
      });
      if (!sameSignature(r.query.get('signature') ?? '', expected)) return fail(9946, 'Wrong Signature');
      const order = orders.get(merchantRefNumber);
      if (!order) return fail(9938, 'Payment not found');
      if (order.status === 'UNPAID' && order.expiresAt < Date.now()) order.status = 'EXPIRED';
      return json(200, v2(order, keys.securityKey));
    }

    if (r.method === 'POST' && r.path === '/ECommerceWeb/Fawry/payments/refund') {
      const body = parseJson(r.body);
      if (!body) return json(400, { statusCode: 9900, statusDescription: 'Invalid request' });
      if (body.merchantCode !== keys.merchantCode) return fail(9901, 'Merchant code is blank or invalid');
      const referenceNumber = text(body.referenceNumber);
      const refundAmount = twoDecimals(body.refundAmount);
      const reason = typeof body.reason === 'string' ? body.reason : undefined;
      if (!refundAmount) return fail(9910, 'Invalid amount');
      const expected = refundSignature({
        merchantCode: keys.merchantCode,
        referenceNumber,
        refundAmount,
        reason,
        secureKey: keys.securityKey,
      });
      if (!sameSignature(text(body.signature), expected)) return fail(9946, 'Wrong Signature');
      const order = findOrder(referenceNumber);
      if (!order) return fail(9938, 'Payment not found');
      if (order.status !== 'PAID' && order.status !== 'PARTIAL_REFUNDED')
        return fail(9953, 'Order is not paid');
      const minor = minorOf(refundAmount);
      if (minor <= 0 || minor > order.amountMinor - order.refundedMinor)
        return fail(9954, 'Refund amount is invalid');
      order.refundedMinor += minor;
      order.status = order.refundedMinor >= order.amountMinor ? 'REFUNDED' : 'PARTIAL_REFUNDED';
      notify(order);
      return json(200, {
        type: 'ResponseDataModel',
        statusCode: 200,
        statusDescription: 'Operation done successfully',
      });
    }

    if (r.path === '/imitation/fawry') {
      if (r.method === 'GET') {
        return html(
          200,
          hostedPage({
            gateway: 'fawry',
            title: 'Pay at Fawry',
            lines: ['Type the reference number the payer brings to the Fawry outlet.'],
            action: '/imitation/fawry',
            fields: [{ name: 'reference', label: 'Reference number', value: r.query.get('reference') ?? '' }],
            buttons: [
              { value: 'pay', label: 'Pay at Fawry' },
              { value: 'expire', label: 'Let it expire' },
            ],
          }),
        );
      }
      const form = parseForm(r.body);
      const order = findOrder(form.get('reference') ?? '\0');
      if (!order) return json(404, { statusCode: 9938, statusDescription: 'Unknown reference number' });
      if (pressedButton(r, ['expire'])) expire(order);
      else payAtOutlet(order);
      return html(
        200,
        hostedPage({
          gateway: 'fawry',
          title: order.status,
          lines: [
            `Reference ${order.fawryRefNumber}: ${amountText(order.amountMinor + order.feesMinor)} EGP`,
          ],
        }),
      );
    }

    return json(404, { statusCode: 404, statusDescription: 'Not found' });
  };

  const expire = (o: Order) => {
    if (o.status !== 'UNPAID') return o;
    o.status = 'EXPIRED';
    o.expiresAt = Math.min(o.expiresAt, Date.now());
    notify(o);
    return o;
  };

  const server = await startImitationServer({ ...options, name: 'fawry', switches }, handle);
  const config: FawryConfig = {
    baseUrl: server.url,
    merchantCode: keys.merchantCode,
    securityKey: keys.securityKey,
    timeoutMs: 5000,
  };
  const orderOf = (ref: string) => {
    const order = findOrder(ref);
    if (!order) throw new Error(`No FawryPay order for ${ref}`);
    return order;
  };

  return {
    url: server.url,
    /** The adapter's configuration pointing at this imitation, with its own merchant code and secure key. */
    config,
    /** The same configuration as environment variables, for a server started in another process. */
    env: {
      FAWRY_BASE_URL: server.url,
      FAWRY_MERCHANT_CODE: keys.merchantCode,
      FAWRY_SECURITY_KEY: keys.securityKey,
    } as Record<string, string>,
    keys,
    switches,
    /** The notification URL registered with FawryPay (used when an order gives no orderWebHookUrl). */
    registered,
    /** Every notification sent, in order, with the merchant's answer. */
    notifications: notifier.sent,
    /** Waits for the notifications under way. */
    settle: notifier.settle,
    /** The payer pays at an outlet: `ref` is the reference number or our payment id. */
    pay: (ref: string) => ({ ...payAtOutlet(orderOf(ref)) }),
    /** The reference expires unpaid. */
    expire: (ref: string) => ({ ...expire(orderOf(ref)) }),
    /** The order as FawryPay keeps it. */
    orderOf: (ref: string) => ({ ...orderOf(ref) }),
    /** The helper page where a reference number is paid, as at a Fawry outlet. */
    payPageUrl: `${server.url}/imitation/fawry`,
    close: () => server.close(),
  };
};

export type FawryImitation = Awaited<ReturnType<typeof startFawryImitation>>;
