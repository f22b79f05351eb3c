/**
 * The SQL of the invoice list as the server's repository sends it (drizzle's text, checked with `toSQL()`
 * against apps/server/src/features/invoices/invoices.repository.ts): the page of rows with their customer,
 * newest first, and the count of the same filter. The floor endpoint and the EXPLAIN report both use it, so
 * if the repository's query changes, change it here too.
 */
export interface ListFilter {
  status?: string | undefined;
  q?: string | undefined;
  page: number;
  pageSize: number;
}

export interface SqlQuery {
  text: string;
  values: unknown[];
}

const listColumns = [
  '"invoices"."id"',
  '"invoices"."number"',
  '"invoices"."status"',
  '"invoices"."issue_date"',
  '"invoices"."due_date"',
  '"invoices"."currency"',
  '"invoices"."total"',
  '"invoices"."image_status"',
  '"customers"."id"',
  '"customers"."name"',
  '"customers"."email"',
].join(', ');

/** The server's LIKE pattern: the search text anywhere in the number, wildcards escaped. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The WHERE clause of the list with its parameters numbered from `values.length + 1`. */
const whereOf = (organizationId: string, f: ListFilter, values: unknown[]) => {
  values.push(organizationId);
  const conditions = [`"invoices"."organization_id" = $${values.length}`];
  if (f.status) {
    values.push(f.status);
    conditions.push(`"invoices"."status" = $${values.length}`);
  }
  if (f.q) {
    values.push(likePattern(f.q));
    conditions.push(`"invoices"."number" ilike $${values.length}`);
  }
  return conditions.length === 1 ? conditions[0]! : `(${conditions.join(' and ')})`;
};

/** The page query and the count query the server runs for one list request. */
export const listQueries = (organizationId: string, f: ListFilter): { page: SqlQuery; count: SqlQuery } => {
  // The server's deferred join (invoices.repository.ts): page ids from the index, then 20 rows joined.
  const pageValues: unknown[] = [];
  const pageWhere = whereOf(organizationId, f, pageValues);
  pageValues.push(f.pageSize, (f.page - 1) * f.pageSize, organizationId);
  const n = pageValues.length;
  const pageText =
    `select ${listColumns} from (select "id", "created_at" from "invoices" where ${pageWhere} ` +
    `order by "invoices"."created_at" desc, "invoices"."id" desc limit $${n - 2} offset $${n - 1}) "page_ids" ` +
    `inner join "invoices" on ("invoices"."id" = "page_ids"."id" and "invoices"."organization_id" = $${n}) ` +
    `left join "customers" on ("customers"."id" = "invoices"."customer_id" and "customers"."organization_id" = $${n}) ` +
    `order by "page_ids"."created_at" desc, "page_ids"."id" desc`;
  const countValues: unknown[] = [];
  const countWhere = whereOf(organizationId, f, countValues);
  return {
    page: { text: pageText, values: pageValues },
    count: { text: `select count(*) from "invoices" where ${countWhere}`, values: countValues },
  };
};

/** The stats query of the server for invoices issued on or after `since`. */
export const statsQuery = (organizationId: string, since: string, today: string): SqlQuery => ({
  text:
    `select case when "status" = 'SENT' and "due_date" < $1 then 'OVERDUE' else "status" end, count(*), ` +
    `coalesce(sum("total"), 0)::text from "invoices" ` +
    `where ("invoices"."organization_id" = $2 and "invoices"."issue_date" >= $3) group by 1`,
  values: [today, organizationId, since],
});

/** The queries of the invoice detail, in the order the repository runs them. */
export const detailQueries = (organizationId: string, invoiceId: string, customerId: string): SqlQuery[] => [
  {
    text: 'select * from "invoices" where ("invoices"."organization_id" = $1 and "invoices"."id" = $2) limit $3',
    values: [organizationId, invoiceId, 1],
  },
  {
    text:
      'select "id", "name", "email" from "customers" ' +
      'where ("customers"."organization_id" = $1 and "customers"."id" = $2)',
    values: [organizationId, customerId],
  },
  {
    text:
      'select * from "invoice_lines" where ("invoice_lines"."organization_id" = $1 and ' +
      '"invoice_lines"."invoice_id" = $2) order by "invoice_lines"."position" asc',
    values: [organizationId, invoiceId],
  },
];

/**
 * Proposed rewrites, measured beside the server's queries (never used by the server from here).
 * Deep page as a deferred join: the offset walks the (organization_id, created_at desc, id desc) index
 * alone (index-only), and only the 20 rows of the page are read and joined.
 */
export const deferredJoinPage = (organizationId: string, page: number, pageSize: number): SqlQuery => ({
  text:
    `select ${listColumns} from (select "id", "created_at" from "invoices" where "organization_id" = $2 ` +
    `order by "created_at" desc, "id" desc limit $3 offset $4) as "p" ` +
    `join "invoices" on "invoices"."id" = "p"."id" ` +
    `left join "customers" on ("customers"."id" = "invoices"."customer_id" and "customers"."organization_id" = $1) ` +
    `order by "p"."created_at" desc, "p"."id" desc`,
  values: [organizationId, organizationId, pageSize, (page - 1) * pageSize],
});

/** A count that stops at `cap` rows (the page shows "10,000+" beyond it). */
export const cappedCount = (organizationId: string, cap: number): SqlQuery => ({
  text: 'select count(*) from (select 1 from "invoices" where "invoices"."organization_id" = $1 limit $2) as "c"',
  values: [organizationId, cap],
});

/** Indexes tried in the throwaway database after the load runs, to measure what they would change. */
export const whatIfIndexes = [
  'create extension if not exists pg_trgm',
  'create extension if not exists btree_gin',
  'create index bench_invoices_organization_number_trgm_idx on invoices using gin (organization_id, number gin_trgm_ops)',
  'create index bench_invoices_organization_issue_date_covering_idx on invoices (organization_id, issue_date) include (status, due_date, total)',
  'vacuum (analyze) invoices',
];
