import { and, eq } from 'drizzle-orm';
import type { OrgScope } from '../../platform/db/org-scope';
import { plans } from '../plans/plans.table';
import { subscriptions } from './subscriptions.table';

const oneMonthFrom = (start: Date) => {
  const end = new Date(start);
  end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
};

/**
 * The organization's subscription with its plan. A trial that has ended without payment falls to the
 * Free plan (ACTIVE) the first time anyone looks, so no scheduler is needed for it.
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
        })
        .from(subscriptions)
        .innerJoin(plans, eq(plans.id, subscriptions.planId))
        .where(eq(subscriptions.organizationId, scope.organizationId))
        .limit(1);
    const [current] = await select();
    if (!current) return null;
    if (current.status === 'TRIAL' && current.trialEndsAt && current.trialEndsAt.getTime() <= Date.now()) {
      const [free] = await tx.select({ id: plans.id }).from(plans).where(eq(plans.code, 'free')).limit(1);
      if (free) {
        const now = new Date();
        await tx
          .update(subscriptions)
          .set({
            planId: free.id,
            status: 'ACTIVE',
            currentPeriodStart: now,
            currentPeriodEnd: oneMonthFrom(now),
          })
          .where(
            and(eq(subscriptions.id, current.id), eq(subscriptions.organizationId, scope.organizationId)),
          );
        const [after] = await select();
        return after ?? null;
      }
    }
    return current;
  });
