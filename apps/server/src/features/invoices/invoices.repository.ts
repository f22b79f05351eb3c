import { and, asc, count, desc, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { InvoiceStatus } from '@invoicing/contract';
import type { OrgScope, TenantTx } from '../../platform/db/org-scope';
import { likePattern, pageOffset } from '../../platform/db/pagination';
import { preparedFor } from '../../platform/db/prepared';
import { attachments } from '../attachments/attachments.table';
import { users } from '../auth/auth.table';
import { customers } from '../customers/customers.table';
import { items } from '../items/items.table';
import {
  invoiceDailyTotals,
  invoiceLines,
  invoiceNumberSequences,
  invoiceStatusCounts,
  invoices,
} from './invoices.table';
import { invoiceListPositions } from './invoice-positions';

export type InvoiceRow = typeof invoices.$inferSelect;
/** A row of the invoice list. */
export interface ListRow {
  id: string;
  number: string;
  status: InvoiceStatus;
  issueDate: string;
  dueDate: string;
  currency: string;
  total: string;
  imageStatus: InvoiceRow['imageStatus'];
  customerId: string | null;
  customerName: string | null;
  customerEmail: string | null;
  count: number;
  version: string | null;
}
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
export type InvoiceValues = Omit<typeof invoices.$inferInsert, 'id' | 'organizationId'>;
export type LineValues = Omit<typeof invoiceLines.$inferInsert, 'id' | 'organizationId' | 'invoiceId'>;

/** The organization's invoice count, in one status or in all, from the counts the trigger keeps. */
/**
 * The organization's invoice count as a scalar subquery: from the counts the trigger keeps (in one status
 * or in all), or, for a number search, by counting the matches.
 */
const countOf = (
  org: SQL.Aliased | Placeholder | string,
  status: InvoiceStatus | undefined,
  where: SQL | undefined,
  search: boolean,
) => {
  if (search) return sql<number>`(select count(*) from ${invoices} where ${where})::int`;
  const c = invoiceStatusCounts;
  const column = status
    ? { DRAFT: c.draft, SENT: c.sent, PAID: c.paid, OVERDUE: c.overdue, CANCELLED: c.cancelled }[status]
    : sql`${c.draft} + ${c.sent} + ${c.paid} + ${c.overdue} + ${c.cancelled}`;
  return sql<number>`coalesce((select ${column} from ${c} where ${c.organizationId} = ${org}), 0)::int`;
};

/** The page sizes whose first page has a statement of its own (see `list`). */
const usualPageSizes = new Set([10, 20, 25, 50, 100]);

/** Invoices and their lines in the scope's organization; every query is filtered by it. */
export const invoicesRepository = (scope: OrgScope) => {
  const org = scope.organizationId;
  const own = eq(invoices.organizationId, org);
  const mine = (id: string) => and(own, eq(invoices.id, id));
  return {
    list: async (opts: {
      status?: InvoiceStatus | undefined;
      q?: string | undefined;
      page: number;
      pageSize: number;
    }): Promise<{ rows: ListRow[]; count: number }> => {
      const p = {
        org: sql.placeholder('org'),
        status: sql.placeholder('status'),
        pattern: sql.placeholder('pattern'),
        limit: sql.placeholder('limit'),
        offset: sql.placeholder('offset'),
        anchor: sql.placeholder('anchor'),
      };
      const { status } = opts;
      const search = Boolean(opts.q);
      const values = { org, status, pattern: opts.q ? likePattern(opts.q) : undefined };
      const variant = `${status ?? 'all'}_${search ? 'search' : 'list'}`;
      const offset = pageOffset(opts.page, opts.pageSize);
      const where = () =>
        and(
          eq(invoices.organizationId, p.org),
          status ? eq(invoices.status, p.status) : undefined,
          // Number search goes through a function the trigram index can serve (migration 0007).
          search
            ? sql`${invoices.id} in (select invoice_ids_matching_number(${p.pattern}::text))`
            : undefined,
        );
      const counted = () => countOf(p.org, status, where(), search);
      // The version of the organization's lists (see invoice-positions.ts).
      const version = () =>
        sql<
          string | null
        >`(select ${invoiceStatusCounts}.xmin::text from ${invoiceStatusCounts} where ${invoiceStatusCounts.organizationId} = ${p.org})`;
      type From = 'start' | 'end' | 'anchor';
      const pageRows = (tx: TenantTx, from: From, limit: number, skip: number, anchor?: string) => {
        // A page that starts where its rows start (the first page, or a page read from an anchor at its
        // own offset), of a usual size, is its own statement with the size written in and no offset:
        // PostgreSQL then plans it once per connection (a generic plan) instead of at every call, which
        // costs more than running it. With the size or the offset as parameters it has to plan each time,
        // or it would guess a plan that reads the whole table.
        const fixed =
          skip === 0 && from !== 'end' && limit === opts.pageSize && usualPageSizes.has(limit) ? limit : null;
        return preparedFor(
          tx,
          `invoice_page_${variant}_from_${from}${fixed ? `_fixed_${fixed}` : ''}`,
          (name) => {
            // A number search finds its matches once, for the page and for the count.
            const matched = search
              ? tx
                  .$with('matched')
                  .as(
                    tx
                      .select({ id: invoices.id, createdAt: invoices.createdAt })
                      .from(invoices)
                      .where(where()),
                  )
              : null;
            const source = matched ?? invoices;
            const order =
              from === 'end'
                ? [asc(source.createdAt), asc(source.id)]
                : [desc(source.createdAt), desc(source.id)];
            // From an anchor: the anchor invoice and those after it in the list, newest first.
            const anchored =
              from === 'anchor'
                ? sql`(${invoices.createdAt}, ${invoices.id}) <= ((select a.created_at from ${invoices} a where a.id = ${p.anchor}::uuid and a.organization_id = ${p.org}), ${p.anchor}::uuid)`
                : undefined;
            // Deferred join: the page's ids come from the (organization_id[, status], created_at, id)
            // index alone, so a deep page does not read the rows it skips; only its rows are then joined.
            const ids = matched
              ? tx
                  .select({ id: matched.id, createdAt: matched.createdAt })
                  .from(matched)
                  .orderBy(...order)
              : tx
                  .select({ id: invoices.id, createdAt: invoices.createdAt })
                  .from(invoices)
                  .where(and(where(), anchored))
                  .orderBy(...order);
            const pageIds = (
              fixed
                ? ids.limit(sql.raw(String(fixed)) as unknown as number)
                : ids.limit(p.limit).offset(p.offset)
            ).as('page_ids');
            return (matched ? tx.with(matched) : tx)
              .select({
                id: invoices.id,
                number: invoices.number,
                status: invoices.status,
                issueDate: invoices.issueDate,
                dueDate: invoices.dueDate,
                currency: invoices.currency,
                total: invoices.total,
                imageStatus: invoices.imageStatus,
                customerId: customers.id,
                customerName: customers.name,
                customerEmail: customers.email,
                count: matched ? sql<number>`(select count(*) from ${matched})::int` : counted(),
                version: from === 'anchor' ? version() : sql<null>`null`,
              })
              .from(pageIds)
              .innerJoin(invoices, and(eq(invoices.id, pageIds.id), eq(invoices.organizationId, p.org)))
              .leftJoin(
                customers,
                and(eq(customers.id, invoices.customerId), eq(customers.organizationId, p.org)),
              )
              .orderBy(desc(pageIds.createdAt), desc(pageIds.id))
              .prepare(name);
          },
        ).execute({ ...values, limit, offset: skip, anchor });
      };

      if (offset === 0) {
        // The first page and the count in one statement, so one snapshot (no rows means a count of 0),
        // and one statement needs no transaction.
        const rows = await scope.run((tx) => pageRows(tx, 'start', opts.pageSize, 0), { oneStatement: true });
        return { rows, count: rows[0]?.count ?? 0 };
      }

      const positions = invoiceListPositions;
      const list = `${org}:${status ?? 'all'}`;
      const near = search ? null : positions.nearest(list, offset);
      if (near) {
        // One statement: the page from the anchor, the count and the version they were read at.
        const rows = await scope.run(
          (tx) => pageRows(tx, 'anchor', opts.pageSize, offset - near.anchor.offset, near.anchor.id),
          { oneStatement: true },
        );
        const [first] = rows;
        if (first && first.version === near.version) {
          positions.hits += 1;
          positions.remember(list, near.version, { offset, id: first.id });
          return { rows, count: first.count };
        }
        // The list changed (or the page is past its end): read it afresh.
        positions.forget(list);
      }

      // Past the first page the count and the page are two statements: both read one snapshot, so a page
      // computed from the count is never shifted by an invoice created in between.
      return scope.run(
        async (tx) => {
          const [{ n: total, version: at } = { n: 0, version: null }] = await preparedFor(
            tx,
            `invoice_count_${variant}`,
            (name) =>
              tx
                .select({ n: counted(), version: version() })
                .from(sql`(select 1) as one`)
                .prepare(name),
          ).execute(values);
          if (offset >= total) return { rows: [], count: total };
          // A page in the second half is read from the other end of the index: the offset walked is then
          // never more than half the list, and the last pages are as quick as the first.
          const after = total - offset - opts.pageSize;
          const rows =
            after < offset
              ? await pageRows(tx, 'end', Math.min(opts.pageSize, total - offset), Math.max(after, 0))
              : await pageRows(tx, 'start', opts.pageSize, offset);
          if (!search && at !== null && rows[0]) positions.remember(list, at, { offset, id: rows[0].id });
          return { rows, count: total };
        },
        { snapshot: true },
      );
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
