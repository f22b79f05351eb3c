import { createHmac } from 'node:crypto';
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
  type ImitationSwitches,
} from '../imitation-kit';
import type { TapConfig } from './tap.gateway';

/**
 * A local Tap Payments speaking Tap's protocol: POST /v2/charges, GET /v2/charges/{id}, POST /v2/refunds
 * with the secret key as a Bearer token, a hosted payment page per charge, the browser sent back to
 * `redirect.url` with `tap_id`, and the charge POSTed to `post.url` with its `hashstring` header.
 */

const sourceNames: Record<string, { name: string; currencies: string[] }> = {
  'src_sa.mada': { name: 'mada', currencies: ['SAR'] },
  'src_sa.stcpay': { name: 'STC Pay', currencies: ['SAR'] },
  src_apple_pay: { name: 'Apple Pay', currencies: ['SAR', 'KWD', 'AED', 'BHD', 'QAR', 'OMR', 'USD'] },
  'src_kw.knet': { name: 'KNET', currencies: ['KWD'] },
};

interface TapCharge {
  id: string;
  status: string;
  amountMinor: number;
  currency: string;
  source: string;
  description: string;
  metadata: unknown;
  reference: { transaction?: string; order?: string; gateway?: string; payment?: string };
  customer: unknown;
  created: string;
  redirectUrl: string;
  postUrl: string | null;
  refundedMinor: number;
  response: { code: string; message: string };
}

export interface TapKeys {
  /** The secret key the imitation accepts (and signs webhooks with). */
  secretKey: string;
}

export interface TapSwitches extends ImitationSwitches {
  /**
   * A payer who gives up leaves the charge ABANDONED (Tap's status for a payment page left unfinished)
   * instead of CANCELLED (the page's cancel).
   */
  abandonOnCancel: boolean;
}

export type TapImitationOptions = ImitationOptions<TapKeys, TapSwitches>;

const tapError = (status: number, code: string, description: string) =>
  json(status, { errors: [{ code, description }] });

/** Tap's hashstring, written here on its own so that the adapter's is checked against a second reading. */
const hashOf = (charge: TapCharge, key: string) =>
  createHmac('sha256', key)
    .update(
      [
        `x_id${charge.id}`,
        `x_amount${formatMajor(charge.amountMinor, charge.currency)}`,
        `x_currency${charge.currency}`,
        `x_gateway_reference${charge.reference.gateway ?? ''}`,
        `x_payment_reference${charge.reference.payment ?? ''}`,
        `x_status${charge.status}`,
        `x_created${charge.created}`,
      ].join(''),
    )
    .digest('hex');

const digits = (length: number) => Array.from({ length }, () => Math.floor(Math.random() * 10)).join('');

export const startTapImitation = async (options: TapImitationOptions = {}) => {
  const keys: TapKeys = { secretKey: `sk_test_${randomId('', 24)}`, ...options.keys };
  const { secretKey } = keys;
  const switches: TapSwitches = { ...defaultSwitches(), abandonOnCancel: false, ...options.switches };
  const notifier = createNotifier(switches);
  const charges = new Map<string, TapCharge>();
  const refunds: { id: string; chargeId: string; amountMinor: number; currency: string }[] = [];

  const toJson = (charge: TapCharge, base: string, method: string) => {
    const amount = Number(formatMajor(charge.amountMinor, charge.currency));
    return {
      id: charge.id,
      object: 'charge',
      live_mode: false,
      api_version: 'V2',
      method,
      status: charge.status,
      amount,
      currency: charge.currency,
      threeDSecure: true,
      card_threeDSecure: false,
      save_card: false,
      product: 'GOSELL',
      description: charge.description,
      metadata: charge.metadata,
      transaction: {
        timezone: 'UTC+03:00',
        created: charge.created,
        expiry: { period: 30, type: 'MINUTE' },
        asynchronous: false,
        amount,
        currency: charge.currency,
        ...(charge.status === 'INITIATED' ? { url: `${base}/pay/${charge.id}` } : {}),
      },
      reference: charge.reference,
      response: charge.response,
      receipt: { email: false, sms: false },
      customer: charge.customer,
      source: {
        object: 'source',
        id: charge.source,
        payment_method: sourceNames[charge.source]?.name.toUpperCase().replace(/\s+/g, '_'),
      },
      redirect: { status: 'PENDING', url: charge.redirectUrl },
      post: { status: 'PENDING', url: charge.postUrl },
    };
  };

  const notify = (charge: TapCharge, base: string) => {
    if (!charge.postUrl) return;
    const url = charge.postUrl;
    notifier.notify((forged) => ({
      url,
      headers: {
        'content-type': 'application/json',
        hashstring: hashOf(charge, forged ? `${secretKey}-forged` : secretKey),
      },
      body: JSON.stringify(toJson(charge, base, 'POST')),
    }));
  };

  const authorized = (req: ImitationRequest) => req.headers.authorization === `Bearer ${secretKey}`;

  const createCharge = (req: ImitationRequest, base: string): ImitationResponse => {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(req.body) as Record<string, unknown>;
    } catch {
      return tapError(400, '1100', 'Invalid JSON request');
    }
    const currency = typeof body.currency === 'string' ? body.currency.toUpperCase() : '';
    const sourceId = (body.source as { id?: unknown } | undefined)?.id;
    const source = typeof sourceId === 'string' ? sourceNames[sourceId] : undefined;
    if (!source || typeof sourceId !== 'string') return tapError(400, '1112', 'Source id is invalid');
    if (!source.currencies.includes(currency)) {
      return tapError(400, '1117', `Currency ${currency || '(none)'} is not supported by ${source.name}`);
    }
    const amountMinor = typeof body.amount === 'number' ? toMinor(body.amount, currency) : null;
    if (amountMinor === null || amountMinor <= 0) return tapError(400, '1102', 'Amount is invalid');
    const redirectUrl = (body.redirect as { url?: unknown } | undefined)?.url;
    if (typeof redirectUrl !== 'string' || !URL.canParse(redirectUrl)) {
      return tapError(400, '1108', 'Redirect URL is required');
    }
    const postUrl = (body.post as { url?: unknown } | undefined)?.url;
    const customer = body.customer as { first_name?: unknown; email?: unknown; phone?: unknown } | undefined;
    if (!customer || typeof customer.first_name !== 'string' || (!customer.email && !customer.phone)) {
      return tapError(400, '1105', 'Customer first name and email or phone are required');
    }
    if (sourceId === 'src_sa.stcpay') {
      const phone = (body.source as { phone?: { country_code?: unknown; number?: unknown } }).phone;
      if (typeof phone?.country_code !== 'string' || typeof phone.number !== 'string') {
        return tapError(400, '1126', 'STC Pay needs the source phone');
      }
    }
    const reference = (body.reference ?? {}) as { transaction?: string; order?: string };
    const charge: TapCharge = {
      id: `chg_TS0${digits(5)}${randomId('', 14)}`,
      status: 'INITIATED',
      amountMinor,
      currency,
      source: sourceId,
      description: typeof body.description === 'string' ? body.description : '',
      metadata: body.metadata ?? {},
      reference: { transaction: reference.transaction, order: reference.order },
      customer: { id: `cus_TS0${randomId('', 14)}`, ...customer },
      created: String(Date.now()),
      redirectUrl,
      postUrl: typeof postUrl === 'string' && URL.canParse(postUrl) ? postUrl : null,
      refundedMinor: 0,
      response: { code: '100', message: 'Initiated' },
    };
    charges.set(charge.id, charge);
    return json(200, toJson(charge, base, 'POST'));
  };

  const refund = (req: ImitationRequest): ImitationResponse => {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(req.body) as Record<string, unknown>;
    } catch {
      return tapError(400, '1100', 'Invalid JSON request');
    }
    const charge = typeof body.charge_id === 'string' ? charges.get(body.charge_id) : undefined;
    if (!charge) return tapError(400, '1130', 'Charge id is invalid');
    if (charge.status !== 'CAPTURED') return tapError(400, '1131', 'Only a captured charge can be refunded');
    const currency = typeof body.currency === 'string' ? body.currency.toUpperCase() : '';
    if (currency !== charge.currency) return tapError(400, '1117', 'Currency does not match the charge');
    const amountMinor = typeof body.amount === 'number' ? toMinor(body.amount, currency) : null;
    if (amountMinor === null || amountMinor <= 0) return tapError(400, '1102', 'Amount is invalid');
    if (charge.refundedMinor + amountMinor > charge.amountMinor) {
      return tapError(400, '1133', 'Refund amount exceeds the amount left to refund');
    }
    charge.refundedMinor += amountMinor;
    const created = { id: `re_TS0${randomId('', 14)}`, chargeId: charge.id, amountMinor, currency };
    refunds.push(created);
    return json(200, {
      id: created.id,
      object: 'refund',
      api_version: 'V2',
      live_mode: false,
      amount: Number(formatMajor(amountMinor, currency)),
      currency,
      charge_id: charge.id,
      status: 'PENDING',
      reason: body.reason ?? '',
      reference: body.reference ?? {},
      created: String(Date.now()),
    });
  };

  const finish = (charge: TapCharge, outcome: string, base: string): ImitationResponse => {
    if (charge.status === 'INITIATED') {
      const declined = outcome === 'decline' || (outcome === 'pay' && switches.decline);
      if (outcome === 'cancel') {
        charge.status = switches.abandonOnCancel ? 'ABANDONED' : 'CANCELLED';
        charge.response = switches.abandonOnCancel
          ? { code: '302', message: 'Abandoned' }
          : { code: '301', message: 'Cancelled' };
      } else {
        charge.status = declined ? 'DECLINED' : 'CAPTURED';
        charge.response = declined
          ? { code: '507', message: 'Declined' }
          : { code: '000', message: 'Captured' };
        charge.reference.gateway = digits(6);
        charge.reference.payment = digits(19);
      }
      notify(charge, base);
    }
    return redirect(withQuery(charge.redirectUrl, { tap_id: charge.id }));
  };

  const payPage = (charge: TapCharge): ImitationResponse => {
    const source = sourceNames[charge.source]?.name ?? charge.source;
    if (charge.status !== 'INITIATED') {
      return html(
        410,
        hostedPage({ gateway: 'tap', title: `Tap · ${source}`, lines: ['This payment is finished.'] }),
      );
    }
    return html(
      200,
      hostedPage({
        gateway: 'tap',
        title: `Tap · ${source}`,
        lines: [`${charge.currency} ${formatMajor(charge.amountMinor, charge.currency)}`, charge.description],
        action: `/pay/${charge.id}`,
        buttons: [
          { value: 'pay', label: 'Pay' },
          { value: 'decline', label: 'Decline' },
          { value: 'cancel', label: 'Cancel' },
        ],
      }),
    );
  };

  const unavailable = () => tapError(503, '5000', 'Service unavailable');
  const listening = { ...options, name: 'tap', switches, unavailable };
  const server = await startImitationServer(listening, (req, base) => {
    const page = /^\/pay\/([^/]+)$/.exec(req.path);
    if (page) {
      const charge = charges.get(page[1]!);
      if (!charge) return html(404, 'Not found');
      if (req.method === 'GET') return payPage(charge);
      const outcome = pressedButton(req, ['pay', 'decline', 'cancel']);
      if (outcome) {
        return finish(charge, outcome, base);
      }
      return html(405, 'Method not allowed');
    }
    if (!req.path.startsWith('/v2/')) return tapError(404, '404', 'Not found');
    if (!authorized(req)) return tapError(401, '2107', 'Unauthorized: invalid API key');
    if (req.method === 'POST' && req.path.replace(/\/$/, '') === '/v2/charges')
      return createCharge(req, base);
    const chargePath = /^\/v2\/charges\/([^/]+)\/?$/.exec(req.path);
    if (req.method === 'GET' && chargePath) {
      const charge = charges.get(decodeURIComponent(chargePath[1]!));
      return charge ? json(200, toJson(charge, base, 'GET')) : tapError(404, '1130', 'Charge not found');
    }
    if (req.method === 'POST' && req.path.replace(/\/$/, '') === '/v2/refunds') return refund(req);
    return tapError(404, '404', 'Not found');
  });

  const config: TapConfig = { baseUrl: server.url, secretKey };
  return {
    url: server.url,
    config,
    /** The same configuration as environment variables, for a server started in another process. */
    env: { TAP_BASE_URL: server.url, TAP_SECRET_KEY: secretKey } as Record<string, string>,
    keys,
    switches,
    /** The notifications sent so far, with the merchant's answers. */
    notifications: notifier.sent,
    /** Waits for the notifications under way (delays included). */
    settle: notifier.settle,
    refunds,
    /** A charge's current status and amount, as the imitation holds it. */
    charge: (id: string) => charges.get(id),
    close: async () => {
      await notifier.settle();
      await server.close();
    },
  };
};

export type TapImitation = Awaited<ReturnType<typeof startTapImitation>>;
