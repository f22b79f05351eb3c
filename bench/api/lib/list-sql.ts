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
    conditions.push(`"invoices"."id" in (select invoice_ids_matching_number($${values.length}))`);
  }
  return conditions.length === 1 ? conditions[0]! : `(${conditions.join(' and ')})`;
};

const countColumns: Record<string, string> = {
  DRAFT: '"draft"',
  SENT: '"sent"',
  PAID: '"paid"',
  OVERDUE: '"overdue"',
  CANCELLED: '"cancelled"',
};

/**
 * The count query and the page query the server runs for one list request. `total` is what the count
 * answered: a page in the second half of the list is read from the other end of the index.
 */
export const listQueries = (
  organizationId: string,
  f: ListFilter,
  total: number,
): { page: SqlQuery; count: SqlQuery } => {
  const countValues: unknown[] = [];
  const countWhere = whereOf(organizationId, f, countValues);
  const count: SqlQuery = f.q
    ? { text: `select count(*) from "invoices" where ${countWhere}`, values: countValues }
    : {
        text:
          `select ${f.status ? countColumns[f.status] : '"draft" + "sent" + "paid" + "overdue" + "cancelled"'} ` +
          'from "invoice_status_counts" where "invoice_status_counts"."organization_id" = $1',
        values: [organizationId],
      };
  const offset = (f.page - 1) * f.pageSize;
  const after = total - offset - f.pageSize;
  const fromEnd = after < offset;
  const direction = fromEnd ? 'asc' : 'desc';
  const pageValues: unknown[] = [];
  const pageWhere = whereOf(organizationId, f, pageValues);
  pageValues.push(
    fromEnd ? Math.min(f.pageSize, Math.max(total - offset, 0)) : f.pageSize,
    fromEnd ? Math.max(after, 0) : offset,
    organizationId,
  );
  const n = pageValues.length;
  const pageText =
    `select ${listColumns} from (select "id", "created_at" from "invoices" where ${pageWhere} ` +
    `order by "invoices"."created_at" ${direction}, "invoices"."id" ${direction} limit $${n - 2} offset $${n - 1}) "page_ids" ` +
    `inner join "invoices" on ("invoices"."id" = "page_ids"."id" and "invoices"."organization_id" = $${n}) ` +
    `left join "customers" on ("customers"."id" = "invoices"."customer_id" and "customers"."organization_id" = $${n}) ` +
    `order by "page_ids"."created_at" desc, "page_ids"."id" desc`;
  return { page: { text: pageText, values: pageValues }, count };
};

/** The stats query of the server for invoices issued on or after `since`, over the daily totals. */
export const statsQuery = (organizationId: string, since: string, today: string): SqlQuery => ({
  text:
    `select case when "status" = 'SENT' and "due_date" < $1 then 'OVERDUE' else "status" end, ` +
    `coalesce(sum("invoice_count"), 0)::int, coalesce(sum("total_amount"), 0)::text from "invoice_daily_totals" ` +
    `where ("invoice_daily_totals"."organization_id" = $2 and "invoice_daily_totals"."issue_date" >= $3) group by 1`,
  values: [today, organizationId, since],
});

/** The stats query as it was before the daily totals: every invoice of the period, for comparison. */
export const statsOverInvoicesQuery = (organizationId: string, since: string, today: string): SqlQuery => ({
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
