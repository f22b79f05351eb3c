import type { FastifyRequest } from 'fastify';
import type { MembershipRole, RouteAccess } from '@invoicing/contract';
import type { TokenService } from '../auth/tokens';
import { createOrgScope } from '../db/org-scope';
import type { SystemAccess } from '../db/system-access';
import { AppError } from '../errors/app-error';
import { noAccessCache, type AccessCache, type AccessRow } from './access-cache';
import { organizationHeader } from './request-context';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const bearer = (request: FastifyRequest): string | null => {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
};

const noOrganization = '00000000-0000-0000-0000-000000000000';

/**
 * The caller's active flag, superuser flag and role in the organization (role null: not a member), or
 * undefined for an unknown user: every request asks it. The orgs feature answers it (orgs.repository.ts).
 */
export type MembershipLookup = (userId: string, organizationId: string) => Promise<AccessRow | undefined>;

/**
 * Builds the pre-handler of each access level. It verifies the token, refuses deactivated users at once
 * (not only when their token expires), and for organization routes checks `X-Organization-ID` against the
 * caller's memberships and opens the request's OrgScope. The check is one indexed query, whose answers
 * granting access are kept in `cache` until a change to the user's access is signalled (access-cache.ts).
 */
export const createAccessCheck =
  (
    system: SystemAccess,
    tokens: TokenService,
    findAccess: MembershipLookup,
    cache: AccessCache = noAccessCache,
  ) =>
  (access: RouteAccess, roles?: readonly MembershipRole[]) =>
  async (request: FastifyRequest): Promise<void> => {
    request.auth = null;
    request.scope = null;
    if (access === 'public') return;

    const token = bearer(request);
    const claims = token ? await tokens.verifyAccess(token) : null;
    if (!claims)
      throw new AppError('UNAUTHENTICATED', 'Authentication credentials were not provided or are invalid.');

    const headerValue = request.headers[organizationHeader];
    const organizationId = typeof headerValue === 'string' ? headerValue.trim() : '';
    if (access === 'org' && organizationId === '') {
      throw new AppError(
        'ORGANIZATION_REQUIRED',
        'Select an organization: the X-Organization-ID header is required.',
      );
    }
    if (access === 'org' && !uuidPattern.test(organizationId)) {
      throw new AppError('NOT_A_MEMBER', 'You are not a member of this organization.');
    }

    const scopeKey = access === 'org' ? organizationId : noOrganization;
    let row: AccessRow | undefined = cache.get(claims.userId, scopeKey);
    if (!row) {
      const generation = cache.generation();
      row = await findAccess(claims.userId, scopeKey);
      // Only answers that grant access are kept.
      if (row?.isActive && (access !== 'org' || row.role))
        cache.set(claims.userId, scopeKey, row, generation);
    }
    if (!row || !row.isActive) throw new AppError('UNAUTHENTICATED', 'This account is not active.');

    request.auth = { userId: claims.userId, isSuperuser: row.isSuperuser };
    if (access === 'superuser' && !row.isSuperuser) {
      throw new AppError('FORBIDDEN', 'You are not authorized to access the admin panel.');
    }
    if (access === 'org') {
      if (!row.role) throw new AppError('NOT_A_MEMBER', 'You are not a member of this organization.');
      if (roles && !roles.includes(row.role)) {
        throw new AppError(
          'FORBIDDEN',
          `Your role in this organization (${row.role}) does not allow this: it needs ${roles.join(' or ')}.`,
        );
      }
      request.scope = createOrgScope(system.db, { organizationId, userId: claims.userId, role: row.role });
    }
  };
