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

/** The count of the list's filter as the server computes it: the kept counts, or the matches of a search. */
const countSql = (organizationId: string, f: ListFilter, values: unknown[]) => {
  if (f.q) return `(select count(*) from "invoices" where ${whereOf(organizationId, f, values)})::int`;
  values.push(organizationId);
  const column = f.status ? countColumns[f.status] : '"draft" + "sent" + "paid" + "overdue" + "cancelled"';
  return `coalesce((select ${column} from "invoice_status_counts" where "invoice_status_counts"."organization_id" = $${values.length}), 0)::int`;
};

/** The page sizes whose first page the server sends with the size written in and no offset. */
const usualPageSizes = new Set([10, 20, 25, 50, 100]);

const pageSql = (
  organizationId: string,
  f: ListFilter,
  values: unknown[],
  o: { fromEnd: boolean; limit: number; offset: number; withCount: boolean },
) => {
  const direction = o.fromEnd ? 'asc' : 'desc';
  // A number search finds its matches once, in a WITH query, for the page and for the count.
  const source = f.q ? '"matched"' : '"invoices"';
  const matchWhere = whereOf(organizationId, f, values);
  const matched = f.q
    ? `with "matched" as (select "id", "created_at" from "invoices" where ${matchWhere}) `
    : '';
  const pageWhere = f.q ? '' : `where ${matchWhere} `;
  const fixed = o.withCount && o.offset === 0 && usualPageSizes.has(o.limit);
  let limit: string;
  if (fixed) limit = `limit ${o.limit}`;
  else {
    values.push(o.limit, o.offset);
    limit = `limit $${values.length - 1} offset $${values.length}`;
  }
  values.push(organizationId);
  const n = values.length;
  const count = !o.withCount
    ? ''
    : f.q
      ? ', (select count(*) from "matched")::int'
      : `, ${countSql(organizationId, f, values)}`;
  return (
    `${matched}select ${listColumns}${count} from (select "id", "created_at" from ${source} ${pageWhere}` +
    `order by ${source}."created_at" ${direction}, ${source}."id" ${direction} ${limit}) "page_ids" ` +
    `inner join "invoices" on ("invoices"."id" = "page_ids"."id" and "invoices"."organization_id" = $${n}) ` +
    `left join "customers" on ("customers"."id" = "invoices"."customer_id" and "customers"."organization_id" = $${n}) ` +
    `order by "page_ids"."created_at" desc, "page_ids"."id" desc`
  );
};

/**
 * The statements the server runs for one list request (its repository, invoices.repository.ts): the first
 * page is one statement that carries the count in each row (of a usual size, with the size written in); a later page first reads the count (`total`
 * is its answer), and a page in the second half of the list is read from the other end of the index.
 */
export const listQueries = (
  organizationId: string,
  f: ListFilter,
  total: number,
): { firstPage: SqlQuery; count: SqlQuery; page: SqlQuery } => {
  const firstValues: unknown[] = [];
  const firstText = pageSql(organizationId, f, firstValues, {
    fromEnd: false,
    limit: f.pageSize,
    offset: 0,
    withCount: true,
  });
  const countValues: unknown[] = [];
  const countText = `select ${countSql(organizationId, f, countValues)}`;
  const offset = (f.page - 1) * f.pageSize;
  const after = total - offset - f.pageSize;
  const fromEnd = after < offset;
  const pageValues: unknown[] = [];
  const pageText = pageSql(organizationId, f, pageValues, {
    fromEnd,
    limit: fromEnd ? Math.min(f.pageSize, Math.max(total - offset, 0)) : f.pageSize,
    offset: fromEnd ? Math.max(after, 0) : offset,
    withCount: false,
  });
  return {
    firstPage: { text: firstText, values: firstValues },
    count: { text: countText, values: countValues },
    page: { text: pageText, values: pageValues },
  };
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

/** The invoice detail as the repository reads it: the invoice, its customer, lines, image file and deleter in one query. */
export const detailQuery = (organizationId: string, invoiceId: string): SqlQuery => ({
  text:
    'select "invoices".*, "customers"."id", "customers"."name", "customers"."email", "attachments"."mime", ' +
    '"attachments"."original_name", "attachments"."size", "attachments"."preview_key", ' +
    `coalesce((select json_agg(json_build_object('id', "invoice_lines"."id", 'itemId', "invoice_lines"."item_id", ` +
    `'description', "invoice_lines"."description", 'quantity', "invoice_lines"."quantity"::text, ` +
    `'unitPrice', "invoice_lines"."unit_price"::text, 'total', "invoice_lines"."total"::text) ` +
    'order by "invoice_lines"."position") from "invoice_lines" where "invoice_lines"."organization_id" = $1 ' +
    `and "invoice_lines"."invoice_id" = "invoices"."id"), '[]'::json), ` +
    `(select coalesce(nullif("users"."name", ''), "users"."email") from "users" where "users"."id" = "invoices"."image_deleted_by") ` +
    'from "invoices" left join "customers" on ("customers"."id" = "invoices"."customer_id" and "customers"."organization_id" = $1) ' +
    'left join "attachments" on ("attachments"."id" = "invoices"."image_attachment_id" and "attachments"."organization_id" = $1) ' +
    'where ("invoices"."organization_id" = $1 and "invoices"."id" = $2) limit 1',
  values: [organizationId, invoiceId],
});
