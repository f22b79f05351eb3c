import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../../test/test-app';
import { createOrgScope, createOrgScopeWithin, type SystemTx } from './org-scope';
import { customers, memberships, organizations } from '../../schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rows = async <T>(query: ReturnType<typeof sql>) => {
  const result = (await t.system.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
};

describe('tenancy', () => {
  it('every table with organization_id has row-level security and a tenant policy', async () => {
    const tables = await rows<{ table_name: string }>(sql`
      select table_name from information_schema.columns
      where table_schema = 'public' and column_name = 'organization_id' order by table_name`);
    expect(tables.map((r) => r.table_name)).toContain('memberships');
    for (const { table_name } of tables) {
      const [rls] = await rows<{ relrowsecurity: boolean }>(
        sql`select relrowsecurity from pg_class where relname = ${table_name} and relnamespace = 'public'::regnamespace`,
      );
      expect(rls?.relrowsecurity, `${table_name} has row-level security`).toBe(true);
      const policies = await rows<{ roles: string[] | string; qual: string }>(
        sql`select roles, qual from pg_policies where schemaname = 'public' and tablename = ${table_name}`,
      );
      expect(policies.length, `${table_name} has a policy`).toBeGreaterThan(0);
      expect(String(policies[0]!.roles)).toContain('invoicing_tenant');
      expect(policies[0]!.qual).toContain('app.organization_id');
      const indexes = await rows<{ indexdef: string }>(
        sql`select indexdef from pg_indexes where schemaname = 'public' and tablename = ${table_name}`,
      );
      expect(
        indexes.some((i) => /\(organization_id[,)]/.test(i.indexdef)),
        `${table_name} has an index that starts with organization_id`,
      ).toBe(true);
    }
  });

  it('every table is a tenant table, or one of the global tables named here', async () => {
    // Tables shared by every organization, on purpose. A new table is a tenant table (organization_id,
    // row-level security) unless it is added here, in review.
    const globalTables = [
      'audit_log',
      'auth_throttle',
      'organizations',
      'payment_methods',
      'plans',
      'refresh_tokens',
      'sandbox_charges',
      'seed_runs',
      'stored_file_removals',
      'users',
    ];
    const tables = await rows<{ table_name: string; tenant: boolean }>(sql`
      select t.table_name,
             exists (select 1 from information_schema.columns c
                     where c.table_schema = 'public' and c.table_name = t.table_name
                       and c.column_name = 'organization_id') as tenant
      from information_schema.tables t
      where t.table_schema = 'public' and t.table_type = 'BASE TABLE'
      order by t.table_name`);
    const shared = tables.filter((t) => !t.tenant).map((t) => t.table_name);
    expect(shared).toEqual(globalTables);
    expect(tables.filter((t) => t.tenant).map((t) => t.table_name)).toEqual(
      expect.arrayContaining([
        'attachments',
        'credit_buckets',
        'credit_movements',
        'ocr_extractions',
        'payments',
        'storage_purchases',
      ]),
    );
  });

  it('a scope sees only its own rows even in a query that forgets the filter', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const scope = createOrgScope(t.system.db, {
      organizationId: a.organization.id,
      userId: a.user.id,
      role: 'OWNER',
    });
    const seen = await scope.run((tx) => tx.select().from(memberships));
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen.map((m) => m.organizationId))).toEqual(new Set([a.organization.id]));
    // And it cannot write into another organization.
    await expect(
      scope.run((tx) =>
        tx.insert(memberships).values({ organizationId: b.organization.id, userId: a.user.id, role: 'USER' }),
      ),
    ).rejects.toThrow();
  });

  it("a scope changes its own organization's profile only, even in a query that forgets the filter", async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const scope = createOrgScope(t.system.db, {
      organizationId: a.organization.id,
      userId: a.user.id,
      role: 'OWNER',
    });
    await scope.run((tx) => tx.update(organizations).set({ address: 'Changed' }));
    const seen = await t.system.db
      .select({ id: organizations.id, address: organizations.address })
      .from(organizations)
      .where(inArray(organizations.id, [a.organization.id, b.organization.id]));
    expect(Object.fromEntries(seen.map((o) => [o.id, o.address]))).toEqual({
      [a.organization.id]: 'Changed',
      [b.organization.id]: '',
    });
    // Its currency is not the profile's to change.
    await expect(scope.run((tx) => tx.update(organizations).set({ currency: 'USD' }))).rejects.toThrow();
  });

  it('a tenant transaction cannot read credentials', async () => {
    const a = await registerUser(t.app);
    const scope = createOrgScope(t.system.db, {
      organizationId: a.organization.id,
      userId: a.user.id,
      role: 'OWNER',
    });
    await expect(scope.run((tx) => tx.execute(sql`select password_hash from users`))).rejects.toThrow();
    await expect(scope.run((tx) => tx.execute(sql`select token_hash from refresh_tokens`))).rejects.toThrow();
  });

  it('nested runs share one transaction, and a failure rolls all of it back', async () => {
    const a = await registerUser(t.app);
    const scope = createOrgScope(t.system.db, {
      organizationId: a.organization.id,
      userId: a.user.id,
      role: 'OWNER',
    });
    const before = await scope.run((tx) => tx.select().from(memberships));
    await expect(
      scope.run(async () => {
        await scope.run((tx) =>
          tx.delete(memberships).where(sql`${memberships.organizationId} = ${a.organization.id}`),
        );
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await scope.run((tx) => tx.select().from(memberships))).toHaveLength(before.length);
  });

  it('a scope keeps the tenant role to the end of its transaction, through nested runs', async () => {
    const a = await registerUser(t.app);
    const scope = createOrgScope(t.system.db, {
      organizationId: a.organization.id,
      userId: a.user.id,
      role: 'OWNER',
    });
    const who = sql`select current_user as who`;
    const rows = (r: unknown) => (r as { rows: { who: string }[] }).rows;
    const seen = await scope.run(async (tx) => {
      // A tenant transaction offers no nested transaction of its own, which could commit it early
      // (checked by the type checker: this line fails to compile if the type allows it).
      // @ts-expect-error transaction() is not part of a tenant transaction
      void tx.transaction;
      const first = rows(await tx.execute(who))[0]!.who;
      const nested = await scope.run(async (inner) => rows(await inner.execute(who))[0]!.who);
      const last = rows(await tx.execute(who))[0]!.who;
      return [first, nested, last];
    });
    expect(seen).toEqual(['invoicing_tenant', 'invoicing_tenant', 'invoicing_tenant']);
  });

  // PGlite serves one connection, so nothing can commit in the middle of a transaction there.
  it.skipIf(inject('testDatabase').kind === 'pglite')(
    'a snapshot run does not see what commits between its statements',
    async () => {
      const a = await registerUser(t.app);
      const scope = createOrgScope(t.system.db, {
        organizationId: a.organization.id,
        userId: a.user.id,
        role: 'OWNER',
      });
      const count = async (tx: Parameters<Parameters<typeof scope.run>[0]>[0]) =>
        (await tx.select().from(customers)).length;
      const addOne = () =>
        t.system.db.insert(customers).values({ organizationId: a.organization.id, name: 'Nile Traders' });
      const seen = await scope.run(
        async (tx) => {
          const before = await count(tx);
          await addOne();
          return [before, await count(tx)];
        },
        { snapshot: true },
      );
      expect(seen[1]).toBe(seen[0]);
      // Without a snapshot the second statement sees the new row: the test shows the difference.
      const plain = await scope.run(async (tx) => {
        const before = await count(tx);
        await addOne();
        return [before, await count(tx)];
      });
      expect(plain[1]).toBe((plain[0] ?? 0) + 1);
    },
  );

  it('a scope within a system transaction runs as the tenant, then gives the transaction back as it was', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const context = { userId: null, role: 'SYSTEM' } as const;
    const state = sql`select current_user as who, coalesce(current_setting('app.organization_id', true), '') as org`;
    type State = { who: string; org: string };
    const stateOf = async (tx: { execute: SystemTx['execute'] }) =>
      (
        (await tx.execute(state)) as unknown as {
          rows: State[];
        }
      ).rows[0]!;
    const seen = await t.system.db.transaction(async (tx) => {
      const before = await stateOf(tx);
      // The transaction already runs as another role, in another organization: it gets them back.
      await tx.execute(
        sql`select set_config('role', 'invoicing_tenant', true), set_config('app.organization_id', ${b.organization.id}, true)`,
      );
      const scope = createOrgScopeWithin(tx, { organizationId: a.organization.id, ...context });
      const inside = await scope.run(async (inner) => ({
        state: await stateOf(inner),
        organizations: (await inner.select().from(memberships)).map((m) => m.organizationId),
      }));
      const after = await stateOf(tx);
      await tx.execute(sql`select set_config('role', 'none', true)`);
      return { before, inside, after, reset: await stateOf(tx) };
    });
    expect(seen.inside.state).toEqual({ who: 'invoicing_tenant', org: a.organization.id });
    expect(new Set(seen.inside.organizations)).toEqual(new Set([a.organization.id]));
    expect(seen.after).toEqual({ who: 'invoicing_tenant', org: b.organization.id });
    expect(seen.reset.who).toBe(seen.before.who);
    expect(seen.before.who).not.toBe('invoicing_tenant');

    // Only a transaction will do (checked by the type checker too): the database itself, which cannot
    // keep the switch, is refused before anything runs without row-level security.
    // @ts-expect-error the raw database is not a transaction
    const outside = createOrgScopeWithin(t.system.db, { organizationId: a.organization.id, ...context });
    let ran = false;
    await expect(
      outside.run(async () => {
        ran = true;
      }),
    ).rejects.toThrow(/tenant role/);
    expect(ran).toBe(false);
  });

  it('a connection leaves a scope, failed or not, without its role or organization', async () => {
    const a = await registerUser(t.app);
    const scope = createOrgScope(t.system.db, {
      organizationId: a.organization.id,
      userId: a.user.id,
      role: 'OWNER',
    });
    const setting = sql`select current_user as who, coalesce(current_setting('app.organization_id', true), '') as org`;
    const inside = await scope.run((tx) => tx.execute(setting));
    expect((inside as unknown as { rows: { who: string; org: string }[] }).rows[0]).toEqual({
      who: 'invoicing_tenant',
      org: a.organization.id,
    });
    await expect(scope.run((tx) => tx.execute(sql`select 1 / 0`))).rejects.toThrow();
    // The system's next queries, on whichever pooled connection, run as the connecting role again.
    for (let i = 0; i < 12; i += 1) {
      const after = await t.system.db.execute(setting);
      const row = (after as unknown as { rows: { who: string; org: string }[] }).rows[0]!;
      expect(row.who).not.toBe('invoicing_tenant');
      expect(row.org).toBe('');
    }
  });

  it('one-statement reads see only their own organization, on connections shared between organizations', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const scopeOf = (organizationId: string, userId: string) =>
      createOrgScope(t.system.db, { organizationId, userId, role: 'OWNER' });
    const scopes = [scopeOf(a.organization.id, a.user.id), scopeOf(b.organization.id, b.user.id)];
    const state = sql`select current_user as who, current_setting('app.organization_id', true) as org`;
    type State = { who: string; org: string };
    // Alternating organizations, one read at a time: the same pooled connections serve both.
    for (let i = 0; i < 12; i += 1) {
      const scope = scopes[i % 2]!;
      // A query that forgets the organization filter still sees only its own rows.
      const seen = await scope.run((tx) => tx.select().from(memberships), { oneStatement: true });
      expect(new Set(seen.map((m) => m.organizationId))).toEqual(new Set([scope.organizationId]));
      const [row] = (
        (await scope.run((tx) => tx.execute(state), { oneStatement: true })) as unknown as { rows: State[] }
      ).rows;
      expect(row).toEqual({ who: 'invoicing_tenant', org: scope.organizationId });
      // A read that fails leaves its connection in the organization it was switched to.
      await expect(
        scope.run((tx) => tx.execute(sql`select 1 / 0`), { oneStatement: true }),
      ).rejects.toThrow();
    }
    // Credentials stay out of reach.
    await expect(
      scopes[0]!.run((tx) => tx.execute(sql`select password_hash from users`), { oneStatement: true }),
    ).rejects.toThrow();
    // The system's own connections are untouched by the tenant reads.
    const after = (await t.system.db.execute(state)) as unknown as { rows: State[] };
    expect(after.rows[0]!.who).not.toBe('invoicing_tenant');
    expect(after.rows[0]!.org ?? '').toBe('');
  });
});
