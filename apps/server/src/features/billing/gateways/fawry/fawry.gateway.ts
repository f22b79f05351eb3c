import {
  GatewayError,
  type ChargeRequest,
  type GatewayPaymentStatus,
  type IncomingNotification,
  type PaymentGateway,
  type StatusReport,
} from '../gateway';
import {
  amountText,
  chargeSignature,
  minorOf,
  notificationSignature,
  refundSignature,
  sameSignature,
  signedFieldsOf,
  statusSignature,
} from './fawry.signature';

export interface FawryConfig {
  /** FawryPay's address (staging https://atfawry.fawrystaging.com, production https://www.atfawry.com). */
  baseUrl: string;
  merchantCode: string;
  /** The secure key every signature ends with. */
  securityKey: string;
  /** How long a reference number can be paid (hours). */
  referenceHours?: number;
  /** How long one call to FawryPay may take (milliseconds). */
  timeoutMs?: number;
}

const nonEmpty = (value: string | undefined) => (value && value.trim() !== '' ? value.trim() : null);

/** FawryPay's configuration from the environment, or null when its merchant code or secure key is not set. */
export const fawryConfigFromEnv = (env: NodeJS.ProcessEnv): FawryConfig | null => {
  const merchantCode = nonEmpty(env.FAWRY_MERCHANT_CODE);
  const securityKey = nonEmpty(env.FAWRY_SECURITY_KEY);
  if (!merchantCode || !securityKey) return null;
  return {
    baseUrl: (nonEmpty(env.FAWRY_BASE_URL) ?? 'https://atfawry.fawrystaging.com').replace(/\/+$/, ''),
    merchantCode,
    securityKey,
  };
};

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const textOf = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;

/** FawryPay's order statuses (notification V2 and status V2) as ours. */
export const statusOfFawry = (orderStatus: string): GatewayPaymentStatus => {
  switch (orderStatus.toUpperCase()) {
    case 'PAID':
    // A partial refund leaves the rest paid.
    case 'PARTIAL_REFUNDED':
      return 'paid';
    case 'NEW':
    case 'UNPAID':
      return 'pending';
    case 'EXPIRED':
      return 'expired';
    case 'FAILED':
      return 'failed';
    default:
      // CANCELED (their spelling), CANCELLED, REFUNDED.
      return 'cancelled';
  }
};

/** The method the reference number is paid with, as the charge request names it. */
const PAY_AT_FAWRY = 'PayAtFawry';

/**
 * The FawryPay adapter for the Fawry reference code: the charge request (PayAtFawry) answers a reference
 * number the payer pays at any Fawry outlet before it expires; the server notification V2 (sent to the
 * order's `orderWebHookUrl`, or the URL registered with FawryPay) and Get Payment Status V2 say when it is
 * paid. FawryPay charges in EGP.
 */
export const fawryGateway = (config: FawryConfig): PaymentGateway => {
  const base = config.baseUrl.replace(/\/+$/, '');
  const timeoutMs = config.timeoutMs ?? 20_000;
  const referenceHours = config.referenceHours ?? 48;

  const call = async (method: 'GET' | 'POST', path: string, what: string, body?: Json) => {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: { accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new GatewayError(
        `FawryPay could not be reached (${what}): ${error instanceof Error ? error.message : 'network error'}`,
        'fawry',
      );
    }
    const text = await response.text();
    if (response.status >= 500)
      throw new GatewayError(`FawryPay answered ${response.status} (${what}).`, 'fawry');
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    // FawryPay answers HTTP 200 with its own statusCode; 200 there means done.
    const code = isObject(parsed) ? parsed.statusCode : undefined;
    if (response.status >= 400 || !isObject(parsed) || (code !== undefined && Number(code) !== 200)) {
      const description = isObject(parsed) ? textOf(parsed.statusDescription) : null;
      throw new GatewayError(
        `FawryPay refused ${what} (${code ?? response.status}${description ? `: ${description}` : ''}).`,
        'fawry',
      );
    }
    return parsed;
  };

  /** A V2 notification or status answer as a report, when its messageSignature is right. */
  const verifiedReport = (body: Json): StatusReport | null => {
    const fields = signedFieldsOf(body);
    const received = textOf(body.messageSignature);
    if (!fields || !received) return null;
    const expected = notificationSignature({ ...fields, secureKey: config.securityKey });
    return sameSignature(received, expected) ? unsignedReport(body) : null;
  };

  /** What a V2 notification or status answer says; the amount is the order's (the payer's adds fees). */
  const unsignedReport = (body: Json): StatusReport | null => {
    const fields = signedFieldsOf(body);
    return fields
      ? {
          paymentId: fields.merchantRefNumber,
          gatewayRef: fields.fawryRefNumber,
          status: statusOfFawry(fields.orderStatus),
          amountMinor: minorOf(fields.orderAmount),
          currency: 'EGP',
        }
      : null;
  };

  return {
    name: 'fawry',
    methods: ['fawry'],
    currencyOf: () => 'EGP',

    async createCharge(request: ChargeRequest) {
      if (request.method !== 'fawry')
        throw new GatewayError(`FawryPay does not carry ${request.method}.`, 'fawry');
      if (request.currency !== 'EGP') throw new GatewayError('FawryPay charges in EGP.', 'fawry');
      const amount = amountText(request.amountMinor);
      const expiry = Date.now() + referenceHours * 3600_000;
      const mobile = request.details.phone ?? request.customer.phone;
      const description = request.description || 'Payment';
      const body = await call('POST', '/ECommerceWeb/Fawry/payments/charge', 'the charge', {
        merchantCode: config.merchantCode,
        merchantRefNum: request.paymentId,
        customerName: request.customer.name,
        ...(mobile ? { customerMobile: mobile } : {}),
        customerEmail: request.customer.email,
        paymentMethod: PAY_AT_FAWRY,
        amount: Number(amount),
        currencyCode: 'EGP',
        description,
        paymentExpiry: expiry,
        language: 'en-gb',
        chargeItems: [{ itemId: request.paymentId, description, price: Number(amount), quantity: 1 }],
        orderWebHookUrl: request.notifyUrl,
        signature: chargeSignature({
          merchantCode: config.merchantCode,
          merchantRefNum: request.paymentId,
          paymentMethod: PAY_AT_FAWRY,
          amount,
          secureKey: config.securityKey,
        }),
      });
      const reference = textOf(body.referenceNumber);
      if (!reference) throw new GatewayError('FawryPay answered no reference number.', 'fawry');
      const expiresAt = typeof body.expirationTime === 'number' ? body.expirationTime : expiry;
      return {
        gatewayRef: reference,
        next: { kind: 'reference', reference, expiresAt: new Date(expiresAt) },
      };
    },

    /** Verifies a server notification V2 (POST JSON) by its messageSignature. */
    async verifyNotification(notification: IncomingNotification) {
      if (notification.method !== 'POST') return null;
      let body: unknown;
      try {
        body = JSON.parse(notification.rawBody.toString('utf8'));
      } catch {
        return null;
      }
      return isObject(body) ? verifiedReport(body) : null;
    },

    async fetchStatus(charge) {
      const query = new URLSearchParams({
        merchantCode: config.merchantCode,
        merchantRefNumber: charge.paymentId,
        signature: statusSignature({
          merchantCode: config.merchantCode,
          merchantRefNumber: charge.paymentId,
          secureKey: config.securityKey,
        }),
      });
      const body = await call(
        'GET',
        `/ECommerceWeb/Fawry/payments/status/v2?${query.toString()}`,
        'the status',
      );
      // The answer comes over our own call to FawryPay; when it carries a messageSignature, that must hold too.
      const report = textOf(body.messageSignature) !== null ? verifiedReport(body) : unsignedReport(body);
      if (!report || report.paymentId !== charge.paymentId) {
        throw new GatewayError('FawryPay answered a status that does not match this payment.', 'fawry');
      }
      return report;
    },

    async refund(charge, amountMinor) {
      const refundAmount = amountText(amountMinor);
      const reason = 'Refund';
      await call('POST', '/ECommerceWeb/Fawry/payments/refund', 'the refund', {
        merchantCode: config.merchantCode,
        referenceNumber: charge.gatewayRef,
        refundAmount: Number(refundAmount),
        reason,
        signature: refundSignature({
          merchantCode: config.merchantCode,
          referenceNumber: charge.gatewayRef,
          refundAmount,
          reason,
          secureKey: config.securityKey,
        }),
      });
    },
  };
};
