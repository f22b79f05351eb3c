import type { OrgScope, Queryable } from '../../platform/db/org-scope';
import {
  subscriptionPlanChangesRepository,
  subscriptionsRepository,
  subscriptionsSystemRepository,
  type SubscriptionRow,
} from './subscriptions.repository';

/** A new organization's Pro trial (DECISIONS.md: registration). */
const TRIAL_DAYS = 14;

/** The organization's subscription with its plan, as it stands at a given time. */
export type Subscription = Omit<SubscriptionRow, 'free'>;

/** `start` moved on by one billing cycle. */
const nextPeriodEnd = (start: Date, cycle: 'monthly' | 'yearly') => {
  const end = new Date(start);
  if (cycle === 'yearly') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
};

/**
 * The subscription at `now`, from what is stored: a trial that has ended without payment is on the Free
 * plan (ACTIVE, monthly) from the trial's end, and an active subscription whose period has ended is in
 * the period that holds `now` (each period grants the plan's credits anew). Pure and the same whenever
 * it is asked: reads answer it without writing, and the scheduled job writes it (subscriptions.job.ts),
 * so what a page showed before the job ran is what the job stores.
 */
const subscriptionAt = (row: SubscriptionRow, now: Date): Subscription => {
  const { free, ...stored } = row;
  let current: Subscription = stored;
  if (current.status === 'TRIAL' && current.trialEndsAt && current.trialEndsAt <= now && free) {
    current = {
      ...current,
      ...free,
      status: 'ACTIVE',
      billingCycle: 'monthly',
      currentPeriodStart: current.trialEndsAt,
      currentPeriodEnd: nextPeriodEnd(current.trialEndsAt, 'monthly'),
    };
  }
  if (current.status === 'ACTIVE' && current.currentPeriodEnd <= now) {
    let start = current.currentPeriodEnd;
    let end = nextPeriodEnd(start, current.billingCycle);
    while (end <= now) {
      start = end;
      end = nextPeriodEnd(start, current.billingCycle);
    }
    current = { ...current, currentPeriodStart: start, currentPeriodEnd: end };
  }
  return current;
};

/** The organization's subscription now, or null when it has none. Reads only. */
export const findSubscription = async (scope: OrgScope, now = new Date()): Promise<Subscription | null> => {
  const row = await subscriptionsRepository(scope).find();
  return row ? subscriptionAt(row, now) : null;
};

/**
 * Stores what time has made of the subscription (an ended trial on Free, the next period): the work of
 * the scheduled job. Idempotent; answers whether anything changed.
 */
export const moveSubscriptionOn = (scope: OrgScope, now = new Date()): Promise<boolean> =>
  scope.run(async () => {
    const repo = subscriptionsRepository(scope);
    const row = await repo.find();
    if (!row) return false;
    const at = subscriptionAt(row, now);
    const changed =
      at.planId !== row.planId ||
      at.status !== row.status ||
      at.billingCycle !== row.billingCycle ||
      at.currentPeriodStart.getTime() !== row.currentPeriodStart.getTime() ||
      at.currentPeriodEnd.getTime() !== row.currentPeriodEnd.getTime();
    if (changed) {
      await repo.update(row.id, {
        planId: at.planId,
        status: at.status,
        billingCycle: at.billingCycle,
        currentPeriodStart: at.currentPeriodStart,
        currentPeriodEnd: at.currentPeriodEnd,
      });
    }
    return changed;
  });

/** Starts a new organization's Pro trial, in the caller's transaction (sign-up, demo data). */
export const startTrial = (db: Queryable, organizationId: string) =>
  subscriptionsSystemRepository(db).insertTrial(
    organizationId,
    'pro',
    new Date(Date.now() + TRIAL_DAYS * 86_400_000),
  );

/** The organizations whose subscription time has moved on by `now` and not yet been stored. */
export const findSubscriptionsDue = (db: Queryable, now = new Date()) =>
  subscriptionsSystemRepository(db).findDue(now);

/**
 * Moves the organization onto a plan it has paid for, inside the caller's transaction: ACTIVE, on the
 * billing cycle bought, with a new period from `start` of one cycle (a month or a year). Answers the
 * period; the plan's credits for it are the credits feature's (`grantPlanPeriodCredits`).
 */
export const startPaidPlan = async (
  scope: OrgScope,
  input: { planId: string; billingCycle: 'monthly' | 'yearly'; start: Date },
): Promise<{ periodStart: Date; periodEnd: Date }> => {
  const period = { periodStart: input.start, periodEnd: nextPeriodEnd(input.start, input.billingCycle) };
  const changed = await subscriptionPlanChangesRepository(scope).startPaidPeriod({
    planId: input.planId,
    billingCycle: input.billingCycle,
    ...period,
  });
  if (!changed) throw new Error(`organization ${scope.organizationId} has no subscription`);
  return period;
};
