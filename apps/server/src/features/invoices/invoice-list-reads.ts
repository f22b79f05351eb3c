import { and, asc, desc, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { InvoiceStatus } from '@invoicing/contract';
import type { OrgScope, TenantTx } from '../../platform/db/org-scope';
import { likePattern, pageOffset } from '../../platform/db/pagination';
import { preparedFor } from '../../platform/db/prepared';
import { customers } from '../customers/customers.table';
import { invoiceStatusCounts, invoices } from './invoices.table';
import { invoiceListPositions } from './invoice-positions';

/**
 * The invoice list, read in one of three ways (`readFirstPage`, `readFromAnchor`, `readByCount`), each a
 * prepared statement per shape of the list. A statement's name is made from its shape alone, and its SQL
 * from its shape alone (the values are placeholders), so a name always means the same SQL: the test
 * `invoice-list-reads.test.ts` builds every shape and checks it.
 */

/** A row of the invoice list. */
export interface ListRow {
  id: string;
  number: string;
  status: InvoiceStatus;
  issueDate: string;
  dueDate: string;
  currency: string;
  total: string;
  imageStatus: (typeof invoices.$inferSelect)['imageStatus'];
  customerId: string | null;
  customerName: string | null;
  customerEmail: string | null;
  count: number;
  version: string | null;
}

export interface ListQuery {
  status?: InvoiceStatus | undefined;
  q?: string | undefined;
  page: number;
  pageSize: number;
}

/** What a list statement's SQL depends on: the status filter, whether it searches numbers. */
export interface ListShape {
  status: InvoiceStatus | undefined;
  search: boolean;
}

/** What a page statement's SQL depends on besides the list's shape. */
export interface PageShape extends ListShape {
  /** Where the page is counted from: the newest invoice, the oldest, or a remembered anchor. */
  from: 'start' | 'end' | 'anchor';
  /** A usual page size written into the statement (a page with no offset), or null: limit and offset. */
  fixed: number | null;
}

/** The page sizes whose first page has a statement of its own (see `pageStatementName`). */
export const usualPageSizes: readonly number[] = [10, 20, 25, 50, 100];

const variantOf = (shape: ListShape) => `${shape.status ?? 'all'}_${shape.search ? 'search' : 'list'}`;

export const pageStatementName = (shape: PageShape) =>
  `invoice_page_${variantOf(shape)}_from_${shape.from}${shape.fixed ? `_fixed_${shape.fixed}` : ''}`;

export const countStatementName = (shape: ListShape) => `invoice_count_${variantOf(shape)}`;

const p = {
  org: sql.placeholder('org'),
  status: sql.placeholder('status'),
  pattern: sql.placeholder('pattern'),
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
  anchor: sql.placeholder('anchor'),
};

const whereOf = (shape: ListShape) =>
  and(
    eq(invoices.organizationId, p.org),
    shape.status ? eq(invoices.status, p.status) : undefined,
    // Number search goes through a function the trigram index can serve (migration 0007).
    shape.search
      ? sql`${invoices.id} in (select invoice_ids_matching_number(${p.pattern}::text))`
      : undefined,
  );

/**
 * The organization's invoice count as a scalar subquery: from the counts the trigger keeps (in one status
 * or in all), or, for a number search, by counting the matches.
 */
const countOf = (org: SQL.Aliased | Placeholder | string, shape: ListShape) => {
  if (shape.search) return sql<number>`(select count(*) from ${invoices} where ${whereOf(shape)})::int`;
  const c = invoiceStatusCounts;
  const column = shape.status
    ? { DRAFT: c.draft, SENT: c.sent, PAID: c.paid, OVERDUE: c.overdue, CANCELLED: c.cancelled }[shape.status]
    : sql`${c.draft} + ${c.sent} + ${c.paid} + ${c.overdue} + ${c.cancelled}`;
  return sql<number>`coalesce((select ${column} from ${c} where ${c.organizationId} = ${org}), 0)::int`;
};

/** The version of the organization's lists (see invoice-positions.ts). */
const versionOf = () =>
  sql<
    string | null
  >`(select ${invoiceStatusCounts}.xmin::text from ${invoiceStatusCounts} where ${invoiceStatusCounts.organizationId} = ${p.org})`;

/** The page statement of a shape, not yet prepared (the test reads its SQL). */
export const buildPageQuery = (tx: TenantTx, shape: PageShape) => {
  const { from, fixed } = shape;
  const where = whereOf(shape);
  // A number search finds its matches once, for the page and for the count.
  const matched = shape.search
    ? tx
        .$with('matched')
        .as(tx.select({ id: invoices.id, createdAt: invoices.createdAt }).from(invoices).where(where))
    : null;
  const source = matched ?? invoices;
  const order =
    from === 'end' ? [asc(source.createdAt), asc(source.id)] : [desc(source.createdAt), desc(source.id)];
  // From an anchor: the anchor invoice and those after it in the list, newest first.
  const anchored =
    from === 'anchor'
      ? sql`(${invoices.createdAt}, ${invoices.id}) <= ((select a.created_at from ${invoices} a where a.id = ${p.anchor}::uuid and a.organization_id = ${p.org}), ${p.anchor}::uuid)`
      : undefined;
  // Deferred join: the page's ids come from the (organization_id[, status], created_at, id) index alone,
  // so a deep page does not read the rows it skips; only its rows are then joined.
  const ids = matched
    ? tx
        .select({ id: matched.id, createdAt: matched.createdAt })
        .from(matched)
        .orderBy(...order)
    : tx
        .select({ id: invoices.id, createdAt: invoices.createdAt })
        .from(invoices)
        .where(and(where, anchored))
        .orderBy(...order);
  const pageIds = (
    fixed ? ids.limit(sql.raw(String(fixed)) as unknown as number) : ids.limit(p.limit).offset(p.offset)
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
      count: matched ? sql<number>`(select count(*) from ${matched})::int` : countOf(p.org, shape),
      version: from === 'anchor' ? versionOf() : sql<null>`null`,
    })
    .from(pageIds)
    .innerJoin(invoices, and(eq(invoices.id, pageIds.id), eq(invoices.organizationId, p.org)))
    .leftJoin(customers, and(eq(customers.id, invoices.customerId), eq(customers.organizationId, p.org)))
    .orderBy(desc(pageIds.createdAt), desc(pageIds.id));
};

/** The count statement of a shape, not yet prepared: the count and the version it was read at. */
export const buildCountQuery = (tx: TenantTx, shape: ListShape) =>
  tx.select({ n: countOf(p.org, shape), version: versionOf() }).from(sql`(select 1) as one`);

const valuesOf = (scope: OrgScope, query: ListQuery) => ({
  org: scope.organizationId,
  status: query.status,
  pattern: query.q ? likePattern(query.q) : undefined,
});

const shapeOf = (query: ListQuery): ListShape => ({ status: query.status, search: Boolean(query.q) });

/**
 * Reads a page of `limit` rows, `skip` rows after where `from` starts (the anchor's id when from an anchor).
 * A page that starts where its rows start (the first page, or a page read from an anchor at its own
 * offset), of a usual size, is its own statement with the size written in and no offset: PostgreSQL then
 * plans it once per connection (a generic plan) instead of at every call, which costs more than running
 * it. With the size or the offset as parameters it has to plan each time, or it would guess a plan that
 * reads the whole table.
 */
const readPage = (
  tx: TenantTx,
  scope: OrgScope,
  query: ListQuery,
  from: PageShape['from'],
  limit: number,
  skip: number,
  anchor?: string,
): Promise<ListRow[]> => {
  const fixed =
    skip === 0 && from !== 'end' && limit === query.pageSize && usualPageSizes.includes(limit) ? limit : null;
  const shape: PageShape = { ...shapeOf(query), from, fixed };
  return preparedFor(tx, pageStatementName(shape), (name) => buildPageQuery(tx, shape).prepare(name)).execute(
    {
      ...valuesOf(scope, query),
      limit,
      offset: skip,
      anchor,
    },
  );
};

/** The list's key in the remembered positions: one per organization and status. */
const positionsKey = (scope: OrgScope, query: ListQuery) =>
  `${scope.organizationId}:${query.status ?? 'all'}`;

/**
 * The first page and the count in one statement, so one snapshot (no rows means a count of 0); one
 * statement needs no transaction.
 */
export const readFirstPage = async (scope: OrgScope, query: ListQuery) => {
  const rows = await scope.run((tx) => readPage(tx, scope, query, 'start', query.pageSize, 0), {
    oneStatement: true,
  });
  return { rows, count: rows[0]?.count ?? 0 };
};

/**
 * A deeper page read from the nearest remembered anchor, with the count and the version they were read
 * at, in one statement. Answers null when no anchor is near, or when the list has changed since (then
 * forgotten) or the page is past its end.
 */
export const readFromAnchor = async (scope: OrgScope, query: ListQuery) => {
  if (query.q) return null;
  const positions = invoiceListPositions;
  const list = positionsKey(scope, query);
  const offset = pageOffset(query.page, query.pageSize);
  const near = positions.nearest(list, offset);
  if (!near) return null;
  const rows = await scope.run(
    (tx) => readPage(tx, scope, query, 'anchor', query.pageSize, offset - near.anchor.offset, near.anchor.id),
    { oneStatement: true },
  );
  const [first] = rows;
  if (first && first.version === near.version) {
    positions.hits += 1;
    positions.remember(list, near.version, { offset, id: first.id });
    return { rows, count: first.count };
  }
  positions.forget(list);
  return null;
};

/**
 * The count, then the page: two statements that read one snapshot, so a page computed from the count is
 * never shifted by an invoice created in between. A page in the second half is read from the other end
 * of the index: the offset walked is then never more than half the list, and the last pages are as quick
 * as the first. The page's position is remembered for `readFromAnchor`.
 */
export const readByCount = (scope: OrgScope, query: ListQuery) =>
  scope.run(
    async (tx) => {
      const offset = pageOffset(query.page, query.pageSize);
      const shape = shapeOf(query);
      const [{ n: total, version: at } = { n: 0, version: null }] = await preparedFor(
        tx,
        countStatementName(shape),
        (name) => buildCountQuery(tx, shape).prepare(name),
      ).execute(valuesOf(scope, query));
      if (offset >= total) return { rows: [], count: total };
      const after = total - offset - query.pageSize;
      const rows =
        after < offset
          ? await readPage(
              tx,
              scope,
              query,
              'end',
              Math.min(query.pageSize, total - offset),
              Math.max(after, 0),
            )
          : await readPage(tx, scope, query, 'start', query.pageSize, offset);
      if (!shape.search && at !== null && rows[0]) {
        invoiceListPositions.remember(positionsKey(scope, query), at, { offset, id: rows[0].id });
      }
      return { rows, count: total };
    },
    { snapshot: true },
  );
