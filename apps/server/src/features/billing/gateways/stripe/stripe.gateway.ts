import { createHmac } from 'node:crypto';
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
import { callGateway, headerOf, pick, pickString, safeEqual, type GatewayAnswer } from '../gateway-support';

/** Stripe (international cards in USD) through Stripe Checkout, its hosted payment page. */
export interface StripeConfig {
  /** https://api.stripe.com, or a local imitation. */
  baseUrl: string;
  /** The secret API key (sk_live_…, sk_test_…). */
  secretKey: string;
  /** The signing secret of our webhook endpoint (whsec_…). */
  webhookSecret: string;
  /** How old a signed event may be, in seconds, before it is refused as a replay (Stripe's default: 300). */
  toleranceSeconds?: number;
  timeoutMs?: number;
}

/**
 * STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (and STRIPE_BASE_URL, default https://api.stripe.com);
 * null unless both keys are set.
 */
export const stripeConfigFromEnv = (env: NodeJS.ProcessEnv): StripeConfig | null => {
  const secretKey = env.STRIPE_SECRET_KEY?.trim();
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim();
  if (!secretKey || !webhookSecret) return null;
  return {
    baseUrl: (env.STRIPE_BASE_URL?.trim() || 'https://api.stripe.com').replace(/\/+$/, ''),
    secretKey,
    webhookSecret,
  };
};

/**
 * The least Stripe charges in each currency, in its minor units (Stripe, "Supported currencies": "Minimum
 * and maximum charge amounts"); Stripe refuses a charge below it. In a currency not listed the charge must
 * come to at least 0.50 USD once converted, which the adapter cannot know: there Stripe's own refusal tells
 * the payer.
 */
export const stripeMinimumCharges: Readonly<Record<string, number>> = {
  USD: 50,
  AED: 200,
  AUD: 50,
  BGN: 100,
  BRL: 50,
  CAD: 50,
  CHF: 50,
  CZK: 1500,
  DKK: 250,
  EUR: 50,
  GBP: 30,
  HKD: 400,
  INR: 50,
  MXN: 1000,
  MYR: 200,
  NOK: 300,
  NZD: 50,
  PLN: 200,
  RON: 200,
  SEK: 300,
  SGD: 50,
  THB: 1000,
};

/** The API version the adapter is written against (Checkout Sessions create their PaymentIntent on payment). */
export const stripeApiVersion = '2024-06-20';

/** Stripe's signature of an event: HMAC-SHA256, keyed with the endpoint's secret, of `${t}.${payload}`, hex. */
export const stripeSignature = (payload: string | Buffer, timestamp: number, webhookSecret: string): string =>
  createHmac('sha256', webhookSecret).update(`${timestamp}.`).update(payload).digest('hex');

/**
 * Checks a `Stripe-Signature` header (`t=…,v1=…[,v1=…]`) as Stripe documents ("Verify signatures
 * manually"): one of the v1 signatures must match, compared in constant time, and the timestamp may not be
 * older than the tolerance. Other schemes (v0) are ignored.
 */
export const verifyStripeSignature = (
  header: string,
  payload: Buffer,
  webhookSecret: string,
  options: { toleranceSeconds: number; nowSeconds: number },
): boolean => {
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const item of header.split(',')) {
    const at = item.indexOf('=');
    if (at < 0) continue;
    const key = item.slice(0, at).trim();
    const value = item.slice(at + 1).trim();
    if (key === 't' && /^\d+$/.test(value)) timestamp = Number(value);
    if (key === 'v1') signatures.push(value);
  }
  if (timestamp === null || signatures.length === 0) return false;
  const expected = stripeSignature(payload, timestamp, webhookSecret);
  if (!signatures.some((signature) => safeEqual(signature, expected))) return false;
  return options.nowSeconds - timestamp <= options.toleranceSeconds;
};

/** Flattens parameters into Stripe's form encoding: `line_items[0][price_data][currency]=usd`. */
export const formEncode = (params: Record<string, unknown>): string => {
  const pairs: string[] = [];
  const add = (key: string, value: unknown) => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) {
      value.forEach((item, index) => add(`${key}[${index}]`, item));
    } else if (typeof value === 'object') {
      for (const [child, inner] of Object.entries(value as Record<string, unknown>))
        add(`${key}[${child}]`, inner);
    } else {
      pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
    }
  };
  for (const [key, value] of Object.entries(params)) add(key, value);
  return pairs.join('&');
};

const refusal = (answer: GatewayAnswer): string =>
  pickString(answer.body, 'error', 'message') ?? `status ${answer.status}`;

/** A Checkout Session's state as the payment's (before any look at its PaymentIntent). */
const sessionStatus = (session: unknown): GatewayPaymentStatus => {
  const status = pickString(session, 'status');
  const paid = pickString(session, 'payment_status');
  if (status === 'expired') return 'expired';
  if (status === 'complete' && (paid === 'paid' || paid === 'no_payment_required')) return 'paid';
  return 'pending';
};

const reportOf = (session: unknown, status: GatewayPaymentStatus): StatusReport | null => {
  const id = pickString(session, 'id');
  const amount = pick(session, 'amount_total');
  const currency = pickString(session, 'currency');
  if (!id || typeof amount !== 'number' || !Number.isSafeInteger(amount) || !currency) return null;
  return {
    paymentId: pickString(session, 'client_reference_id') ?? pickString(session, 'metadata', 'payment_id'),
    gatewayRef: id,
    status,
    amountMinor: amount,
    currency: currency.toUpperCase(),
  };
};

/** The payment status each Checkout event means (the events our endpoint subscribes to). */
const eventStatus: Record<string, (session: unknown) => GatewayPaymentStatus> = {
  'checkout.session.completed': sessionStatus,
  'checkout.session.async_payment_succeeded': () => 'paid',
  'checkout.session.async_payment_failed': () => 'failed',
  'checkout.session.expired': () => 'expired',
};

const paymentIntentOf = (session: unknown): string | null =>
  pickString(session, 'payment_intent') ?? pickString(session, 'payment_intent', 'id');

export const stripeGateway = (config: StripeConfig): PaymentGateway => {
  const base = config.baseUrl.replace(/\/+$/, '');
  const tolerance = config.toleranceSeconds ?? 300;
  const call = (method: string, path: string, params?: Record<string, unknown>, idempotencyKey?: string) =>
    callGateway('stripe', `${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${config.secretKey}`,
        'stripe-version': stripeApiVersion,
        ...(params ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      body: params ? formEncode(params) : undefined,
      timeoutMs: config.timeoutMs,
    });

  const getSession = async (sessionId: string): Promise<unknown> => {
    const answer = await call('GET', `/v1/checkout/sessions/${encodeURIComponent(sessionId)}`);
    if (answer.status !== 200)
      throw new GatewayError(`Stripe refused the status check: ${refusal(answer)}`, 'stripe');
    return answer.body;
  };

  const currencyOf = (method: PaymentMethodCode) => {
    if (method !== 'card_intl') throw new GatewayError(`Stripe does not carry ${method}`, 'stripe');
    return 'USD';
  };

  return {
    name: 'stripe',
    methods: ['card_intl'],
    currencyOf,
    minimumChargeMinor: (currency) => stripeMinimumCharges[currency.toUpperCase()] ?? 1,

    async createCharge(request: ChargeRequest): Promise<CreatedCharge> {
      currencyOf(request.method);
      const successUrl = `${request.returnUrl}${request.returnUrl.includes('?') ? '&' : '?'}session_id={CHECKOUT_SESSION_ID}`;
      const answer = await call(
        'POST',
        '/v1/checkout/sessions',
        {
          mode: 'payment',
          client_reference_id: request.paymentId,
          customer_email: request.customer.email,
          payment_method_types: ['card'],
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency.toLowerCase(),
                unit_amount: request.amountMinor,
                product_data: { name: request.description || 'Payment' },
              },
            },
          ],
          metadata: { payment_id: request.paymentId },
          payment_intent_data: { metadata: { payment_id: request.paymentId } },
          success_url: successUrl,
          cancel_url: request.cancelUrl,
        },
        // One session per payment, however often its creation is retried.
        `checkout-${request.paymentId}`,
      );
      // A request error (an amount below Stripe's minimum, say) refuses this payment: the payer is told why.
      if (answer.status !== 200)
        throw new GatewayError(
          `Stripe refused the payment: ${refusal(answer)}`,
          'stripe',
          pickString(answer.body, 'error', 'type') === 'invalid_request_error' && answer.status === 400,
        );
      const id = pickString(answer.body, 'id');
      const url = pickString(answer.body, 'url');
      if (!id || !url) throw new GatewayError('Stripe answered a session without an id or a page', 'stripe');
      return { gatewayRef: id, next: { kind: 'redirect', url } };
    },

    async verifyNotification(notification: IncomingNotification): Promise<StatusReport | null> {
      const header = headerOf(notification.headers, 'stripe-signature');
      if (!header) return null;
      const genuine = verifyStripeSignature(header, notification.rawBody, config.webhookSecret, {
        toleranceSeconds: tolerance,
        nowSeconds: Math.floor(Date.now() / 1000),
      });
      if (!genuine) return null;
      let event: unknown;
      try {
        event = JSON.parse(notification.rawBody.toString('utf8'));
      } catch {
        return null;
      }
      const statusOf = eventStatus[pickString(event, 'type') ?? ''];
      const session = pick(event, 'data', 'object');
      if (!statusOf || pickString(session, 'object') !== 'checkout.session') return null;
      return reportOf(session, statusOf(session));
    },

    async fetchStatus(charge): Promise<StatusReport> {
      if (!charge.gatewayRef) throw new GatewayError('No Stripe session to ask about', 'stripe');
      const session = await getSession(charge.gatewayRef);
      let status = sessionStatus(session);
      const intent = paymentIntentOf(session);
      if (status === 'pending' && pickString(session, 'status') === 'complete' && intent) {
        // Completed but unpaid: a delayed payment method, settled (or failed) on its PaymentIntent.
        const answer = await call('GET', `/v1/payment_intents/${encodeURIComponent(intent)}`);
        if (answer.status !== 200)
          throw new GatewayError(`Stripe refused the status check: ${refusal(answer)}`, 'stripe');
        const intentStatus = pickString(answer.body, 'status');
        if (intentStatus === 'succeeded') status = 'paid';
        if (intentStatus === 'requires_payment_method' || intentStatus === 'canceled') status = 'failed';
      }
      const report = reportOf(session, status);
      if (!report) throw new GatewayError('Stripe answered an unreadable session', 'stripe');
      return report;
    },

    async refund(charge, amountMinor): Promise<void> {
      const intent = paymentIntentOf(await getSession(charge.gatewayRef));
      if (!intent) throw new GatewayError('Stripe has no payment to refund for this session', 'stripe');
      const answer = await call('POST', '/v1/refunds', {
        payment_intent: intent,
        amount: amountMinor,
        metadata: { payment_id: charge.paymentId },
      });
      if (answer.status !== 200)
        throw new GatewayError(`Stripe refused the refund: ${refusal(answer)}`, 'stripe');
      const status = pickString(answer.body, 'status');
      if (status === 'failed' || status === 'canceled')
        throw new GatewayError(`Stripe did not refund (${status})`, 'stripe');
    },
  };
};
