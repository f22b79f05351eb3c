import crypto from 'node:crypto';
import { z } from 'zod';
import { paymentMethodCodes, type PaymentMethodCode } from '@invoicing/contract';
import type { Queryable } from '../../../../platform/db/org-scope';
import { checkPaymentDetails, formFieldsOf, isCardMethod } from '../../payment-form-fields';
import {
  GatewayError,
  type ChargeRequest,
  type CreatedCharge,
  type GatewayPaymentStatus,
  type IncomingNotification,
  type PaymentGateway,
  type StatusReport,
} from '../gateway';
import { sandboxChargesRepository, type SandboxChargeRow } from './sandbox.repository';

/**
 * The key the sandbox signs its notifications with: made once per process, as a real gateway's webhook
 * secret would be issued once. Notifications are delivered within the process that signed them.
 */
const processSecret = crypto.randomBytes(32);

/** The header that carries a notification's signature: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export const sandboxSignatureHeader = 'x-sandbox-signature';

/** How old a notification may be (and how far ahead of our clock) before it is refused as a replay. */
const TOLERANCE_SECONDS = 300;

/** A charge nobody paid expires after this, as a reference code or a hosted page's session would. */
const CHARGE_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** The card number ending that the sandbox declines (as gateways' test cards do). */
const DECLINED_ENDING = '0002';

/** What each method is charged in: the currencies the real gateways charge these methods in. */
const currencies: Record<PaymentMethodCode, string> = {
  card_eg: 'EGP',
  wallet_eg: 'EGP',
  kiosk_eg: 'EGP',
  valu: 'EGP',
  fawry: 'EGP',
  mada: 'SAR',
  stc_pay: 'SAR',
  apple_pay: 'SAR',
  knet: 'KWD',
  card_intl: 'USD',
  paypal: 'USD',
};

const notificationBody = z.object({
  event: z.literal('charge.updated'),
  charge_id: z.string(),
  payment_id: z.uuid(),
  status: z.enum(['pending', 'paid', 'failed', 'cancelled', 'expired']),
  amount_minor: z.number().int(),
  currency: z.string(),
});

const sign = (timestamp: number, rawBody: string) =>
  crypto.createHmac('sha256', processSecret).update(`${timestamp}.${rawBody}`).digest('hex');

/**
 * Signs a notification body as the sandbox does (its pages deliver what this makes; tests make genuine
 * notifications with it).
 */
export const signSandboxNotification = (
  rawBody: string,
  at = new Date(),
): { headers: Record<string, string>; rawBody: string } => {
  const t = Math.floor(at.getTime() / 1000);
  return {
    headers: {
      'content-type': 'application/json',
      [sandboxSignatureHeader]: `t=${t},v1=${sign(t, rawBody)}`,
    },
    rawBody,
  };
};

const statusOf = (row: SandboxChargeRow, now: Date): GatewayPaymentStatus => {
  if (row.status === 'pending' && now.getTime() - row.createdAt.getTime() > CHARGE_LIFETIME_MS)
    return 'expired';
  return ['paid', 'failed', 'cancelled', 'expired'].includes(row.status)
    ? (row.status as GatewayPaymentStatus)
    : 'pending';
};

const reportOf = (row: SandboxChargeRow, now = new Date()): StatusReport => ({
  paymentId: row.paymentId,
  gatewayRef: row.id,
  status: statusOf(row, now),
  amountMinor: row.amountMinor,
  currency: row.currency,
});

const digits = (count: number) =>
  Array.from({ length: count }, (_, i) => (i === 0 ? 1 + crypto.randomInt(9) : crypto.randomInt(10))).join(
    '',
  );

/** The sandbox's pages, under our own API (features/billing/sandbox-pages.routes.ts serves them). */
export const sandboxPagePath = (kind: 'checkout' | 'frame' | 'kiosk', chargeId: string) =>
  `/api/v1/billing/sandbox/${kind}/${chargeId}`;

/** The payer's answer on a sandbox page. */
export type SandboxOutcome = 'paid' | 'failed' | 'cancelled';

export interface SandboxGateway extends PaymentGateway {
  /** A charge, as its page shows it; null when unknown. */
  findCharge(chargeId: string): Promise<SandboxChargeRow | null>;
  /**
   * Settles a pending charge as the payer chose on its page, and answers the signed notification to send
   * to the charge's notification address; null when the charge is unknown or was settled already.
   */
  settle(
    chargeId: string,
    outcome: SandboxOutcome,
  ): Promise<{
    charge: SandboxChargeRow;
    notification: { headers: Record<string, string>; rawBody: string };
  } | null>;
}

/**
 * The built-in sandbox gateway (DECISIONS.md, Payments): it carries every method and imitates each real
 * flow on this server: an embedded frame for Egyptian cards (Paymob's iframe), a hosted page to redirect
 * to for wallets, ValU, the Gulf methods, international cards and PayPal, a reference code paid later for
 * the kiosk and Fawry, and a direct charge when the card fields of the enhanced page are given (a number
 * ending in 0002 is declined). It signs its notifications with HMAC-SHA256 and keeps its books in its own
 * table, so statuses survive restarts and are the same in every process.
 */
export const sandboxGateway = (db: Queryable): SandboxGateway => {
  const charges = sandboxChargesRepository(db);

  const createCharge = async (request: ChargeRequest): Promise<CreatedCharge> => {
    if (!Number.isSafeInteger(request.amountMinor) || request.amountMinor <= 0) {
      throw new GatewayError('The amount must be a positive whole number of minor units.', 'sandbox');
    }
    if (request.currency !== currencies[request.method]) {
      throw new GatewayError(`${request.method} is charged in ${currencies[request.method]}.`, 'sandbox');
    }
    const id = `sbx_${crypto.randomBytes(12).toString('hex')}`;
    const origin = new URL(request.notifyUrl).origin;
    const base = {
      id,
      paymentId: request.paymentId,
      method: request.method,
      amountMinor: request.amountMinor,
      currency: request.currency,
      returnUrl: request.returnUrl,
      cancelUrl: request.cancelUrl,
      notifyUrl: request.notifyUrl,
    };

    if (isCardMethod(request.method) && request.details.card_number) {
      // A direct charge: the sandbox checks the card as a gateway would, and answers at once.
      const { errors, values } = checkPaymentDetails(
        formFieldsOf(request.method, 'sandbox'),
        request.details,
      );
      if (Object.keys(errors).length > 0) {
        throw new GatewayError('The card details are not valid.', 'sandbox', true);
      }
      if (values.card_number!.endsWith(DECLINED_ENDING)) {
        await charges.insert({ ...base, status: 'failed' });
        throw new GatewayError('The card was declined.', 'sandbox', true);
      }
      await charges.insert({ ...base, status: 'paid', transactionId: digits(9) });
      return { gatewayRef: id, next: { kind: 'done' } };
    }
    if (request.method === 'kiosk_eg' || request.method === 'fawry') {
      const reference = digits(request.method === 'fawry' ? 9 : 8);
      await charges.insert({ ...base, reference });
      return {
        gatewayRef: id,
        next: { kind: 'reference', reference, expiresAt: new Date(Date.now() + CHARGE_LIFETIME_MS) },
      };
    }
    await charges.insert(base);
    if (request.method === 'card_eg') {
      return { gatewayRef: id, next: { kind: 'iframe', url: `${origin}${sandboxPagePath('frame', id)}` } };
    }
    return { gatewayRef: id, next: { kind: 'redirect', url: `${origin}${sandboxPagePath('checkout', id)}` } };
  };

  const verifyNotification = async (n: IncomingNotification): Promise<StatusReport | null> => {
    if (n.method !== 'POST') return null;
    const header = n.headers[sandboxSignatureHeader] ?? '';
    const parts = Object.fromEntries(
      header.split(',').map((p) => {
        const at = p.indexOf('=');
        return [p.slice(0, at).trim(), p.slice(at + 1).trim()];
      }),
    );
    const t = Number(parts.t);
    const given = parts.v1 ?? '';
    if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(given)) return null;
    if (Math.abs(Date.now() / 1000 - t) > TOLERANCE_SECONDS) return null;
    const raw = n.rawBody.toString('utf8');
    const expected = Buffer.from(sign(t, raw), 'hex');
    if (!crypto.timingSafeEqual(expected, Buffer.from(given, 'hex'))) return null;
    let parsed: z.infer<typeof notificationBody>;
    try {
      parsed = notificationBody.parse(JSON.parse(raw));
    } catch {
      return null;
    }
    return {
      paymentId: parsed.payment_id,
      gatewayRef: parsed.charge_id,
      status: parsed.status,
      amountMinor: parsed.amount_minor,
      currency: parsed.currency,
    };
  };

  const fetchStatus = async (charge: { paymentId: string; gatewayRef: string | null }) => {
    const row = charge.gatewayRef
      ? await charges.find(charge.gatewayRef)
      : await charges.findLatestOfPayment(charge.paymentId);
    if (!row || row.paymentId !== charge.paymentId) {
      throw new GatewayError('The sandbox has no such charge.', 'sandbox');
    }
    return reportOf(row);
  };

  return {
    name: 'sandbox',
    methods: paymentMethodCodes,
    currencyOf: (method) => currencies[method],
    createCharge,
    verifyNotification,
    fetchStatus,

    lookupTransaction: async (transactionId) => {
      const row = await charges.findByTransaction(transactionId);
      if (!row) throw new GatewayError('The sandbox has no such transaction.', 'sandbox');
      return reportOf(row);
    },

    refund: async (charge) => {
      const row = await charges.find(charge.gatewayRef);
      if (!row || row.status !== 'paid')
        throw new GatewayError('Only a paid charge can be refunded.', 'sandbox');
      await charges.setStatus(row.id, 'refunded');
    },

    findCharge: async (chargeId) => {
      const row = await charges.find(chargeId);
      if (row && statusOf(row, new Date()) === 'expired' && row.status === 'pending') {
        return { ...row, status: 'expired' };
      }
      return row;
    },

    settle: async (chargeId, outcome) => {
      const existing = await charges.find(chargeId);
      if (!existing || statusOf(existing, new Date()) !== 'pending') return null;
      const row = await charges.settle(chargeId, {
        status: outcome,
        transactionId: outcome === 'paid' ? digits(9) : null,
      });
      if (!row) return null;
      const rawBody = JSON.stringify({
        event: 'charge.updated',
        charge_id: row.id,
        payment_id: row.paymentId,
        status: row.status,
        amount_minor: row.amountMinor,
        currency: row.currency,
      });
      return { charge: row, notification: signSandboxNotification(rawBody) };
    },
  };
};
