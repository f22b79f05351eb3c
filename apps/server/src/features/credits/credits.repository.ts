import { and, asc, desc, eq, gt, gte, inArray, lt, lte, or, sql, sum } from 'drizzle-orm';
import type { OrgScope } from '../../platform/db/org-scope';
import { creditBuckets, creditMovements } from './credits.table';

type MovementValues = Omit<typeof creditMovements.$inferInsert, 'id' | 'organizationId'>;

/** Credit buckets and the ledger of the scope's organization; every query is filtered by it. */
export const creditsRepository = (scope: OrgScope) => {
  const org = scope.organizationId;
  const ownBuckets = eq(creditBuckets.organizationId, org);
  const ownMovements = eq(creditMovements.organizationId, org);
  /** Extras not expired at `now`, and the plan's credits of the period that started at `periodStart`. */
  const live = (now: Date, periodStart: Date) =>
    and(
      ownBuckets,
      gt(creditBuckets.expiresAt, now),
      or(eq(creditBuckets.source, 'extra'), eq(creditBuckets.periodStart, periodStart)),
    );
  return {
    /** The plan's bucket of a period, once: answers its id when this call made it, else null. */
    insertPlanBucket: (values: { granted: number; periodStart: Date; expiresAt: Date; createdAt: Date }) =>
      scope.run(async (tx) => {
        const [bucket] = await tx
          .insert(creditBuckets)
          .values({ organizationId: org, source: 'plan', remaining: values.granted, ...values })
          .onConflictDoNothing()
          .returning({ id: creditBuckets.id });
        return bucket?.id ?? null;
      }),

    /** A movement of the ledger; null when the same movement is there already. */
    insertMovement: (values: MovementValues) =>
      scope.run(async (tx) => {
        const [row] = await tx
          .insert(creditMovements)
          .values({ organizationId: org, ...values })
          .onConflictDoNothing()
          .returning({ id: creditMovements.id });
        return row?.id ?? null;
      }),

    /**
     * The buckets that count at `now`: unexpired extras and the plan's credits of the period that started
     * at `periodStart` (those of an earlier period are over, even when a plan change cut it short).
     */
    findLiveBuckets: (now: Date, periodStart: Date) =>
      scope.run((tx) =>
        tx
          .select({
            id: creditBuckets.id,
            source: creditBuckets.source,
            granted: creditBuckets.granted,
            remaining: creditBuckets.remaining,
            periodStart: creditBuckets.periodStart,
            expiresAt: creditBuckets.expiresAt,
          })
          .from(creditBuckets)
          .where(live(now, periodStart))
          .orderBy(creditBuckets.expiresAt),
      ),

    /**
     * The buckets that are over at `now` and still hold credits, locked: expired ones, and the plan's
     * credits of a period before the one that started at `periodStart`.
     */
    lockEndedBuckets: (now: Date, periodStart: Date) =>
      scope.run((tx) =>
        tx
          .select({
            id: creditBuckets.id,
            remaining: creditBuckets.remaining,
            expiresAt: creditBuckets.expiresAt,
          })
          .from(creditBuckets)
          .where(
            and(
              ownBuckets,
              gt(creditBuckets.remaining, 0),
              or(
                lte(creditBuckets.expiresAt, now),
                and(eq(creditBuckets.source, 'plan'), lt(creditBuckets.periodStart, periodStart)),
              ),
            ),
          )
          .orderBy(asc(creditBuckets.id))
          .for('update'),
      ),

    /** Ends a bucket at `at` when it was to expire later (its period was cut short). */
    endBucketAt: (bucketId: string, at: Date) =>
      scope.run(async (tx) => {
        await tx
          .update(creditBuckets)
          .set({ expiresAt: at })
          .where(and(ownBuckets, eq(creditBuckets.id, bucketId), gt(creditBuckets.expiresAt, at)));
      }),

    /**
     * The buckets that can be spent at `now` (as `findLiveBuckets`), locked in the one order every spender
     * takes them: plan first, then extras by earliest expiry.
     */
    lockSpendableBuckets: (now: Date, periodStart: Date) =>
      scope.run((tx) =>
        tx
          .select({ id: creditBuckets.id, remaining: creditBuckets.remaining })
          .from(creditBuckets)
          .where(and(live(now, periodStart), gt(creditBuckets.remaining, 0)))
          .orderBy(
            desc(sql`${creditBuckets.source} = 'plan'`),
            asc(creditBuckets.expiresAt),
            asc(creditBuckets.id),
          )
          .for('update'),
      ),

    /** Adds `amount` (negative to take) to a bucket's remaining credits. */
    addToBucket: (bucketId: string, amount: number) =>
      scope.run(async (tx) => {
        await tx
          .update(creditBuckets)
          .set({ remaining: sql`${creditBuckets.remaining} + ${amount}` })
          .where(and(ownBuckets, eq(creditBuckets.id, bucketId)));
      }),

    /** Credits spent since `since`, refunds deducted (a negative sum, as the ledger signs it). */
    sumSpentSince: (since: Date) =>
      scope.run(async (tx) => {
        const [spent] = await tx
          .select({ total: sum(creditMovements.amount) })
          .from(creditMovements)
          .where(
            and(
              ownMovements,
              inArray(creditMovements.kind, ['ocr_charge', 'refund']),
              gte(creditMovements.createdAt, since),
            ),
          );
        return Number(spent?.total ?? 0);
      }),

    /** What an OCR run was charged, net of refunds, per bucket. */
    findChargesOf: (extractionId: string) =>
      scope.run(async (tx) =>
        (
          await tx
            .select({ bucketId: creditMovements.bucketId, amount: sum(creditMovements.amount) })
            .from(creditMovements)
            .where(
              and(
                ownMovements,
                eq(creditMovements.extractionId, extractionId),
                inArray(creditMovements.kind, ['ocr_charge', 'refund']),
              ),
            )
            .groupBy(creditMovements.bucketId)
            .orderBy(asc(creditMovements.bucketId))
        ).map((c) => ({ bucketId: c.bucketId, amount: Number(c.amount ?? 0) })),
      ),
  };
};

/** Credits bought by payments (features/billing): extra buckets, a paid plan's new period, removals. */
export const creditPurchasesRepository = (scope: OrgScope) => {
  const org = scope.organizationId;
  const ownBuckets = eq(creditBuckets.organizationId, org);
  return {
    /** The extra bucket a payment bought, once: answers its id when this call made it, else null. */
    insertExtraBucket: (values: { granted: number; paymentId: string; periodStart: Date; expiresAt: Date }) =>
      scope.run(async (tx) => {
        const [bucket] = await tx
          .insert(creditBuckets)
          .values({ organizationId: org, source: 'extra', remaining: values.granted, ...values })
          .onConflictDoNothing()
          .returning({ id: creditBuckets.id });
        return bucket?.id ?? null;
      }),

    /** Ends a live extra bucket at `at`; false when there is no live extra bucket by that id. */
    expireExtraBucket: (id: string, at: Date) =>
      scope.run(async (tx) => {
        const rows = await tx
          .update(creditBuckets)
          .set({ expiresAt: at })
          .where(
            and(
              ownBuckets,
              eq(creditBuckets.id, id),
              eq(creditBuckets.source, 'extra'),
              gt(creditBuckets.expiresAt, at),
            ),
          )
          .returning({ id: creditBuckets.id });
        return rows.length > 0;
      }),
  };
};
