import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { membershipLookup } from '../../features/orgs/orgs.repository';
import { addMember } from '../../features/orgs/orgs.service';
import { createTokenService, loadSigningSecret } from '../auth/tokens';
import { AppError } from '../errors/app-error';
import { createTestApp, registerUser, type TestApp } from '../../test/test-app';
import { createAccessCheck } from './access';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('roles on a route', () => {
  it('lets the roles a route names through, and refuses the others with 403 and a clear message', async () => {
    const owner = await registerUser(t.app);
    const member = await registerUser(t.app);
    await addMember(t.system, {
      organizationId: owner.organization.id,
      userId: member.user.id,
      role: 'USER',
    });
    const tokens = createTokenService(loadSigningSecret(t.config.JWT_SECRET, t.config.dataDir), 900);
    const ownersOnly = createAccessCheck(t.system, tokens, membershipLookup(t.system.db))('org', ['OWNER']);
    const everyone = createAccessCheck(t.system, tokens, membershipLookup(t.system.db))('org');
    const requestOf = (access: string) =>
      ({
        headers: { authorization: `Bearer ${access}`, 'x-organization-id': owner.organization.id },
      }) as unknown as FastifyRequest;

    const asOwner = requestOf(owner.tokens.access);
    await ownersOnly(asOwner);
    expect(asOwner.scope?.role).toBe('OWNER');

    const asUser = requestOf(member.tokens.access);
    await everyone(asUser);
    expect(asUser.scope?.role).toBe('USER');
    const refused = await ownersOnly(requestOf(member.tokens.access)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
      message: 'Your role in this organization (USER) does not allow this: it needs OWNER.',
    });
  });
});
