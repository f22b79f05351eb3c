import { aliasedTable, and, eq, gt, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { OrgScope, Queryable } from '../../platform/db/org-scope';
import { creditBuckets } from '../credits/credits.table';
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
  maxCustomers: p.maxCustomers,
  maxItems: p.maxItems,
  maxInvoicesPerMonth: p.maxInvoicesPerMonth,
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
  /** Null: unlimited. */
  maxCustomers: PlanRow['maxCustomers'];
  maxItems: PlanRow['maxItems'];
  maxInvoicesPerMonth: PlanRow['maxInvoicesPerMonth'];
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
    'planId' | 'status' | 'billingCycle' | 'trialEndsAt' | 'currentPeriodStart' | 'currentPeriodEnd'
  >
>;

/** The scope's organization's subscription; every query is filtered by it. */
export const subscriptionsRepository = (scope: OrgScope) => {
  const own = eq(subscriptions.organizationId, scope.organizationId);
  return {
    /**
     * The stored subscription with its plan, and the Free plan an ended trial falls to. `lock`: its row is
     * held until the caller's transaction ends, so that the work that checks it takes turns.
     */
    find: (options: { lock?: boolean } = {}): Promise<SubscriptionRow | null> =>
      scope.run(async (tx) => {
        const free = aliasedTable(plans, 'free_plan');
        const query = tx
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
        const [row] = options.lock ? await query.for('update', { of: subscriptions }) : await query;
        return row ?? null;
      }),

    /** The id of the active plan `code`, or null. */
    findPlanId: (code: string) =>
      scope.run(async (tx) => {
        const [plan] = await tx
          .select({ id: plans.id })
          .from(plans)
          .where(and(eq(plans.code, code), eq(plans.isActive, true)))
          .limit(1);
        return plan?.id ?? null;
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
  /** Starts the plan `planCode` as a trial from `startsAt` to `trialEndsAt`, in the caller's transaction. */
  insertTrial: async (organizationId: string, planCode: string, startsAt: Date, trialEndsAt: Date) => {
    const [plan] = await db.select({ id: plans.id }).from(plans).where(eq(plans.code, planCode)).limit(1);
    if (!plan) throw new Error('plans are not seeded');
    await db.insert(subscriptions).values({
      organizationId,
      planId: plan.id,
      status: 'TRIAL',
      trialEndsAt,
      currentPeriodStart: startsAt,
      currentPeriodEnd: trialEndsAt,
    });
  },

  /**
   * The organizations the scheduled job has work for at `now`: a trial or active period has ended; the
   * stored period's plan credits are not granted yet (a new organization); or credits have expired, or
   * belong to a period that is over (a plan changed mid-period), and still count in a bucket.
   */
  findDue: async (now: Date) => {
    // Periods are computed in milliseconds: a start stored with microseconds is the one its bucket has,
    // truncated.
    const periodStartMs = sql`date_trunc('milliseconds', ${subscriptions.currentPeriodStart})`;
    return (
      await db
        .select({ organizationId: subscriptions.organizationId })
        .from(subscriptions)
        .where(
          and(
            inArray(subscriptions.status, ['TRIAL', 'ACTIVE']),
            or(
              and(eq(subscriptions.status, 'TRIAL'), lte(subscriptions.trialEndsAt, now)),
              and(eq(subscriptions.status, 'ACTIVE'), lte(subscriptions.currentPeriodEnd, now)),
              sql`not exists (${db
                .select({ one: sql`1` })
                .from(creditBuckets)
                .where(
                  and(
                    eq(creditBuckets.organizationId, subscriptions.organizationId),
                    eq(creditBuckets.source, 'plan'),
                    eq(creditBuckets.periodStart, periodStartMs),
                  ),
                )})`,
              sql`exists (${db
                .select({ one: sql`1` })
                .from(creditBuckets)
                .where(
                  and(
                    eq(creditBuckets.organizationId, subscriptions.organizationId),
                    gt(creditBuckets.remaining, 0),
                    or(
                      lte(creditBuckets.expiresAt, now),
                      and(eq(creditBuckets.source, 'plan'), lt(creditBuckets.periodStart, periodStartMs)),
                    ),
                  ),
                )})`,
            ),
          ),
        )
    ).map((r) => r.organizationId);
  },
});
