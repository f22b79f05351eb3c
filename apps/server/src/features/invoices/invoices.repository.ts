import { and, count, eq, gte, inArray, sql } from 'drizzle-orm';
import type { InvoiceStatus } from '@invoicing/contract';
import type { OrgScope } from '../../platform/db/org-scope';
import { pageOffset } from '../../platform/db/pagination';
import { preparedFor } from '../../platform/db/prepared';
import { attachments } from '../attachments/attachments.table';
import { users } from '../auth/auth.table';
import { customers } from '../customers/customers.table';
import { items } from '../items/items.table';
import { invoiceDailyTotals, invoiceLines, invoiceNumberSequences, invoices } from './invoices.table';
import {
  readByCount,
  readFirstPage,
  readFromAnchor,
  type ListQuery,
  type ListRow,
} from './invoice-list-reads';

export type InvoiceRow = typeof invoices.$inferSelect;
/** A line as the invoice detail reads it. */
export type InvoiceLineRow = Pick<
  typeof invoiceLines.$inferSelect,
  'id' | 'itemId' | 'description' | 'quantity' | 'unitPrice' | 'total'
>;
/** The stored file of an invoice's image. */
export interface InvoiceImage {
  attachmentId: string;
  /**
   * INVOICE_IMAGE: stored for the invoice, and its alone. INVOICE_UPLOAD: a file of the file manager that
   * the invoice was read from; it stays the user's.
   */
  kind: 'INVOICE_IMAGE' | 'INVOICE_UPLOAD';
  mime: string;
  name: string;
  size: number;
  hasPreview: boolean;
}
type InvoiceValues = Omit<typeof invoices.$inferInsert, 'id' | 'organizationId'>;
export type LineValues = Omit<typeof invoiceLines.$inferInsert, 'id' | 'organizationId' | 'invoiceId'>;

/** Invoices and their lines in the scope's organization; every query is filtered by it. */
export const invoicesRepository = (scope: OrgScope) => {
  const org = scope.organizationId;
  const own = eq(invoices.organizationId, org);
  const mine = (id: string) => and(own, eq(invoices.id, id));
  return {
    /**
     * A page of the list and the list's count: the first page in one statement, a deeper page from a
     * remembered position when one is near, else the count and then the page (invoice-list-reads.ts).
     */
    list: async (query: ListQuery): Promise<{ rows: ListRow[]; count: number }> => {
      if (pageOffset(query.page, query.pageSize) === 0) return readFirstPage(scope, query);
      return (await readFromAnchor(scope, query)) ?? readByCount(scope, query);
    },

    /**
     * The invoice with its customer, lines, its image's file and the name of whoever deleted its image, in
     * one query; `lock` holds the invoice row until the transaction ends.
     */
    find: (id: string, opts: { lock?: boolean } = {}) =>
      scope.run(
        async (tx) => {
          const query = preparedFor(tx, opts.lock ? 'invoice_find_for_update' : 'invoice_find', (name) => {
            const l = invoiceLines;
            const p = { org: sql.placeholder('org'), id: sql.placeholder('id') };
            // Line figures travel as text inside the JSON: numeric must never pass through a float.
            const lines = sql<InvoiceLineRow[]>`coalesce((select json_agg(json_build_object(
              'id', ${l.id}, 'itemId', ${l.itemId}, 'description', ${l.description},
              'quantity', ${l.quantity}::text, 'unitPrice', ${l.unitPrice}::text, 'total', ${l.total}::text)
              order by ${l.position})
            from ${l} where ${l.organizationId} = ${p.org} and ${l.invoiceId} = ${invoices.id}), '[]'::json)`;
            const deletedByName = sql<
              string | null
            >`(select coalesce(nullif(${users.name}, ''), ${users.email}) from ${users} where ${users.id} = ${invoices.imageDeletedBy})`;
            const base = tx
              .select({
                row: invoices,
                customerId: customers.id,
                customerName: customers.name,
                customerEmail: customers.email,
                lines,
                deletedByName,
                imageKind: attachments.kind,
                imageMime: attachments.mime,
                imageName: attachments.originalName,
                imageSize: attachments.size,
                imagePreviewKey: attachments.previewKey,
              })
              .from(invoices)
              .leftJoin(
                customers,
                and(eq(customers.id, invoices.customerId), eq(customers.organizationId, p.org)),
              )
              .leftJoin(
                attachments,
                and(eq(attachments.id, invoices.imageAttachmentId), eq(attachments.organizationId, p.org)),
              )
              .where(and(eq(invoices.organizationId, p.org), eq(invoices.id, p.id)))
              .limit(1);
            return (opts.lock ? base.for('update', { of: invoices }) : base).prepare(name);
          });
          const [found] = await query.execute({ org, id });
          if (!found) return null;
          return {
            row: found.row,
            customer: found.customerId
              ? { id: found.customerId, name: found.customerName ?? '', email: found.customerEmail ?? '' }
              : null,
            lines: found.lines,
            image:
              found.row.imageAttachmentId && found.imageMime !== null
                ? {
                    attachmentId: found.row.imageAttachmentId,
                    kind: found.imageKind ?? 'INVOICE_IMAGE',
                    mime: found.imageMime,
                    name: found.imageName ?? '',
                    size: found.imageSize ?? 0,
                    hasPreview: found.imagePreviewKey !== null,
                  }
                : null,
            deletedByName: found.row.imageDeletedBy ? found.deletedByName : null,
          };
        },
        // Locked, it belongs to the caller's transaction; alone, it is one statement.
        { oneStatement: !opts.lock },
      ),

    /** Whether the customer exists; locks it against deletion for the rest of the transaction. */
    customerExists: (customerId: string) =>
      scope.run(async (tx) => {
        const [row] = await tx
          .select({ id: customers.id })
          .from(customers)
          .where(and(eq(customers.organizationId, org), eq(customers.id, customerId)))
          // Held until the invoice is written: a concurrent deletion waits, then finds the reference.
          .for('key share');
        return Boolean(row);
      }),

    /** Which of these item ids exist in the organization; locks them against deletion for the transaction. */
    existingItemIds: (ids: string[]) =>
      scope.run(async (tx) => {
        if (ids.length === 0) return new Set<string>();
        const rows = await tx
          .select({ id: items.id })
          .from(items)
          .where(and(eq(items.organizationId, org), inArray(items.id, ids)))
          // Held until the lines are written: a concurrent deletion waits instead of breaking the save.
          .for('key share');
        return new Set(rows.map((r) => r.id));
      }),

    numberTaken: (number: string, exceptId?: string) =>
      scope.run(async (tx) => {
        const [row] = await tx
          .select({ id: invoices.id })
          .from(invoices)
          .where(and(own, eq(invoices.number, number)));
        return Boolean(row && row.id !== exceptId);
      }),

    /** How many invoices refer to the customer. */
    /** How many invoices were created since `since` (its plan's monthly limit counts them). */
    countCreatedSince: (since: Date) =>
      scope.run(async (tx) => {
        const [row] = await tx
          .select({ n: count() })
          .from(invoices)
          .where(and(own, gte(invoices.createdAt, since)));
        return row?.n ?? 0;
      }),

    countOfCustomer: (customerId: string) =>
      scope.run(async (tx) => {
        const [row] = await tx
          .select({ n: count() })
          .from(invoices)
          .where(and(own, eq(invoices.customerId, customerId)));
        return row?.n ?? 0;
      }),

    /** Whether an invoice has this file as its image, shown or deleted. */
    imageTaken: (attachmentId: string) =>
      scope.run(async (tx) => {
        const [row] = await tx
          .select({ id: invoices.id })
          .from(invoices)
          .where(and(own, eq(invoices.imageAttachmentId, attachmentId)))
          .limit(1);
        return Boolean(row);
      }),

    /** The next sequence value; the row stays locked until the transaction ends. */
    nextSequenceValue: () =>
      scope.run(async (tx) => {
        const [row] = await tx
          .insert(invoiceNumberSequences)
          .values({ organizationId: org, lastValue: 1 })
          .onConflictDoUpdate({
            target: invoiceNumberSequences.organizationId,
            set: { lastValue: sql`${invoiceNumberSequences.lastValue} + 1` },
          })
          .returning({ value: invoiceNumberSequences.lastValue });
        return row!.value;
      }),

    insert: (values: InvoiceValues) =>
      scope.run(
        async (tx) =>
          (
            await tx
              .insert(invoices)
              .values({ ...values, organizationId: org })
              .returning()
          )[0]!,
      ),

    update: (id: string, values: Partial<InvoiceValues>) =>
      scope.run(
        async (tx) =>
          (
            await tx
              .update(invoices)
              .set({ ...values, updatedAt: new Date() })
              .where(mine(id))
              .returning()
          )[0] ?? null,
      ),

    replaceLines: (invoiceId: string, lines: LineValues[]) =>
      scope.run(async (tx) => {
        await tx
          .delete(invoiceLines)
          .where(and(eq(invoiceLines.organizationId, org), eq(invoiceLines.invoiceId, invoiceId)));
        if (lines.length > 0) {
          await tx.insert(invoiceLines).values(lines.map((l) => ({ ...l, organizationId: org, invoiceId })));
        }
      }),

    remove: (id: string) =>
      scope.run(
        async (tx) => (await tx.delete(invoices).where(mine(id)).returning({ id: invoices.id })).length > 0,
      ),

    /** Counts and sums by status of invoices issued on or after `since`; SENT past due counts as OVERDUE. */
    stats: (since: string, today: string) =>
      scope.run((tx) =>
        preparedFor(tx, 'invoice_stats', (name) => {
          const d = invoiceDailyTotals;
          const p = {
            org: sql.placeholder('org'),
            since: sql.placeholder('since'),
            today: sql.placeholder('today'),
          };
          const effective = sql<InvoiceStatus>`case when ${d.status} = 'SENT' and ${d.dueDate} < ${p.today}::date then 'OVERDUE' else ${d.status} end`;
          return tx
            .select({
              status: effective,
              n: sql<number>`coalesce(sum(${d.invoiceCount}), 0)::int`,
              amount: sql<string>`coalesce(sum(${d.totalAmount}), 0)::text`,
            })
            .from(d)
            .where(and(eq(d.organizationId, p.org), sql`${d.issueDate} >= ${p.since}::date`))
            .groupBy(sql`1`)
            .prepare(name);
        }).execute({ org, since, today }),
      ),
  };
};
