import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { OrgScope } from './org-scope';

/** A table of an organization's records: each row has its id, its organization and when it last changed. */
export type RecordTable = PgTable & { id: PgColumn; organizationId: PgColumn; updatedAt: PgColumn };

/**
 * Find, insert, update and remove one record of the scope's organization by id, for a table of named
 * records; every statement is filtered by the organization, and inserts are given it.
 */
export const tenantRecords = <T extends RecordTable, Values extends Partial<T['$inferInsert']>>(
  scope: OrgScope,
  table: T,
) => {
  const mine = (id: string) => and(eq(table.organizationId, scope.organizationId), eq(table.id, id));
  const anyTable = table as PgTable;
  type Row = T['$inferSelect'];
  return {
    find: (id: string) =>
      scope.run(
        async (tx) =>
          ((await tx.select().from(anyTable).where(mine(id)).limit(1))[0] as Row | undefined) ?? null,
      ),
    insert: (values: Values) =>
      scope.run(
        async (tx) =>
          (
            await tx
              .insert(anyTable)
              .values({ ...values, organizationId: scope.organizationId } as PgTable['$inferInsert'])
              .returning()
          )[0] as Row,
      ),
    update: (id: string, values: Values) =>
      scope.run(
        async (tx) =>
          ((
            await tx
              .update(anyTable)
              .set({ ...values, updatedAt: new Date() } as Partial<PgTable['$inferInsert']>)
              .where(mine(id))
              .returning()
          )[0] as Row | undefined) ?? null,
      ),
    remove: (id: string) =>
      scope.run(
        async (tx) => (await tx.delete(anyTable).where(mine(id)).returning({ id: table.id })).length > 0,
      ),
  };
};
