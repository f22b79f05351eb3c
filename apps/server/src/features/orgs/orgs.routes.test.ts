import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, registerUser, type TestApp } from '../../test/test-app';
import { addMember } from './orgs.service';
import { subscriptions } from '../subscriptions/subscriptions.table';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });

describe('GET /orgs/', () => {
  it('lists every organization of the user with the role, and only those', async () => {
    const alice = await registerUser(t.app, { organization_name: 'Alpha' });
    const bob = await registerUser(t.app, { organization_name: 'Beta' });
    await addMember(t.system, { organizationId: bob.organization.id, userId: alice.user.id, role: 'USER' });
    const res = await get('/orgs/', bearer(alice.tokens.access));
    expect(res.statusCode).toBe(200);
    expect(json<unknown[]>(res)).toEqual([
      { id: alice.organization.id, name: 'Alpha', role: 'OWNER', currency: 'EGP' },
      { id: bob.organization.id, name: 'Beta', role: 'USER', currency: 'EGP' },
    ]);
    expect(json<unknown[]>(await get('/orgs', bearer(bob.tokens.access)))).toHaveLength(1);
  });

  it('needs a token', async () => {
    const res = await get('/orgs/');
    expect(res.statusCode).toBe(401);
    expect(json(res).code).toBe('UNAUTHENTICATED');
  });
});

describe('the organization header', () => {
  it('opens the organization the user belongs to', async () => {
    const u = await registerUser(t.app, { organization_name: 'Gamma' });
    const res = await get('/orgs/current/', bearer(u.tokens.access, u.organization.id));
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ id: u.organization.id, name: 'Gamma', role: 'OWNER', currency: 'EGP' });
  });

  it('is required on organization calls', async () => {
    const u = await registerUser(t.app);
    const res = await get('/orgs/current/', bearer(u.tokens.access));
    expect(res.statusCode).toBe(403);
    expect(json(res).code).toBe('ORGANIZATION_REQUIRED');
  });

  it("refuses another organization's id and a malformed id with 403", async () => {
    const u = await registerUser(t.app);
    const other = await registerUser(t.app);
    for (const id of [other.organization.id, 'not-a-uuid', "1' or '1'='1"]) {
      const res = await get('/orgs/current/', bearer(u.tokens.access, id));
      expect(res.statusCode).toBe(403);
      expect(json(res).code).toBe('NOT_A_MEMBER');
    }
  });
});

describe('the Pro trial', () => {
  it('falls to the Free plan, active, once the trial has ended', async () => {
    const u = await registerUser(t.app);
    await t.system.db
      .update(subscriptions)
      .set({ trialEndsAt: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.organizationId, u.organization.id));
    const body = json<{ subscription: { plan_name: string; status: string } }>(
      await get('/orgs/current/', bearer(u.tokens.access, u.organization.id)),
    );
    expect(body.subscription).toMatchObject({ plan_name: 'Free', status: 'ACTIVE' });
  });
});
