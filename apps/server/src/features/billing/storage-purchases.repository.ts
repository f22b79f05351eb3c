import { and, asc, eq, gt, isNull, or } from 'drizzle-orm';
import type { OrgScope } from '../../platform/db/org-scope';
import { storagePurchases } from './billing.table';

/** The extra storage of the scope's organization; every query is filtered by it. */
export const storagePurchasesRepository = (scope: OrgScope) => {
  const own = eq(storagePurchases.organizationId, scope.organizationId);
  const activeAt = (now: Date) =>
    and(
      own,
      isNull(storagePurchases.removedAt),
      or(isNull(storagePurchases.expiresAt), gt(storagePurchases.expiresAt, now)),
    );
  return {
    /** The purchases counting at `now`, oldest first. */
    findActive: (now: Date) =>
      scope.run((tx) =>
        tx
          .select({
            id: storagePurchases.id,
            storageMb: storagePurchases.storageMb,
            createdAt: storagePurchases.createdAt,
            expiresAt: storagePurchases.expiresAt,
          })
          .from(storagePurchases)
          .where(activeAt(now))
          .orderBy(asc(storagePurchases.createdAt)),
      ),

    /** The storage a payment bought, once: null when it was granted before. */
    insert: (values: { paymentId: string; storageMb: number }) =>
      scope.run(async (tx) => {
        const [row] = await tx
          .insert(storagePurchases)
          .values({ organizationId: scope.organizationId, ...values })
          .onConflictDoNothing()
          .returning({ id: storagePurchases.id });
        return row?.id ?? null;
      }),

    /** Removes an active purchase; false when there is none by that id. */
    remove: (id: string, now: Date) =>
      scope.run(async (tx) => {
        const rows = await tx
          .update(storagePurchases)
          .set({ removedAt: now })
          .where(and(activeAt(now), eq(storagePurchases.id, id)))
          .returning({ id: storagePurchases.id });
        return rows.length > 0;
      }),
  };
};
