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
  redirect,
  startImitationServer,
  type ImitationOptions,
  type ImitationRequest,
  type ImitationResponse,
} from '../imitation-kit';
import type { PaymobConfig, PaymobMethod } from './paymob.gateway';
import { hmacValuesOfTransaction, paymobHmac } from './paymob.signature';

/**
 * A local imitation of Paymob Accept for tests, the demo and page tests. It speaks the documented protocol
 * (auth tokens, orders, payment keys, the pay request for wallets and kiosks, the Intention API and Unified
 * Checkout, the card iframe, transaction inquiry and retrieval, refunds), checks the adapter's credentials,
 * serves minimal hosted pages with Pay and Decline buttons, sends the HMAC-signed processed callback and
 * sends the browser back with the signed response callback query.
 */

export interface PaymobKeys {
  apiKey: string;
  secretKey: string;
  publicKey: string;
  hmacSecret: string;
  iframeId: string;
}

export interface PaymobImitationOptions extends ImitationOptions<PaymobKeys> {
  /** How the adapter's config pays by card: the embedded iframe or a Unified Checkout redirect (default). */
  cardCheckout?: 'iframe' | 'unified';
  /**
   * The integrations' callback URLs as set in Paymob's dashboard: where the processed callback (POST) and the
   * browser (response callback, GET) go for payments made without an intention (wallets, kiosk, iframe).
   */
  callbacks?: { processed?: string; response?: string };
}

interface Transaction {
  id: number;
  order: Order;
  integrationId: number;
  amountCents: number;
  createdAt: string;
  pending: boolean;
  success: boolean;
  isRefunded: boolean;
  refundedCents: number;
  /** A refund of another transaction. */
  parentId: number | null;
  source: { type: string; subType: string; pan: string };
  message: string;
}

interface Order {
  id: number;
  merchantOrderId: string | null;
  amountCents: number;
  currency: string;
  createdAt: string;
  /** From an intention; otherwise the dashboard's callbacks apply. */
  notificationUrl: string | null;
  redirectionUrl: string | null;
  clientSecret: string | null;
  integrationId: number | null;
  billReference: string | null;
  walletToken: string | null;
  transactions: Transaction[];
}

interface PaymentKey {
  orderId: number;
  integrationId: number;
  amountCents: number;
  expiresAt: number;
}

const OWNER = 302852;
const integrationIds: Record<PaymobMethod, number> = {
  card_eg: 4097558,
  wallet_eg: 4097559,
  kiosk_eg: 4097560,
  valu: 4097561,
};
const kindOf = (integrationId: number) =>
  (Object.keys(integrationIds) as PaymobMethod[]).find((m) => integrationIds[m] === integrationId) ?? null;

const random = (bytes: number) => crypto.randomBytes(bytes).toString('hex');
const paymobTime = () => new Date().toISOString().replace('Z', '').padEnd(26, '0');
const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency}`;

export const startPaymobImitation = async (options: PaymobImitationOptions = {}) => {
  const switches = { ...defaultSwitches(), ...options.switches };
  const notifier = createNotifier(switches);
  const callbacks = {
    processed: options.callbacks?.processed ?? null,
    response: options.callbacks?.response ?? null,
  };
  const keys: PaymobKeys = {
    apiKey: `imitation_api_${random(12)}`,
    secretKey: `egy_sk_test_${random(16)}`,
    publicKey: `egy_pk_test_${random(12)}`,
    hmacSecret: random(16),
    iframeId: '830001',
    ...options.keys,
  };
  const tokens = new Map<string, number>();
  const paymentKeys = new Map<string, PaymentKey>();
  const orders = new Map<number, Order>();
  const transactions = new Map<number, Transaction>();
  let nextOrder = 217503750;
  let nextTransaction = 192036460;
  let nextBill = 7100000;

  // ----- the transaction as Paymob shows it -----

  const transactionJson = (t: Transaction) => {
    const kind = kindOf(t.integrationId);
    return {
      id: t.id,
      pending: t.pending,
      amount_cents: t.amountCents,
      success: t.success,
      is_auth: false,
      is_capture: false,
      is_standalone_payment: t.parentId === null,
      is_voided: false,
      is_refunded: t.isRefunded,
      is_3d_secure: kind === 'card_eg',
      integration_id: t.integrationId,
      profile_id: OWNER,
      has_parent_transaction: t.parentId !== null,
      order: {
        id: t.order.id,
        created_at: t.order.createdAt,
        delivery_needed: false,
        merchant: { id: OWNER, company_name: 'Imitation merchant' },
        amount_cents: t.order.amountCents,
        currency: t.order.currency,
        merchant_order_id: t.order.merchantOrderId,
        paid_amount_cents: t.order.transactions
          .filter((x) => x.parentId === null && x.success && !x.pending)
          .reduce((sum, x) => sum + x.amountCents, 0),
      },
      created_at: t.createdAt,
      currency: t.order.currency,
      source_data: { pan: t.source.pan, type: t.source.type, sub_type: t.source.subType },
      error_occured: false,
      owner: OWNER,
      parent_transaction: t.parentId,
      is_refund: t.parentId !== null,
      is_void: false,
      refunded_amount_cents: t.refundedCents,
      data: {
        message: t.message,
        txn_response_code: t.success ? 'APPROVED' : t.pending ? 'PENDING' : 'DECLINED',
        ...(t.order.billReference ? { bill_reference: Number(t.order.billReference) } : {}),
      },
    };
  };

  const processedCallback = (t: Transaction, secret: string) => {
    const obj = transactionJson(t);
    const url = t.order.notificationUrl ?? callbacks.processed;
    if (!url) return null;
    const hmac = paymobHmac(secret, hmacValuesOfTransaction(obj));
    const sep = url.includes('?') ? '&' : '?';
    return {
      url: `${url}${sep}hmac=${hmac}`,
      method: 'POST' as const,
      body: JSON.stringify({ type: 'TRANSACTION', obj }),
    };
  };

  const notify = (t: Transaction) => {
    if (!(t.order.notificationUrl ?? callbacks.processed)) return;
    notifier.notify((forged) => processedCallback(t, forged ? `forged-${keys.hmacSecret}` : keys.hmacSecret));
  };

  /** The response callback's query (what the browser brings back), signed. */
  const responseQuery = (t: Transaction) => {
    const obj = transactionJson(t);
    const q = new URLSearchParams();
    const put = (key: string, value: unknown) =>
      q.set(key, value === null || value === undefined ? '' : String(value));
    for (const key of [
      'id',
      'pending',
      'amount_cents',
      'success',
      'is_auth',
      'is_capture',
      'is_standalone_payment',
      'is_voided',
      'is_refunded',
      'is_3d_secure',
      'integration_id',
      'profile_id',
      'has_parent_transaction',
    ] as const) {
      put(key, obj[key]);
    }
    put('order', obj.order.id);
    put('created_at', obj.created_at);
    put('currency', obj.currency);
    put('error_occured', obj.error_occured);
    put('owner', obj.owner);
    put('merchant_order_id', obj.order.merchant_order_id);
    put('data.message', obj.data.message);
    put('source_data.type', obj.source_data.type);
    put('source_data.pan', obj.source_data.pan);
    put('source_data.sub_type', obj.source_data.sub_type);
    put('txn_response_code', obj.data.txn_response_code);
    put('hmac', paymobHmac(keys.hmacSecret, hmacValuesOfTransaction(obj)));
    return q.toString();
  };

  const returnTo = (t: Transaction): ImitationResponse => {
    const url = t.order.redirectionUrl ?? callbacks.response;
    if (!url) {
      return html(
        200,
        hostedPage({
          gateway: 'paymob',
          title: t.success ? 'Payment complete' : 'Payment declined',
          lines: [],
        }),
      );
    }
    return redirect(`${url}${url.includes('?') ? '&' : '?'}${responseQuery(t)}`, 302);
  };

  // ----- what happens to an order -----

  const newTransaction = (
    order: Order,
    integrationId: number,
    source: Transaction['source'],
  ): Transaction => {
    const t: Transaction = {
      id: (nextTransaction += 1),
      order,
      integrationId,
      amountCents: order.amountCents,
      createdAt: paymobTime(),
      pending: true,
      success: false,
      isRefunded: false,
      refundedCents: 0,
      parentId: null,
      source,
      message: 'Pending',
    };
    order.transactions.push(t);
    transactions.set(t.id, t);
    return t;
  };

  const sourceOf = (integrationId: number, phone?: string): Transaction['source'] => {
    switch (kindOf(integrationId)) {
      case 'wallet_eg':
        return { type: 'wallet', subType: 'wallet', pan: phone ?? '' };
      case 'kiosk_eg':
        return { type: 'aggregator', subType: 'AGGREGATOR', pan: '' };
      case 'valu':
        return { type: 'valu', subType: 'valu', pan: '' };
      default:
        return { type: 'card', subType: 'MasterCard', pan: '2346' };
    }
  };

  /** The payer pays (or is declined): the order's pending transaction, or a new one, is settled. */
  const settleOrder = (order: Order, integrationId: number, outcome: 'pay' | 'decline') => {
    const open = order.transactions.find((t) => t.parentId === null && t.pending);
    const t = open ?? newTransaction(order, integrationId, sourceOf(integrationId));
    const approved = outcome === 'pay' && !switches.decline;
    t.pending = false;
    t.success = approved;
    t.message = approved ? 'Approved' : 'Do not honour';
    notify(t);
    return t;
  };

  const newOrder = (o: Partial<Order> & { amountCents: number; currency: string }): Order => {
    const order: Order = {
      id: (nextOrder += 1),
      merchantOrderId: null,
      createdAt: paymobTime(),
      notificationUrl: null,
      redirectionUrl: null,
      clientSecret: null,
      integrationId: null,
      billReference: null,
      walletToken: null,
      transactions: [],
      ...o,
    };
    orders.set(order.id, order);
    return order;
  };

  const findOrder = (ref: string) =>
    [...orders.values()].find(
      (o) =>
        String(o.id) === ref ||
        o.merchantOrderId === ref ||
        o.billReference === ref ||
        o.clientSecret === ref ||
        o.walletToken === ref,
    ) ?? null;

  // ----- the API -----

  const validToken = (r: ImitationRequest, body: Record<string, unknown> | null) => {
    const header = r.headers.authorization;
    const fromHeader = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7) : null;
    const token = fromHeader ?? (typeof body?.auth_token === 'string' ? body.auth_token : null);
    const expires = token ? tokens.get(token) : undefined;
    return expires !== undefined && expires > Date.now();
  };
  const withSecretKey = (r: ImitationRequest) => r.headers.authorization === `Token ${keys.secretKey}`;
  const unauthorized = () => json(401, { detail: 'Authentication credentials were not provided.' });
  const integerOf = (value: unknown) =>
    typeof value === 'number' && Number.isSafeInteger(value)
      ? value
      : typeof value === 'string' && /^\d+$/.test(value)
        ? Number(value)
        : null;

  const pageActionUrl = (r: ImitationRequest) =>
    `${r.path}${r.query.size > 0 ? `?${r.query.toString()}` : ''}`;

  const checkoutPage = (r: ImitationRequest, order: Order, title: string) =>
    html(
      200,
      hostedPage({
        gateway: 'paymob',
        title,
        lines: [`Amount: ${money(order.amountCents, order.currency)}`, `Order ${order.id}`],
        action: pageActionUrl(r),
        buttons: [
          { value: 'pay', label: 'Pay' },
          { value: 'decline', label: 'Decline' },
        ],
      }),
    );

  const outcomeOf = (r: ImitationRequest) => pressedButton(r, ['pay']) ?? 'decline';

  const handle = (r: ImitationRequest, baseUrl: string): ImitationResponse => {
    const body = r.method === 'POST' ? parseJson(r.body) : null;

    if (r.method === 'POST' && r.path === '/api/auth/tokens') {
      if (body?.api_key !== keys.apiKey) return json(403, { detail: 'incorrect credentials' });
      const token = random(24);
      tokens.set(token, Date.now() + 3600_000);
      return json(201, { token, profile: { id: OWNER } });
    }

    if (r.method === 'POST' && r.path === '/api/ecommerce/orders') {
      if (!validToken(r, body)) return unauthorized();
      const amountCents = integerOf(body?.amount_cents);
      const currency = typeof body?.currency === 'string' ? body.currency : 'EGP';
      if (amountCents === null || amountCents <= 0)
        return json(400, { amount_cents: ['A valid integer is required.'] });
      const merchantOrderId = typeof body?.merchant_order_id === 'string' ? body.merchant_order_id : null;
      if (merchantOrderId && [...orders.values()].some((o) => o.merchantOrderId === merchantOrderId)) {
        return json(422, { message: 'duplicate' });
      }
      const order = newOrder({ amountCents, currency, merchantOrderId });
      return json(201, {
        id: order.id,
        created_at: order.createdAt,
        amount_cents: amountCents,
        currency,
        merchant_order_id: merchantOrderId,
      });
    }

    const orderPath = /^\/api\/ecommerce\/orders\/(\d+)$/.exec(r.path);
    if (r.method === 'GET' && orderPath) {
      if (!validToken(r, null)) return unauthorized();
      const order = orders.get(Number(orderPath[1]));
      if (!order) return json(404, { detail: 'Not found.' });
      return json(200, {
        id: order.id,
        amount_cents: order.amountCents,
        currency: order.currency,
        merchant_order_id: order.merchantOrderId,
      });
    }

    if (r.method === 'POST' && r.path === '/api/acceptance/payment_keys') {
      if (!validToken(r, body)) return unauthorized();
      const order = orders.get(integerOf(body?.order_id) ?? -1);
      const integrationId = integerOf(body?.integration_id);
      const amountCents = integerOf(body?.amount_cents);
      if (!order) return json(404, { detail: 'order not found' });
      if (integrationId === null || kindOf(integrationId) === null)
        return json(404, { detail: 'integration not found' });
      if (amountCents !== order.amountCents)
        return json(400, { detail: 'amount_cents differs from the order' });
      const token = `ZXlK${random(32)}`;
      const expiration = integerOf(body?.expiration) ?? 3600;
      paymentKeys.set(token, {
        orderId: order.id,
        integrationId,
        amountCents,
        expiresAt: Date.now() + expiration * 1000,
      });
      order.integrationId = integrationId;
      return json(201, { token });
    }

    if (r.method === 'POST' && r.path === '/api/acceptance/payments/pay') {
      const key = typeof body?.payment_token === 'string' ? paymentKeys.get(body.payment_token) : undefined;
      if (!key || key.expiresAt < Date.now()) return json(401, { detail: 'invalid payment token' });
      const order = orders.get(key.orderId)!;
      const source = (body?.source ?? {}) as Record<string, unknown>;
      const kind = kindOf(key.integrationId);
      if (source.subtype === 'WALLET' && kind === 'wallet_eg') {
        const phone = typeof source.identifier === 'string' ? source.identifier : '';
        if (!/^01\d{9}$/.test(phone)) {
          const t = newTransaction(order, key.integrationId, sourceOf(key.integrationId, phone));
          t.pending = false;
          t.message = 'Wallet Not Found';
          return json(200, { ...transactionJson(t), redirect_url: '', iframe_redirection_url: '' });
        }
        const t = newTransaction(order, key.integrationId, sourceOf(key.integrationId, phone));
        order.walletToken = random(20);
        const walletPage = `${baseUrl}/api/acceptance/wallet_other/wallet_template?token=${order.walletToken}`;
        return json(200, {
          ...transactionJson(t),
          redirect_url: walletPage,
          iframe_redirection_url: walletPage,
        });
      }
      if (source.subtype === 'AGGREGATOR' && kind === 'kiosk_eg') {
        order.billReference = String((nextBill += 7));
        const t = newTransaction(order, key.integrationId, sourceOf(key.integrationId));
        return json(200, transactionJson(t));
      }
      return json(400, { detail: 'source does not match the integration' });
    }

    if (r.method === 'POST' && r.path === '/v1/intention/') {
      if (!withSecretKey(r)) return unauthorized();
      const amountCents = integerOf(body?.amount);
      const methods = Array.isArray(body?.payment_methods) ? body.payment_methods.map(integerOf) : [];
      const integrationId = methods[0] ?? null;
      if (amountCents === null || amountCents <= 0)
        return json(400, { amount: ['A valid integer is required.'] });
      if (integrationId === null || kindOf(integrationId) === null) {
        return json(404, { detail: 'Integration ID/Name does not exist in our system .' });
      }
      const items = Array.isArray(body?.items) ? (body.items as Record<string, unknown>[]) : [];
      if (items.some((i) => typeof i.name !== 'string' || integerOf(i.amount) === null)) {
        return json(400, { items: { name: ['This field is required.'] } });
      }
      const itemsTotal = items.reduce(
        (sum, i) => sum + (integerOf(i.amount) ?? 0) * (integerOf(i.quantity) ?? 1),
        0,
      );
      if (items.length > 0 && itemsTotal !== amountCents) {
        return json(400, { detail: 'The sum of items amounts does not equal the amount.' });
      }
      const billing = (body?.billing_data ?? {}) as Record<string, unknown>;
      if (typeof billing.phone_number !== 'string' || billing.phone_number === '') {
        return json(400, { billing_data: { phone_number: ['This field is required.'] } });
      }
      const currency = typeof body?.currency === 'string' ? body.currency : 'EGP';
      const order = newOrder({
        amountCents,
        currency,
        merchantOrderId: typeof body?.special_reference === 'string' ? body.special_reference : null,
        notificationUrl: typeof body?.notification_url === 'string' ? body.notification_url : null,
        redirectionUrl: typeof body?.redirection_url === 'string' ? body.redirection_url : null,
        clientSecret: `egy_csk_test_${random(16)}`,
        integrationId,
      });
      return json(201, {
        id: `pi_test_${random(12)}`,
        client_secret: order.clientSecret,
        intention_order_id: order.id,
        amount: amountCents,
        currency,
        status: 'intended',
        special_reference: order.merchantOrderId,
        payment_keys: [
          {
            integration: integrationId,
            key: `ZXlK${random(32)}`,
            gateway_type: 'VPC',
            iframe_id: null,
            order_id: order.id,
          },
        ],
      });
    }

    if (r.path === '/unifiedcheckout/') {
      const order = findOrder(r.query.get('clientSecret') ?? '\0');
      if (
        r.query.get('publicKey') !== keys.publicKey ||
        !order?.clientSecret ||
        order.integrationId === null
      ) {
        return json(404, { detail: 'Not found.' });
      }
      if (r.method === 'GET') return checkoutPage(r, order, 'Paymob Unified Checkout');
      return returnTo(settleOrder(order, order.integrationId, outcomeOf(r)));
    }

    const iframe = /^\/api\/acceptance\/iframes\/([^/]+)$/.exec(r.path);
    if (iframe) {
      const key = paymentKeys.get(r.query.get('payment_token') ?? '');
      if (iframe[1] !== keys.iframeId || !key || key.expiresAt < Date.now())
        return json(404, { detail: 'Not found.' });
      const order = orders.get(key.orderId)!;
      if (r.method === 'GET') return checkoutPage(r, order, 'Paymob card payment');
      return returnTo(settleOrder(order, key.integrationId, outcomeOf(r)));
    }

    if (r.path === '/api/acceptance/wallet_other/wallet_template') {
      const order = findOrder(r.query.get('token') ?? '\0');
      if (!order?.walletToken || order.integrationId === null) return json(404, { detail: 'Not found.' });
      if (r.method === 'GET') return checkoutPage(r, order, 'Mobile wallet payment');
      return returnTo(settleOrder(order, order.integrationId, outcomeOf(r)));
    }

    if (r.path === '/imitation/kiosk') {
      if (r.method === 'GET') {
        return html(
          200,
          hostedPage({
            gateway: 'paymob',
            title: 'Pay at an Aman or Masary kiosk',
            lines: ['Type the bill reference the payer was given.'],
            action: '/imitation/kiosk',
            fields: [
              { name: 'bill_reference', label: 'Bill reference', value: r.query.get('bill_reference') ?? '' },
            ],
            buttons: [{ value: 'pay', label: 'Pay' }],
          }),
        );
      }
      const order = findOrder(parseForm(r.body).get('bill_reference') ?? '\0');
      if (!order?.billReference || order.integrationId === null)
        return json(404, { detail: 'Unknown bill reference.' });
      const t = settleOrder(order, order.integrationId, 'pay');
      return html(
        200,
        hostedPage({
          gateway: 'paymob',
          title: t.success ? 'Paid' : 'Declined',
          lines: [`Bill reference ${order.billReference}`],
        }),
      );
    }

    const transactionPath = /^\/api\/acceptance\/transactions\/(\d+)$/.exec(r.path);
    if (r.method === 'GET' && transactionPath) {
      if (!validToken(r, null)) return unauthorized();
      const t = transactions.get(Number(transactionPath[1]));
      return t ? json(200, transactionJson(t)) : json(404, { detail: 'Not found.' });
    }

    if (r.method === 'POST' && r.path === '/api/ecommerce/orders/transaction_inquiry') {
      if (!validToken(r, body)) return unauthorized();
      const byId = integerOf(body?.order_id);
      const order =
        byId !== null
          ? orders.get(byId)
          : [...orders.values()].find(
              (o) => o.merchantOrderId !== null && o.merchantOrderId === body?.merchant_order_id,
            );
      const t = order?.transactions.filter((x) => x.parentId === null).at(-1);
      return t ? json(200, transactionJson(t)) : json(404, { detail: 'Transaction not found.' });
    }

    if (r.method === 'POST' && r.path === '/api/acceptance/void_refund/refund') {
      if (!withSecretKey(r) && !validToken(r, body)) return unauthorized();
      const parent = transactions.get(integerOf(body?.transaction_id) ?? -1);
      const amountCents = integerOf(body?.amount_cents);
      if (!parent || parent.parentId !== null) return json(404, { detail: 'Transaction not found.' });
      if (!parent.success || parent.pending) return json(400, { detail: 'Transaction cannot be refunded' });
      if (
        amountCents === null ||
        amountCents <= 0 ||
        amountCents > parent.amountCents - parent.refundedCents
      ) {
        return json(400, { detail: 'Refund amount exceeds the refundable amount.' });
      }
      parent.refundedCents += amountCents;
      parent.isRefunded = parent.refundedCents >= parent.amountCents;
      const refund: Transaction = {
        ...parent,
        id: (nextTransaction += 1),
        amountCents,
        createdAt: paymobTime(),
        pending: false,
        success: true,
        isRefunded: false,
        refundedCents: 0,
        parentId: parent.id,
        message: 'Approved',
      };
      parent.order.transactions.push(refund);
      transactions.set(refund.id, refund);
      notify(refund);
      return json(200, transactionJson(refund));
    }

    return json(404, { detail: 'Not found.' });
  };

  const server = await startImitationServer({ ...options, name: 'paymob', switches }, handle);
  const baseUrl = server.url;

  const config: PaymobConfig = {
    baseUrl,
    apiKey: keys.apiKey,
    hmacSecret: keys.hmacSecret,
    secretKey: keys.secretKey,
    publicKey: keys.publicKey,
    iframeId: options.cardCheckout === 'iframe' ? keys.iframeId : null,
    integrations: { ...integrationIds },
    timeoutMs: 5000,
  };

  const settleByRef = (ref: string, outcome: 'pay' | 'decline') => {
    const order = findOrder(ref);
    if (!order || order.integrationId === null) throw new Error(`No Paymob order for ${ref}`);
    const t = settleOrder(order, order.integrationId, outcome);
    const responseUrl = order.redirectionUrl ?? callbacks.response;
    return {
      transactionId: String(t.id),
      orderId: String(order.id),
      /** Where the browser would be sent back, with the signed response callback query. */
      returnUrl: responseUrl
        ? `${responseUrl}${responseUrl.includes('?') ? '&' : '?'}${responseQuery(t)}`
        : null,
    };
  };

  const env: Record<string, string> = {
    PAYMOB_BASE_URL: baseUrl,
    PAYMOB_API_KEY: keys.apiKey,
    PAYMOB_SECRET_KEY: keys.secretKey,
    PAYMOB_PUBLIC_KEY: keys.publicKey,
    PAYMOB_HMAC_SECRET: keys.hmacSecret,
    PAYMOB_INTEGRATION_CARD: String(integrationIds.card_eg),
    PAYMOB_INTEGRATION_WALLET: String(integrationIds.wallet_eg),
    PAYMOB_INTEGRATION_KIOSK: String(integrationIds.kiosk_eg),
    PAYMOB_INTEGRATION_VALU: String(integrationIds.valu),
    ...(config.iframeId !== null ? { PAYMOB_IFRAME_ID: config.iframeId } : {}),
  };

  return {
    url: baseUrl,
    /** The adapter's configuration pointing at this imitation, with its own keys. */
    config,
    /** The same configuration as environment variables, for a server started in another process. */
    env,
    keys,
    switches,
    /** The integrations' dashboard callback URLs (processed: POST notifications; response: the browser). */
    callbacks,
    /** Every notification sent, in order, with the merchant's answer. */
    notifications: notifier.sent,
    /** Waits for the notifications under way. */
    settle: notifier.settle,
    /** The payer pays: `ref` is our payment id, the Paymob order id, a kiosk bill reference or a client secret. */
    pay: (ref: string) => settleByRef(ref, 'pay'),
    /** The payer's card or wallet is declined. */
    decline: (ref: string) => settleByRef(ref, 'decline'),
    /** The transactions of an order (refunds included), as Paymob shows them. */
    transactionsOf: (ref: string) => (findOrder(ref)?.transactions ?? []).map(transactionJson),
    /** The kiosk helper page where a bill reference is paid, as a payer does at the kiosk. */
    kioskPageUrl: `${baseUrl}/imitation/kiosk`,
    close: () => server.close(),
  };
};

export type PaymobImitation = Awaited<ReturnType<typeof startPaymobImitation>>;
