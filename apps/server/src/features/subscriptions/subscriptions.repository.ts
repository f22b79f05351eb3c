import { and, eq } from 'drizzle-orm';
import type { OrgScope } from '../../platform/db/org-scope';
import { plans } from '../plans/plans.table';
import { subscriptions } from './subscriptions.table';

/** `start` moved on by one billing cycle. */
const nextPeriodEnd = (start: Date, cycle: 'monthly' | 'yearly') => {
  const end = new Date(start);
  if (cycle === 'yearly') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
};

/**
 * The organization's subscription with its plan. Time moves it on the first time anyone looks, so no
 * scheduler is needed: a trial that has ended without payment falls to the Free plan (ACTIVE), and an
 * active subscription whose period has ended starts its next period (each period grants the plan's
 * credits anew).
 */
export const getSubscription = (scope: OrgScope) =>
  scope.run(async (tx) => {
    const select = () =>
      tx
        .select({
          id: subscriptions.id,
          status: subscriptions.status,
          trialEndsAt: subscriptions.trialEndsAt,
          billingCycle: subscriptions.billingCycle,
          currentPeriodStart: subscriptions.currentPeriodStart,
          currentPeriodEnd: subscriptions.currentPeriodEnd,
          planId: plans.id,
          planCode: plans.code,
          planName: plans.name,
          planDescription: plans.description,
          planCurrency: plans.currency,
          planPriceMonthly: plans.priceMonthly,
          creditsPerMonth: plans.creditsPerMonth,
          maxStorageMb: plans.maxStorageMb,
        })
        .from(subscriptions)
        .innerJoin(plans, eq(plans.id, subscriptions.planId))
        .where(eq(subscriptions.organizationId, scope.organizationId))
        .limit(1);
    const [current] = await select();
    if (!current) return null;
    const now = new Date();
    const mine = and(
      eq(subscriptions.id, current.id),
      eq(subscriptions.organizationId, scope.organizationId),
    );
    if (current.status === 'TRIAL' && current.trialEndsAt && current.trialEndsAt.getTime() <= now.getTime()) {
      const [free] = await tx.select({ id: plans.id }).from(plans).where(eq(plans.code, 'free')).limit(1);
      if (free) {
        await tx
          .update(subscriptions)
          .set({
            planId: free.id,
            status: 'ACTIVE',
            billingCycle: 'monthly',
            currentPeriodStart: now,
            currentPeriodEnd: nextPeriodEnd(now, 'monthly'),
          })
          .where(mine);
        const [after] = await select();
        return after ?? null;
      }
    }
    if (current.status === 'ACTIVE' && current.currentPeriodEnd.getTime() <= now.getTime()) {
      let start = current.currentPeriodEnd;
      let end = nextPeriodEnd(start, current.billingCycle);
      while (end.getTime() <= now.getTime()) {
        start = end;
        end = nextPeriodEnd(start, current.billingCycle);
      }
      await tx.update(subscriptions).set({ currentPeriodStart: start, currentPeriodEnd: end }).where(mine);
      const [after] = await select();
      return after ?? null;
    }
    return current;
  });

export type Subscription = NonNullable<Awaited<ReturnType<typeof getSubscription>>>;
