import { z } from 'zod';
import type { SystemAccess } from '../../platform/db/system-access';
import { defineJob } from '../../platform/jobs/define-job';
import type { JobDeps } from '../../platform/jobs/job-deps';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { paymentsSystemRepository } from './billing.repository';
import type { GatewayRegistry } from './gateways/registry';
import { checkPaymentStatus } from './payment-fulfilment.service';

declare module '../../platform/jobs/job-deps' {
  interface JobDeps {
    /** The payment gateways (features/billing/gateways/registry.ts), which the payment status check asks. */
    paymentGateways: GatewayRegistry;
  }
}

/** A payment is left to its notification this long before its gateway is asked. */
const FIRST_CHECK_AFTER_MS = 60_000;
/** Payments queued per round of the check, oldest first; the rest wait for the next minute. */
const PER_ROUND = 500;

/**
 * Asks a pending payment's gateway for its status and acts on it: a paid payment is fulfilled (once, with
 * every other path to fulfilment), a failed one ended, one pending for a day expired. This is what
 * fulfils a payment whose notification never came, or came while no process could act on it.
 */
export const checkPaymentStatusJob = defineJob<{ organizationId: string; paymentId: string }, JobDeps>({
  name: 'billing.check-payment',
  payload: z.object({ organizationId: z.uuid(), paymentId: z.uuid() }),
  retry: { limit: 2, delaySeconds: 30, backoff: true },
  expireInSeconds: 60,
  heartbeatSeconds: 30,
  handler: async ({ payload, scope, log }, deps) => {
    const outcome = await checkPaymentStatus(scope, deps.paymentGateways, payload.paymentId, new Date(), log);
    return outcome === 'fulfilled' || outcome === 'ended'
      ? { status: 'done' }
      : { status: 'skipped', reason: outcome ?? 'no such payment' };
  },
});

/**
 * Queues the status check for every payment pending for more than a minute whose gateway is due to be
 * asked (less often as the payment ages: see `findPendingDue`). Run every minute, so a payment confirmed
 * while the server was down is fulfilled once it is back. At a process's start (`atStart`) every pending
 * payment is asked at once, however young and however recently asked: the gateway may have confirmed it
 * while no process could act on it (a notification refused while the server was down, or one whose
 * fulfilment a crash cut short), and its payer should not wait for its turn. One queued check per payment
 * at a time (its id is the singleton key).
 */
export const schedulePendingPaymentChecks = async (
  system: SystemAccess,
  jobs: JobQueue<JobDeps>,
  now = new Date(),
  { atStart = false }: { atStart?: boolean } = {},
): Promise<number> => {
  const due = await paymentsSystemRepository(system.db).findPendingDue(
    now,
    atStart ? 0 : FIRST_CHECK_AFTER_MS,
    PER_ROUND,
    !atStart,
  );
  for (const payment of due) {
    await jobs.send(
      checkPaymentStatusJob,
      { organizationId: payment.organizationId, paymentId: payment.id },
      { singletonKey: payment.id },
    );
  }
  return due.length;
};
