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
import {
  callGateway,
  formatMajor,
  headerOf,
  pick,
  pickString,
  safeEqual,
  splitName,
  toMinor,
  type GatewayAnswer,
} from '../gateway-support';

/** Tap Payments (Gulf): mada, STC Pay and Apple Pay in SAR, KNET in KWD, through Tap's hosted pages. */
export interface TapConfig {
  /** https://api.tap.company, or a local imitation. */
  baseUrl: string;
  /** The secret API key: it authorizes calls and keys the webhooks' `hashstring`. */
  secretKey: string;
  timeoutMs?: number;
}

/** TAP_SECRET_KEY (and TAP_BASE_URL, default https://api.tap.company); null when the key is not set. */
export const tapConfigFromEnv = (env: NodeJS.ProcessEnv): TapConfig | null => {
  const secretKey = env.TAP_SECRET_KEY?.trim();
  if (!secretKey) return null;
  return { baseUrl: (env.TAP_BASE_URL?.trim() || 'https://api.tap.company').replace(/\/+$/, ''), secretKey };
};

/** Tap's source id and currency of each method (Tap, Charges: "The Payment Source Object"; STC Pay). */
const sources: Partial<Record<PaymentMethodCode, { source: string; currency: string }>> = {
  mada: { source: 'src_sa.mada', currency: 'SAR' },
  stc_pay: { source: 'src_sa.stcpay', currency: 'SAR' },
  apple_pay: { source: 'src_apple_pay', currency: 'SAR' },
  knet: { source: 'src_kw.knet', currency: 'KWD' },
};

/** A charge's status (Tap, Charges: status) as the payment's. */
export const tapStatus = (status: string): GatewayPaymentStatus => {
  switch (status) {
    case 'CAPTURED':
      return 'paid';
    case 'INITIATED':
    case 'IN_PROGRESS':
    case 'AUTHORIZED':
      return 'pending';
    case 'CANCELLED':
    case 'ABANDONED':
      return 'cancelled';
    case 'TIMEDOUT':
      return 'expired';
    default:
      // DECLINED, FAILED, RESTRICTED, VOID, UNKNOWN...
      return 'failed';
  }
};

/** The fields of a charge the webhook's hashstring covers (Tap, Webhook: "Validate the webhook"). */
export interface TapHashFields {
  id: string;
  /** The amount already written with the currency's decimals ("10.00", "1.500"). */
  amount: string;
  currency: string;
  gatewayReference: string;
  paymentReference: string;
  status: string;
  created: string;
}

/**
 * The `hashstring` Tap sends with a webhook: HMAC-SHA256, keyed with the secret API key, of
 * `x_id…x_amount…x_currency…x_gateway_reference…x_payment_reference…x_status…x_created…`, hex.
 */
export const tapHashString = (fields: TapHashFields, secretKey: string): string =>
  createHmac('sha256', secretKey)
    .update(
      `x_id${fields.id}x_amount${fields.amount}x_currency${fields.currency}` +
        `x_gateway_reference${fields.gatewayReference}x_payment_reference${fields.paymentReference}` +
        `x_status${fields.status}x_created${fields.created}`,
    )
    .digest('hex');

/** The phone of an STC Pay payer as Tap wants it: country code and the national number. */
const stcPayPhone = (raw: string | undefined): { country_code: string; number: string } | null => {
  if (!raw) return null;
  let digits = raw.replace(/\D/g, '');
  if (raw.trim().startsWith('00')) digits = digits.slice(2);
  if (digits.startsWith('966')) return { country_code: '966', number: digits.slice(3).replace(/^0/, '') };
  if (digits.startsWith('05') && digits.length === 10)
    return { country_code: '966', number: digits.slice(1) };
  if (digits.startsWith('5') && digits.length === 9) return { country_code: '966', number: digits };
  return null;
};

/** The words of Tap's refusal: `{ errors: [{ code, description }] }`. */
const refusal = (answer: GatewayAnswer): string => {
  const first = pick(answer.body, 'errors', 0);
  const description = pickString(first, 'description') ?? pickString(answer.body, 'message');
  const code = pickString(first, 'code');
  return description ? `${description}${code ? ` (${code})` : ''}` : `status ${answer.status}`;
};

/** What a charge object says, as a report; null when it is not a readable charge. */
const reportOf = (charge: unknown): StatusReport | null => {
  const id = pickString(charge, 'id');
  const status = pickString(charge, 'status');
  const currency = pickString(charge, 'currency');
  if (!id || !status || !currency) return null;
  const amountMinor = toMinor(pick(charge, 'amount'), currency);
  if (amountMinor === null) return null;
  return {
    paymentId: pickString(charge, 'reference', 'order'),
    gatewayRef: id,
    status: tapStatus(status),
    amountMinor,
    currency: currency.toUpperCase(),
  };
};

export const tapGateway = (config: TapConfig): PaymentGateway => {
  const base = config.baseUrl.replace(/\/+$/, '');
  const call = (method: string, path: string, body?: unknown) =>
    callGateway('tap', `${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${config.secretKey}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      timeoutMs: config.timeoutMs,
    });

  const getCharge = async (chargeId: string): Promise<unknown> => {
    const answer = await call('GET', `/v2/charges/${encodeURIComponent(chargeId)}`);
    if (answer.status !== 200)
      throw new GatewayError(`Tap refused the status check: ${refusal(answer)}`, 'tap');
    return answer.body;
  };

  const sourceOf = (method: PaymentMethodCode) => {
    const found = sources[method];
    if (!found) throw new GatewayError(`Tap does not carry ${method}`, 'tap');
    return found;
  };

  return {
    name: 'tap',
    methods: ['mada', 'stc_pay', 'apple_pay', 'knet'],
    currencyOf: (method) => sourceOf(method).currency,

    async createCharge(request: ChargeRequest): Promise<CreatedCharge> {
      const { source } = sourceOf(request.method);
      const name = splitName(request.customer.name);
      const phone = stcPayPhone(
        request.details.phone ??
          request.details.mobile ??
          request.details.phone_number ??
          request.customer.phone,
      );
      if (request.method === 'stc_pay' && !phone) {
        throw new GatewayError('STC Pay needs the Saudi mobile number registered with STC Pay', 'tap', true);
      }
      const answer = await call('POST', '/v2/charges', {
        // Tap takes the amount in major units, with the currency's decimals (KWD: three).
        amount: Number(formatMajor(request.amountMinor, request.currency)),
        currency: request.currency,
        customer_initiated: true,
        threeDSecure: true,
        save_card: false,
        description: request.description,
        metadata: { udf1: request.paymentId },
        reference: { transaction: request.paymentId, order: request.paymentId },
        receipt: { email: false, sms: false },
        customer: {
          first_name: name.first,
          last_name: name.last,
          email: request.customer.email,
          ...(phone ? { phone } : {}),
        },
        source: { id: source, ...(request.method === 'stc_pay' && phone ? { phone } : {}) },
        post: { url: request.notifyUrl },
        redirect: { url: request.returnUrl },
      });
      if (answer.status !== 200) throw new GatewayError(`Tap refused the charge: ${refusal(answer)}`, 'tap');
      const id = pickString(answer.body, 'id');
      const status = pickString(answer.body, 'status') ?? '';
      const url = pickString(answer.body, 'transaction', 'url');
      if (!id) throw new GatewayError('Tap answered a charge without an id', 'tap');
      if (tapStatus(status) === 'failed') {
        throw new GatewayError(`Tap declined the charge (${status})`, 'tap', true);
      }
      if (status === 'CAPTURED') return { gatewayRef: id, next: { kind: 'done' } };
      if (!url) throw new GatewayError('Tap answered a charge without a payment page', 'tap');
      return { gatewayRef: id, next: { kind: 'redirect', url } };
    },

    async verifyNotification(notification: IncomingNotification): Promise<StatusReport | null> {
      const received = headerOf(notification.headers, 'hashstring');
      if (!received) return null;
      let charge: unknown;
      try {
        charge = JSON.parse(notification.rawBody.toString('utf8'));
      } catch {
        return null;
      }
      const report = reportOf(charge);
      const created = pick(charge, 'transaction', 'created');
      if (!report || (typeof created !== 'string' && typeof created !== 'number')) return null;
      const expected = tapHashString(
        {
          id: report.gatewayRef ?? '',
          // Tap signs the amount rounded to the currency's decimals (two, three for KWD, BHD, OMR).
          amount: formatMajor(report.amountMinor, report.currency),
          currency: pickString(charge, 'currency') ?? '',
          gatewayReference: pickString(charge, 'reference', 'gateway') ?? '',
          paymentReference: pickString(charge, 'reference', 'payment') ?? '',
          status: pickString(charge, 'status') ?? '',
          created: String(created),
        },
        config.secretKey,
      );
      if (!safeEqual(expected, received.trim().toLowerCase())) return null;
      // `reference.order` is not covered by the hashstring: the charge id (gatewayRef) is.
      return report;
    },

    async fetchStatus(charge): Promise<StatusReport> {
      if (!charge.gatewayRef) throw new GatewayError('No Tap charge to ask about', 'tap');
      const report = reportOf(await getCharge(charge.gatewayRef));
      if (!report) throw new GatewayError('Tap answered an unreadable charge', 'tap');
      return report;
    },

    async refund(charge, amountMinor): Promise<void> {
      const found = reportOf(await getCharge(charge.gatewayRef));
      if (!found) throw new GatewayError('Tap answered an unreadable charge', 'tap');
      const answer = await call('POST', '/v2/refunds', {
        charge_id: charge.gatewayRef,
        amount: Number(formatMajor(amountMinor, found.currency)),
        currency: found.currency,
        reason: 'requested_by_customer',
        reference: { merchant: charge.paymentId },
        metadata: { udf1: charge.paymentId },
      });
      if (answer.status !== 200) throw new GatewayError(`Tap refused the refund: ${refusal(answer)}`, 'tap');
      const status = pickString(answer.body, 'status') ?? '';
      if (['FAILED', 'DECLINED', 'CANCELLED'].includes(status)) {
        throw new GatewayError(`Tap did not refund (${status})`, 'tap');
      }
    },
  };
};
