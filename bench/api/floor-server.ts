/**
 * The floor: a bare node:http server that answers the invoice list's first page with the server's own SQL
 * (lib/list-sql.ts: page 1 is one statement that carries the count) through `pg` as named statements, as
 * JSON of the same shape. No framework, no token
 * check, no per-request transaction: each pooled connection switches to the tenant role and sets the
 * organization once, so row-level security filters the same way it does for the server.
 *
 * Started by run.ts as a child process: FLOOR_DATABASE_URL, FLOOR_ORGANIZATION_ID, FLOOR_PORT.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { listQueries } from './lib/list-sql';

const databaseUrl = process.env.FLOOR_DATABASE_URL ?? '';
const organizationId = process.env.FLOOR_ORGANIZATION_ID ?? '';
const port = Number(process.env.FLOOR_PORT ?? '0');

// Dates stay 'YYYY-MM-DD' and numeric stays a string, as the server returns them.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

// The server's pool size.
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
pool.on('error', () => undefined);
pool.on('connect', (client) => {
  // Queued before any query of the connection, so it always runs first.
  void client.query(
    "select set_config('role', 'invoicing_tenant', false), set_config('app.organization_id', $1, false)",
    [organizationId],
  );
});

// Named, as the server's are: PostgreSQL parses each once per connection and may keep its plan.
const named = (q: { text: string; values: unknown[] }) => ({
  ...q,
  name: `floor_${crypto.createHash('sha1').update(q.text).digest('hex').slice(0, 16)}`,
  rowMode: 'array' as const,
});

const list = async (page: number, pageSize: number) => {
  // The server's statements: page 1 is one statement carrying the count; later pages count first.
  let total: number;
  let rows: pg.QueryResult<unknown[]>;
  if (page === 1) {
    const q = listQueries(organizationId, { page, pageSize }, 0).firstPage;
    rows = await pool.query<unknown[]>(named(q));
    total = Number(rows.rows[0]?.[11] ?? 0);
  } else {
    const countQuery = listQueries(organizationId, { page, pageSize }, 0).count;
    const counted = await pool.query<unknown[]>(named(countQuery));
    total = Number(counted.rows[0]?.[0] ?? 0);
    const q = listQueries(organizationId, { page, pageSize }, total).page;
    rows = await pool.query<unknown[]>(named(q));
  }
  return {
    count: total,
    page,
    page_size: pageSize,
    results: rows.rows.map((r) => ({
      id: r[0],
      number: r[1],
      status: r[2],
      issue_date: r[3],
      due_date: r[4],
      currency: r[5],
      total: r[6],
      image_status: r[7],
      has_image: r[7] === 'available',
      customer: r[8] ? { id: r[8], name: r[9] ?? '', email: r[10] ?? '' } : null,
    })),
  };
};

const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  if (request.method !== 'GET' || url.pathname !== '/floor/invoices/') {
    response.writeHead(404).end();
    return;
  }
  const page = Math.max(1, Math.min(100_000, Number(url.searchParams.get('page') ?? '1') || 1));
  const pageSize = Math.max(1, Math.min(100, Number(url.searchParams.get('page_size') ?? '20') || 20));
  list(page, pageSize).then(
    (body) => {
      response
        .writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
        .end(JSON.stringify(body));
    },
    (error: unknown) => {
      process.stderr.write(`floor: ${String(error)}\n`);
      response.writeHead(500).end();
    },
  );
});

const stop = () => {
  server.close();
  void pool.end().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// The parent went away: never outlive it.
process.on('disconnect', stop);

server.listen(port, '127.0.0.1');
