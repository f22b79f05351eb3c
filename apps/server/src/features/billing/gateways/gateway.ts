import type { PaymentMethodCode } from '@invoicing/contract';

/** The gateways the product speaks to (DECISIONS.md, Payments); `sandbox` is the built-in one. */
export type GatewayName = 'paymob' | 'fawry' | 'tap' | 'stripe' | 'paypal' | 'sandbox';

/** A charge to create at a gateway: every amount already computed by the server, in minor units. */
export interface ChargeRequest {
  /** Our payment's id: the merchant reference the gateway echoes back in notifications and statuses. */
  paymentId: string;
  method: PaymentMethodCode;
  /** The amount in the currency's smallest unit (piasters, halalas, fils: KWD, BHD and OMR have 1000). */
  amountMinor: number;
  /** ISO 4217 code of the currency charged. */
  currency: string;
  description: string;
  customer: { email: string; name: string; phone?: string };
  /** Where the gateway sends the payer's browser back after paying (our result page). */
  returnUrl: string;
  /** Where it sends the browser when the payer gives up. */
  cancelUrl: string;
  /** Our notification (webhook) address for this gateway. */
  notifyUrl: string;
  /** What the payer typed on the enhanced payment page for this method (phone for wallets and ValU, ...). */
  details: Record<string, string>;
}

/** How the payment goes on once created (SPEC §4, payment flow). */
export type NextStep =
  | { kind: 'redirect'; url: string }
  | { kind: 'reference'; reference: string; expiresAt: Date | null }
  | { kind: 'iframe'; url: string }
  /** The gateway answered that it is paid already; it is still fulfilled only after `fetchStatus` says so. */
  | { kind: 'done' };

export interface CreatedCharge {
  /** The gateway's own id of the charge (order, session, intent, reference number). */
  gatewayRef: string;
  next: NextStep;
}

export type GatewayPaymentStatus = 'pending' | 'paid' | 'failed' | 'cancelled' | 'expired';

/** What a verified notification or a status check says about one charge. */
export interface StatusReport {
  /** Our payment id as the gateway echoes it (merchant reference), when the message carries it. */
  paymentId: string | null;
  gatewayRef: string | null;
  status: GatewayPaymentStatus;
  /** Amount and currency the gateway says were paid: fulfilment refuses a report that disagrees. */
  amountMinor: number;
  currency: string;
}

/** A notification as it reached us: the body's exact bytes, since signatures are computed over them. */
export interface IncomingNotification {
  method: 'GET' | 'POST';
  headers: Record<string, string | undefined>;
  query: Record<string, string>;
  rawBody: Buffer;
}

/** Thrown by an adapter when the gateway refused or could not be reached; the payment is not created. */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly gateway: GatewayName,
    /** The gateway declined the payer (card declined, wallet refused), as opposed to being unreachable. */
    readonly declined = false,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}

/**
 * One adapter per gateway. Each signs and verifies exactly as its gateway documents; its base address
 * and keys come from configuration so tests and the demo point it at the gateway's local imitation.
 */
export interface PaymentGateway {
  readonly name: GatewayName;
  /** The methods this gateway carries. */
  readonly methods: readonly PaymentMethodCode[];
  /** The currency it charges a method in. */
  currencyOf(method: PaymentMethodCode): string;
  /**
   * The least it charges in a currency, in minor units, where the gateway documents a minimum (Stripe:
   * one per currency); absent, anything from one minor unit.
   */
  minimumChargeMinor?(currency: string): number;
  createCharge(request: ChargeRequest): Promise<CreatedCharge>;
  /**
   * Checks a notification's signature as the gateway documents it. A forged, tampered or unreadable
   * notification answers null; a genuine one answers what it says.
   */
  verifyNotification(notification: IncomingNotification): Promise<StatusReport | null>;
  /** Asks the gateway for the charge's status (by its reference, or our payment id where it supports that). */
  fetchStatus(charge: { paymentId: string; gatewayRef: string | null }): Promise<StatusReport>;
  /**
   * Paymob only: the status of a transaction the payer's browser came back with (capture-paymob), found
   * by the gateway's transaction id; the report carries our payment id.
   */
  lookupTransaction?(transactionId: string): Promise<StatusReport>;
  refund(charge: { paymentId: string; gatewayRef: string }, amountMinor: number): Promise<void>;
}

/** Minor units per major unit of a currency (ISO 4217 exponents of the currencies the gateways charge). */
export const minorUnitsOf = (currency: string): number =>
  ['KWD', 'BHD', 'OMR', 'JOD', 'TND', 'LYD', 'IQD'].includes(currency.toUpperCase()) ? 1000 : 100;
