import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrgScope } from '../../platform/db/org-scope';
import { bearer, createTestApp, json, registerUser, type TestApp } from '../../test/test-app';
import { invoiceListPositions } from './invoice-positions';

// The list's counts and the dashboard's stats come from summaries a trigger keeps; these tests change
// invoices every way the API allows and check the answers against the rows themselves.

let t: TestApp;
let h: Record<string, string>;
let org: string;
let other: Record<string, string>;
let customerId: string;

const statuses = ['DRAFT', 'SENT', 'PAID', 'OVERDUE', 'CANCELLED'] as const;
type Row = { id: string; number: string; status: string; total: string };
type Page = { count: number; page: number; page_size: number; results: Row[] };

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = h) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });

const isoDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

const invoiceBody = (i: number) => ({
  customer_id: customerId,
  issue_date: isoDay(-((i * 11) % 400)),
  due_date: isoDay(-((i * 11) % 400) + ((i * 7) % 3 === 0 ? 10 : 30)),
  status: statuses[i % statuses.length],
  lines_data: [
    { description: `Line ${i}`, quantity: 1 + (i % 3), unit_price: `${(i * 37) % 500}.${i % 100}` },
  ],
});

const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.system.db.execute(query)) as unknown as { rows: T[] }).rows;

/** Every invoice of the organization, newest first, as the list orders them, read from the table. */
const tableRows = () =>
  rowsOf<{ id: string; status: string; issue_date: string; due_date: string; total: string }>(
    sql`select id, status, issue_date::text as issue_date, due_date::text as due_date, total::text as total
        from invoices where organization_id = ${org} order by created_at desc, id desc`,
  );

const expectCountsMatchTable = async () => {
  const all = await tableRows();
  expect(json<Page>(await call('GET', '/invoices/?page=1&page_size=5')).count).toBe(all.length);
  for (const s of statuses) {
    const res = json<Page>(await call('GET', `/invoices/?status=${s}&page=1&page_size=5`));
    expect(res.count, s).toBe(all.filter((r) => r.status === s).length);
  }
};

const expectStatsMatchTable = async (days: number) => {
  const since = isoDay(-(days - 1));
  const today = isoDay(0);
  const expected: Record<string, { n: number; cents: number }> = {};
  for (const s of statuses) expected[s] = { n: 0, cents: 0 };
  for (const r of await tableRows()) {
    if (r.issue_date < since) continue;
    const s = r.status === 'SENT' && r.due_date < today ? 'OVERDUE' : r.status;
    expected[s]!.n += 1;
    expected[s]!.cents += Math.round(Number(r.total) * 100);
  }
  const stats = json<{
    total_invoices: number;
    status_breakdown: Record<string, number>;
    amount_by_status: Record<string, string>;
  }>(await call('GET', `/invoices/stats/?days=${days}`));
  for (const s of statuses) {
    expect(stats.status_breakdown[s], `${days} days ${s}`).toBe(expected[s]!.n);
    expect(Math.round(Number(stats.amount_by_status[s]) * 100), `${days} days ${s} amount`).toBe(
      expected[s]!.cents,
    );
  }
  expect(stats.total_invoices).toBe(Object.values(expected).reduce((a, e) => a + e.n, 0));
};

beforeAll(async () => {
  t = await createTestApp();
  const u = await registerUser(t.app, { name: 'Hana Adel' });
  org = u.organization.id;
  h = bearer(u.tokens.access, org);
  const o = await registerUser(t.app, { name: 'Other Owner' });
  other = bearer(o.tokens.access, o.organization.id);
  customerId = json<{ id: string }>(await call('POST', '/customers/', { name: 'Cairo Supplies' })).id;
  for (let i = 0; i < 37; i += 1) {
    const res = await call('POST', '/invoices/', invoiceBody(i));
    expect(res.statusCode, res.body).toBe(201);
  }
  // The other organization has invoices too, with the same numbers; none may leak into these answers.
  const otherCustomer = json<{ id: string }>(
    await call('POST', '/customers/', { name: 'Giza Goods' }, other),
  ).id;
  for (let i = 0; i < 4; i += 1) {
    const res = await call('POST', '/invoices/', { ...invoiceBody(i), customer_id: otherCustomer }, other);
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(() => t.close());

describe('the invoice list counts and the stats follow every change', () => {
  it('after creation', async () => {
    await expectCountsMatchTable();
    for (const days of [7, 30, 90, 365]) await expectStatsMatchTable(days);
  });

  it('after status, date and amount changes, deletions and an image change', async () => {
    const all = json<Page>(await call('GET', '/invoices/?page=1&page_size=100')).results;
    for (const [k, inv] of all.slice(0, 12).entries()) {
      const res = await call('PUT', `/invoices/${inv.id}/`, {
        ...invoiceBody(k + 100),
        status: statuses[(k + 2) % statuses.length],
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const drafts = json<Page>(await call('GET', '/invoices/?status=DRAFT&page=1&page_size=3')).results;
    for (const d of drafts) expect((await call('DELETE', `/invoices/${d.id}/`)).statusCode).toBe(204);
    // A change that touches none of the summarised columns leaves them as they are.
    const [first] = all;
    await call('PUT', `/invoices/${first!.id}/`, { ...invoiceBody(100), status: statuses[2] });
    await expectCountsMatchTable();
    for (const days of [7, 30, 90, 365]) await expectStatsMatchTable(days);
  });

  it('a failed save changes no count', async () => {
    const before = json<Page>(await call('GET', '/invoices/?page=1&page_size=1')).count;
    const taken = json<Page>(await call('GET', '/invoices/?page=1&page_size=1')).results[0]!.number;
    const res = await call('POST', '/invoices/', { ...invoiceBody(1), number: taken });
    expect(res.statusCode).toBe(409);
    expect(json<Page>(await call('GET', '/invoices/?page=1&page_size=1')).count).toBe(before);
    await expectCountsMatchTable();
  });

  it("another organization's counts are its own", async () => {
    const res = json<Page>(await call('GET', '/invoices/?page=1&page_size=20', undefined, other));
    expect(res.count).toBe(4);
    expect(res.results).toHaveLength(4);
  });
});

describe('paging', () => {
  it('gives every invoice exactly once, in order, whichever end a page is read from', async () => {
    const expected = (await tableRows()).map((r) => r.id);
    for (const status of [undefined, 'PAID']) {
      const filter = status ? `status=${status}&` : '';
      const want = status
        ? (await tableRows()).filter((r) => r.status === status).map((r) => r.id)
        : expected;
      const seen: string[] = [];
      for (let page = 1; ; page += 1) {
        const res = json<Page>(await call('GET', `/invoices/?${filter}page=${page}&page_size=4`));
        expect(res.count).toBe(want.length);
        if (res.results.length === 0) break;
        expect(res.results.length).toBeLessThanOrEqual(4);
        seen.push(...res.results.map((r) => r.id));
      }
      expect(seen).toEqual(want);
    }
  });

  it('reads deep pages from remembered positions, and afresh once invoices are created, deleted or change status', async () => {
    const walk = async (filter: string) => {
      const seen: string[] = [];
      for (let page = 1; ; page += 1) {
        const res = json<Page>(await call('GET', `/invoices/?${filter}page=${page}&page_size=3`));
        if (res.results.length === 0) return seen;
        seen.push(...res.results.map((r) => r.id));
      }
    };
    const want = async (status?: string) =>
      (await tableRows()).filter((r) => !status || r.status === status).map((r) => r.id);
    const hitsBefore = invoiceListPositions.hits;
    expect(await walk('')).toEqual(await want());
    // The walk again, and page 4 on its own, come from the positions the first walk left.
    expect(await walk('')).toEqual(await want());
    const page4 = json<Page>(await call('GET', '/invoices/?page=4&page_size=3')).results.map((r) => r.id);
    expect(page4).toEqual((await want()).slice(9, 12));
    expect(invoiceListPositions.hits).toBeGreaterThan(hitsBefore);

    // Every kind of change that moves positions: a new invoice, a deletion, a status change.
    const created = await call('POST', '/invoices/', invoiceBody(7));
    expect(created.statusCode, created.body).toBe(201);
    const all = json<Page>(await call('GET', '/invoices/?page=1&page_size=100')).results;
    const draft = all.find((r) => r.status === 'DRAFT' && r.id !== json<Row>(created).id)!;
    expect((await call('DELETE', `/invoices/${draft.id}/`)).statusCode).toBe(204);
    expect(json<Page>(await call('GET', '/invoices/?page=4&page_size=3')).results.map((r) => r.id)).toEqual(
      (await want()).slice(9, 12),
    );
    const paid = all.filter((r) => r.status === 'PAID');
    expect(await walk('status=PAID&')).toEqual(await want('PAID'));
    const moved = paid[paid.length - 2]!;
    const res = await call('PUT', `/invoices/${moved.id}/`, { ...invoiceBody(3), status: 'SENT' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await walk('status=PAID&')).toEqual(await want('PAID'));
    expect(await walk('')).toEqual(await want());
  });

  it('answers a page past the end with no rows and the count', async () => {
    const res = json<Page>(await call('GET', '/invoices/?page=500&page_size=20'));
    expect(res.results).toEqual([]);
    expect(res.count).toBe((await tableRows()).length);
  });
});

describe('search by number', () => {
  it('finds any part of the number, combined with the status filter', async () => {
    const all = json<Page>(await call('GET', '/invoices/?page=1&page_size=100')).results;
    const target = all[5]!;
    const part = target.number.slice(-3);
    const res = json<Page>(
      await call('GET', `/invoices/?q=${encodeURIComponent(part)}&page=1&page_size=100`),
    );
    const want = all.filter((r) => r.number.toLowerCase().includes(part.toLowerCase()));
    expect(res.count).toBe(want.length);
    expect(res.results.map((r) => r.id)).toEqual(want.map((r) => r.id));
    const lower = json<Page>(
      await call(
        'GET',
        `/invoices/?q=${encodeURIComponent(target.number.toLowerCase())}&page=1&page_size=10`,
      ),
    );
    expect(lower.results.map((r) => r.id)).toEqual([target.id]);
    const filtered = json<Page>(
      await call(
        'GET',
        `/invoices/?q=${encodeURIComponent(target.number)}&status=${target.status}&page=1&page_size=10`,
      ),
    );
    expect(filtered.count).toBe(1);
    const otherStatus = statuses.find((s) => s !== target.status)!;
    const none = json<Page>(
      await call(
        'GET',
        `/invoices/?q=${encodeURIComponent(target.number)}&status=${otherStatus}&page=1&page_size=10`,
      ),
    );
    expect(none).toMatchObject({ count: 0, results: [] });
  });

  it('treats % and _ as plain characters', async () => {
    const res = json<Page>(await call('GET', `/invoices/?q=${encodeURIComponent('%')}&page=1&page_size=10`));
    expect(res.count).toBe(0);
  });

  it('the search function sees only the organization of the transaction, and nothing without one', async () => {
    const scope = createOrgScope(t.system.db, { organizationId: org, userId: null, role: 'SYSTEM' });
    const mine = await scope.run((tx) => tx.execute(sql`select invoice_ids_matching_number('%') as id`));
    const ids = (mine as unknown as { rows: { id: string }[] }).rows.map((r) => r.id).sort();
    expect(ids).toEqual((await tableRows()).map((r) => r.id).sort());
    const bare = await t.system.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('role', 'invoicing_tenant', true)`);
      return tx.execute(sql`select invoice_ids_matching_number('%') as id`);
    });
    expect((bare as unknown as { rows: unknown[] }).rows).toEqual([]);
  });
});
