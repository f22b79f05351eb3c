import type { MembershipRole } from '@invoicing/contract';
import type { OrgScope, Queryable } from '../../platform/db/org-scope';
import type { SystemAccess } from '../../platform/db/system-access';
import { notFound } from '../../platform/errors/app-error';
import { findSubscription, startTrial } from '../subscriptions/subscriptions.service';
import { membershipsRepository, orgsRepository } from './orgs.repository';
import { toCurrentOrganization } from './orgs.wire';

/**
 * Creates an organization, makes `ownerId` its OWNER and starts its Pro trial, inside the caller's
 * transaction (sign-up and demo data).
 */
export const createOrganizationWithOwner = async (
  tx: Queryable,
  input: { name: string; ownerId: string; currency?: string; country?: string },
): Promise<{ id: string; name: string }> => {
  const repo = membershipsRepository(tx);
  const organization = await repo.insertOrganization({
    name: input.name,
    currency: input.currency ?? 'EGP',
    country: input.country ?? null,
  });
  await repo.upsertMember({ organizationId: organization.id, userId: input.ownerId, role: 'OWNER' });
  await startTrial(tx, organization.id);
  return organization;
};

/** Adds a user to an organization (demo data and tests; invitations come later). */
export const addMember = async (
  system: SystemAccess,
  input: { organizationId: string; userId: string; role: MembershipRole },
) => {
  await membershipsRepository(system.db).upsertMember(input);
};

/** The organizations a user belongs to: per user, before any organization is chosen. */
export const findOrganizationsOfUser = (system: SystemAccess, userId: string) =>
  membershipsRepository(system.db).findOrganizationsOfUser(userId);

export const getCurrentOrganization = (scope: OrgScope) =>
  scope.run(async () => {
    const organization = await orgsRepository(scope).find();
    if (!organization) throw notFound('Organization not found.');
    return toCurrentOrganization(organization, scope.role, await findSubscription(scope));
  });

/** The organization's currency: the default of its invoices and items. */
export const getOrganizationCurrency = async (scope: OrgScope) =>
  (await orgsRepository(scope).find())?.currency ?? 'EGP';
