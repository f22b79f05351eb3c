import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { bearer, createTestApp, json, registerUser, type TestApp } from '../../test/test-app';
import { memberships, users } from '../../schema';
import { createAccessCache, signalAccessChanged } from './access-cache';

// On PostgreSQL the answers of the access check are kept between requests; every change to a user's access
// must still take effect for the next request. (The embedded database asks every time: the same tests
// hold there trivially.)

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });

const onPostgres = inject('testDatabase').kind === 'postgres';

/** Calls until the answer has the wanted status, for a change made where this process hears it late. */
const eventually = async (call: () => Promise<{ statusCode: number }>, status: number) => {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const res = await call();
    if (res.statusCode === status || Date.now() > deadline) return res.statusCode;
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('kept access answers follow every change', () => {
  it('deactivation refuses the next request, after requests that were let in', async () => {
    const u = await registerUser(t.app);
    const h = bearer(u.tokens.access, u.organization.id);
    for (let i = 0; i < 3; i += 1) {
      expect((await get('/auth/me', h)).statusCode).toBe(200);
      expect((await get('/invoices/?page=1&page_size=10', h)).statusCode).toBe(200);
    }
    await t.system.db.update(users).set({ isActive: false }).where(eq(users.id, u.user.id));
    expect((await get('/auth/me', h)).statusCode).toBe(401);
    expect((await get('/invoices/?page=1&page_size=10', h)).statusCode).toBe(401);
    await t.system.db.update(users).set({ isActive: true }).where(eq(users.id, u.user.id));
    expect((await get('/auth/me', h)).statusCode).toBe(200);
  });

  it('a removed membership refuses the next request, and a changed role is the next answer', async () => {
    const u = await registerUser(t.app);
    const h = bearer(u.tokens.access, u.organization.id);
    expect(json<{ role: string }>(await get('/orgs/current/', h)).role).toBe('OWNER');
    const mine = and(eq(memberships.userId, u.user.id), eq(memberships.organizationId, u.organization.id));
    await t.system.db.update(memberships).set({ role: 'USER' }).where(mine);
    expect(json<{ role: string }>(await get('/orgs/current/', h)).role).toBe('USER');
    await t.system.db.delete(memberships).where(mine);
    const res = await get('/orgs/current/', h);
    expect(res.statusCode).toBe(403);
    expect(json(res).code).toBe('NOT_A_MEMBER');
  });

  it.skipIf(!onPostgres)('a change made by another process refuses requests once it commits', async () => {
    const u = await registerUser(t.app);
    const h = bearer(u.tokens.access, u.organization.id);
    expect((await get('/invoices/?page=1&page_size=10', h)).statusCode).toBe(200);
    // A connection of its own, as another API process or an operator's psql would have.
    const other = new pg.Client(t.database.pool!.options);
    await other.connect();
    try {
      await other.query('update users set is_active = false where id = $1', [u.user.id]);
    } finally {
      await other.end();
    }
    expect(await eventually(() => get('/invoices/?page=1&page_size=10', h), 401)).toBe(401);
  });

  it.skipIf(!onPostgres)('answers are kept: without the signal, a change goes unseen', async () => {
    const u = await registerUser(t.app);
    const h = bearer(u.tokens.access, u.organization.id);
    // The listening connection is up once an answer is kept; ask until then.
    expect((await get('/auth/me', h)).statusCode).toBe(200);
    const admin = new pg.Client(t.database.pool!.options);
    await admin.connect();
    try {
      await new Promise((r) => setTimeout(r, 200));
      expect((await get('/auth/me', h)).statusCode).toBe(200);
      await admin.query('alter table users disable trigger users_access_changed');
      await admin.query('update users set is_active = false where id = $1', [u.user.id]);
      await admin.query('alter table users enable trigger users_access_changed');
      expect((await get('/auth/me', h)).statusCode).toBe(200);
      // The signal (here by hand) is what makes the change take effect.
      await admin.query(`select pg_notify('access_changed', $1)`, [u.user.id]);
      expect(await eventually(() => get('/auth/me', h), 401)).toBe(401);
    } finally {
      await admin.query('alter table users enable trigger users_access_changed').catch(() => undefined);
      await admin.end();
    }
  });

  it.skipIf(!onPostgres)(
    'a signal repeated after the commit drops kept answers before it returns',
    async () => {
      const cache = createAccessCache(t.database.pool!);
      const row = { isActive: true, isSuperuser: false, role: null };
      const [a, b] = [crypto.randomUUID(), crypto.randomUUID()];
      try {
        // Answers are kept once the cache's listening connection is up.
        await vi.waitFor(() => {
          cache.set(a, 's', row, cache.generation());
          expect(cache.get(a, 's')).toEqual(row);
        });
        cache.set(b, 's', row, cache.generation());
        await signalAccessChanged(t.system.db, a);
        expect(cache.get(a, 's')).toBeUndefined();
        expect(cache.get(b, 's')).toEqual(row);
        cache.set(a, 's', row, cache.generation());
        await signalAccessChanged(t.system.db);
        expect(cache.get(a, 's')).toBeUndefined();
        expect(cache.get(b, 's')).toBeUndefined();
        await expect(signalAccessChanged(t.system.db, "x'; drop table users; --")).rejects.toThrow(/uuid/);
      } finally {
        await cache.close();
      }
    },
  );
});
