import type { PaymentMethodCode } from '@invoicing/contract';
import {
  GatewayError,
  type ChargeRequest,
  type CreatedCharge,
  type GatewayPaymentStatus,
  type IncomingNotification,
  type PaymentGateway,
  type StatusReport,
} from '../gateway';
import { hmacValuesOfQuery, hmacValuesOfTransaction, paymobHmac, sameHex } from './paymob.signature';

/** The Paymob methods (DECISIONS.md, Payments): card, mobile wallets, the Aman/Masary kiosk reference, ValU. */
export type PaymobMethod = 'card_eg' | 'wallet_eg' | 'kiosk_eg' | 'valu';

export interface PaymobConfig {
  /** Paymob Accept's address (https://accept.paymob.com), or its local imitation's. */
  baseUrl: string;
  /** The legacy API key: auth tokens for orders, payment keys, wallet and kiosk payments and inquiries. */
  apiKey: string;
  /** The HMAC secret that signs the transaction callbacks. */
  hmacSecret: string;
  /** The secret key (Intention API and refunds); with the public key, cards and ValU use Unified Checkout. */
  secretKey: string | null;
  publicKey: string | null;
  /** The card iframe; when set, cards are paid in Paymob's embedded iframe rather than Unified Checkout. */
  iframeId: string | null;
  /** The integration id of each method; a method without one is not offered. */
  integrations: Partial<Record<PaymobMethod, number>>;
  /** How long a payment key and an intention stay valid (seconds). */
  paymentKeySeconds?: number;
  /** How long one call to Paymob may take (milliseconds). */
  timeoutMs?: number;
}

const nonEmpty = (value: string | undefined) => (value && value.trim() !== '' ? value.trim() : null);

const integrationId = (value: string | undefined) => {
  const text = nonEmpty(value);
  return text && /^\d+$/.test(text) ? Number(text) : undefined;
};

/** Paymob's configuration from the environment, or null when its keys are not set. */
export const paymobConfigFromEnv = (env: NodeJS.ProcessEnv): PaymobConfig | null => {
  const apiKey = nonEmpty(env.PAYMOB_API_KEY);
  const hmacSecret = nonEmpty(env.PAYMOB_HMAC_SECRET);
  if (!apiKey || !hmacSecret) return null;
  const integrations: Partial<Record<PaymobMethod, number>> = {};
  const ids: [PaymobMethod, string | undefined][] = [
    ['card_eg', env.PAYMOB_INTEGRATION_CARD],
    ['wallet_eg', env.PAYMOB_INTEGRATION_WALLET],
    ['kiosk_eg', env.PAYMOB_INTEGRATION_KIOSK],
    ['valu', env.PAYMOB_INTEGRATION_VALU],
  ];
  for (const [method, value] of ids) {
    const id = integrationId(value);
    if (id !== undefined) integrations[method] = id;
  }
  return {
    baseUrl: (nonEmpty(env.PAYMOB_BASE_URL) ?? 'https://accept.paymob.com').replace(/\/+$/, ''),
    apiKey,
    hmacSecret,
    secretKey: nonEmpty(env.PAYMOB_SECRET_KEY),
    publicKey: nonEmpty(env.PAYMOB_PUBLIC_KEY),
    iframeId: nonEmpty(env.PAYMOB_IFRAME_ID),
    integrations,
  };
};

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const flag = (value: unknown) => value === true || value === 'true';

const textOf = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;

const centsOf = (value: unknown): number | null => {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d+$/.test(value)
        ? Number(value)
        : NaN;
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
};

/**
 * What a transaction says about our payment. Only a standalone sale that succeeded is paid: a refund or a
 * void is a child transaction (`has_parent_transaction`), and a refunded or voided sale no longer counts.
 */
const statusOfTransaction = (t: Json): GatewayPaymentStatus => {
  if (flag(t.is_voided) || flag(t.is_refunded) || flag(t.has_parent_transaction)) return 'cancelled';
  if (flag(t.pending)) return 'pending';
  if (flag(t.success) && !flag(t.is_auth)) return 'paid';
  return 'failed';
};

/** A transaction as the API, a processed callback's `obj` or a response callback's query carries it. */
const reportOfTransaction = (t: Json, orderId: unknown, merchantOrderId: unknown): StatusReport | null => {
  const amountMinor = centsOf(t.amount_cents);
  const currency = textOf(t.currency);
  if (amountMinor === null || !currency) return null;
  return {
    paymentId: textOf(merchantOrderId),
    gatewayRef: textOf(orderId),
    status: statusOfTransaction(t),
    amountMinor,
    currency,
  };
};

const reportOfApiTransaction = (t: Json) => {
  const order = isObject(t.order) ? t.order : {};
  return reportOfTransaction(t, order.id ?? t.order, order.merchant_order_id ?? t.merchant_order_id);
};

const splitName = (name: string) => {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return { first: parts[0] ?? 'NA', last: parts.length > 1 ? parts.slice(1).join(' ') : 'NA' };
};

/** A wallet number as Paymob wants it: the local form 01xxxxxxxxx. */
const localPhone = (phone: string) => {
  const digits = phone.replace(/[\s-]/g, '');
  if (digits.startsWith('+20')) return `0${digits.slice(3)}`;
  if (digits.startsWith('0020')) return `0${digits.slice(4)}`;
  if (digits.startsWith('20') && digits.length === 12) return `0${digits.slice(2)}`;
  return digits;
};

/**
 * The Paymob Accept adapter. Wallets and kiosk references use the documented legacy flow (auth token, order,
 * payment key, pay request); cards use the embedded iframe when an iframe id is configured and Unified
 * Checkout (Intention API) otherwise; ValU uses Unified Checkout when the secret and public keys are set.
 * Every order carries our payment id as `merchant_order_id` (the intention's `special_reference`).
 *
 * Where the notifications go: the Intention API takes `notification_url` and `redirection_url` per payment;
 * for wallet and kiosk payments Paymob uses the integration's processed and response callback URLs set in
 * its dashboard, which must be our notification address and our return page.
 */
export const paymobGateway = (config: PaymobConfig): PaymentGateway => {
  const base = config.baseUrl.replace(/\/+$/, '');
  const keySeconds = config.paymentKeySeconds ?? 3600;
  const timeoutMs = config.timeoutMs ?? 20_000;
  const unified = config.secretKey !== null && config.publicKey !== null;
  let token: { value: string; expiresAt: number } | null = null;

  const call = async (
    method: 'GET' | 'POST',
    path: string,
    what: string,
    o: { body?: Json; headers?: Record<string, string> } = {},
  ) => {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(o.body ? { 'content-type': 'application/json' } : {}),
          ...o.headers,
        },
        body: o.body ? JSON.stringify(o.body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new GatewayError(
        `Paymob could not be reached (${what}): ${error instanceof Error ? error.message : 'network error'}`,
        'paymob',
      );
    }
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    if (response.status >= 500)
      throw new GatewayError(`Paymob answered ${response.status} (${what}).`, 'paymob');
    return { status: response.status, body };
  };

  const refused = (what: string, status: number, body: unknown) => {
    const detail = isObject(body) ? (textOf(body.detail) ?? textOf(body.message)) : null;
    return new GatewayError(`Paymob refused ${what} (${status}${detail ? `: ${detail}` : ''}).`, 'paymob');
  };

  const okJson = async (...args: Parameters<typeof call>) => {
    const r = await call(...args);
    if (r.status < 200 || r.status >= 300 || !isObject(r.body)) throw refused(args[2], r.status, r.body);
    return r.body;
  };

  const authToken = async () => {
    if (token && token.expiresAt > Date.now()) return token.value;
    const body = await okJson('POST', '/api/auth/tokens', 'authentication', {
      body: { api_key: config.apiKey },
    });
    const value = textOf(body.token);
    if (!value) throw new GatewayError('Paymob answered no auth token.', 'paymob');
    // Tokens are valid for an hour; one is kept for 50 minutes.
    token = { value, expiresAt: Date.now() + 50 * 60_000 };
    return value;
  };

  /** A call with the auth token (in the header, and in the body of a POST as the legacy API documents). */
  const authed = async (method: 'GET' | 'POST', path: string, what: string, body?: Json) => {
    for (let attempt = 0; ; attempt += 1) {
      const auth = await authToken();
      const r = await call(method, path, what, {
        body: method === 'POST' ? { auth_token: auth, ...body } : undefined,
        headers: { authorization: `Bearer ${auth}` },
      });
      if (r.status === 401 && attempt === 0) {
        token = null;
        continue;
      }
      return r;
    }
  };

  const billingData = (request: ChargeRequest) => {
    const { first, last } = splitName(request.customer.name);
    return {
      first_name: first,
      last_name: last,
      email: request.customer.email,
      phone_number: request.details.phone ?? request.customer.phone ?? 'NA',
      apartment: 'NA',
      floor: 'NA',
      street: 'NA',
      building: 'NA',
      city: 'NA',
      state: 'NA',
      country: 'EG',
      postal_code: 'NA',
    };
  };

  /** Legacy steps 2 and 3: the order (with our payment id) and a payment key for one integration. */
  const orderAndKey = async (request: ChargeRequest, integration: number) => {
    const order = await authed('POST', '/api/ecommerce/orders', 'order registration', {
      delivery_needed: false,
      amount_cents: request.amountMinor,
      currency: request.currency,
      merchant_order_id: request.paymentId,
      items: [],
    });
    if (order.status < 200 || order.status >= 300 || !isObject(order.body)) {
      throw refused('order registration', order.status, order.body);
    }
    const orderId = textOf(order.body.id);
    if (!orderId) throw new GatewayError('Paymob answered no order id.', 'paymob');
    const key = await authed('POST', '/api/acceptance/payment_keys', 'payment key', {
      amount_cents: request.amountMinor,
      expiration: keySeconds,
      order_id: Number(orderId),
      billing_data: billingData(request),
      currency: request.currency,
      integration_id: integration,
      lock_order_when_paid: true,
    });
    const paymentToken = isObject(key.body) ? textOf(key.body.token) : null;
    if (key.status < 200 || key.status >= 300 || !paymentToken)
      throw refused('payment key', key.status, key.body);
    return { orderId, paymentToken };
  };

  const viaIframe = async (request: ChargeRequest, integration: number): Promise<CreatedCharge> => {
    const { orderId, paymentToken } = await orderAndKey(request, integration);
    const url = `${base}/api/acceptance/iframes/${encodeURIComponent(config.iframeId ?? '')}?payment_token=${encodeURIComponent(paymentToken)}`;
    return { gatewayRef: orderId, next: { kind: 'iframe', url } };
  };

  const viaUnifiedCheckout = async (request: ChargeRequest, integration: number): Promise<CreatedCharge> => {
    const { first, last } = splitName(request.customer.name);
    const body = await okJson('POST', '/v1/intention/', 'intention', {
      headers: { authorization: `Token ${config.secretKey ?? ''}` },
      body: {
        amount: request.amountMinor,
        currency: request.currency,
        payment_methods: [integration],
        items: [
          {
            name: (request.description || 'Payment').slice(0, 50),
            amount: request.amountMinor,
            description: request.description || 'Payment',
            quantity: 1,
          },
        ],
        billing_data: billingData(request),
        customer: { first_name: first, last_name: last, email: request.customer.email },
        special_reference: request.paymentId,
        expiration: keySeconds,
        notification_url: request.notifyUrl,
        redirection_url: request.returnUrl,
      },
    });
    const clientSecret = textOf(body.client_secret);
    const orderId = textOf(body.intention_order_id);
    if (!clientSecret || !orderId) throw new GatewayError('Paymob answered no client secret.', 'paymob');
    const url = `${base}/unifiedcheckout/?publicKey=${encodeURIComponent(config.publicKey ?? '')}&clientSecret=${encodeURIComponent(clientSecret)}`;
    return { gatewayRef: orderId, next: { kind: 'redirect', url } };
  };

  /** Legacy step 4 for wallets and kiosks: the pay request with the payment key. */
  const payRequest = async (paymentToken: string, source: { identifier: string; subtype: string }) => {
    const r = await call('POST', '/api/acceptance/payments/pay', 'pay request', {
      body: { source, payment_token: paymentToken },
    });
    if (r.status < 200 || r.status >= 300 || !isObject(r.body))
      throw refused('the payment', r.status, r.body);
    const t = r.body;
    if (!flag(t.pending) && !flag(t.success)) {
      const data = isObject(t.data) ? t.data : {};
      throw new GatewayError(textOf(data.message) ?? 'Paymob declined the payment.', 'paymob', true);
    }
    return t;
  };

  const viaWallet = async (request: ChargeRequest, integration: number): Promise<CreatedCharge> => {
    const phone = request.details.phone ?? request.customer.phone;
    if (!phone) throw new GatewayError('A wallet payment needs the wallet phone number.', 'paymob');
    const { orderId, paymentToken } = await orderAndKey(request, integration);
    const t = await payRequest(paymentToken, { identifier: localPhone(phone), subtype: 'WALLET' });
    const url = textOf(t.redirect_url) ?? textOf(t.iframe_redirection_url);
    if (!url) throw new GatewayError('Paymob answered no wallet page.', 'paymob');
    return { gatewayRef: orderId, next: { kind: 'redirect', url } };
  };

  const viaKiosk = async (request: ChargeRequest, integration: number): Promise<CreatedCharge> => {
    const { orderId, paymentToken } = await orderAndKey(request, integration);
    const t = await payRequest(paymentToken, { identifier: 'AGGREGATOR', subtype: 'AGGREGATOR' });
    const data = isObject(t.data) ? t.data : {};
    const reference = textOf(data.bill_reference);
    if (!reference) throw new GatewayError('Paymob answered no bill reference.', 'paymob');
    return { gatewayRef: orderId, next: { kind: 'reference', reference, expiresAt: null } };
  };

  const usable: Record<PaymobMethod, boolean> = {
    card_eg: config.integrations.card_eg !== undefined && (config.iframeId !== null || unified),
    wallet_eg: config.integrations.wallet_eg !== undefined,
    kiosk_eg: config.integrations.kiosk_eg !== undefined,
    valu: config.integrations.valu !== undefined && (unified || config.iframeId !== null),
  };
  const methods = (Object.keys(usable) as PaymobMethod[]).filter((m) => usable[m]);

  /** The order's transaction as Paymob's inquiry answers it, or null when none was made yet. */
  const inquire = async (charge: { paymentId: string; gatewayRef: string | null }) => {
    const by =
      charge.gatewayRef && /^\d+$/.test(charge.gatewayRef)
        ? { order_id: Number(charge.gatewayRef) }
        : { merchant_order_id: charge.paymentId };
    const r = await authed('POST', '/api/ecommerce/orders/transaction_inquiry', 'transaction inquiry', by);
    if (r.status === 404) return null;
    if (r.status < 200 || r.status >= 300 || !isObject(r.body))
      throw refused('the inquiry', r.status, r.body);
    return isObject(r.body.obj) ? r.body.obj : r.body;
  };

  return {
    name: 'paymob',
    methods,
    currencyOf: () => 'EGP',

    async createCharge(request) {
      const method = request.method as PaymentMethodCode;
      if (!(methods as string[]).includes(method)) {
        throw new GatewayError(`Paymob is not configured for ${method}.`, 'paymob');
      }
      if (request.currency !== 'EGP') throw new GatewayError('Paymob charges in EGP.', 'paymob');
      const integration = config.integrations[method as PaymobMethod] as number;
      switch (method as PaymobMethod) {
        case 'card_eg':
          return config.iframeId !== null
            ? viaIframe(request, integration)
            : viaUnifiedCheckout(request, integration);
        case 'valu':
          return unified ? viaUnifiedCheckout(request, integration) : viaIframe(request, integration);
        case 'wallet_eg':
          return viaWallet(request, integration);
        case 'kiosk_eg':
          return viaKiosk(request, integration);
      }
    },

    /**
     * Verifies the HMAC of a processed callback (POST, the transaction as JSON) or a response callback (GET,
     * the query), both with `hmac` in the query. Paymob does not sign `merchant_order_id`: the report's
     * `gatewayRef` (the Paymob order id, signed) is what ties the notification to our payment.
     */
    async verifyNotification(notification: IncomingNotification) {
      const received = notification.query.hmac;
      if (!received) return null;
      if (notification.method === 'POST') {
        let body: unknown;
        try {
          body = JSON.parse(notification.rawBody.toString('utf8'));
        } catch {
          return null;
        }
        if (!isObject(body) || body.type !== 'TRANSACTION' || !isObject(body.obj)) return null;
        const expected = paymobHmac(config.hmacSecret, hmacValuesOfTransaction(body.obj));
        if (!sameHex(received, expected)) return null;
        return reportOfApiTransaction(body.obj);
      }
      const expected = paymobHmac(config.hmacSecret, hmacValuesOfQuery(notification.query));
      if (!sameHex(received, expected)) return null;
      const q = notification.query;
      return reportOfTransaction(q, q.order ?? q.order_id, q.merchant_order_id);
    },

    async fetchStatus(charge) {
      const t = await inquire(charge);
      if (t) {
        const report = reportOfApiTransaction(t);
        if (!report) throw new GatewayError('Paymob answered an unreadable transaction.', 'paymob');
        return { ...report, paymentId: report.paymentId ?? charge.paymentId };
      }
      // No transaction yet: the order says how much is awaited.
      let amountMinor = 0;
      if (charge.gatewayRef && /^\d+$/.test(charge.gatewayRef)) {
        const r = await authed('GET', `/api/ecommerce/orders/${charge.gatewayRef}`, 'order');
        if (r.status >= 200 && r.status < 300 && isObject(r.body))
          amountMinor = centsOf(r.body.amount_cents) ?? 0;
      }
      return {
        paymentId: charge.paymentId,
        gatewayRef: charge.gatewayRef,
        status: 'pending',
        amountMinor,
        currency: 'EGP',
      };
    },

    async lookupTransaction(transactionId) {
      if (!/^\d{1,20}$/.test(transactionId)) throw new GatewayError('Not a Paymob transaction id.', 'paymob');
      const r = await authed('GET', `/api/acceptance/transactions/${transactionId}`, 'transaction');
      if (r.status < 200 || r.status >= 300 || !isObject(r.body))
        throw refused('the transaction', r.status, r.body);
      const t = isObject(r.body.obj) ? r.body.obj : r.body;
      const report = reportOfApiTransaction(t);
      if (!report) throw new GatewayError('Paymob answered an unreadable transaction.', 'paymob');
      return report;
    },

    async refund(charge, amountMinor) {
      const t = await inquire(charge);
      const transactionId = t ? textOf(t.id) : null;
      if (!t || !transactionId || statusOfTransaction(t) !== 'paid') {
        throw new GatewayError('Paymob has no paid transaction to refund.', 'paymob');
      }
      const body = { transaction_id: Number(transactionId), amount_cents: amountMinor };
      const r =
        config.secretKey !== null
          ? await call('POST', '/api/acceptance/void_refund/refund', 'refund', {
              body,
              headers: { authorization: `Token ${config.secretKey}` },
            })
          : await authed('POST', '/api/acceptance/void_refund/refund', 'refund', body);
      if (r.status < 200 || r.status >= 300 || !isObject(r.body))
        throw refused('the refund', r.status, r.body);
      if (!flag(r.body.success) && !flag(r.body.pending)) {
        const data = isObject(r.body.data) ? r.body.data : {};
        throw new GatewayError(textOf(data.message) ?? 'Paymob refused the refund.', 'paymob', true);
      }
    },
  };
};
