import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Member, MembershipRole } from '@invoicing/contract';
import { bearer, createTestApp, json, registerUser, type TestApp } from '../../test/test-app';
import { addMember, changeMembershipRole } from './orgs.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;

const call = (method: 'GET' | 'PATCH' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });

const listMembers = async (headers: Headers) => {
  const res = await call('GET', '/members/', headers);
  expect(res.statusCode, res.body).toBe(200);
  return json<Member[]>(res);
};

/** An organization with its owner and one member of each given role, each with their headers. */
const team = async (roles: MembershipRole[], name = 'Team Org') => {
  const owner = await registerUser(t.app, { organization_name: name, name: 'Olivia Owner' });
  const orgId = owner.organization.id;
  const people = [];
  for (const [i, role] of roles.entries()) {
    const person = await registerUser(t.app, { name: `${role} ${i}`, organization_name: `Own ${i}` });
    await addMember(t.system, { organizationId: orgId, userId: person.user.id, role });
    people.push({ ...person, headers: bearer(person.tokens.access, orgId) });
  }
  const ownerHeaders = bearer(owner.tokens.access, orgId);
  const members = await listMembers(ownerHeaders);
  const idOf = (userId: string) => members.find((m) => m.user_id === userId)!.id;
  return {
    orgId,
    owner: { ...owner, headers: ownerHeaders, membershipId: idOf(owner.user.id) },
    people: people.map((p) => ({ ...p, membershipId: idOf(p.user.id) })),
  };
};

const roleIn = async (headers: Headers) =>
  json<{ role: string }>(await t.app.inject({ method: 'GET', url: '/api/v1/orgs/current/', headers })).role;

describe('GET /members/', () => {
  it('lists name, email, role and joining date, owners first, and marks the caller', async () => {
    const { owner, people } = await team(['USER', 'ADMIN']);
    const members = await listMembers(owner.headers);
    expect(members.map((m) => [m.name, m.role, m.is_you])).toEqual([
      ['Olivia Owner', 'OWNER', true],
      ['ADMIN 1', 'ADMIN', false],
      ['USER 0', 'USER', false],
    ]);
    expect(members[2]).toMatchObject({ email: people[0]!.email, user_id: people[0]!.user.id });
    expect(Date.parse(members[0]!.joined_at)).toBeGreaterThan(Date.now() - 60_000);
    // An admin sees the same list.
    expect((await listMembers(people[1]!.headers)).map((m) => m.id)).toEqual(members.map((m) => m.id));
  });

  it('is refused to a USER', async () => {
    const { people } = await team(['USER']);
    const res = await call('GET', '/members/', people[0]!.headers);
    expect(res.statusCode).toBe(403);
    expect(json(res).code).toBe('FORBIDDEN');
  });
});

describe('PATCH /members/{id}/', () => {
  it('an owner changes any role, and the member has it on the next request', async () => {
    const { owner, people } = await team(['USER']);
    const [user] = people;
    expect(await roleIn(user!.headers)).toBe('USER');
    for (const role of ['ADMIN', 'OWNER', 'USER'] as const) {
      const res = await call('PATCH', `/members/${user!.membershipId}/`, owner.headers, { role });
      expect(res.statusCode, res.body).toBe(200);
      expect(json<Member>(res)).toMatchObject({ id: user!.membershipId, role, email: user!.email });
      expect(await roleIn(user!.headers)).toBe(role);
    }
  });

  it('an admin changes users and admins, but touches no owner and makes nobody an owner', async () => {
    const { owner, people } = await team(['USER', 'ADMIN', 'OWNER']);
    const [user, admin, secondOwner] = people;
    const patch = (id: string, role: string) => call('PATCH', `/members/${id}/`, admin!.headers, { role });
    expect((await patch(user!.membershipId, 'ADMIN')).statusCode).toBe(200);
    expect((await patch(user!.membershipId, 'USER')).statusCode).toBe(200);
    for (const [id, role] of [
      [user!.membershipId, 'OWNER'],
      [admin!.membershipId, 'OWNER'],
      [owner.membershipId, 'ADMIN'],
      [secondOwner!.membershipId, 'USER'],
    ] as const) {
      const res = await patch(id, role);
      expect(res.statusCode, `${id} ${role}`).toBe(403);
      expect(json(res)).toMatchObject({
        code: 'OWNER_ONLY',
        detail: 'Only an owner can invite, change or remove an owner, or make someone an owner.',
      });
    }
    expect((await listMembers(owner.headers)).map((m) => m.role)).toEqual([
      'OWNER',
      'OWNER',
      'ADMIN',
      'USER',
    ]);
  });

  it('is refused to a USER, even about themselves', async () => {
    const { owner, people } = await team(['USER']);
    for (const id of [people[0]!.membershipId, owner.membershipId]) {
      const res = await call('PATCH', `/members/${id}/`, people[0]!.headers, { role: 'ADMIN' });
      expect(res.statusCode).toBe(403);
      expect(json(res).code).toBe('FORBIDDEN');
    }
    expect(await roleIn(people[0]!.headers)).toBe('USER');
  });

  it('keeps the last owner an owner, also when they ask themselves', async () => {
    const { owner, people } = await team(['OWNER']);
    const res1 = await call('PATCH', `/members/${people[0]!.membershipId}/`, owner.headers, { role: 'USER' });
    expect(res1.statusCode).toBe(200);
    for (const role of ['ADMIN', 'USER']) {
      const res = await call('PATCH', `/members/${owner.membershipId}/`, owner.headers, { role });
      expect(res.statusCode).toBe(409);
      expect(json(res)).toMatchObject({
        code: 'LAST_OWNER',
        detail: "The last owner's role cannot be changed: make another member an owner first.",
      });
    }
    // Staying an owner is no change.
    const same = await call('PATCH', `/members/${owner.membershipId}/`, owner.headers, { role: 'OWNER' });
    expect(same.statusCode).toBe(200);
    expect(await roleIn(owner.headers)).toBe('OWNER');
  });

  it('refuses an unknown role, an unknown id and a member of another organization', async () => {
    const { owner, people } = await team(['USER']);
    const other = await team([]);
    const bad = await call('PATCH', `/members/${people[0]!.membershipId}/`, owner.headers, { role: 'KING' });
    expect(bad.statusCode).toBe(400);
    expect(json<{ errors: Record<string, string[]> }>(bad).errors.role).toEqual([
      'Choose one of USER, ADMIN or OWNER',
    ]);
    for (const id of ['00000000-0000-4000-8000-000000000000', other.owner.membershipId]) {
      const res = await call('PATCH', `/members/${id}/`, owner.headers, { role: 'USER' });
      expect(res.statusCode).toBe(404);
      expect(json(res).code).toBe('NOT_FOUND');
    }
    expect(await roleIn(other.owner.headers)).toBe('OWNER');
  });
});

describe('DELETE /members/{id}/', () => {
  it('removes a member, whose next request in the organization is refused at once', async () => {
    const { owner, people, orgId } = await team(['USER']);
    const [user] = people;
    // Requests let in before, so that an answer may be kept.
    expect((await call('GET', '/customers/', user!.headers)).statusCode).toBe(200);
    expect((await call('GET', '/customers/', user!.headers)).statusCode).toBe(200);
    const res = await call('DELETE', `/members/${user!.membershipId}/`, owner.headers);
    expect(res.statusCode).toBe(204);
    const after = await call('GET', '/customers/', user!.headers);
    expect(after.statusCode).toBe(403);
    expect(json(after).code).toBe('NOT_A_MEMBER');
    const orgs = json<{ id: string }[]>(await call('GET', '/orgs/', bearer(user!.tokens.access)));
    expect(orgs.map((o) => o.id)).not.toContain(orgId);
    expect((await listMembers(owner.headers)).map((m) => m.user_id)).toEqual([owner.user.id]);
    // Their own organization is untouched.
    expect(
      (await call('GET', '/customers/', bearer(user!.tokens.access, user!.organization.id))).statusCode,
    ).toBe(200);
  });

  it('an admin removes users, admins and themselves, but no owner', async () => {
    const { owner, people } = await team(['USER', 'ADMIN', 'ADMIN']);
    const [user, admin, otherAdmin] = people;
    const remove = (id: string) => call('DELETE', `/members/${id}/`, admin!.headers);
    const refused = await remove(owner.membershipId);
    expect(refused.statusCode).toBe(403);
    expect(json(refused).code).toBe('OWNER_ONLY');
    expect((await remove(user!.membershipId)).statusCode).toBe(204);
    expect((await remove(otherAdmin!.membershipId)).statusCode).toBe(204);
    expect((await remove(admin!.membershipId)).statusCode).toBe(204);
    expect((await call('GET', '/members/', admin!.headers)).statusCode).toBe(403);
    expect((await listMembers(owner.headers)).map((m) => m.role)).toEqual(['OWNER']);
  });

  it('is refused to a USER', async () => {
    const { people } = await team(['USER', 'USER']);
    const res = await call('DELETE', `/members/${people[1]!.membershipId}/`, people[0]!.headers);
    expect(res.statusCode).toBe(403);
    expect(json(res).code).toBe('FORBIDDEN');
  });

  it('never removes the last owner; an owner leaves while another stays', async () => {
    const { owner, people } = await team(['OWNER', 'ADMIN']);
    const [secondOwner, admin] = people;
    expect((await call('DELETE', `/members/${owner.membershipId}/`, owner.headers)).statusCode).toBe(204);
    const last = await call('DELETE', `/members/${secondOwner!.membershipId}/`, secondOwner!.headers);
    expect(last.statusCode).toBe(409);
    expect(json(last)).toMatchObject({
      code: 'LAST_OWNER',
      detail: 'The last owner cannot be removed: make another member an owner first.',
    });
    expect(await roleIn(secondOwner!.headers)).toBe('OWNER');
    expect((await call('DELETE', `/members/${admin!.membershipId}/`, secondOwner!.headers)).statusCode).toBe(
      204,
    );
  });

  it('refuses an unknown id and a member of another organization with 404', async () => {
    const { owner } = await team([]);
    const other = await team(['USER']);
    for (const id of ['00000000-0000-4000-8000-000000000000', other.people[0]!.membershipId]) {
      const res = await call('DELETE', `/members/${id}/`, owner.headers);
      expect(res.statusCode).toBe(404);
    }
    expect(await roleIn(other.people[0]!.headers)).toBe('USER');
  });
});

describe('the last owner under concurrent changes', () => {
  it('two owners demoting or removing each other at once leave exactly one owner', async () => {
    for (let round = 0; round < 4; round += 1) {
      const { owner, people } = await team(['OWNER']);
      const [second] = people;
      const [a, b] =
        round % 2 === 0
          ? [
              call('PATCH', `/members/${second!.membershipId}/`, owner.headers, { role: 'USER' }),
              call('PATCH', `/members/${owner.membershipId}/`, second!.headers, { role: 'ADMIN' }),
            ]
          : [
              call('DELETE', `/members/${second!.membershipId}/`, owner.headers),
              call('DELETE', `/members/${owner.membershipId}/`, second!.headers),
            ];
      const [first, second2] = (await Promise.all([a, b])).map((r) => r.statusCode).sort();
      // The loser is refused by the rule (409), or, when the winner committed before its request was let
      // in, because it is no longer an owner (403).
      expect(first, `round ${round}`).toBe(round % 2 === 0 ? 200 : 204);
      expect([403, 409], `round ${round}`).toContain(second2);
      const survivor = (await roleIn(owner.headers)) === 'OWNER' ? owner.headers : second!.headers;
      const owners = (await listMembers(survivor)).filter((m) => m.role === 'OWNER');
      expect(owners).toHaveLength(1);
    }
  });

  it('owners demoting themselves at once leave one owner', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { owner, people } = await team(['OWNER', 'OWNER']);
      const everyone = [owner, ...people];
      const results = await Promise.all(
        everyone.map((p) => call('PATCH', `/members/${p.membershipId}/`, p.headers, { role: 'USER' })),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 409]);
      const roles = await Promise.all(everyone.map((p) => roleIn(p.headers)));
      expect(roles.filter((r) => r === 'OWNER')).toHaveLength(1);
    }
  });

  it('owners leaving at once leave one owner', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { owner, people } = await team(['OWNER', 'OWNER']);
      const everyone = [owner, ...people];
      const results = await Promise.all(
        everyone.map((p) => call('DELETE', `/members/${p.membershipId}/`, p.headers)),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([204, 204, 409]);
      const stayed = everyone[results.findIndex((r) => r.statusCode === 409)]!;
      expect((await listMembers(stayed.headers)).map((m) => m.role)).toEqual(['OWNER']);
    }
  });
});

describe('changeMembershipRole (the admin panel)', () => {
  it('changes a membership of any organization by id, under the last-owner rule', async () => {
    const { owner, people, orgId } = await team(['USER']);
    const changed = await changeMembershipRole(t.system, {
      membershipId: people[0]!.membershipId,
      role: 'OWNER',
    });
    expect(changed).toMatchObject({ organizationId: orgId, role: 'OWNER', email: people[0]!.email });
    expect(await roleIn(people[0]!.headers)).toBe('OWNER');
    await changeMembershipRole(t.system, { membershipId: owner.membershipId, role: 'USER' });
    await expect(
      changeMembershipRole(t.system, { membershipId: people[0]!.membershipId, role: 'ADMIN' }),
    ).rejects.toMatchObject({ code: 'LAST_OWNER', status: 409 });
    await expect(
      changeMembershipRole(t.system, { membershipId: '00000000-0000-4000-8000-000000000000', role: 'USER' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await roleIn(people[0]!.headers)).toBe('OWNER');
  });
});
