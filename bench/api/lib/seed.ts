import type pg from 'pg';

/**
 * A deterministic version-4-shaped uuid from a label: md5 with the version and variant digits set, since the
 * API's validation accepts only RFC uuids.
 */
const uuidOf = (label: string) =>
  `overlay(overlay(md5(${label}) placing '4' from 13) placing '8' from 17)::uuid`;

export const seedSize = { customers: 5_000, items: 2_000, invoices: 100_000 } as const;

/**
 * Deterministic bulk data for one organization, in set-based SQL (generate_series), so 100,000 invoices
 * and their ~300,000 lines load in seconds. Ids derive from md5 of a label (uuidOf), so lines find their invoice
 * without a round trip. Figures follow the server's rules: line total = quantity x unit price rounded
 * half away from zero to 2 decimals, subtotal = sum of lines, tax 14% rounded the same way, total =
 * subtotal + tax. Numbers are INV-000001.. in issue-date order, issue dates spread over the two years
 * before today, and the organization's sequence continues after the last one.
 *
 * Runs as the connecting superuser, which row-level security does not restrict.
 */
export const seedOrganization = async (client: pg.Client, organizationId: string, userId: string) => {
  const { customers, items, invoices } = seedSize;
  await client.query('begin');
  try {
    await client.query(
      `insert into customers (id, organization_id, name, email, phone, tax_id, address, created_at, updated_at)
       select ${uuidOf("'bench-customer-' || k")}, $1::uuid,
              case when k % 4 = 0 then 'عميل ' || k else 'Customer ' || k end,
              'customer' || k || '@example.com', '+20 10 ' || lpad(k::text, 8, '0'),
              'TAX-' || lpad(k::text, 9, '0'), k || ' Bench Street, Cairo',
              now() - interval '800 days', now() - interval '800 days'
       from generate_series(1, $2::int) k`,
      [organizationId, customers],
    );
    await client.query(
      `insert into items (id, organization_id, name, sku, currency, unit_price, tax_rate, created_at, updated_at)
       select ${uuidOf("'bench-item-' || k")}, $1::uuid, 'Item ' || k, 'SKU-' || lpad(k::text, 5, '0'), 'EGP',
              (5 + (k * 37) % 995) + ((k * 13) % 100) / 100.0, 14.00,
              now() - interval '800 days', now() - interval '800 days'
       from generate_series(1, $2::int) k`,
      [organizationId, items],
    );
    // Two to four lines per invoice (three on average), each from the catalogue.
    await client.query(
      `create temp table bench_lines on commit drop as
       select n, p, i.id as item_id, i.name, q.quantity, i.unit_price, round(q.quantity * i.unit_price, 2) as total
       from generate_series(1, $1::int) n
       cross join lateral generate_series(0, 1 + n % 3) p
       cross join lateral (select 1 + ((n * 31 + p * 17) % $2::int) as k,
                                  (1 + (n + p * 7) % 5)::numeric as quantity) q
       join items i on i.id = ${uuidOf("'bench-item-' || q.k")}`,
      [invoices, items],
    );
    // Row by row, the summary trigger would take most of the seed's time: it is off for the bulk insert
    // (this transaction only) and the summaries are then built in one pass, as the migration builds them.
    await client.query("set local session_replication_role = 'replica'");
    await client.query(
      `insert into invoices (id, organization_id, number, status, issue_date, due_date, currency, customer_id,
                             subtotal, tax_rate, tax_amount, total, created_by, created_at, updated_at)
       select ${uuidOf("'bench-invoice-' || s.n")}, $1::uuid, 'INV-' || lpad(s.n::text, 6, '0'),
              case when h < 15 then 'DRAFT' when h < 35 then 'SENT' when h < 75 then 'PAID'
                   when h < 90 then 'OVERDUE' else 'CANCELLED' end,
              d.issue, d.issue + 30, o.currency, ${uuidOf("'bench-customer-' || (1 + (s.n * 7919) % $3::int)")},
              s.subtotal, 14.00, round(s.subtotal * 0.14, 2), s.subtotal + round(s.subtotal * 0.14, 2), $4::uuid,
              d.created, d.created
       from (select n, sum(total) as subtotal from bench_lines group by n) s
       cross join lateral (select (s.n * 2654435761) % 100 as h) hh
       cross join lateral (select current_date - 730 + ((s.n - 1) * 730 / $2::int) as issue) i0
       cross join lateral (select i0.issue as issue,
                                  i0.issue + make_interval(secs => 28800 + (s.n * 37) % 36000) as created) d
       cross join (select currency from organizations where id = $1::uuid) o
       order by s.n`,
      [organizationId, invoices, customers, userId],
    );
    await client.query(
      `insert into invoice_lines (id, organization_id, invoice_id, item_id, position, description, quantity,
                                  unit_price, total)
       select gen_random_uuid(), $1::uuid, ${uuidOf("'bench-invoice-' || n")}, item_id, p, name, quantity,
              unit_price, total
       from bench_lines order by n, p`,
      [organizationId],
    );
    await client.query("set local session_replication_role = 'origin'");
    await client.query(
      `insert into invoice_status_counts as c (organization_id, draft, sent, paid, overdue, cancelled)
       select organization_id, count(*) filter (where status = 'DRAFT'), count(*) filter (where status = 'SENT'),
              count(*) filter (where status = 'PAID'), count(*) filter (where status = 'OVERDUE'),
              count(*) filter (where status = 'CANCELLED')
       from invoices where organization_id = $1::uuid group by organization_id
       on conflict (organization_id) do update set draft = c.draft + excluded.draft, sent = c.sent + excluded.sent,
         paid = c.paid + excluded.paid, overdue = c.overdue + excluded.overdue,
         cancelled = c.cancelled + excluded.cancelled`,
      [organizationId],
    );
    await client.query(
      `insert into invoice_daily_totals as d (organization_id, issue_date, status, due_date, invoice_count, total_amount)
       select organization_id, issue_date, status, due_date, count(*), sum(total)
       from invoices where organization_id = $1::uuid group by organization_id, issue_date, status, due_date
       on conflict (organization_id, issue_date, status, due_date) do update
         set invoice_count = d.invoice_count + excluded.invoice_count,
             total_amount = d.total_amount + excluded.total_amount`,
      [organizationId],
    );
    await client.query(
      `insert into invoice_number_sequences (organization_id, last_value) values ($1::uuid, $2::bigint)
       on conflict (organization_id) do update set last_value = excluded.last_value`,
      [organizationId, invoices],
    );
    // On Enterprise, whose records are unlimited: the creation benchmark makes thousands of invoices in a
    // month, past the trial's Pro limit of 2,000 (and the seed's 5,000 customers are past Pro's 2,000).
    await client.query(
      `update subscriptions set plan_id = (select id from plans where code = 'enterprise'), status = 'ACTIVE',
              trial_ends_at = null
       where organization_id = $1::uuid`,
      [organizationId],
    );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
  // Fresh statistics and a visibility map, as autovacuum would leave them on a settled table.
  await client.query(
    'vacuum (analyze) customers, items, invoices, invoice_lines, invoice_number_sequences, invoice_status_counts, invoice_daily_totals',
  );
  const [counts] = (
    await client.query<{ invoices: string; lines: string; customers: string; items: string }>(
      `select (select count(*) from invoices where organization_id = $1) as invoices,
              (select count(*) from invoice_lines where organization_id = $1) as lines,
              (select count(*) from customers where organization_id = $1) as customers,
              (select count(*) from items where organization_id = $1) as items`,
      [organizationId],
    )
  ).rows;
  return {
    invoices: Number(counts!.invoices),
    lines: Number(counts!.lines),
    customers: Number(counts!.customers),
    items: Number(counts!.items),
  };
};
