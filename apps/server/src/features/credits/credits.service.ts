import type { OrgScope } from '../../platform/db/org-scope';
import { AppError } from '../../platform/errors/app-error';
import { findSubscription, type Subscription } from '../subscriptions/subscriptions.service';
import { creditPurchasesRepository, creditsRepository } from './credits.repository';

/** What an organization can spend, and has spent, in its subscription's current period. */
export interface CreditBalance {
  /** The plan's credits of this period. */
  planGranted: number;
  planRemaining: number;
  /** Unexpired extra credits left. */
  extraRemaining: number;
  /** Credits spent this period, refunds deducted. */
  usedThisPeriod: number;
  subscription: Subscription;
  /** The unexpired extra buckets with credits left, earliest expiry first. */
  extraBuckets: { id: string; granted: number; expiresAt: Date }[];
}

/** The plan credits one period of the subscription grants: a month's, or twelve months' at once a year. */
export const periodCredits = (subscription: Subscription) =>
  subscription.creditsPerMonth * (subscription.billingCycle === 'yearly' ? 12 : 1);

const subscriptionNow = async (scope: OrgScope, now: Date): Promise<Subscription> => {
  const subscription = await findSubscription(scope, now);
  if (!subscription) throw new Error(`organization ${scope.organizationId} has no subscription`);
  return subscription;
};

/**
 * Grants the plan's credits of the subscription's current period, expiring at its end, unless they have
 * been granted already (one bucket per period: a unique index). Answers the credits granted by this call.
 */
const grantPlanCredits = (scope: OrgScope, subscription: Subscription, now: Date): Promise<number> =>
  scope.run(async () => {
    const repo = creditsRepository(scope);
    const granted = periodCredits(subscription);
    const bucketId = await repo.insertPlanBucket({
      granted,
      periodStart: subscription.currentPeriodStart,
      expiresAt: subscription.currentPeriodEnd,
      createdAt: now,
    });
    if (!bucketId) return 0;
    await repo.insertMovement({ bucketId, kind: 'plan_grant', amount: granted, createdAt: now });
    return granted;
  });

/**
 * The organization's credits at `now`. Reads only: when the current period's plan credits have not been
 * granted yet (the scheduled job grants them at the period's start and may not have run yet), the plan's
 * credits of the period are shown as all there, which they are: spending grants them first.
 */
export const getCreditBalance = (scope: OrgScope, now = new Date()): Promise<CreditBalance> =>
  scope.run(async () => {
    const repo = creditsRepository(scope);
    const subscription = await subscriptionNow(scope, now);
    const buckets = await repo.findLiveBuckets(now, subscription.currentPeriodStart);
    const plan = buckets.find((b) => b.source === 'plan');
    const extras = buckets.filter((b) => b.source === 'extra');
    const spent = await repo.sumSpentSince(subscription.currentPeriodStart);
    const notGrantedYet = periodCredits(subscription);
    return {
      planGranted: plan?.granted ?? notGrantedYet,
      planRemaining: plan?.remaining ?? notGrantedYet,
      extraRemaining: extras.reduce((n, b) => n + b.remaining, 0),
      usedThisPeriod: Math.max(0, -spent),
      subscription,
      extraBuckets: extras.filter((b) => b.remaining > 0),
    };
  });

const creditLimitReached = (balance: CreditBalance, needed: number) =>
  new AppError('CREDIT_LIMIT_REACHED', 'Credit limit reached', {
    extra: {
      upgrade_required: true,
      message: `This needs ${needed} credit${needed === 1 ? '' : 's'} and ${balance.planRemaining + balance.extraRemaining} ${
        balance.planRemaining + balance.extraRemaining === 1 ? 'is' : 'are'
      } left.`,
      limit_type: 'ocr',
      current_usage: balance.usedThisPeriod,
      limit: balance.planGranted,
      upgrade_options: {
        buy_extra_credits: 'Buy extra credits: 1 EGP each, valid for 30 days.',
        upgrade_plan: 'Upgrade your plan for more credits every month.',
      },
    },
  });

/**
 * Spends `amount` credits for an OCR run, inside the caller's transaction: plan credits first, then extra
 * credits by earliest expiry. The buckets are locked in one order by every spender, so concurrent runs
 * take turns and the balance never goes below zero; not enough credits is a 403 `CREDIT_LIMIT_REACHED`.
 */
export const chargeCredits = (
  scope: OrgScope,
  input: { amount: number; extractionId: string; userId: string | null; now?: Date },
): Promise<void> =>
  scope.run(async () => {
    const now = input.now ?? new Date();
    const repo = creditsRepository(scope);
    const subscription = await subscriptionNow(scope, now);
    // The job grants each period's credits when it starts; a run before the job has (a new organization,
    // a period begun a moment ago) grants them itself, once, as the balance already shows them.
    await grantPlanCredits(scope, subscription, now);
    const buckets = await repo.lockSpendableBuckets(now, subscription.currentPeriodStart);
    const available = buckets.reduce((n, b) => n + b.remaining, 0);
    if (available < input.amount) throw creditLimitReached(await getCreditBalance(scope, now), input.amount);
    let left = input.amount;
    for (const bucket of buckets) {
      if (left === 0) break;
      const take = Math.min(left, bucket.remaining);
      left -= take;
      await repo.addToBucket(bucket.id, -take);
      await repo.insertMovement({
        bucketId: bucket.id,
        kind: 'ocr_charge',
        amount: -take,
        extractionId: input.extractionId,
        createdBy: input.userId,
        createdAt: now,
      });
    }
  });

/**
 * Brings the organization's credits up to `now`, the scheduled job's work (move-subscription-on.job.ts):
 * grants the current period's plan credits (once), and expires what is over: extras 30 days after their
 * purchase, plan credits at their period's end or when a plan change ends their period early. An expiry
 * is a movement of the ledger taking what was left, so the ledger's sum stays the balance shown. After
 * downtime one run catches up: only the current period is granted (an ended period's credits could no
 * longer be spent) and everything over is expired. Idempotent.
 */
export const settleCredits = (
  scope: OrgScope,
  now = new Date(),
): Promise<{ granted: number; expired: number }> =>
  scope.run(async () => {
    const repo = creditsRepository(scope);
    const subscription = await subscriptionNow(scope, now);
    const granted = await grantPlanCredits(scope, subscription, now);
    let expired = 0;
    for (const bucket of await repo.lockEndedBuckets(now, subscription.currentPeriodStart)) {
      const at = bucket.expiresAt < now ? bucket.expiresAt : now;
      await repo.endBucketAt(bucket.id, at);
      await repo.addToBucket(bucket.id, -bucket.remaining);
      await repo.insertMovement({
        bucketId: bucket.id,
        kind: 'expiry',
        amount: -bucket.remaining,
        createdAt: at,
      });
      expired += bucket.remaining;
    }
    return { granted, expired };
  });

/**
 * Gives back what an OCR run was charged, to the buckets it came from, inside the caller's transaction.
 * Answers the credits given back now: 0 when they were given back before (once per run and bucket).
 */
export const refundCredits = (scope: OrgScope, extractionId: string): Promise<number> =>
  scope.run(async () => {
    const repo = creditsRepository(scope);
    let refunded = 0;
    for (const charge of await repo.findChargesOf(extractionId)) {
      const owed = -charge.amount;
      if (owed <= 0) continue;
      const inserted = await repo.insertMovement({
        bucketId: charge.bucketId,
        kind: 'refund',
        amount: owed,
        extractionId,
      });
      if (!inserted) continue;
      await repo.addToBucket(charge.bucketId, owed);
      refunded += owed;
    }
    return refunded;
  });

/**
 * Extra credits bought by a payment, inside the caller's transaction: a bucket of `credits` expiring at
 * `expiresAt` and its ledger movement (`extra_purchase`), once per payment. Answers the bucket's id, or
 * null when the payment's credits were granted before.
 */
export const grantExtraCredits = (
  scope: OrgScope,
  input: { credits: number; paymentId: string; userId: string | null; at: Date; expiresAt: Date },
): Promise<string | null> =>
  scope.run(async () => {
    const bucketId = await creditPurchasesRepository(scope).insertExtraBucket({
      granted: input.credits,
      paymentId: input.paymentId,
      periodStart: input.at,
      expiresAt: input.expiresAt,
    });
    if (!bucketId) return null;
    await creditsRepository(scope).insertMovement({
      bucketId,
      kind: 'extra_purchase',
      amount: input.credits,
      createdBy: input.userId,
    });
    return bucketId;
  });

/**
 * Removes an extra credits purchase: its bucket ends at `at` and what was left of it can no longer be
 * spent (the ledger keeps every movement). False when no live extra bucket has that id.
 */
export const removeExtraCredits = (scope: OrgScope, bucketId: string, at = new Date()): Promise<boolean> =>
  creditPurchasesRepository(scope).expireExtraBucket(bucketId, at);
