import { and, asc, count, eq, ilike, or } from 'drizzle-orm';
import type { OrgScope } from '../../platform/db/org-scope';
import { likePattern, selectPage } from '../../platform/db/pagination';
import { tenantRecords } from '../../platform/db/tenant-records';
import { customers } from './customers.table';

export type CustomerRow = typeof customers.$inferSelect;
type CustomerValues = Pick<CustomerRow, 'name' | 'email' | 'phone' | 'taxId' | 'address'>;

/** Customers of the scope's organization; every query is filtered by it. */
export const customersRepository = (scope: OrgScope) => {
  const own = eq(customers.organizationId, scope.organizationId);
  return {
    list: (opts: { q?: string | undefined; page: number; pageSize: number }) =>
      scope.run(async (tx) => {
        const pattern = opts.q ? likePattern(opts.q) : null;
        const where = pattern
          ? and(
              own,
              or(
                ilike(customers.name, pattern),
                ilike(customers.email, pattern),
                ilike(customers.phone, pattern),
                ilike(customers.taxId, pattern),
              ),
            )
          : own;
        return selectPage(tx, customers, {
          where,
          orderBy: [asc(customers.name), asc(customers.id)],
          page: opts.page,
          pageSize: opts.pageSize,
        });
      }),
    /** Every customer's id, name and tax id (matching names read by OCR). */
    findNames: () =>
      scope.run((tx) =>
        tx
          .select({ id: customers.id, name: customers.name, taxId: customers.taxId })
          .from(customers)
          .where(own),
      ),
    /** How many customers the organization has (its plan's limit counts them). */
    count: () =>
      scope.run(async (tx) => {
        const [row] = await tx.select({ n: count() }).from(customers).where(own);
        return row?.n ?? 0;
      }),
    ...tenantRecords<typeof customers, CustomerValues>(scope, customers),
  };
};
