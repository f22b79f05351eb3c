import type { OrgScope, Queryable } from '../../platform/db/org-scope';
import { AppError } from '../../platform/errors/app-error';
import {
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
 * it is asked: reads answer it without writing, and the scheduled job writes it
 * (move-subscription-on.job.ts), so what a page showed before the job ran is what the job stores.
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

/** The plan limits checked when a record is created (DECISIONS.md: plans, credits, storage and limits). */
export type PlanLimitType = 'customers' | 'items' | 'invoices';

const limitOf = (s: Subscription, type: PlanLimitType): number | null =>
  type === 'customers' ? s.maxCustomers : type === 'items' ? s.maxItems : s.maxInvoicesPerMonth;

const limitWords: Record<PlanLimitType, { title: string; what: (n: number) => string; used: string }> = {
  customers: {
    title: 'Customer limit reached',
    what: (n) => `${n} customer${n === 1 ? '' : 's'}`,
    used: 'you have',
  },
  items: { title: 'Item limit reached', what: (n) => `${n} item${n === 1 ? '' : 's'}`, used: 'you have' },
  invoices: {
    title: 'Invoice limit reached',
    what: (n) => `${n} invoice${n === 1 ? '' : 's'} a month`,
    used: 'this month you have created',
  },
};

const planLimitReached = (s: Subscription, type: PlanLimitType, used: number, limit: number) => {
  const words = limitWords[type];
  return new AppError('PLAN_LIMIT_REACHED', words.title, {
    extra: {
      upgrade_required: true,
      message: `Your ${s.planName} plan allows ${words.what(limit)} and ${words.used} ${used}. Upgrade your plan to add more.`,
      limit_type: type,
      current_usage: used,
      limit,
      upgrade_options: { upgrade_plan: `Upgrade your plan for more ${type}.` },
    },
  });
};

/**
 * Refuses the creation of one more record past the plan's limit (null: unlimited), with a 403
 * `PLAN_LIMIT_REACHED`, in the caller's transaction, which then inserts the record. The subscription's row
 * stays locked until that transaction ends, so concurrent creations of the organization take turns and
 * each counts the others' records: together they never pass the limit. `countUsage` counts what the limit
 * applies to (for invoices, those created since the start of the calendar month, UTC). The limits are the
 * plan's at `now`: an ended trial's are Free's, whatever the job has stored; existing records stay.
 */
export const enforcePlanLimit = (
  scope: OrgScope,
  type: PlanLimitType,
  countUsage: () => Promise<number>,
  now = new Date(),
): Promise<void> =>
  scope.run(async () => {
    const row = await subscriptionsRepository(scope).find({ lock: true });
    if (!row) throw new Error(`organization ${scope.organizationId} has no subscription`);
    const subscription = subscriptionAt(row, now);
    const limit = limitOf(subscription, type);
    if (limit === null) return;
    const used = await countUsage();
    if (used >= limit) throw planLimitReached(subscription, type, used, limit);
  });

/**
 * Puts the organization on a plan (by id, or by the code of an active plan), ACTIVE and paid for one
 * `billingCycle` from `now`: a new period starts, whose credits the credits feature grants
 * (`settleCredits`); the plan credits of the period it cuts short end with it. For fulfilled plan purchases.
 */
export const changePlan = (
  scope: OrgScope,
  input: ({ planCode: string } | { planId: string }) & { billingCycle: 'monthly' | 'yearly'; now?: Date },
): Promise<Subscription> =>
  scope.run(async () => {
    const now = input.now ?? new Date();
    const repo = subscriptionsRepository(scope);
    const row = await repo.find({ lock: true });
    if (!row) throw new Error(`organization ${scope.organizationId} has no subscription`);
    const planId = 'planId' in input ? input.planId : await repo.findPlanId(input.planCode);
    if (!planId) throw new Error(`no active plan ${'planCode' in input ? input.planCode : ''}`);
    await repo.update(row.id, {
      planId,
      status: 'ACTIVE',
      billingCycle: input.billingCycle,
      trialEndsAt: null,
      currentPeriodStart: now,
      currentPeriodEnd: nextPeriodEnd(now, input.billingCycle),
    });
    const changed = await repo.find();
    return subscriptionAt(changed!, now);
  });

/**
 * Stores what time has made of the subscription (an ended trial on Free, the next period): the work of
 * the scheduled job. Idempotent; answers whether anything changed.
 */
export const moveSubscriptionOn = (scope: OrgScope, now = new Date()): Promise<boolean> =>
  scope.run(async () => {
    const repo = subscriptionsRepository(scope);
    // Locked: a plan bought meanwhile is not overwritten with what was read before it.
    const row = await repo.find({ lock: true });
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
export const startTrial = (db: Queryable, organizationId: string, now = new Date()) =>
  subscriptionsSystemRepository(db).insertTrial(
    organizationId,
    'pro',
    now,
    new Date(now.getTime() + TRIAL_DAYS * 86_400_000),
  );

/**
 * The organizations the scheduled job has work for at `now`: time has moved their subscription on, their
 * period's plan credits are not granted yet, or credits of theirs are over and still counted.
 */
export const findSubscriptionsDue = (db: Queryable, now = new Date()) =>
  subscriptionsSystemRepository(db).findDue(now);
