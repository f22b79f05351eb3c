import { randomUUID } from 'node:crypto';
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
import {
  callGateway,
  formatMajor,
  headerOf,
  pick,
  pickString,
  toMinor,
  type GatewayAnswer,
} from '../gateway-support';

/** PayPal (plan upgrades, in USD) through Orders v2 and PayPal's approval page. */
export interface PaypalConfig {
  /** https://api-m.sandbox.paypal.com or https://api-m.paypal.com, or a local imitation. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The id PayPal gave our webhook listener: the verification call needs it. */
  webhookId: string;
  timeoutMs?: number;
}

/**
 * PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET and PAYPAL_WEBHOOK_ID (and PAYPAL_BASE_URL, default the sandbox
 * https://api-m.sandbox.paypal.com); null unless all three are set.
 */
export const paypalConfigFromEnv = (env: NodeJS.ProcessEnv): PaypalConfig | null => {
  const clientId = env.PAYPAL_CLIENT_ID?.trim();
  const clientSecret = env.PAYPAL_CLIENT_SECRET?.trim();
  const webhookId = env.PAYPAL_WEBHOOK_ID?.trim();
  if (!clientId || !clientSecret || !webhookId) return null;
  return {
    baseUrl: (env.PAYPAL_BASE_URL?.trim() || 'https://api-m.sandbox.paypal.com').replace(/\/+$/, ''),
    clientId,
    clientSecret,
    webhookId,
  };
};

/** PayPal's error in words: `{ name, message, details: [{ issue, description }] }` or OAuth's `error_description`. */
const refusal = (answer: GatewayAnswer): string => {
  const issue = pickString(answer.body, 'details', 0, 'issue');
  const message =
    pickString(answer.body, 'details', 0, 'description') ??
    pickString(answer.body, 'message') ??
    pickString(answer.body, 'error_description');
  return [issue, message].filter(Boolean).join(': ') || `status ${answer.status}`;
};

const issueOf = (answer: GatewayAnswer) => pickString(answer.body, 'details', 0, 'issue');

/** A capture's status as the payment's. */
const captureStatus = (status: string | null): GatewayPaymentStatus => {
  switch (status) {
    case 'COMPLETED':
    case 'PARTIALLY_REFUNDED':
    case 'REFUNDED':
      return 'paid';
    case 'DECLINED':
    case 'DENIED':
    case 'FAILED':
      return 'failed';
    default:
      return 'pending';
  }
};

/** What an order says (PayPal, Orders v2: order status, purchase_units[0].payments.captures). */
const orderReport = (order: unknown): StatusReport | null => {
  const id = pickString(order, 'id');
  const unit = pick(order, 'purchase_units', 0);
  const capture = pick(unit, 'payments', 'captures', 0);
  const amount = pick(capture, 'amount') ?? pick(unit, 'amount');
  const currency = pickString(amount, 'currency_code');
  const amountMinor = currency ? toMinor(pick(amount, 'value'), currency) : null;
  if (!id || !currency || amountMinor === null) return null;
  const orderStatus = pickString(order, 'status');
  let status: GatewayPaymentStatus = 'pending';
  if (orderStatus === 'COMPLETED') status = captureStatus(pickString(capture, 'status'));
  if (orderStatus === 'VOIDED') status = 'cancelled';
  return {
    paymentId: pickString(unit, 'custom_id') ?? pickString(unit, 'reference_id'),
    gatewayRef: id,
    status,
    amountMinor,
    currency: currency.toUpperCase(),
  };
};

/** What a capture resource of a PAYMENT.CAPTURE.* event says. */
const captureReport = (capture: unknown): StatusReport | null => {
  const currency = pickString(capture, 'amount', 'currency_code');
  const amountMinor = currency ? toMinor(pick(capture, 'amount', 'value'), currency) : null;
  if (!currency || amountMinor === null) return null;
  return {
    paymentId: pickString(capture, 'custom_id'),
    gatewayRef: pickString(capture, 'supplementary_data', 'related_ids', 'order_id'),
    status: captureStatus(pickString(capture, 'status')),
    amountMinor,
    currency: currency.toUpperCase(),
  };
};

/** The transmission headers PayPal signs a webhook with, as the verification call names them. */
const transmissionHeaders = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const;

export const paypalGateway = (config: PaypalConfig): PaymentGateway => {
  const base = config.baseUrl.replace(/\/+$/, '');
  let cached: { token: string; usableUntil: number } | null = null;
  let fetching: Promise<string> | null = null;

  /** An OAuth access token (client credentials), kept until shortly before it expires and shared by callers. */
  const accessToken = (): Promise<string> => {
    if (cached && Date.now() < cached.usableUntil) return Promise.resolve(cached.token);
    fetching ??= (async () => {
      const answer = await callGateway('paypal', `${base}/v1/oauth2/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: 'grant_type=client_credentials',
        timeoutMs: config.timeoutMs,
      });
      const token = pickString(answer.body, 'access_token');
      const lifetime = pick(answer.body, 'expires_in');
      if (answer.status !== 200 || !token) {
        throw new GatewayError(`PayPal refused our credentials: ${refusal(answer)}`, 'paypal');
      }
      const lifetimeMs = typeof lifetime === 'number' && lifetime > 0 ? lifetime * 1000 : 0;
      // Renewed a minute early (half its life for short ones) so that no call carries an expiring token.
      cached = { token, usableUntil: Date.now() + lifetimeMs - Math.min(60_000, lifetimeMs / 2) };
      return token;
    })().finally(() => {
      fetching = null;
    });
    return fetching;
  };

  /** Calls the REST API with a token; a token PayPal no longer accepts is dropped and the call made once more. */
  const api = async (
    method: string,
    path: string,
    body?: string,
    headers: Record<string, string> = {},
  ): Promise<GatewayAnswer> => {
    for (let attempt = 0; ; attempt += 1) {
      const token = await accessToken();
      const answer = await callGateway('paypal', `${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body,
        timeoutMs: config.timeoutMs,
      });
      if (answer.status !== 401 || attempt > 0) return answer;
      if (cached?.token === token) cached = null;
    }
  };

  const getOrder = async (orderId: string): Promise<unknown> => {
    const answer = await api('GET', `/v2/checkout/orders/${encodeURIComponent(orderId)}`);
    if (answer.status !== 200)
      throw new GatewayError(`PayPal refused the status check: ${refusal(answer)}`, 'paypal');
    return answer.body;
  };

  /**
   * The order's outcome, capturing it once the payer approved it (an approved order is not paid until
   * captured). The capture carries a PayPal-Request-Id derived from the order, so a status check and a
   * notification capturing at the same time capture once.
   */
  const settle = async (orderId: string): Promise<StatusReport> => {
    let order = await getOrder(orderId);
    if (pickString(order, 'status') === 'APPROVED') {
      const answer = await api('POST', `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, '{}', {
        'paypal-request-id': `capture-${orderId}`,
        prefer: 'return=representation',
      });
      if (answer.status === 200 || answer.status === 201) {
        order = answer.body;
      } else if (answer.status === 422 && issueOf(answer) === 'ORDER_ALREADY_CAPTURED') {
        order = await getOrder(orderId);
      } else if (answer.status === 422 && issueOf(answer) === 'INSTRUMENT_DECLINED') {
        const report = orderReport(order);
        if (report) return { ...report, status: 'failed' };
      } else {
        throw new GatewayError(`PayPal refused the capture: ${refusal(answer)}`, 'paypal');
      }
    }
    const report = orderReport(order);
    if (!report) throw new GatewayError('PayPal answered an unreadable order', 'paypal');
    return report;
  };

  const currencyOf = (method: PaymentMethodCode) => {
    if (method !== 'paypal') throw new GatewayError(`PayPal does not carry ${method}`, 'paypal');
    return 'USD';
  };

  return {
    name: 'paypal',
    methods: ['paypal'],
    currencyOf,

    async createCharge(request: ChargeRequest): Promise<CreatedCharge> {
      currencyOf(request.method);
      const body = {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: request.paymentId,
            custom_id: request.paymentId,
            description: (request.description || 'Payment').slice(0, 127),
            amount: {
              currency_code: request.currency,
              value: formatMajor(request.amountMinor, request.currency),
            },
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              return_url: request.returnUrl,
              cancel_url: request.cancelUrl,
              user_action: 'PAY_NOW',
              shipping_preference: 'NO_SHIPPING',
            },
          },
        },
      };
      const answer = await api('POST', '/v2/checkout/orders', JSON.stringify(body), {
        // One order per payment, however often its creation is retried.
        'paypal-request-id': `order-${request.paymentId}`,
        prefer: 'return=representation',
      });
      if (answer.status !== 200 && answer.status !== 201) {
        throw new GatewayError(`PayPal refused the order: ${refusal(answer)}`, 'paypal');
      }
      const id = pickString(answer.body, 'id');
      const links = pick(answer.body, 'links');
      const approve = Array.isArray(links)
        ? links.find((link) => ['payer-action', 'approve'].includes(pickString(link, 'rel') ?? ''))
        : undefined;
      const url = pickString(approve, 'href');
      if (!id || !url) throw new GatewayError('PayPal answered an order without an approval page', 'paypal');
      return { gatewayRef: id, next: { kind: 'redirect', url } };
    },

    async verifyNotification(notification: IncomingNotification): Promise<StatusReport | null> {
      const fields: Record<string, string> = {};
      for (const [field, header] of Object.entries(transmissionHeaders)) {
        const value = headerOf(notification.headers, header);
        if (!value) return null;
        fields[field] = value;
      }
      const raw = notification.rawBody.toString('utf8');
      let event: unknown;
      try {
        event = JSON.parse(raw);
      } catch {
        return null;
      }
      if (event === null || typeof event !== 'object' || Array.isArray(event)) return null;
      // The event goes to PayPal as it arrived, byte for byte: the signature covers the body's CRC32.
      const request = `{${Object.entries({ ...fields, webhook_id: config.webhookId })
        .map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`)
        .join(',')},"webhook_event":${raw}}`;
      const answer = await api('POST', '/v1/notifications/verify-webhook-signature', request);
      if (answer.status !== 200 || pickString(answer.body, 'verification_status') !== 'SUCCESS') return null;

      const resource = pick(event, 'resource');
      switch (pickString(event, 'event_type')) {
        case 'CHECKOUT.ORDER.APPROVED': {
          // The payer approved but may never come back to us: capture now.
          const orderId = pickString(resource, 'id');
          return orderId ? settle(orderId) : null;
        }
        case 'CHECKOUT.ORDER.COMPLETED':
          return orderReport(resource);
        case 'PAYMENT.CAPTURE.COMPLETED':
        case 'PAYMENT.CAPTURE.DENIED':
        case 'PAYMENT.CAPTURE.DECLINED':
        case 'PAYMENT.CAPTURE.PENDING':
          return captureReport(resource);
        default:
          return null;
      }
    },

    async fetchStatus(charge): Promise<StatusReport> {
      if (!charge.gatewayRef) throw new GatewayError('No PayPal order to ask about', 'paypal');
      return settle(charge.gatewayRef);
    },

    async refund(charge, amountMinor): Promise<void> {
      const order = await getOrder(charge.gatewayRef);
      const capture = pick(order, 'purchase_units', 0, 'payments', 'captures', 0);
      const captureId = pickString(capture, 'id');
      const currency = pickString(capture, 'amount', 'currency_code');
      if (!captureId || !currency)
        throw new GatewayError('PayPal has no captured payment to refund', 'paypal');
      const answer = await api(
        'POST',
        `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`,
        JSON.stringify({
          amount: { value: formatMajor(amountMinor, currency), currency_code: currency },
          custom_id: charge.paymentId,
        }),
        { 'paypal-request-id': randomUUID() },
      );
      if (answer.status !== 200 && answer.status !== 201) {
        throw new GatewayError(`PayPal refused the refund: ${refusal(answer)}`, 'paypal');
      }
      const status = pickString(answer.body, 'status');
      if (status === 'FAILED' || status === 'CANCELLED')
        throw new GatewayError(`PayPal did not refund (${status})`, 'paypal');
    },
  };
};
