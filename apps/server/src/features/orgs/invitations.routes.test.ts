import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invitation, Member, MembershipRole } from '@invoicing/contract';
import { bearer, createTestApp, json, registerUser, uniqueEmail, type TestApp } from '../../test/test-app';
import { invitations } from '../../schema';
import { addMember } from './orgs.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;

const api = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Headers = {}, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });

const owner = async (organization_name = 'Inviting Org') => {
  const o = await registerUser(t.app, { organization_name, name: 'Omar Owner' });
  return { ...o, headers: bearer(o.tokens.access, o.organization.id) };
};

/** A member of `orgId` with this role, signed in, with their headers. */
const memberOf = async (orgId: string, role: MembershipRole) => {
  const u = await registerUser(t.app);
  await addMember(t.system, { organizationId: orgId, userId: u.user.id, role });
  return { ...u, headers: bearer(u.tokens.access, orgId) };
};

const invite = async (headers: Headers, email: string, role: MembershipRole = 'USER') => {
  const res = await api('POST', '/invitations/', headers, { email, role });
  expect(res.statusCode, res.body).toBe(201);
  return json<Invitation & { token: string }>(res);
};

const listInvitations = async (headers: Headers) => {
  const res = await api('GET', '/invitations/', headers);
  expect(res.statusCode, res.body).toBe(200);
  return json<Invitation[]>(res);
};

const preview = (token: string) => api('POST', '/invitations/preview/', {}, { token });
const accept = (access: string, token: string) =>
  api('POST', '/invitations/accept/', bearer(access), { token });
const registerInvited = (body: { token: string; email: string; name?: string; password?: string }) =>
  api('POST', '/auth/register/invited', {}, { name: 'New Colleague', password: 'a-good-password', ...body });

const expire = (id: string) =>
  t.system.db
    .update(invitations)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(invitations.id, id));

const organizationsOf = async (access: string) =>
  json<{ id: string; name: string; role: string }[]>(await api('GET', '/orgs/', bearer(access)));

describe('POST /invitations/', () => {
  it('answers a single-use link token, valid for 7 days, of which only a hash is stored', async () => {
    const o = await owner();
    const email = uniqueEmail('invitee');
    const created = await invite(o.headers, email, 'ADMIN');
    expect(created).toMatchObject({ email, role: 'ADMIN', status: 'PENDING', invited_by: 'Omar Owner' });
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const days = (Date.parse(created.expires_at) - Date.parse(created.created_at)) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);
    const [row] = await t.system.db.select().from(invitations).where(eq(invitations.id, created.id));
    expect(row!.tokenHash).toBe(crypto.createHash('sha256').update(created.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.token);
    // The list shows it, without the token.
    const { token: _, ...shown } = created;
    expect(await listInvitations(o.headers)).toEqual([shown]);
  });

  it('an admin invites users and admins, not owners; an owner invites owners', async () => {
    const o = await owner();
    const admin = await memberOf(o.organization.id, 'ADMIN');
    await invite(admin.headers, uniqueEmail(), 'USER');
    await invite(admin.headers, uniqueEmail(), 'ADMIN');
    const refused = await api('POST', '/invitations/', admin.headers, {
      email: uniqueEmail(),
      role: 'OWNER',
    });
    expect(refused.statusCode).toBe(403);
    expect(json(refused).code).toBe('OWNER_ONLY');
    await invite(o.headers, uniqueEmail(), 'OWNER');
    expect((await listInvitations(o.headers)).map((i) => i.role).sort()).toEqual(['ADMIN', 'OWNER', 'USER']);
  });

  it('is refused to a USER, as are the list and revoking', async () => {
    const o = await owner();
    const user = await memberOf(o.organization.id, 'USER');
    const pending = await invite(o.headers, uniqueEmail());
    for (const res of [
      await api('POST', '/invitations/', user.headers, { email: uniqueEmail(), role: 'USER' }),
      await api('GET', '/invitations/', user.headers),
      await api('DELETE', `/invitations/${pending.id}/`, user.headers),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(json(res).code).toBe('FORBIDDEN');
    }
    expect(await listInvitations(o.headers)).toHaveLength(1);
  });

  it('refuses the email of a member, whatever its case', async () => {
    const o = await owner();
    const res = await api('POST', '/invitations/', o.headers, { email: o.email.toUpperCase(), role: 'USER' });
    expect(res.statusCode).toBe(409);
    expect(json(res)).toMatchObject({
      code: 'ALREADY_A_MEMBER',
      detail: 'This person is already a member of the organization.',
    });
  });

  it('refuses a missing or malformed email and an unknown role', async () => {
    const o = await owner();
    const res = await api('POST', '/invitations/', o.headers, { email: 'not-an-email', role: 'KING' });
    expect(res.statusCode).toBe(400);
    expect(json<{ errors: Record<string, string[]> }>(res).errors).toEqual({
      email: ['Enter a valid email address'],
      role: ['Choose one of USER, ADMIN or OWNER'],
    });
    const missing = await api('POST', '/invitations/', o.headers, { role: 'USER' });
    expect(json<{ errors: Record<string, string[]> }>(missing).errors.email).toEqual(['Email is required']);
  });

  it('a new invitation of the same email replaces the pending one, whose link stops working', async () => {
    const o = await owner();
    const email = uniqueEmail();
    const first = await invite(o.headers, email, 'USER');
    const second = await invite(o.headers, email.toUpperCase(), 'ADMIN');
    expect((await listInvitations(o.headers)).map((i) => i.id)).toEqual([second.id]);
    const old = await preview(first.token);
    expect(old.statusCode).toBe(404);
    expect(json(old).code).toBe('INVITATION_NOT_FOUND');
    expect(json(await preview(second.token))).toMatchObject({ role: 'ADMIN' });
  });

  it("an admin cannot replace an owner's invitation", async () => {
    const o = await owner();
    const admin = await memberOf(o.organization.id, 'ADMIN');
    const email = uniqueEmail();
    const ownerInvite = await invite(o.headers, email, 'OWNER');
    const res = await api('POST', '/invitations/', admin.headers, { email, role: 'USER' });
    expect(res.statusCode).toBe(403);
    expect(json(res).code).toBe('OWNER_ONLY');
    expect((await preview(ownerInvite.token)).statusCode).toBe(200);
  });
});

describe('GET /invitations/', () => {
  it('lists pending and expired invitations, newest first, not accepted or revoked ones', async () => {
    const o = await owner();
    const accepted = await invite(o.headers, uniqueEmail());
    const revoked = await invite(o.headers, uniqueEmail());
    const expired = await invite(o.headers, uniqueEmail());
    const pending = await invite(o.headers, uniqueEmail());
    expect((await registerInvited({ token: accepted.token, email: accepted.email })).statusCode).toBe(201);
    expect((await api('DELETE', `/invitations/${revoked.id}/`, o.headers)).statusCode).toBe(204);
    await expire(expired.id);
    expect((await listInvitations(o.headers)).map((i) => [i.id, i.status])).toEqual([
      [pending.id, 'PENDING'],
      [expired.id, 'EXPIRED'],
    ]);
  });
});

describe('DELETE /invitations/{id}/', () => {
  it('revokes: the link stops working, and a second revoke finds nothing', async () => {
    const o = await owner();
    const pending = await invite(o.headers, uniqueEmail());
    expect((await api('DELETE', `/invitations/${pending.id}/`, o.headers)).statusCode).toBe(204);
    const res = await preview(pending.token);
    expect(res.statusCode).toBe(404);
    expect(json(res).code).toBe('INVITATION_NOT_FOUND');
    const registered = await registerInvited({ token: pending.token, email: pending.email });
    expect(registered.statusCode).toBe(404);
    const again = await api('DELETE', `/invitations/${pending.id}/`, o.headers);
    expect(again.statusCode).toBe(404);
    expect(json(again).code).toBe('NOT_FOUND');
  });

  it('an admin revokes user invitations but not owner invitations', async () => {
    const o = await owner();
    const admin = await memberOf(o.organization.id, 'ADMIN');
    const forUser = await invite(o.headers, uniqueEmail(), 'USER');
    const forOwner = await invite(o.headers, uniqueEmail(), 'OWNER');
    expect((await api('DELETE', `/invitations/${forUser.id}/`, admin.headers)).statusCode).toBe(204);
    const res = await api('DELETE', `/invitations/${forOwner.id}/`, admin.headers);
    expect(res.statusCode).toBe(403);
    expect(json(res).code).toBe('OWNER_ONLY');
    expect((await preview(forOwner.token)).statusCode).toBe(200);
  });

  it("refuses another organization's invitation with 404 and leaves it working", async () => {
    const o = await owner();
    const other = await owner('Other Org');
    const theirs = await invite(other.headers, uniqueEmail());
    const res = await api('DELETE', `/invitations/${theirs.id}/`, o.headers);
    expect(res.statusCode).toBe(404);
    expect((await preview(theirs.token)).statusCode).toBe(200);
  });
});

describe('POST /invitations/preview/', () => {
  it("shows the organization's name, the role, the email and whether an account exists", async () => {
    const o = await owner('Preview Trading');
    const newcomer = await invite(o.headers, uniqueEmail(), 'ADMIN');
    const existing = await registerUser(t.app);
    const forExisting = await invite(o.headers, existing.email);
    const res = await preview(newcomer.token);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({
      organization_name: 'Preview Trading',
      role: 'ADMIN',
      email: newcomer.email,
      expires_at: newcomer.expires_at,
      account_exists: false,
    });
    expect(json(await preview(forExisting.token))).toMatchObject({ account_exists: true });
  });

  it('refuses an unknown token, an expired one and a used one, each with its reason', async () => {
    const o = await owner();
    const expired = await invite(o.headers, uniqueEmail());
    await expire(expired.id);
    const used = await invite(o.headers, uniqueEmail());
    expect((await registerInvited({ token: used.token, email: used.email })).statusCode).toBe(201);
    const cases = [
      ['unknown-token', 404, 'INVITATION_NOT_FOUND'],
      [expired.token, 410, 'INVITATION_EXPIRED'],
      [used.token, 410, 'INVITATION_USED'],
    ] as const;
    for (const [token, status, code] of cases) {
      const res = await preview(token);
      expect(res.statusCode, code).toBe(status);
      expect(json(res).code).toBe(code);
    }
    expect(json(await preview(expired.token)).detail).toBe(
      'This invitation has expired. Ask for a new invitation.',
    );
    expect(json(await preview(used.token)).detail).toBe('This invitation has already been used.');
    const empty = await api('POST', '/invitations/preview/', {}, { token: '' });
    expect(empty.statusCode).toBe(400);
  });
});

describe('POST /invitations/accept/', () => {
  it('the invited user, signed in, joins with the role and works in the organization at once', async () => {
    const o = await owner('Joined Org');
    const colleague = await registerUser(t.app, { organization_name: 'Their Own' });
    const pending = await invite(o.headers, colleague.email.toUpperCase(), 'ADMIN');
    const res = await accept(colleague.tokens.access, pending.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ organization: { id: o.organization.id, name: 'Joined Org' }, role: 'ADMIN' });
    expect((await organizationsOf(colleague.tokens.access)).map((x) => [x.name, x.role])).toEqual([
      ['Joined Org', 'ADMIN'],
      ['Their Own', 'OWNER'],
    ]);
    const theirHeaders = bearer(colleague.tokens.access, o.organization.id);
    expect((await api('GET', '/members/', theirHeaders)).statusCode).toBe(200);
    expect(await listInvitations(o.headers)).toEqual([]);
    // Single use: nobody can use the link again.
    const again = await accept(colleague.tokens.access, pending.token);
    expect(again.statusCode).toBe(410);
    expect(json(again).code).toBe('INVITATION_USED');
  });

  it('refuses a user whose email is not the invited one, and keeps the link for the invited person', async () => {
    const o = await owner();
    const stranger = await registerUser(t.app);
    const pending = await invite(o.headers, uniqueEmail('intended'));
    const res = await accept(stranger.tokens.access, pending.token);
    expect(res.statusCode).toBe(403);
    expect(json(res)).toMatchObject({
      code: 'INVITATION_EMAIL_MISMATCH',
      detail:
        'This invitation was sent to another email address: sign in or register with the invited email to accept it.',
    });
    expect((await organizationsOf(stranger.tokens.access)).map((x) => x.id)).not.toContain(o.organization.id);
    expect((await preview(pending.token)).statusCode).toBe(200);
  });

  it('refuses a user who is a member already, and keeps the link', async () => {
    const o = await owner();
    const person = await registerUser(t.app);
    const pending = await invite(o.headers, person.email, 'ADMIN');
    await addMember(t.system, { organizationId: o.organization.id, userId: person.user.id, role: 'USER' });
    const res = await accept(person.tokens.access, pending.token);
    expect(res.statusCode).toBe(409);
    expect(json(res).code).toBe('ALREADY_A_MEMBER');
    const members = json<Member[]>(await api('GET', '/members/', o.headers));
    expect(members.find((m) => m.user_id === person.user.id)!.role).toBe('USER');
    expect((await preview(pending.token)).statusCode).toBe(200);
  });

  it('refuses an expired or unknown link, and needs a signed-in user', async () => {
    const o = await owner();
    const person = await registerUser(t.app);
    const pending = await invite(o.headers, person.email);
    await expire(pending.id);
    const expired = await accept(person.tokens.access, pending.token);
    expect(expired.statusCode).toBe(410);
    expect(json(expired).code).toBe('INVITATION_EXPIRED');
    expect((await accept(person.tokens.access, 'no-such-token')).statusCode).toBe(404);
    expect((await api('POST', '/invitations/accept/', {}, { token: pending.token })).statusCode).toBe(401);
    expect((await organizationsOf(person.tokens.access)).map((x) => x.id)).not.toContain(o.organization.id);
  });

  it('of concurrent uses of one link, exactly one joins', async () => {
    const o = await owner();
    const person = await registerUser(t.app);
    const pending = await invite(o.headers, person.email);
    const results = await Promise.all(
      Array.from({ length: 4 }, () => accept(person.tokens.access, pending.token)),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 410, 410, 410]);
    const members = json<Member[]>(await api('GET', '/members/', o.headers));
    expect(members.filter((m) => m.user_id === person.user.id)).toHaveLength(1);
  });
});

describe('POST /auth/register/invited', () => {
  it('creates the user, who joins the organization with the role and owns no organization of their own', async () => {
    const o = await owner('Invited Into');
    const pending = await invite(o.headers, uniqueEmail('newbie'), 'ADMIN');
    const res = await registerInvited({ token: pending.token, email: pending.email, name: 'Nadia New' });
    expect(res.statusCode, res.body).toBe(201);
    const body = json<{
      tokens: { access: string };
      user: { email: string; name: string };
      organization: { id: string; name: string };
    }>(res);
    expect(body.organization).toEqual({ id: o.organization.id, name: 'Invited Into' });
    expect(body.user).toMatchObject({ email: pending.email, name: 'Nadia New' });
    expect(await organizationsOf(body.tokens.access)).toEqual([
      { id: o.organization.id, name: 'Invited Into', role: 'ADMIN', currency: 'EGP' },
    ]);
    const login = await api('POST', '/auth/login', {}, { email: pending.email, password: 'a-good-password' });
    expect(login.statusCode).toBe(200);
    const again = await registerInvited({ token: pending.token, email: uniqueEmail() });
    expect(again.statusCode).toBe(410);
    expect(json(again).code).toBe('INVITATION_USED');
  });

  it('refuses another email than the invited one, and creates no account', async () => {
    const o = await owner();
    const pending = await invite(o.headers, uniqueEmail());
    const other = uniqueEmail('other');
    const res = await registerInvited({ token: pending.token, email: other });
    expect(res.statusCode).toBe(403);
    expect(json(res).code).toBe('INVITATION_EMAIL_MISMATCH');
    const login = await api('POST', '/auth/login', {}, { email: other, password: 'a-good-password' });
    expect(login.statusCode).toBe(401);
    expect((await preview(pending.token)).statusCode).toBe(200);
  });

  it('refuses an email that has an account (sign in instead), and keeps the link', async () => {
    const o = await owner();
    const existing = await registerUser(t.app);
    const pending = await invite(o.headers, existing.email);
    const res = await registerInvited({ token: pending.token, email: existing.email });
    expect(res.statusCode).toBe(409);
    expect(json(res).code).toBe('EMAIL_TAKEN');
    expect((await accept(existing.tokens.access, pending.token)).statusCode).toBe(200);
  });

  it('refuses an expired or unknown link and creates no account', async () => {
    const o = await owner();
    const pending = await invite(o.headers, uniqueEmail());
    await expire(pending.id);
    const res = await registerInvited({ token: pending.token, email: pending.email });
    expect(res.statusCode).toBe(410);
    expect(json(res).code).toBe('INVITATION_EXPIRED');
    expect((await registerInvited({ token: 'nope', email: pending.email })).statusCode).toBe(404);
    const login = await api('POST', '/auth/login', {}, { email: pending.email, password: 'a-good-password' });
    expect(login.statusCode).toBe(401);
  });

  it('checks the fields as registration does, and needs the token', async () => {
    const res = await api('POST', '/auth/register/invited', {}, { email: 'x', password: 'short' });
    expect(res.statusCode).toBe(400);
    expect(json<{ errors: Record<string, string[]> }>(res).errors).toEqual({
      email: ['Enter a valid email address'],
      password: ['Password must be at least 8 characters long'],
      token: ['The invitation link is incomplete'],
    });
  });
});
