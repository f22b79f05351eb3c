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
  const pageValues: unknown[] = [organizationId];
  const pageWhere = whereOf(organizationId, f, pageValues);
  pageValues.push(f.pageSize);
  let pageText =
    `select ${listColumns} from "invoices" left join "customers" on ("customers"."id" = "invoices"."customer_id" ` +
    `and "customers"."organization_id" = $1) where ${pageWhere} ` +
    `order by "invoices"."created_at" desc, "invoices"."id" desc limit $${pageValues.length}`;
  const offset = (f.page - 1) * f.pageSize;
  if (offset > 0) {
    pageValues.push(offset);
    pageText += ` offset $${pageValues.length}`;
  }
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
