import { and, asc, eq, ilike, or } from 'drizzle-orm';
import type { OrgScope } from '../../platform/db/org-scope';
import { likePattern, selectPage } from '../../platform/db/pagination';
import { items } from './items.table';

export type ItemRow = typeof items.$inferSelect;
type ItemValues = Pick<ItemRow, 'name' | 'sku' | 'currency' | 'unitPrice' | 'taxRate'>;

/** Items of the scope's organization; every query is filtered by it. */
export const itemsRepository = (scope: OrgScope) => {
  const own = eq(items.organizationId, scope.organizationId);
  const mine = (id: string) => and(own, eq(items.id, id));
  return {
    list: (opts: { q?: string | undefined; page: number; pageSize: number }) =>
      scope.run(async (tx) => {
        const pattern = opts.q ? likePattern(opts.q) : null;
        const where = pattern ? and(own, or(ilike(items.name, pattern), ilike(items.sku, pattern))) : own;
        return selectPage(tx, items, {
          where,
          orderBy: [asc(items.name), asc(items.id)],
          page: opts.page,
          pageSize: opts.pageSize,
        });
      }),
    /** Every item's id and name (matching lines read by OCR). */
    findNames: () => scope.run((tx) => tx.select({ id: items.id, name: items.name }).from(items).where(own)),
    find: (id: string) =>
      scope.run(async (tx) => (await tx.select().from(items).where(mine(id)).limit(1))[0] ?? null),
    insert: (values: ItemValues) =>
      scope.run(
        async (tx) =>
          (
            await tx
              .insert(items)
              .values({ ...values, organizationId: scope.organizationId })
              .returning()
          )[0]!,
      ),
    update: (id: string, values: ItemValues) =>
      scope.run(
        async (tx) =>
          (
            await tx
              .update(items)
              .set({ ...values, updatedAt: new Date() })
              .where(mine(id))
              .returning()
          )[0] ?? null,
      ),
    remove: (id: string) =>
      scope.run(
        async (tx) => (await tx.delete(items).where(mine(id)).returning({ id: items.id })).length > 0,
      ),
  };
};
