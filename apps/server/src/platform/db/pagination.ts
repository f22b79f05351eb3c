import { count, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { TenantTx } from './org-scope';
/** The offset of a page, and the answer shape of every paginated list. */
export const pageOffset = (page: number, pageSize: number) => (page - 1) * pageSize;

export const pageOf = <T>(results: T[], count: number, page: number, pageSize: number) => ({
  count,
  page,
  page_size: pageSize,
  results,
});

/** Escapes LIKE wildcards in a user's search text. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of a table's rows in the given order, and the total count, in the caller's
 * transaction. The caller's `where` must include the organization filter.
 */
export const selectPage = async <T extends PgTable>(
  tx: TenantTx,
  table: T,
  opts: { where: SQL | undefined; orderBy: (SQL | PgColumn)[]; page: number; pageSize: number },
): Promise<{ rows: T['$inferSelect'][]; count: number }> => {
  const rows = await tx
    .select()
    .from(table as PgTable)
    .where(opts.where)
    .orderBy(...opts.orderBy)
    .limit(opts.pageSize)
    .offset(pageOffset(opts.page, opts.pageSize));
  const [total] = await tx
    .select({ n: count() })
    .from(table as PgTable)
    .where(opts.where);
  return { rows: rows as T['$inferSelect'][], count: total?.n ?? 0 };
};
