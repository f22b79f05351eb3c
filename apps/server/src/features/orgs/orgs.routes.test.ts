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

describe('the organization profile', () => {
  const put = (headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/v1/orgs/current/', headers, payload });

  it('is changed by an owner or an admin and answered with the organization', async () => {
    const owner = await registerUser(t.app, { organization_name: 'Delta' });
    const h = bearer(owner.tokens.access, owner.organization.id);
    expect(json(await get('/orgs/current/', h))).toMatchObject({ country: null, tax_id: '', address: '' });
    const res = await put(h, {
      name: '  شركة دلتا  ',
      country: 'SA',
      tax_id: '310122393500003',
      address: 'طريق الملك فهد\nالرياض',
    });
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      id: owner.organization.id,
      name: 'شركة دلتا',
      currency: 'EGP',
      country: 'SA',
      tax_id: '310122393500003',
      address: 'طريق الملك فهد\nالرياض',
      role: 'OWNER',
    };
    expect(json(res)).toMatchObject(expected);
    expect(json(await get('/orgs/current/', h))).toMatchObject(expected);
    expect(json<{ name: string }[]>(await get('/orgs/', bearer(owner.tokens.access)))[0]!.name).toBe(
      'شركة دلتا',
    );

    const admin = await registerUser(t.app);
    await addMember(t.system, {
      organizationId: owner.organization.id,
      userId: admin.user.id,
      role: 'ADMIN',
    });
    const byAdmin = await put(bearer(admin.tokens.access, owner.organization.id), {
      name: 'Delta',
      country: '',
      tax_id: '',
      address: '',
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(json(byAdmin)).toMatchObject({ name: 'Delta', country: null, tax_id: '', role: 'ADMIN' });
  });

  it('is refused to a USER, and checked: name, country, a Saudi VAT number', async () => {
    const owner = await registerUser(t.app, { organization_name: 'Epsilon' });
    const h = bearer(owner.tokens.access, owner.organization.id);
    const user = await registerUser(t.app);
    await addMember(t.system, { organizationId: owner.organization.id, userId: user.user.id, role: 'USER' });
    const refused = await put(bearer(user.tokens.access, owner.organization.id), { name: 'Hijack' });
    expect(refused.statusCode).toBe(403);
    expect(json(refused).code).toBe('FORBIDDEN');

    const bad = await put(h, { name: ' ', country: 'XX', tax_id: '12345' });
    expect(bad.statusCode).toBe(400);
    expect(json<{ errors: Record<string, string[]> }>(bad).errors).toEqual({
      name: ['Organization name is required'],
      country: ['Choose a country from the list'],
    });
    const vat = await put(h, { name: 'Epsilon', country: 'SA', tax_id: '123456789012345' });
    expect(json<{ errors: Record<string, string[]> }>(vat).errors).toEqual({
      tax_id: ['A Saudi VAT number has 15 digits and starts and ends with 3'],
    });
    // Elsewhere a tax id is written as the country writes it.
    expect((await put(h, { name: 'Epsilon', country: 'EG', tax_id: '100-200-300' })).statusCode).toBe(200);
    expect(json(await get('/orgs/current/', h))).toMatchObject({ name: 'Epsilon', tax_id: '100-200-300' });
  });
});
