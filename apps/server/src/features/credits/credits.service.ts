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

/**
 * Makes sure the plan's credits of the subscription's current period have been granted (once per period,
 * whoever asks first), and answers the subscription.
 */
const grantPlanCredits = async (scope: OrgScope): Promise<Subscription> => {
  const subscription = await findSubscription(scope);
  if (!subscription) throw new Error(`organization ${scope.organizationId} has no subscription`);
  await scope.run(async () => {
    const repo = creditsRepository(scope);
    const bucketId = await repo.insertPlanBucket({
      granted: subscription.creditsPerMonth,
      periodStart: subscription.currentPeriodStart,
      expiresAt: subscription.currentPeriodEnd,
    });
    if (bucketId) {
      await repo.insertMovement({ bucketId, kind: 'plan_grant', amount: subscription.creditsPerMonth });
    }
  });
  return subscription;
};

/** The organization's credits now (granting the period's plan credits first if nobody has yet). */
export const getCreditBalance = (scope: OrgScope): Promise<CreditBalance> =>
  scope.run(async () => {
    const repo = creditsRepository(scope);
    const subscription = await grantPlanCredits(scope);
    const buckets = await repo.findLiveBuckets(new Date());
    const plan = buckets.find(
      (b) => b.source === 'plan' && b.periodStart.getTime() === subscription.currentPeriodStart.getTime(),
    );
    const extras = buckets.filter((b) => b.source === 'extra');
    const spent = await repo.sumSpentSince(subscription.currentPeriodStart);
    return {
      planGranted: plan?.granted ?? 0,
      planRemaining: plan?.remaining ?? 0,
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
  input: { amount: number; extractionId: string; userId: string | null },
): Promise<void> =>
  scope.run(async () => {
    const repo = creditsRepository(scope);
    await grantPlanCredits(scope);
    const buckets = await repo.lockSpendableBuckets(new Date());
    const available = buckets.reduce((n, b) => n + b.remaining, 0);
    if (available < input.amount) throw creditLimitReached(await getCreditBalance(scope), input.amount);
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
      });
    }
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
 * The plan credits of a paid period that starts at `periodStart` (a plan bought or renewed), inside the
 * caller's transaction: plan credits of earlier periods end at `periodStart`, and the period's bucket of
 * `granted` credits is made with its ledger movement (`plan_grant`), once per period. Answers whether
 * this call granted them.
 */
export const grantPlanPeriodCredits = (
  scope: OrgScope,
  input: { granted: number; periodStart: Date; periodEnd: Date; userId: string | null },
): Promise<boolean> =>
  scope.run(async () => {
    await creditPurchasesRepository(scope).endPlanBucketsBefore(input.periodStart, input.periodStart);
    const repo = creditsRepository(scope);
    const bucketId = await repo.insertPlanBucket({
      granted: input.granted,
      periodStart: input.periodStart,
      expiresAt: input.periodEnd,
    });
    if (!bucketId) return false;
    await repo.insertMovement({
      bucketId,
      kind: 'plan_grant',
      amount: input.granted,
      createdBy: input.userId,
    });
    return true;
  });

/**
 * Removes an extra credits purchase: its bucket ends at `at` and what was left of it can no longer be
 * spent (the ledger keeps every movement). False when no live extra bucket has that id.
 */
export const removeExtraCredits = (scope: OrgScope, bucketId: string, at = new Date()): Promise<boolean> =>
  creditPurchasesRepository(scope).expireExtraBucket(bucketId, at);
