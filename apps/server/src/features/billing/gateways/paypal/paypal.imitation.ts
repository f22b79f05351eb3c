import { generateKeyPairSync, randomUUID, sign, verify, type KeyObject } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { formatMajor, toMinor } from '../gateway-support';
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
  withQuery,
  type ImitationOptions,
  type ImitationRequest,
  type ImitationResponse,
} from '../imitation-kit';
import type { PaypalConfig } from './paypal.gateway';

/**
 * A local PayPal speaking PayPal's REST protocol: OAuth client credentials (POST /v1/oauth2/token), Orders
 * v2 (create, get, capture, PayPal-Request-Id idempotency), refunds of captures, an approval page that
 * sends the browser back with `token` and `PayerID`, and webhooks signed as PayPal signs them
 * (SHA256withRSA over `transmission_id|transmission_time|webhook_id|crc32(body)`), checked by its own
 * POST /v1/notifications/verify-webhook-signature. Webhooks go to the listener configured on the imitation
 * (on PayPal, the URL registered for the webhook id; an order carries no notification address).
 */

export interface PaypalKeys {
  clientId: string;
  clientSecret: string;
  /** The id of the webhook listener registered with PayPal. */
  webhookId: string;
}

export interface PaypalImitationOptions extends ImitationOptions<PaypalKeys> {
  /** Where webhooks are POSTed (the listener registered for `webhookId`); settable later as `imitation.webhookUrl`. */
  webhookUrl?: string;
  /** Lifetime of access tokens, in seconds (PayPal: 32400). */
  tokenLifetimeSeconds?: number;
}

interface Capture {
  id: string;
  status: 'COMPLETED' | 'DECLINED' | 'PARTIALLY_REFUNDED' | 'REFUNDED';
  amountMinor: number;
  refundedMinor: number;
  created: string;
}

interface Order {
  id: string;
  status: 'PAYER_ACTION_REQUIRED' | 'CREATED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  referenceId: string;
  customId: string | null;
  description: string;
  currency: string;
  amountMinor: number;
  returnUrl: string;
  cancelUrl: string;
  approveRel: 'payer-action' | 'approve';
  payerId: string | null;
  declineAtCapture: boolean;
  capture: Capture | null;
  created: string;
}

const paypalError = (status: number, name: string, issue: string, description: string) =>
  json(status, {
    name,
    message: description,
    debug_id: randomId('', 13).toLowerCase(),
    details: [{ issue, description }],
  });

const unprocessable = (issue: string, description: string) =>
  paypalError(422, 'UNPROCESSABLE_ENTITY', issue, description);

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};

const certPath = '/v1/notifications/certs/CERT-360caa42-imitation';

export const startPaypalImitation = async (options: PaypalImitationOptions = {}) => {
  const keys: PaypalKeys = {
    clientId: randomId('A', 40),
    clientSecret: randomId('E', 40),
    webhookId: randomId('', 17).toUpperCase(),
    ...options.keys,
  };
  const { clientId, clientSecret, webhookId } = keys;
  const tokenLifetime = options.tokenLifetimeSeconds ?? 32_400;
  const switches = { ...defaultSwitches(), ...options.switches };
  const notifier = createNotifier(switches);
  const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
  let forgerKey: KeyObject | null = null;
  const state = { webhookUrl: options.webhookUrl ?? null };
  const tokens = new Map<string, number>();
  const orders = new Map<string, Order>();
  const refunds: { id: string; captureId: string; amountMinor: number; currency: string }[] = [];
  const replies = new Map<string, ImitationResponse>();
  const counts = { tokensIssued: 0, captureRequests: 0, capturesMade: 0, verifications: 0 };
  /** The PayPal-Request-Id of each capture request, by order ('' when a request carried none). */
  const captureRequestIds = new Map<string, string[]>();

  const orderJson = (order: Order, base: string) => ({
    id: order.id,
    intent: 'CAPTURE',
    status: order.status,
    ...(order.payerId
      ? {
          payment_source: { paypal: { email_address: 'payer@example.com', account_id: order.payerId } },
          payer: {
            payer_id: order.payerId,
            email_address: 'payer@example.com',
            name: { given_name: 'Test', surname: 'Payer' },
          },
        }
      : {}),
    purchase_units: [
      {
        reference_id: order.referenceId,
        ...(order.customId ? { custom_id: order.customId } : {}),
        description: order.description,
        amount: { currency_code: order.currency, value: formatMajor(order.amountMinor, order.currency) },
        ...(order.capture ? { payments: { captures: [captureJson(order, order.capture, base)] } } : {}),
      },
    ],
    create_time: order.created,
    links: [
      { href: `${base}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
      ...(order.status === 'PAYER_ACTION_REQUIRED' || order.status === 'CREATED'
        ? [{ href: `${base}/checkoutnow?token=${order.id}`, rel: order.approveRel, method: 'GET' }]
        : []),
      ...(order.status === 'APPROVED'
        ? [{ href: `${base}/v2/checkout/orders/${order.id}/capture`, rel: 'capture', method: 'POST' }]
        : []),
    ],
  });

  const captureJson = (order: Order, capture: Capture, base: string) => ({
    id: capture.id,
    status: capture.status,
    amount: { currency_code: order.currency, value: formatMajor(capture.amountMinor, order.currency) },
    final_capture: true,
    ...(order.customId ? { custom_id: order.customId } : {}),
    supplementary_data: { related_ids: { order_id: order.id } },
    create_time: capture.created,
    update_time: capture.created,
    links: [
      { href: `${base}/v2/payments/captures/${capture.id}`, rel: 'self', method: 'GET' },
      { href: `${base}/v2/payments/captures/${capture.id}/refund`, rel: 'refund', method: 'POST' },
      { href: `${base}/v2/checkout/orders/${order.id}`, rel: 'up', method: 'GET' },
    ],
  });

  /** The string PayPal signs for a transmission. */
  const signedString = (transmissionId: string, time: string, hookId: string, body: string) =>
    `${transmissionId}|${time}|${hookId}|${crc32(Buffer.from(body, 'utf8'))}`;

  const sendEvent = (eventType: string, resourceType: string, summary: string, resource: unknown) => {
    const url = state.webhookUrl;
    if (!url) return;
    notifier.notify((forged) => {
      const body = JSON.stringify({
        id: `WH-${randomId('', 17).toUpperCase()}-${randomId('', 17).toUpperCase()}`,
        event_version: '1.0',
        create_time: new Date().toISOString(),
        resource_type: resourceType,
        resource_version: '2.0',
        event_type: eventType,
        summary,
        resource,
        links: [],
      });
      const transmissionId = randomUUID();
      const time = new Date().toISOString();
      forgerKey ??= generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
      const key = forged ? forgerKey : rsa.privateKey;
      const signature = sign('sha256', Buffer.from(signedString(transmissionId, time, webhookId, body)), key);
      return {
        url,
        headers: {
          'content-type': 'application/json',
          'paypal-auth-algo': 'SHA256withRSA',
          'paypal-cert-url': `${server.url}${certPath}`,
          'paypal-transmission-id': transmissionId,
          'paypal-transmission-sig': signature.toString('base64'),
          'paypal-transmission-time': time,
        },
        body,
      };
    });
  };

  const issueToken = (req: ImitationRequest): ImitationResponse => {
    const header = req.headers.authorization ?? '';
    const [id, secret] = header.startsWith('Basic ')
      ? Buffer.from(header.slice(6), 'base64').toString('utf8').split(':')
      : [];
    if (id !== clientId || secret !== clientSecret) {
      return json(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
    }
    if (new URLSearchParams(req.body).get('grant_type') !== 'client_credentials') {
      return json(400, { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
    }
    const token = randomId('A21AA', 90);
    tokens.set(token, Date.now() + tokenLifetime * 1000);
    counts.tokensIssued += 1;
    return json(200, {
      scope:
        'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/applications/webhooks',
      access_token: token,
      token_type: 'Bearer',
      app_id: 'APP-80W284485P519543T',
      expires_in: tokenLifetime,
      nonce: `${new Date().toISOString()}${randomId('', 20)}`,
    });
  };

  const authorized = (req: ImitationRequest) => {
    const header = req.headers.authorization ?? '';
    const expires = header.startsWith('Bearer ') ? tokens.get(header.slice(7)) : undefined;
    return expires !== undefined && Date.now() < expires;
  };

  /** PayPal-Request-Id: a retried request with the same id answers the first answer again. */
  const once = (req: ImitationRequest, run: () => ImitationResponse): ImitationResponse => {
    const requestId = req.headers['paypal-request-id'];
    if (typeof requestId !== 'string' || requestId === '') return run();
    const key = `${req.path}|${requestId}`;
    const seen = replies.get(key);
    if (seen) return seen;
    const response = run();
    if (response.status < 500) replies.set(key, response);
    return response;
  };

  const createOrder = (req: ImitationRequest, base: string): ImitationResponse => {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(req.body) as Record<string, unknown>;
    } catch {
      return paypalError(
        400,
        'INVALID_REQUEST',
        'MALFORMED_REQUEST_JSON',
        'The request JSON is not well formed.',
      );
    }
    if (body.intent !== 'CAPTURE')
      return unprocessable('INVALID_PARAMETER_VALUE', 'Only intent CAPTURE is imitated.');
    const units = Array.isArray(body.purchase_units) ? body.purchase_units.map(record) : [];
    const unit = units[0];
    if (!unit || units.length !== 1)
      return paypalError(
        400,
        'INVALID_REQUEST',
        'MISSING_REQUIRED_PARAMETER',
        'One purchase unit is required.',
      );
    const amount = record(unit.amount);
    const currency = typeof amount.currency_code === 'string' ? amount.currency_code : '';
    if (!/^[A-Z]{3}$/.test(currency))
      return unprocessable('CURRENCY_NOT_SUPPORTED', 'Currency code is not supported.');
    if (currency === 'EGP') return unprocessable('CURRENCY_NOT_SUPPORTED', 'Currency code is not supported.');
    const amountMinor =
      typeof amount.value === 'string' && /^\d+(\.\d+)?$/.test(amount.value)
        ? toMinor(amount.value, currency)
        : null;
    if (amountMinor === null) {
      return unprocessable(
        'DECIMAL_PRECISION',
        'If the currency supports decimals, only two decimal place precision is supported.',
      );
    }
    if (amountMinor <= 0) return unprocessable('CANNOT_BE_ZERO_OR_NEGATIVE', 'Must be greater than zero.');
    const context = record(record(record(body.payment_source).paypal).experience_context);
    const legacy = record(body.application_context);
    const returnUrl = context.return_url ?? legacy.return_url;
    const cancelUrl = context.cancel_url ?? legacy.cancel_url;
    if (
      typeof returnUrl !== 'string' ||
      !URL.canParse(returnUrl) ||
      typeof cancelUrl !== 'string' ||
      !URL.canParse(cancelUrl)
    ) {
      return paypalError(
        400,
        'INVALID_REQUEST',
        'MISSING_REQUIRED_PARAMETER',
        'return_url and cancel_url are required.',
      );
    }
    const withSource = Object.keys(context).length > 0;
    const order: Order = {
      id: randomId('', 17).toUpperCase(),
      status: withSource ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
      referenceId: typeof unit.reference_id === 'string' ? unit.reference_id : 'default',
      customId: typeof unit.custom_id === 'string' ? unit.custom_id : null,
      description: typeof unit.description === 'string' ? unit.description : '',
      currency,
      amountMinor,
      returnUrl,
      cancelUrl,
      approveRel: withSource ? 'payer-action' : 'approve',
      payerId: null,
      declineAtCapture: false,
      capture: null,
      created: new Date().toISOString(),
    };
    orders.set(order.id, order);
    return json(201, orderJson(order, base));
  };

  const capture = (order: Order, base: string): ImitationResponse => {
    if (order.status === 'COMPLETED')
      return unprocessable('ORDER_ALREADY_CAPTURED', 'Order already captured.');
    if (order.status !== 'APPROVED') {
      return unprocessable('ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.');
    }
    counts.capturesMade += 1;
    const made: Capture = {
      id: randomId('', 17).toUpperCase(),
      status: order.declineAtCapture ? 'DECLINED' : 'COMPLETED',
      amountMinor: order.amountMinor,
      refundedMinor: 0,
      created: new Date().toISOString(),
    };
    order.capture = made;
    order.status = 'COMPLETED';
    const resource = captureJson(order, made, base);
    const summary = `Payment ${made.status === 'COMPLETED' ? 'completed' : 'denied'} for $ ${formatMajor(made.amountMinor, order.currency)} ${order.currency}`;
    if (made.status === 'COMPLETED') sendEvent('PAYMENT.CAPTURE.COMPLETED', 'capture', summary, resource);
    else sendEvent('PAYMENT.CAPTURE.DENIED', 'capture', summary, resource);
    return json(201, orderJson(order, base));
  };

  const refund = (req: ImitationRequest, captureId: string): ImitationResponse => {
    const order = [...orders.values()].find((o) => o.capture?.id === captureId);
    const made = order?.capture;
    if (!order || !made)
      return paypalError(
        404,
        'RESOURCE_NOT_FOUND',
        'INVALID_RESOURCE_ID',
        'Specified resource ID does not exist.',
      );
    if (made.status === 'DECLINED')
      return unprocessable('CAPTURE_NOT_REFUNDABLE', 'The capture cannot be refunded.');
    const left = made.amountMinor - made.refundedMinor;
    if (left === 0)
      return unprocessable('CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded.');
    let body: Record<string, unknown> = {};
    try {
      body = req.body ? (JSON.parse(req.body) as Record<string, unknown>) : {};
    } catch {
      return paypalError(
        400,
        'INVALID_REQUEST',
        'MALFORMED_REQUEST_JSON',
        'The request JSON is not well formed.',
      );
    }
    const amount = record(body.amount);
    if (amount.currency_code !== undefined && amount.currency_code !== order.currency) {
      return unprocessable('REFUND_CURRENCY_MISMATCH', 'Refund must be in the same currency as the capture.');
    }
    const amountMinor = amount.value === undefined ? left : toMinor(amount.value, order.currency);
    if (amountMinor === null || amountMinor <= 0) {
      return unprocessable(
        'DECIMAL_PRECISION',
        'If the currency supports decimals, only two decimal place precision is supported.',
      );
    }
    if (amountMinor > left)
      return unprocessable(
        'REFUND_AMOUNT_EXCEEDED',
        'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
      );
    made.refundedMinor += amountMinor;
    made.status = made.refundedMinor === made.amountMinor ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    const created = { id: randomId('', 17).toUpperCase(), captureId, amountMinor, currency: order.currency };
    refunds.push(created);
    return json(201, {
      id: created.id,
      status: 'COMPLETED',
      amount: { value: formatMajor(amountMinor, order.currency), currency_code: order.currency },
      links: [],
    });
  };

  const verifySignature = (req: ImitationRequest, base: string): ImitationResponse => {
    counts.verifications += 1;
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(req.body) as Record<string, unknown>;
    } catch {
      return paypalError(
        400,
        'INVALID_REQUEST',
        'MALFORMED_REQUEST_JSON',
        'The request JSON is not well formed.',
      );
    }
    const fields = [
      'auth_algo',
      'cert_url',
      'transmission_id',
      'transmission_sig',
      'transmission_time',
      'webhook_id',
    ];
    if (
      fields.some((f) => typeof body[f] !== 'string') ||
      typeof body.webhook_event !== 'object' ||
      body.webhook_event === null
    ) {
      return paypalError(
        400,
        'VALIDATION_ERROR',
        'MISSING_REQUIRED_PARAMETER',
        'Invalid request - see details',
      );
    }
    const f = body as Record<string, string>;
    const signed = signedString(
      f.transmission_id!,
      f.transmission_time!,
      f.webhook_id!,
      JSON.stringify(body.webhook_event),
    );
    const genuine =
      f.webhook_id === webhookId &&
      f.auth_algo === 'SHA256withRSA' &&
      f.cert_url === `${base}${certPath}` &&
      verify('sha256', Buffer.from(signed), rsa.publicKey, Buffer.from(f.transmission_sig!, 'base64'));
    return json(200, { verification_status: genuine ? 'SUCCESS' : 'FAILURE' });
  };

  const finish = (order: Order, outcome: string): ImitationResponse => {
    if (order.status !== 'PAYER_ACTION_REQUIRED' && order.status !== 'CREATED') {
      return approvalPage(order);
    }
    if (outcome === 'cancel') return redirect(withQuery(order.cancelUrl, { token: order.id }));
    order.status = 'APPROVED';
    order.payerId = randomId('', 13).toUpperCase();
    // PayPal declines the funding at capture, after the payer approved.
    order.declineAtCapture = outcome === 'decline' || switches.decline;
    const resource = orderJson(order, server.url);
    sendEvent('CHECKOUT.ORDER.APPROVED', 'checkout-order', 'An order has been approved by buyer', resource);
    return redirect(withQuery(order.returnUrl, { token: order.id, PayerID: order.payerId }));
  };

  const approvalPage = (order: Order): ImitationResponse => {
    if (order.status !== 'PAYER_ACTION_REQUIRED' && order.status !== 'CREATED') {
      return html(
        410,
        hostedPage({
          gateway: 'paypal',
          title: 'PayPal Checkout',
          lines: ['This order was already approved.'],
        }),
      );
    }
    return html(
      200,
      hostedPage({
        gateway: 'paypal',
        title: 'PayPal Checkout',
        lines: [order.description, `${order.currency} ${formatMajor(order.amountMinor, order.currency)}`],
        action: `/checkoutnow?token=${encodeURIComponent(order.id)}`,
        buttons: [
          { value: 'pay', label: 'Pay' },
          { value: 'decline', label: 'Decline' },
          { value: 'cancel', label: 'Cancel' },
        ],
      }),
    );
  };

  const unavailable = () =>
    paypalError(503, 'SERVICE_UNAVAILABLE', 'SERVICE_UNAVAILABLE', 'Service Unavailable.');
  const listening = { ...options, name: 'paypal', switches, unavailable };
  const server = await startImitationServer(listening, (req, base) => {
    if (req.path === '/checkoutnow') {
      const order = orders.get(req.query.get('token') ?? '');
      if (!order) return html(404, 'Not found');
      if (req.method === 'GET') return approvalPage(order);
      const outcome = pressedButton(req, ['pay', 'decline', 'cancel']);
      if (outcome) {
        return finish(order, outcome);
      }
      return html(405, 'Method not allowed');
    }
    if (req.method === 'GET' && req.path === certPath) {
      return {
        status: 200,
        headers: { 'content-type': 'application/x-pem-file' },
        body: rsa.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      };
    }
    if (req.method === 'POST' && req.path === '/v1/oauth2/token') return issueToken(req);
    if (!req.path.startsWith('/v1/') && !req.path.startsWith('/v2/')) {
      return paypalError(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Not found.');
    }
    if (!authorized(req))
      return json(401, {
        error: 'invalid_token',
        error_description: 'Token signature verification failed',
      });
    if (req.method === 'POST' && req.path === '/v1/notifications/verify-webhook-signature')
      return verifySignature(req, base);
    if (req.method === 'POST' && req.path === '/v2/checkout/orders')
      return once(req, () => createOrder(req, base));
    const orderPath = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(req.path);
    if (orderPath) {
      const order = orders.get(decodeURIComponent(orderPath[1]!));
      if (!order) {
        return paypalError(
          404,
          'RESOURCE_NOT_FOUND',
          'INVALID_RESOURCE_ID',
          'Specified resource ID does not exist.',
        );
      }
      if (req.method === 'GET' && !orderPath[2]) return json(200, orderJson(order, base));
      if (req.method === 'POST' && orderPath[2]) {
        counts.captureRequests += 1;
        const requestId = req.headers['paypal-request-id'];
        captureRequestIds.set(order.id, [
          ...(captureRequestIds.get(order.id) ?? []),
          typeof requestId === 'string' ? requestId : '',
        ]);
        return once(req, () => capture(order, base));
      }
    }
    const refundPath = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(req.path);
    if (refundPath && req.method === 'POST')
      return once(req, () => refund(req, decodeURIComponent(refundPath[1]!)));
    return paypalError(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Not found.');
  });

  const config: PaypalConfig = { baseUrl: server.url, clientId, clientSecret, webhookId };
  return {
    url: server.url,
    config,
    /** The same configuration as environment variables, for a server started in another process. */
    env: {
      PAYPAL_BASE_URL: server.url,
      PAYPAL_CLIENT_ID: clientId,
      PAYPAL_CLIENT_SECRET: clientSecret,
      PAYPAL_WEBHOOK_ID: webhookId,
    } as Record<string, string>,
    keys,
    switches,
    /** How many tokens were issued, capture requests received and captures made, signatures verified. */
    counts,
    get webhookUrl() {
      return state.webhookUrl;
    },
    set webhookUrl(url: string | null) {
      state.webhookUrl = url;
    },
    /** Forgets every access token issued (as PayPal does when a token is revoked). */
    revokeTokens: () => tokens.clear(),
    notifications: notifier.sent,
    settle: notifier.settle,
    refunds,
    order: (id: string) => orders.get(id),
    /** The PayPal-Request-Id of every capture request of an order. */
    captureRequestIds: (orderId: string) => captureRequestIds.get(orderId) ?? [],
    close: async () => {
      await notifier.settle();
      await server.close();
    },
  };
};

export type PaypalImitation = Awaited<ReturnType<typeof startPaypalImitation>>;
