import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import type { SqlQuery } from './list-sql';

/** Runs `fn` in a transaction as the tenant role of `organizationId`, as the server's OrgScope does. */
const asTenant = async <T>(client: pg.Client, organizationId: string, fn: () => Promise<T>) => {
  await client.query('begin');
  try {
    await client.query(
      "select set_config('role', 'invoicing_tenant', true), set_config('app.organization_id', $1, true)",
      [organizationId],
    );
    return await fn();
  } finally {
    await client.query('rollback');
  }
};

/**
 * Median wall time of `runs` executions of one query (no load, warm cache), and its plan; as the tenant
 * role like the server, or with `bypassRls` as the connecting superuser, to show what row-level security
 * costs a plan.
 */
export const profileQuery = (
  client: pg.Client,
  organizationId: string,
  q: SqlQuery,
  opts: { runs?: number; bypassRls?: boolean } = {},
) => {
  const runs = opts.runs ?? 5;
  const work = async () => {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      await client.query({ text: q.text, values: q.values });
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const plan = await client.query<{ 'QUERY PLAN': string }>({
      text: `explain (analyze, buffers) ${q.text}`,
      values: q.values,
    });
    return {
      ms: times[Math.floor(times.length / 2)]!,
      plan: plan.rows.map((r) => r['QUERY PLAN']).join('\n'),
    };
  };
  return opts.bypassRls ? work() : asTenant(client, organizationId, work);
};

/** Waits until no query of the database is running (the server drains what a load run left queued). */
export const waitForIdleDatabase = async (client: pg.Client, database: string, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  let quietPolls = 0;
  while (Date.now() < deadline) {
    const res = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
       where datname = $1 and state = 'active' and pid <> pg_backend_pid()`,
      [database],
    );
    quietPolls = res.rows[0]?.n === 0 ? quietPolls + 1 : 0;
    if (quietPolls >= 2) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
};
