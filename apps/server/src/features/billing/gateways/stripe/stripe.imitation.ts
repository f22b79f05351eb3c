import { createHash, createHmac } from 'node:crypto';
import { formatMajor } from '../gateway-support';
import {
  createNotifier,
  defaultSwitches,
  hostedPage,
  html,
  json,
  pressedButton,
  randomId,
  redirect,
  startImitationServer,
  type ImitationOptions,
  type ImitationRequest,
  type ImitationResponse,
  type ImitationSwitches,
} from '../imitation-kit';
import { stripeApiVersion, type StripeConfig } from './stripe.gateway';

/**
 * A local Stripe speaking Stripe's protocol for Checkout: POST /v1/checkout/sessions (form-encoded, the
 * secret key as Bearer or Basic user), GET /v1/checkout/sessions/{id}, POST …/{id}/expire,
 * GET /v1/payment_intents/{id}, POST /v1/refunds, Idempotency-Key; a hosted Checkout page; events signed
 * with `Stripe-Signature` and POSTed to the webhook endpoint configured on the imitation (as on Stripe's
 * dashboard: a session carries no notification address).
 */

export interface StripeSwitches extends ImitationSwitches {
  /** Payments settle later (a delayed method): `completed` unpaid first, then `async_payment_succeeded`/`_failed`. */
  asyncPayments: boolean;
}

export interface StripeKeys {
  secretKey: string;
  /** The signing secret of the webhook endpoint. */
  webhookSecret: string;
}

export interface StripeImitationOptions extends ImitationOptions<StripeKeys, StripeSwitches> {
  /** Where events are POSTed (the merchant's webhook endpoint); settable later as `imitation.webhookUrl`. */
  webhookUrl?: string;
}

interface Session {
  id: string;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'unpaid' | 'paid';
  amountMinor: number;
  currency: string;
  successUrl: string;
  cancelUrl: string | null;
  clientReferenceId: string | null;
  customerEmail: string | null;
  metadata: Record<string, unknown>;
  intentMetadata: Record<string, unknown>;
  paymentIntent: string | null;
  productName: string;
  created: number;
  expiresAt: number;
}

interface PaymentIntent {
  id: string;
  status: 'processing' | 'succeeded' | 'requires_payment_method';
  amountMinor: number;
  currency: string;
  refundedMinor: number;
  metadata: Record<string, unknown>;
}

const stripeError = (status: number, message: string, extra: Record<string, unknown> = {}) =>
  json(status, { error: { type: 'invalid_request_error', message, ...extra } });

/** Parses Stripe's bracketed form encoding into nested objects (arrays become objects keyed "0", "1"…). */
const parseForm = (body: string): Record<string, unknown> => {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return root;
};

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};

export const startStripeImitation = async (options: StripeImitationOptions = {}) => {
  const keys: StripeKeys = {
    secretKey: `sk_test_${randomId('', 32)}`,
    webhookSecret: `whsec_${randomId('', 32)}`,
    ...options.keys,
  };
  const { secretKey, webhookSecret } = keys;
  const switches: StripeSwitches = { ...defaultSwitches(), asyncPayments: false, ...options.switches };
  const notifier = createNotifier(switches);
  const sessions = new Map<string, Session>();
  const intents = new Map<string, PaymentIntent>();
  const refunds: { id: string; paymentIntent: string; amountMinor: number; currency: string }[] = [];
  const idempotent = new Map<string, { fingerprint: string; response: ImitationResponse }>();
  const state = { webhookUrl: options.webhookUrl ?? null };
  const settling = new Set<Promise<void>>();
  /** Runs `step` a moment later (a delayed payment settling); `settle()` waits for it. */
  const later = (step: () => void) => {
    const task = new Promise<void>((resolve) =>
      setTimeout(() => {
        step();
        resolve();
      }, 50),
    );
    settling.add(task);
    void task.then(() => settling.delete(task));
  };

  const sessionJson = (s: Session, base: string) => ({
    id: s.id,
    object: 'checkout.session',
    amount_subtotal: s.amountMinor,
    amount_total: s.amountMinor,
    cancel_url: s.cancelUrl,
    client_reference_id: s.clientReferenceId,
    created: s.created,
    currency: s.currency,
    customer_email: s.customerEmail,
    expires_at: s.expiresAt,
    livemode: false,
    metadata: s.metadata,
    mode: 'payment',
    payment_intent: s.paymentIntent,
    payment_method_types: ['card'],
    payment_status: s.paymentStatus,
    status: s.status,
    success_url: s.successUrl,
    url: s.status === 'open' ? `${base}/c/pay/${s.id}` : null,
  });

  const intentJson = (pi: PaymentIntent) => ({
    id: pi.id,
    object: 'payment_intent',
    amount: pi.amountMinor,
    amount_received: pi.status === 'succeeded' ? pi.amountMinor : 0,
    currency: pi.currency,
    metadata: pi.metadata,
    status: pi.status,
    last_payment_error:
      pi.status === 'requires_payment_method'
        ? {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: 'Your card was declined.',
          }
        : null,
  });

  /** Sends an event about a session to the webhook endpoint, signed as Stripe signs (or forged). */
  const sendEvent = (type: string, session: Session, base: string) => {
    const url = state.webhookUrl;
    if (!url) return;
    const snapshot = sessionJson(session, base);
    notifier.notify((forged) => {
      const body = JSON.stringify({
        id: randomId('evt_', 24),
        object: 'event',
        api_version: stripeApiVersion,
        created: Math.floor(Date.now() / 1000),
        data: { object: snapshot },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      });
      const t = Math.floor(Date.now() / 1000);
      const v1 = createHmac('sha256', forged ? `${webhookSecret}_forged` : webhookSecret)
        .update(`${t}.${body}`)
        .digest('hex');
      return {
        url,
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': `t=${t},v1=${v1}` },
        body,
      };
    });
  };

  const authorized = (req: ImitationRequest) => {
    const header = req.headers.authorization ?? '';
    if (header === `Bearer ${secretKey}`) return true;
    if (header.startsWith('Basic ')) {
      const user = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':')[0];
      return user === secretKey;
    }
    return false;
  };

  const createSession = (req: ImitationRequest, base: string): ImitationResponse => {
    const params = parseForm(req.body);
    if (params.mode !== 'payment')
      return stripeError(400, 'Only mode=payment is imitated.', { param: 'mode' });
    const successUrl = text(params.success_url);
    if (!successUrl)
      return stripeError(400, 'Missing required param: success_url.', { param: 'success_url' });
    const items = Object.values(record(params.line_items)).map(record);
    if (items.length === 0)
      return stripeError(400, 'Missing required param: line_items.', { param: 'line_items' });
    let amountMinor = 0;
    let currency: string | null = null;
    let productName = '';
    for (const item of items) {
      const price = record(item.price_data);
      const unit = Number(text(price.unit_amount));
      const quantity = Number(text(item.quantity) ?? '1');
      const itemCurrency = text(price.currency);
      if (
        !Number.isSafeInteger(unit) ||
        unit < 0 ||
        !Number.isSafeInteger(quantity) ||
        quantity < 1 ||
        !itemCurrency
      ) {
        return stripeError(400, 'Invalid line_items: price_data needs currency and an integer unit_amount.', {
          param: 'line_items',
        });
      }
      if (currency && currency !== itemCurrency.toLowerCase()) {
        return stripeError(400, 'All line items must share one currency.', { param: 'line_items' });
      }
      currency = itemCurrency.toLowerCase();
      amountMinor += unit * quantity;
      productName ||= text(record(price.product_data).name) ?? '';
    }
    if (amountMinor < 50) return stripeError(400, 'The Checkout Session total must be at least $0.50 usd.');
    const now = Math.floor(Date.now() / 1000);
    const session: Session = {
      id: randomId('cs_test_a1', 56),
      status: 'open',
      paymentStatus: 'unpaid',
      amountMinor,
      currency: currency!,
      successUrl,
      cancelUrl: text(params.cancel_url),
      clientReferenceId: text(params.client_reference_id),
      customerEmail: text(params.customer_email),
      metadata: record(params.metadata),
      intentMetadata: record(record(params.payment_intent_data).metadata),
      paymentIntent: null,
      productName,
      created: now,
      expiresAt: now + 24 * 3600,
    };
    sessions.set(session.id, session);
    return json(200, sessionJson(session, base));
  };

  const refund = (req: ImitationRequest): ImitationResponse => {
    const params = parseForm(req.body);
    const pi = intents.get(text(params.payment_intent) ?? '');
    if (!pi)
      return stripeError(404, `No such payment_intent: '${text(params.payment_intent) ?? ''}'`, {
        code: 'resource_missing',
      });
    if (pi.status !== 'succeeded')
      return stripeError(400, 'This PaymentIntent has no successful charge to refund.');
    const left = pi.amountMinor - pi.refundedMinor;
    if (left === 0)
      return stripeError(400, `Charge for ${pi.id} has already been refunded.`, {
        code: 'charge_already_refunded',
      });
    const amountMinor = params.amount === undefined ? left : Number(text(params.amount));
    if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0)
      return stripeError(400, 'Invalid integer: amount', { param: 'amount' });
    if (amountMinor > left) {
      return stripeError(
        400,
        `Refund amount ($${formatMajor(amountMinor, pi.currency)}) is greater than unrefunded amount on charge ($${formatMajor(left, pi.currency)})`,
        { code: 'amount_too_large', param: 'amount' },
      );
    }
    pi.refundedMinor += amountMinor;
    const created = { id: randomId('re_', 24), paymentIntent: pi.id, amountMinor, currency: pi.currency };
    refunds.push(created);
    return json(200, {
      id: created.id,
      object: 'refund',
      amount: amountMinor,
      currency: pi.currency,
      payment_intent: pi.id,
      metadata: record(params.metadata),
      status: 'succeeded',
    });
  };

  const expire = (session: Session, base: string): ImitationResponse => {
    if (session.status !== 'open') {
      return stripeError(
        400,
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
      );
    }
    session.status = 'expired';
    sendEvent('checkout.session.expired', session, base);
    return json(200, sessionJson(session, base));
  };

  /** Pressing Pay on the Checkout page: the card is charged, or declined, or (delayed methods) pending. */
  const pay = (session: Session, declined: boolean, base: string): ImitationResponse => {
    const pi: PaymentIntent = {
      id: session.paymentIntent ?? randomId('pi_', 24),
      status: 'requires_payment_method',
      amountMinor: session.amountMinor,
      currency: session.currency,
      refundedMinor: 0,
      metadata: session.intentMetadata,
    };
    intents.set(pi.id, pi);
    session.paymentIntent = pi.id;
    if (switches.asyncPayments) {
      pi.status = 'processing';
      session.status = 'complete';
      sendEvent('checkout.session.completed', session, base);
      // The delayed method settles a moment later, with its own event.
      later(() => {
        pi.status = declined ? 'requires_payment_method' : 'succeeded';
        if (!declined) session.paymentStatus = 'paid';
        sendEvent(
          declined ? 'checkout.session.async_payment_failed' : 'checkout.session.async_payment_succeeded',
          session,
          base,
        );
      });
      return redirect(session.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', session.id));
    }
    if (declined) return checkoutPage(session, 'Your card was declined.', 402);
    pi.status = 'succeeded';
    session.status = 'complete';
    session.paymentStatus = 'paid';
    sendEvent('checkout.session.completed', session, base);
    return redirect(session.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', session.id));
  };

  const checkoutPage = (session: Session, notice?: string, status = 200): ImitationResponse => {
    const title = 'Stripe Checkout';
    if (session.status !== 'open') {
      return html(
        410,
        hostedPage({ gateway: 'stripe', title, lines: [`This Checkout Session is ${session.status}.`] }),
      );
    }
    return html(
      status,
      hostedPage({
        gateway: 'stripe',
        title,
        lines: [
          session.productName,
          `${session.currency.toUpperCase()} ${formatMajor(session.amountMinor, session.currency)}`,
        ],
        action: `/c/pay/${session.id}`,
        notice,
        buttons: [
          { value: 'pay', label: 'Pay' },
          { value: 'decline', label: 'Decline' },
          { value: 'cancel', label: 'Cancel' },
        ],
      }),
    );
  };

  /** Idempotency-Key: the same key and parameters answer the first answer again (Stripe keeps them 24 h). */
  const once = (req: ImitationRequest, run: () => ImitationResponse): ImitationResponse => {
    const key = req.headers['idempotency-key'];
    if (typeof key !== 'string' || key === '') return run();
    const fingerprint = createHash('sha256').update(`${req.path}\n${req.body}`).digest('hex');
    const seen = idempotent.get(key);
    if (seen) {
      if (seen.fingerprint !== fingerprint) {
        return json(400, {
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with.`,
          },
        });
      }
      return { ...seen.response, headers: { ...seen.response.headers, 'idempotent-replayed': 'true' } };
    }
    const response = run();
    if (response.status < 500) idempotent.set(key, { fingerprint, response });
    return response;
  };

  const unavailable = () => json(503, { error: { type: 'api_error', message: 'Stripe is unavailable.' } });
  const listening = { ...options, name: 'stripe', switches, unavailable };
  const server = await startImitationServer(listening, (req, base) => {
    const page = /^\/c\/pay\/([^/]+)$/.exec(req.path);
    if (page) {
      const session = sessions.get(page[1]!);
      if (!session) return html(404, 'Something went wrong: this page is not available.');
      if (req.method === 'GET') return checkoutPage(session);
      const outcome = pressedButton(req, ['pay', 'decline', 'cancel']);
      if (outcome) {
        if (session.status !== 'open') return checkoutPage(session);
        if (outcome === 'cancel') return redirect(session.cancelUrl ?? `${base}/c/pay/${session.id}`);
        return pay(session, outcome === 'decline' || switches.decline, base);
      }
      return html(405, 'Method not allowed');
    }
    if (!req.path.startsWith('/v1/'))
      return stripeError(404, `Unrecognized request URL (${req.method}: ${req.path}).`);
    if (!authorized(req)) {
      return stripeError(
        401,
        `Invalid API Key provided: ${(req.headers.authorization ?? '').slice(7, 15)}****`,
      );
    }
    if (req.method === 'POST' && req.path === '/v1/checkout/sessions')
      return once(req, () => createSession(req, base));
    const sessionPath = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(req.path);
    if (sessionPath) {
      const session = sessions.get(decodeURIComponent(sessionPath[1]!));
      if (!session) {
        return stripeError(404, `No such checkout.session: '${sessionPath[1]}'`, {
          code: 'resource_missing',
        });
      }
      if (req.method === 'GET' && !sessionPath[2]) return json(200, sessionJson(session, base));
      if (req.method === 'POST' && sessionPath[2]) return once(req, () => expire(session, base));
    }
    const intentPath = /^\/v1\/payment_intents\/([^/]+)$/.exec(req.path);
    if (intentPath && req.method === 'GET') {
      const pi = intents.get(decodeURIComponent(intentPath[1]!));
      return pi
        ? json(200, intentJson(pi))
        : stripeError(404, `No such payment_intent: '${intentPath[1]}'`, { code: 'resource_missing' });
    }
    if (req.method === 'POST' && req.path === '/v1/refunds') return once(req, () => refund(req));
    return stripeError(404, `Unrecognized request URL (${req.method}: ${req.path}).`);
  });

  const config: StripeConfig = { baseUrl: server.url, secretKey, webhookSecret };
  return {
    url: server.url,
    config,
    /** The same configuration as environment variables, for a server started in another process. */
    env: {
      STRIPE_BASE_URL: server.url,
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
    } as Record<string, string>,
    keys,
    switches,
    /** The merchant's webhook endpoint (null: events are not sent). */
    get webhookUrl() {
      return state.webhookUrl;
    },
    set webhookUrl(url: string | null) {
      state.webhookUrl = url;
    },
    notifications: notifier.sent,
    /** Waits for delayed payments to settle and for the events under way. */
    settle: async () => {
      while (settling.size > 0) await Promise.all([...settling]);
      await notifier.settle();
    },
    refunds,
    session: (id: string) => sessions.get(id),
    close: async () => {
      while (settling.size > 0) await Promise.all([...settling]);
      await notifier.settle();
      await server.close();
    },
  };
};

export type StripeImitation = Awaited<ReturnType<typeof startStripeImitation>>;
