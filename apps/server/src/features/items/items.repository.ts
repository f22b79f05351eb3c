import { and, asc, count, eq, ilike, or } from 'drizzle-orm';
import type { OrgScope } from '../../platform/db/org-scope';
import { likePattern, selectPage } from '../../platform/db/pagination';
import { tenantRecords } from '../../platform/db/tenant-records';
import { items } from './items.table';

export type ItemRow = typeof items.$inferSelect;
type ItemValues = Pick<ItemRow, 'name' | 'sku' | 'currency' | 'unitPrice' | 'taxRate'>;

/** Items of the scope's organization; every query is filtered by it. */
export const itemsRepository = (scope: OrgScope) => {
  const own = eq(items.organizationId, scope.organizationId);
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
    /** How many items the organization has (its plan's limit counts them). */
    count: () =>
      scope.run(async (tx) => {
        const [row] = await tx.select({ n: count() }).from(items).where(own);
        return row?.n ?? 0;
      }),
    ...tenantRecords<typeof items, ItemValues>(scope, items),
  };
};
