import type { OrgScope } from '../../platform/db/org-scope';
import { createLogger } from '../../platform/logging/logger';
import { grantExtraCredits, settleCredits } from '../credits/credits.service';
import { changePlan } from '../subscriptions/subscriptions.service';
import { billingRepository, type PaymentRow } from './billing.repository';
import type { StatusReport } from './gateways/gateway';
import type { GatewayRegistry } from './gateways/registry';
import { storagePurchasesRepository } from './storage-purchases.repository';

/** Extra credits last this long after their purchase (DECISIONS.md). */
export const EXTRA_CREDITS_DAYS = 30;
const DAY_MS = 86_400_000;

/** A payment nobody paid within this is expired. */
export const PENDING_LIFETIME_MS = DAY_MS;

/** Where fulfilment warns of what needs a person (the request's or the job's logger). */
export interface WarningLog {
  warn(details: Record<string, unknown>, message: string): void;
}

let defaultLog: WarningLog | undefined;
const fallbackLog = (): WarningLog => (defaultLog ??= createLogger(process.env.LOG_LEVEL ?? 'info'));

/** What a status report came to. */
export type FulfilmentOutcome =
  /** Paid, and this call granted what was bought. */
  | 'fulfilled'
  /** Paid, and granted before (a duplicate, a retry, a race lost). */
  | 'already_fulfilled'
  /** Failed, cancelled or expired: the status is stored (if the payment was still pending), nothing granted. */
  | 'ended'
  | 'pending'
  /** The report does not match the payment (amount, currency, gateway or references): nothing changed. */
  | 'refused'
  | 'not_found'
  /** Its organization was deleted: the payment is kept for the ledger as it stands, nothing is granted. */
  | 'organization_deleted';

const endedStatus = { failed: 'FAILED', cancelled: 'CANCELLED', expired: 'EXPIRED' } as const;

/** Grants what a payment bought, in the fulfilling transaction. */
const grant = async (scope: OrgScope, payment: PaymentRow, at: Date) => {
  if (payment.credits > 0) {
    await grantExtraCredits(scope, {
      credits: payment.credits,
      paymentId: payment.id,
      userId: payment.userId,
      at,
      expiresAt: new Date(at.getTime() + EXTRA_CREDITS_DAYS * DAY_MS),
    });
  }
  if (payment.storageMb > 0) {
    await storagePurchasesRepository(scope).insert({ paymentId: payment.id, storageMb: payment.storageMb });
  }
  if (payment.paymentType === 'plan' && payment.planId) {
    const plan = await billingRepository(scope).findPlan(payment.planId);
    if (!plan) throw new Error(`plan ${payment.planId} of payment ${payment.id} is gone`);
    // The new period and its plan credits, the credits of the period it cuts short expired in the ledger:
    // the same change as the subscription's lifecycle makes.
    await changePlan(scope, { planId: plan.id, billingCycle: payment.billingCycle ?? 'monthly', now: at });
    await settleCredits(scope, at);
  }
};

/**
 * The one way a payment is fulfilled, whoever learned of it (a notification, a return page's verify or
 * capture, the status check): only a `paid` report whose amount and currency are the payment's charged
 * ones, from the payment's own gateway, grants anything, and only once: in one transaction, the
 * conditional update of `fulfilled_at` (`where fulfilled_at is null`) and the grant (extra credits with
 * their ledger movement, extra storage, or the plan with its period's credits). Concurrent reports wait
 * for each other on the payment's row and the later ones find it fulfilled. Failed, cancelled and expired
 * reports end a pending payment without granting; a paid report after them still fulfils it (the money
 * was taken).
 */
export const fulfilPayment = (
  scope: OrgScope,
  paymentId: string,
  report: StatusReport,
  gateway: string,
  log?: WarningLog,
): Promise<FulfilmentOutcome> =>
  scope.run(async () => {
    const repo = billingRepository(scope);
    // The organization's row, then the payment's, both held to the end: the order its deletion takes them
    // in, so a report racing the deletion waits for it (and then sees the payment kept) or the deletion
    // waits for the report.
    const organizationExists = await repo.holdOrganization();
    const payment = await repo.find(paymentId, { lock: true });
    if (!payment) return 'not_found';
    const matches =
      payment.gateway === gateway &&
      (report.paymentId === null || report.paymentId === payment.id) &&
      (report.gatewayRef === null || payment.gatewayRef === null || report.gatewayRef === payment.gatewayRef);
    const paidInFull =
      report.status === 'paid' &&
      report.amountMinor === payment.chargedAmountMinor &&
      report.currency.toUpperCase() === payment.chargedCurrency;
    if (payment.organizationName !== null || !organizationExists) {
      if (matches && paidInFull) {
        // The money was taken: the ledger says so, though nothing can be granted (fulfilled_at stays null).
        if (await repo.markPaidWithoutGrant(payment.id)) {
          (log ?? fallbackLog()).warn(
            {
              paymentId: payment.id,
              organizationId: payment.organizationId,
              gateway,
              amountMinor: payment.chargedAmountMinor,
              currency: payment.chargedCurrency,
            },
            'payment paid after its organization was deleted: recorded as succeeded, nothing granted',
          );
        }
      } else if (matches) {
        // A payment made while its organization was being deleted, not paid: it ends as the deletion ends them.
        await repo.markEnded(payment.id, 'CANCELLED');
      }
      return 'organization_deleted';
    }
    if (!matches) return 'refused';
    if (report.status === 'pending') return 'pending';
    if (report.status !== 'paid') {
      await repo.markEnded(payment.id, endedStatus[report.status]);
      return payment.fulfilledAt ? 'already_fulfilled' : 'ended';
    }
    if (!paidInFull) return 'refused';
    const at = new Date();
    const fulfilled = await repo.markFulfilled(payment.id, at);
    if (!fulfilled) return 'already_fulfilled';
    await grant(scope, fulfilled, at);
    return 'fulfilled';
  });

/**
 * Asks a pending payment's gateway for its status and acts on the answer (fulfil once, or end it); a
 * payment still pending a day after it was made expires. Used by the result pages' verify and by the
 * status check. Answers what came of it, or null when the payment is not the organization's.
 */
export const checkPaymentStatus = async (
  scope: OrgScope,
  gateways: GatewayRegistry,
  paymentId: string,
  now = new Date(),
  log?: WarningLog,
): Promise<FulfilmentOutcome | 'not_pending' | 'unanswered' | null> => {
  const repo = billingRepository(scope);
  const payment = await repo.find(paymentId);
  if (!payment) return null;
  if (payment.status !== 'PENDING') return 'not_pending';
  const tooOld = now.getTime() - payment.createdAt.getTime() > PENDING_LIFETIME_MS;
  const gateway = gateways.byName(payment.gateway);
  let report: StatusReport | null = null;
  try {
    if (gateway) report = await gateway.fetchStatus({ paymentId, gatewayRef: payment.gatewayRef });
  } catch {
    // Unreachable, or the gateway never made the charge: asked again later, until the payment expires.
  }
  await repo.touch(payment.id, now);
  let outcome: Awaited<ReturnType<typeof fulfilPayment>> | 'unanswered' = 'unanswered';
  if (report) {
    try {
      outcome = await fulfilPayment(scope, paymentId, report, payment.gateway, log);
    } catch (error) {
      // A fulfilment that keeps failing is not asked about forever: once the payment is too old it
      // expires like any unanswered one (a later paid report still fulfils it), and the error is reported.
      if (tooOld) await repo.markEnded(payment.id, 'EXPIRED');
      throw error;
    }
  }
  if ((outcome === 'pending' || outcome === 'unanswered') && tooOld) {
    await repo.markEnded(payment.id, 'EXPIRED');
    return 'ended';
  }
  return outcome;
};
