import { aliasedTable, and, eq, lte, or } from 'drizzle-orm';
import type { OrgScope, Queryable } from '../../platform/db/org-scope';
import { plans } from '../plans/plans.table';
import { subscriptions } from './subscriptions.table';

const planColumns = (p: typeof plans) => ({
  planId: p.id,
  planCode: p.code,
  planName: p.name,
  planDescription: p.description,
  planCurrency: p.currency,
  planPriceMonthly: p.priceMonthly,
  creditsPerMonth: p.creditsPerMonth,
  maxStorageMb: p.maxStorageMb,
});

type PlanRow = typeof plans.$inferSelect;
type StoredRow = typeof subscriptions.$inferSelect;

/** A plan's fields as a subscription answer carries them. */
interface PlanFields {
  planId: PlanRow['id'];
  planCode: PlanRow['code'];
  planName: PlanRow['name'];
  planDescription: PlanRow['description'];
  planCurrency: PlanRow['currency'];
  planPriceMonthly: PlanRow['priceMonthly'];
  creditsPerMonth: PlanRow['creditsPerMonth'];
  maxStorageMb: PlanRow['maxStorageMb'];
}

/** The stored subscription with its plan, and the Free plan an ended trial falls to. */
export interface SubscriptionRow
  extends
    PlanFields,
    Pick<
      StoredRow,
      'id' | 'status' | 'trialEndsAt' | 'billingCycle' | 'currentPeriodStart' | 'currentPeriodEnd'
    > {
  free: PlanFields | null;
}

type SubscriptionValues = Partial<
  Pick<
    typeof subscriptions.$inferInsert,
    'planId' | 'status' | 'billingCycle' | 'currentPeriodStart' | 'currentPeriodEnd'
  >
>;

/** The scope's organization's subscription; every query is filtered by it. */
export const subscriptionsRepository = (scope: OrgScope) => {
  const own = eq(subscriptions.organizationId, scope.organizationId);
  return {
    /** The stored subscription with its plan, and the Free plan an ended trial falls to. */
    find: (): Promise<SubscriptionRow | null> =>
      scope.run(async (tx) => {
        const free = aliasedTable(plans, 'free_plan');
        const [row] = await tx
          .select({
            id: subscriptions.id,
            status: subscriptions.status,
            trialEndsAt: subscriptions.trialEndsAt,
            billingCycle: subscriptions.billingCycle,
            currentPeriodStart: subscriptions.currentPeriodStart,
            currentPeriodEnd: subscriptions.currentPeriodEnd,
            ...planColumns(plans),
            free: planColumns(free),
          })
          .from(subscriptions)
          .innerJoin(plans, eq(plans.id, subscriptions.planId))
          .leftJoin(free, eq(free.code, 'free'))
          .where(own)
          .limit(1);
        return row ?? null;
      }),

    update: (id: string, values: SubscriptionValues) =>
      scope.run(async (tx) => {
        await tx
          .update(subscriptions)
          .set(values)
          .where(and(own, eq(subscriptions.id, id)));
      }),
  };
};

/** Subscriptions across organizations: sign-up starts them, the scheduled check finds those due. */
export const subscriptionsSystemRepository = (db: Queryable) => ({
  /** Starts the plan `planCode` as a trial ending at `trialEndsAt`, in the caller's transaction. */
  insertTrial: async (organizationId: string, planCode: string, trialEndsAt: Date) => {
    const [plan] = await db.select({ id: plans.id }).from(plans).where(eq(plans.code, planCode)).limit(1);
    if (!plan) throw new Error('plans are not seeded');
    await db.insert(subscriptions).values({
      organizationId,
      planId: plan.id,
      status: 'TRIAL',
      trialEndsAt,
      currentPeriodEnd: trialEndsAt,
    });
  },

  /** The organizations whose trial or active period has ended by `now`. */
  findDue: async (now: Date) =>
    (
      await db
        .select({ organizationId: subscriptions.organizationId })
        .from(subscriptions)
        .where(
          or(
            and(eq(subscriptions.status, 'TRIAL'), lte(subscriptions.trialEndsAt, now)),
            and(eq(subscriptions.status, 'ACTIVE'), lte(subscriptions.currentPeriodEnd, now)),
          ),
        )
    ).map((r) => r.organizationId),
});

/** Plan changes bought by payments (features/billing). */
export const subscriptionPlanChangesRepository = (scope: OrgScope) => ({
  /** Puts the subscription on a plan, ACTIVE, for the period given; false when it has no subscription. */
  startPaidPeriod: (values: {
    planId: string;
    billingCycle: 'monthly' | 'yearly';
    periodStart: Date;
    periodEnd: Date;
  }) =>
    scope.run(async (tx) => {
      const rows = await tx
        .update(subscriptions)
        .set({
          planId: values.planId,
          status: 'ACTIVE',
          billingCycle: values.billingCycle,
          trialEndsAt: null,
          currentPeriodStart: values.periodStart,
          currentPeriodEnd: values.periodEnd,
        })
        .where(eq(subscriptions.organizationId, scope.organizationId))
        .returning({ id: subscriptions.id });
      return rows.length > 0;
    }),
});
