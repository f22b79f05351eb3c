import type { Db } from './client';
import { createOrgScope, createOrgScopeWithin, type OrgScope, type SystemTx } from './org-scope';

/**
 * The raw database for the few places that work across organizations or before one is chosen: sign-up,
 * sign-in, the membership check of the tenancy hook, the admin panel and the workers. Everything else
 * goes through an OrgScope. Importing this module is the explicit, greppable exception.
 */
export interface SystemAccess {
  readonly db: Db;
  /**
   * The one way system code (jobs, signed file links, the demo seed) acts for an organization: the same
   * scope as a request's, with row-level security, as the system rather than a member. `actingUserId`
   * names the user the work is done for, where records keep who made them.
   */
  scopeFor(organizationId: string, actingUserId?: string | null): OrgScope;
  /**
   * `scopeFor` inside a transaction the system code opened on `db`: the organization's work and what the
   * system writes beside it (the admin audit log) commit together or not at all.
   */
  scopeWithin(tx: SystemTx, organizationId: string, actingUserId?: string | null): OrgScope;
}

export const createSystemAccess = (db: Db): SystemAccess => ({
  db,
  scopeFor: (organizationId, actingUserId = null) =>
    createOrgScope(db, { organizationId, userId: actingUserId, role: 'SYSTEM' }),
  scopeWithin: (tx, organizationId, actingUserId = null) =>
    createOrgScopeWithin(tx, { organizationId, userId: actingUserId, role: 'SYSTEM' }),
});
