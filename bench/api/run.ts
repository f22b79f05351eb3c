/**
 * API benchmark (`npm run bench:api`): a fresh PostgreSQL database on this machine, the built server
 * against it, one organization seeded with 100,000 invoices, then autocannon against the invoice calls and
 * against a bare `pg` endpoint running the list's SQL (the floor). Prints a table with the goals, writes it
 * to bench/results/api-latest.txt (plans to api-explain-latest.txt), and always stops what it started and
 * drops the database.
 *
 * Environment (all optional): BENCH_DATABASE_URL (maintenance database on 127.0.0.1, default
 * postgres://postgres@127.0.0.1:5432/postgres), BENCH_CONNECTIONS (50), BENCH_DURATION_SECONDS (10),
 * BENCH_WARMUP_SECONDS (2), BENCH_API_PROCESSES (the server's API_PROCESSES, default 1), BENCH_DATABASE_SOCKET (the server and the floor connect through PostgreSQL's
 * Unix socket in this folder when it exists, default /var/run/postgresql; `none` for TCP), BENCH_SKIP_BUILD=1 (reuse apps/server/dist), BENCH_SERVER_ENTRY (another built
 * main.js to measure, e.g. a candidate fix; no build), BENCH_ONLY (a regular expression: measure only
 * the calls whose names match; the floor always runs), BENCH_KEEP_DATABASE=1 (leave the seeded database in place
 * for a look at its plans; drop it by hand), BENCH_SERVER_NODE_ARGS (node options for the server
 * only, space-separated, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where its time goes).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createDatabase, databaseUrls, dropDatabase } from './lib/db';
import {
  detailQuery,
  likePattern,
  listQueries,
  statsOverInvoicesQuery,
  statsQuery,
  type SqlQuery,
} from './lib/list-sql';
import { idleLatency, measure, warmUp, type LoadOptions, type Measurement, type Scenario } from './lib/load';
import { buildServer, freePort, startChild, waitForHttp } from './lib/processes';
import { formatTable, type Goal, type Row } from './lib/report';
import { seedOrganization, seedSize } from './lib/seed';
import { profileQuery, waitForIdleDatabase } from './lib/sql-report';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const resultsDir = path.join(root, 'bench/results');

const intEnv = (name: string, fallback: number, min: number, max: number) => {
  const raw = Number(process.env[name] ?? fallback);
  return Math.min(max, Math.max(min, Number.isFinite(raw) ? Math.round(raw) : fallback));
};

const load: LoadOptions = {
  connections: intEnv('BENCH_CONNECTIONS', 50, 1, 200),
  durationSeconds: intEnv('BENCH_DURATION_SECONDS', 10, 1, 60),
  warmupSeconds: intEnv('BENCH_WARMUP_SECONDS', 2, 0, 10),
  maxRequests: 500_000,
};

/** Whole run's limit: past it the benchmark cleans up and exits. */
const RUN_LIMIT_MS = 30 * 60_000;

const log = (message: string) => process.stdout.write(`[bench:api] ${message}\n`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

// Everything started is undone in reverse order, on success, failure, a signal or the run limit.
const cleanups: Array<{ what: string; run: () => Promise<void> }> = [];
let cleaning: Promise<void> | null = null;
const cleanup = () =>
  (cleaning ??= (async () => {
    for (const c of cleanups.reverse()) {
      try {
        await c.run();
      } catch (error) {
        process.stderr.write(`[bench:api] cleanup of ${c.what} failed: ${String(error)}\n`);
      }
    }
  })());
const exitAfterCleanup = (code: number) => void cleanup().finally(() => process.exit(code));
process.once('SIGINT', () => exitAfterCleanup(130));
process.once('SIGTERM', () => exitAfterCleanup(143));
const watchdog = setTimeout(() => {
  process.stderr.write(`[bench:api] over the run limit of ${RUN_LIMIT_MS / 60_000} min: stopping\n`);
  exitAfterCleanup(1);
}, RUN_LIMIT_MS);

interface Session {
  access: string;
  organizationId: string;
  userId: string;
}

const register = async (base: string): Promise<Session> => {
  const res = await fetch(`${base}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Bench Owner',
      email: `bench-${crypto.randomUUID()}@example.com`,
      password: crypto.randomBytes(12).toString('hex'),
      organization_name: 'Bench Trading Co.',
    }),
  });
  if (res.status !== 201) throw new Error(`register answered ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as {
    tokens: { access: string };
    organization: { id: string };
    user: { id: string };
  };
  return { access: body.tokens.access, organizationId: body.organization.id, userId: body.user.id };
};

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

const main = async () => {
  const started = Date.now();
  const loadAtStart = os.loadavg()[0]!;
  const dbName = `invoicing_bench_${Date.now()}_${process.pid}`;
  const urls = databaseUrls(dbName);

  const candidate = process.env.BENCH_SERVER_ENTRY;
  const dist = candidate ? path.resolve(candidate) : path.join(root, 'apps/server/dist/main.js');
  if (candidate) log(`measuring the server bundle ${dist}`);
  else if (process.env.BENCH_SKIP_BUILD === '1' && fs.existsSync(dist)) log('reusing apps/server/dist');
  else {
    log('building the server');
    buildServer(root);
  }

  await createDatabase(urls.admin, dbName);
  if (process.env.BENCH_KEEP_DATABASE === '1') log(`keeping database ${dbName} after the run`);
  else cleanups.push({ what: `database ${dbName}`, run: () => dropDatabase(urls.admin, dbName) });
  log(`database ${dbName} created`);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoicing-bench-'));
  cleanups.push({ what: dataDir, run: async () => fs.rmSync(dataDir, { recursive: true, force: true }) });

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const serverNodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const server = startChild(process.execPath, [...serverNodeArgs, dist], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: urls.bench,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      JWT_SECRET: crypto.randomBytes(32).toString('hex'),
      ACCESS_TOKEN_TTL_SECONDS: '7200',
      API_PROCESSES: process.env.BENCH_API_PROCESSES ?? '1',
    },
  });
  cleanups.push({ what: 'the server', run: server.stop });
  await waitForHttp(`${base}/api/v1/health`, server, 120_000);
  log(`server listening on ${base} (migrated)`);

  const session = await register(base);
  const org = session.organizationId;
  log(`organization ${org}`);

  const db = new pg.Client({ connectionString: urls.bench });
  await db.connect();
  cleanups.push({ what: 'the seed connection', run: () => db.end() });
  log(`seeding ${seedSize.invoices.toLocaleString('en')} invoices`);
  const seedStarted = Date.now();
  const seeded = await seedOrganization(db, org, session.userId);
  const seedMs = Date.now() - seedStarted;
  log(
    `seeded in ${seconds(seedMs)}: ${seeded.invoices} invoices, ${seeded.lines} lines, ` +
      `${seeded.customers} customers, ${seeded.items} items`,
  );

  const invoiceIds = (
    await db.query<{ id: string }>(
      'select id from invoices where organization_id = $1 order by md5(id::text) limit 1000',
      [org],
    )
  ).rows.map((r) => r.id);
  const customerIds = (
    await db.query<{ id: string }>(
      'select id from customers where organization_id = $1 order by md5(id::text) limit 500',
      [org],
    )
  ).rows.map((r) => r.id);

  const headers = { authorization: `Bearer ${session.access}`, 'x-organization-id': org };
  // One checked call before loading: the list sees the seed, and an invoice's figures add up.
  const first = await fetch(`${base}/api/v1/invoices/?page=1&page_size=20`, { headers });
  const firstBody = (await first.json()) as { count?: number };
  if (first.status !== 200 || firstBody.count !== seeded.invoices) {
    throw new Error(`the list answered ${first.status} with count ${String(firstBody.count)}`);
  }
  // The stats come from the summaries the seed built: they must agree with the invoices themselves.
  const statsRes = await fetch(`${base}/api/v1/invoices/stats/?days=365`, { headers });
  const statsBody = (await statsRes.json()) as { total_invoices?: number };
  const inPeriod = Number(
    (
      await db.query<{ n: string }>(
        `select count(*) as n from invoices where organization_id = $1 and issue_date >= current_date - 364`,
        [org],
      )
    ).rows[0]!.n,
  );
  if (statsRes.status !== 200 || statsBody.total_invoices !== inPeriod) {
    throw new Error(
      `the stats answered ${statsRes.status} with ${String(statsBody.total_invoices)}, not ${inPeriod}`,
    );
  }
  const detailRes = await fetch(`${base}/api/v1/invoices/${invoiceIds[0]}/`, { headers });
  if (detailRes.status !== 200)
    throw new Error(`the detail answered ${detailRes.status}: ${await detailRes.text()}`);
  const detail = (await detailRes.json()) as {
    subtotal: string;
    tax_amount: string;
    total: string;
    lines: Array<{ total: string }>;
  };
  const cents = (s: string) => Math.round(Number(s) * 100);
  const lineSum = detail.lines.reduce((a, l) => a + cents(l.total), 0);
  if (
    lineSum !== cents(detail.subtotal) ||
    cents(detail.subtotal) + cents(detail.tax_amount) !== cents(detail.total)
  ) {
    throw new Error(`seeded figures do not add up: ${JSON.stringify(detail)}`);
  }

  const floorPort = await freePort();
  const floorBase = `http://127.0.0.1:${floorPort}`;
  const floor = startChild(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'bench/api/floor-server.ts')],
    {
      cwd: root,
      env: {
        ...process.env,
        FLOOR_DATABASE_URL: urls.bench,
        FLOOR_ORGANIZATION_ID: org,
        FLOOR_PORT: String(floorPort),
      },
      ipc: true,
    },
  );
  cleanups.push({ what: 'the floor server', run: floor.stop });
  await waitForHttp(`${floorBase}/floor/invoices/?page=1&page_size=20`, floor, 60_000);

  const api = `${base}/api/v1`;
  const lineOf = (i: number, k: number) => ({
    description: `Bench line ${k + 1}`,
    quantity: String(1 + ((i + k) % 4)),
    unit_price: `${10 + ((i * 7 + k * 13) % 490)}.${String((i + k * 31) % 100).padStart(2, '0')}`,
  });
  const scenarios: Array<Scenario & { goals: Goal[] }> = [];
  const p99Under = (ms: number): Goal => ({ text: `p99 < ${ms} ms`, pass: (m) => m.p99 < ms });
  let floorResult: Measurement | null = null;
  const halfFloor: Goal = {
    text: 'req/s >= floor/2',
    pass: (m) => floorResult !== null && m.requestsPerSecond >= floorResult.requestsPerSecond / 2,
  };
  scenarios.push(
    {
      name: 'floor: list SQL via pg, page 1',
      url: `${floorBase}/floor/invoices/?page=1&page_size=20`,
      goals: [],
    },
    {
      name: 'GET /invoices/?page=1&page_size=20',
      url: `${api}/invoices/?page=1&page_size=20`,
      headers,
      goals: [p99Under(50), halfFloor],
    },
    {
      name: 'GET /invoices/?page=2500 (middle)',
      url: `${api}/invoices/?page=2500&page_size=20`,
      headers,
      goals: [p99Under(50)],
    },
    {
      name: 'GET /invoices/?page=4000&page_size=20',
      url: `${api}/invoices/?page=4000&page_size=20`,
      headers,
      goals: [p99Under(50)],
    },
    {
      name: 'GET /invoices/?status=PAID',
      url: `${api}/invoices/?status=PAID&page=1&page_size=20`,
      headers,
      goals: [p99Under(50)],
    },
    {
      name: 'GET /invoices/?q=<4 digits, varied>',
      url: `${api}/invoices/?q=4567&page=1&page_size=20`,
      headers,
      next: (i) => ({ path: `/api/v1/invoices/?q=${1000 + ((i * 7919) % 9000)}&page=1&page_size=20` }),
      goals: [p99Under(50)],
    },
    {
      name: 'GET /invoices/<id>/ (1,000 ids)',
      url: `${api}/invoices/${invoiceIds[0]}/`,
      headers,
      next: (i) => ({ path: `/api/v1/invoices/${invoiceIds[i % invoiceIds.length]}/` }),
      goals: [p99Under(50)],
    },
    {
      name: 'GET /invoices/stats/?days=365',
      url: `${api}/invoices/stats/?days=365`,
      headers,
      goals: [p99Under(150)],
    },
    {
      name: 'POST /invoices/ (3 lines)',
      url: `${api}/invoices/`,
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      next: (i) => ({
        body: JSON.stringify({
          customer_id: customerIds[i % customerIds.length],
          issue_date: '2026-11-01',
          due_date: '2026-12-01',
          status: 'DRAFT',
          lines_data: [lineOf(i, 0), lineOf(i, 1), lineOf(i, 2)],
        }),
      }),
      goals: [],
    },
  );

  const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
  const selected = (s: (typeof scenarios)[number]) => !only || s === scenarios[0] || only.test(s.name);
  // Every read call is warmed up once before any is measured: otherwise the first call measured pays for
  // compiling the server's shared code (25 % fewer requests a second). Creation is left out: it would add
  // invoices before the list is measured.
  log('warming up the server on every read call');
  for (const s of scenarios.slice(1)) {
    if (selected(s) && s.method !== 'POST') await warmUp(s, load);
  }
  if (!(await waitForIdleDatabase(db, dbName, 60_000))) log('  the database was still busy after 60 s');
  const rows: Row[] = [];
  for (const s of scenarios) {
    if (!selected(s)) continue;
    log(`measuring ${s.name} (${load.warmupSeconds} s warm-up + ${load.durationSeconds} s)`);
    const idleHealthMs = await idleLatency(`${api}/health`);
    const pid = s === scenarios[0] ? floor.process.pid : server.process.pid;
    const m = { ...(await measure(s, load, pid)), idleHealthMs };
    if (s === scenarios[0]) floorResult = m;
    rows.push({ measurement: m, goals: s.goals });
    log(`  ${m.requestsPerSecond.toFixed(1)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms, non-2xx ${m.non2xx}`);
    // Requests still queued when the run stopped must not slow the next call down.
    if (!(await waitForIdleDatabase(db, dbName, 60_000))) log('  the database was still busy after 60 s');
  }
  if (server.process.exitCode !== null)
    throw new Error(`the server exited during the run:\n${server.output()}`);

  // Where the time goes in the database: each query alone, as the tenant role, with its plan on file.
  const today = new Date();
  const since = isoDay(new Date(today.getTime() - 364 * 86_400_000));
  const sample = (
    await db.query<{ id: string; customer_id: string }>(
      'select id, customer_id from invoices where id = $1',
      [invoiceIds[0]],
    )
  ).rows[0]!;
  const countWhere = async (where: string, values: unknown[]) =>
    Number(
      (
        await db.query<{ n: string }>(
          `select count(*) as n from invoices where organization_id = $1 ${where}`,
          [org, ...values],
        )
      ).rows[0]!.n,
    );
  const all = await countWhere('', []);
  const first20 = listQueries(org, { page: 1, pageSize: 20 }, all);
  const middle = listQueries(org, { page: 2500, pageSize: 20 }, all);
  const deep = listQueries(org, { page: 4000, pageSize: 20 }, all);
  const paidTotal = await countWhere('and status = $2', ['PAID']);
  const paid = listQueries(org, { status: 'PAID', page: 1, pageSize: 20 }, paidTotal);
  const searchTotal = await countWhere('and number ilike $2', [likePattern('4567')]);
  const search = listQueries(org, { q: '4567', page: 1, pageSize: 20 }, searchTotal);

  const explained: Array<[string, SqlQuery]> = [
    ['list page 1 with its count', first20.firstPage],
    ['list: count (all)', first20.count],
    ['list page 2500 (the middle, the deepest offset): rows', middle.page],
    ['list page 4000 (read from the end): rows', deep.page],
    ['list status=PAID: page 1 with its count', paid.firstPage],
    ['list q=4567: page 1 with its count', search.firstPage],
    ['list q=4567: count alone', search.count],
    ['detail: invoice, customer and lines', detailQuery(org, sample.id)],
    ['stats 365 days (daily totals)', statsQuery(org, since, isoDay(today))],
    [
      'before the daily totals: stats 365 days over invoices',
      statsOverInvoicesQuery(org, since, isoDay(today)),
    ],
  ];
  const sqlLines: string[] = [];
  const plans: string[] = [];
  const profile = async (name: string, q: SqlQuery, bypassRls = false) => {
    const e = await profileQuery(db, org, q, { bypassRls });
    sqlLines.push(`${name.padEnd(58)} ${e.ms.toFixed(2).padStart(8)} ms`);
    plans.push(
      `## ${name} (median ${e.ms.toFixed(2)} ms)\n${q.text}\n-- ${JSON.stringify(q.values)}\n${e.plan}\n`,
    );
  };
  for (const [name, q] of explained) await profile(name, q);
  // The search as the superuser, without row-level security, for comparison with the tenant's.
  await profile('superuser (no RLS): list q=4567: count', search.count, true);

  const totalMs = Date.now() - started;
  const pgVersion =
    (await db.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]?.v ?? '?';
  const cpu = os.cpus();
  const output = [
    `API benchmark, ${new Date().toISOString()}${candidate ? ` (server bundle ${dist})` : ''}`,
    `machine: ${cpu.length} x ${cpu[0]?.model.trim() ?? '?'}, Node ${process.version}, PostgreSQL ${pgVersion}`,
    `data: ${seeded.invoices.toLocaleString('en')} invoices, ${seeded.lines.toLocaleString('en')} lines, ` +
      `${seeded.customers.toLocaleString('en')} customers, ${seeded.items.toLocaleString('en')} items in one organization`,
    `server: ${process.env.BENCH_API_PROCESSES ?? '1'} API process(es); ` +
      `load: autocannon, ${load.connections} connections, ${load.durationSeconds} s per call after ${load.warmupSeconds} s warm-up ` +
      `(and ${load.warmupSeconds} s of every read call before the first is measured); ` +
      'server, PostgreSQL and load generator share the machine',
    `floor: node:http + pg (pool 10), the list's SQL only, no auth or transaction; both connect to PostgreSQL by ${urls.via}`,
    `load average (1 min) at start ${loadAtStart.toFixed(2)}, at end ${os.loadavg()[0]!.toFixed(2)}` +
      (loadAtStart > cpu.length ? ': other work was running, figures are pessimistic' : ''),
    '',
    formatTable(rows),
    `idle health ms: median of 10 sequential GET /api/v1/health just before the call (it should stay flat).`,
    'CPU ms/req: CPU time of the node process under test (the server, or the floor) per request during the run;',
    '  it leaves out PostgreSQL and the load generator, and barely moves when other work shares the machine.',
    `With ${load.connections} closed-loop connections, p99 < 50 ms needs at least ~${Math.round(load.connections / 0.05)} req/s ` +
      `(Little's law), p99 < 150 ms ~${Math.round(load.connections / 0.15)} req/s.`,
    '',
    'SQL alone (as the tenant role, median of 5 runs, no load; plans in api-explain-latest.txt):',
    ...sqlLines.map((l) => `  ${l}`),
    '',
    `seed: ${seconds(seedMs)}; total run: ${seconds(totalMs)}`,
  ].join('\n');

  process.stdout.write(`\n${output}\n`);
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(path.join(resultsDir, 'api-latest.txt'), `${output}\n`);
  fs.writeFileSync(path.join(resultsDir, 'api-explain-latest.txt'), plans.join('\n'));
  log('written to bench/results/api-latest.txt and api-explain-latest.txt');
};

let exitCode = 0;
try {
  await main();
} catch (error) {
  process.stderr.write(`[bench:api] failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  exitCode = 1;
} finally {
  await cleanup();
  clearTimeout(watchdog);
}
process.exit(exitCode);
