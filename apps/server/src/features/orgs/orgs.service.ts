import type { z } from 'zod';
import type { MembershipRole, organizationProfileInput } from '@invoicing/contract';
import type { OrgScope, Queryable, SystemTx } from '../../platform/db/org-scope';
import type { SystemAccess } from '../../platform/db/system-access';
import { AppError, notFound } from '../../platform/errors/app-error';
import { findSubscription, startTrial } from '../subscriptions/subscriptions.service';
import { membersRepository, type MemberRow } from './members.repository';
import { membershipsRepository, orgsRepository, type OrganizationProfile } from './orgs.repository';
import { toCurrentOrganization, toMember } from './orgs.wire';

/**
 * Creates an organization, makes `ownerId` its OWNER and starts its Pro trial, inside the caller's
 * transaction (sign-up and demo data).
 */
export const createOrganizationWithOwner = async (
  tx: Queryable,
  input: {
    name: string;
    ownerId: string;
    currency?: string;
    country?: string;
    taxId?: string;
    address?: string;
  },
): Promise<{ id: string; name: string }> => {
  const repo = membershipsRepository(tx);
  const organization = await repo.insertOrganization({
    name: input.name,
    currency: input.currency ?? 'EGP',
    country: input.country ?? null,
    taxId: input.taxId ?? '',
    address: input.address ?? '',
  });
  await repo.upsertMember({ organizationId: organization.id, userId: input.ownerId, role: 'OWNER' });
  await startTrial(tx, organization.id);
  return organization;
};

/** Adds a user to an organization, or gives a member this role, with no check (demo data and tests). */
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

/**
 * Changes the organization's name, country, tax id and address (the route lets owners and admins only),
 * and answers it as `getCurrentOrganization` does.
 */
export const updateCurrentOrganization = (
  scope: OrgScope,
  input: z.output<typeof organizationProfileInput>,
) =>
  scope.run(async () => {
    const updated = await orgsRepository(scope).updateProfile({
      name: input.name,
      country: input.country,
      taxId: input.tax_id,
      address: input.address,
    });
    if (!updated) throw notFound('Organization not found.');
    return toCurrentOrganization(updated, scope.role, await findSubscription(scope));
  });

/** The organization as its invoices print it: name, country, tax id, address, currency. */
export const getOrganizationProfile = async (scope: OrgScope): Promise<OrganizationProfile> => {
  const organization = await orgsRepository(scope).find();
  if (!organization) throw notFound('Organization not found.');
  return organization;
};

/** The organization's currency: the default of its invoices and items. */
export const getOrganizationCurrency = async (scope: OrgScope) =>
  (await orgsRepository(scope).find())?.currency ?? 'EGP';

/** Who manages members: a member's role, or the system (the admin panel), which may do what an owner may. */
type Manager = MembershipRole | 'SYSTEM';

const ownerOnly = () =>
  new AppError(
    'OWNER_ONLY',
    'Only an owner can invite, change or remove an owner, or make someone an owner.',
  );

const memberNotFound = () => notFound('Member not found.');

/**
 * Refuses what `manager` may not do to a member (or an invitation) of role `from` that would become `to`
 * (null: removed). OWNER and ADMIN manage members (DECISIONS.md: roles); only an OWNER touches owners.
 */
export const checkMemberManager = (
  manager: Manager,
  from: MembershipRole | null,
  to: MembershipRole | null,
) => {
  if (manager === 'SYSTEM' || manager === 'OWNER') return;
  if (manager !== 'ADMIN') {
    throw new AppError('FORBIDDEN', 'Only an owner or an admin can manage the members of the organization.');
  }
  if (from === 'OWNER' || to === 'OWNER') throw ownerOnly();
};

/**
 * Locks the organization's owners and the member `membershipId`, checks that `scope`'s role may change that
 * member to `to` (null: remove), and that an owner who stops being one is not the last one.
 */
const lockForChange = async (scope: OrgScope, membershipId: string, to: MembershipRole | null) => {
  const repo = membersRepository(scope);
  // Owners first, then the member, always in this order: concurrent changes wait for each other.
  const owners = await repo.lockOwners();
  const member = await repo.find(membershipId, { lock: true });
  if (!member) throw memberNotFound();
  checkMemberManager(scope.role, member.role, to);
  const otherOwners = owners.filter((id) => id !== member.id).length;
  if (member.role === 'OWNER' && to !== 'OWNER' && otherOwners === 0) {
    throw new AppError(
      'LAST_OWNER',
      to === null
        ? 'The last owner cannot be removed: make another member an owner first.'
        : "The last owner's role cannot be changed: make another member an owner first.",
    );
  }
  return { repo, member };
};

/**
 * Changes a member's role, under the rules every caller shares: only an owner (or the system: the admin
 * panel) touches an owner or makes one, and the organization always keeps at least one owner, also under
 * concurrent changes (the owners are locked first). Answers the member with its role before the change, as
 * it was once locked. Throws NOT_FOUND, FORBIDDEN, OWNER_ONLY or LAST_OWNER.
 */
export const changeMemberRole = (
  scope: OrgScope,
  input: { membershipId: string; role: MembershipRole },
): Promise<MemberRow & { previousRole: MembershipRole }> =>
  scope.run(async () => {
    const { repo, member } = await lockForChange(scope, input.membershipId, input.role);
    if (member.role === input.role) return { ...member, previousRole: member.role };
    await repo.updateRole(member.id, input.role);
    return { ...member, role: input.role, previousRole: member.role };
  });

/**
 * The admin panel's role change: the membership found by id in any organization, changed by
 * `changeMemberRole` as the system (the last-owner rule holds; an unknown id is NOT_FOUND). `within`: the
 * caller's transaction on the system database, which the change joins (the admin's audit entry commits
 * with it).
 */
export const changeMembershipRole = async (
  system: SystemAccess,
  input: { membershipId: string; role: MembershipRole },
  opts: { within?: SystemTx } = {},
): Promise<MemberRow & { organizationId: string; previousRole: MembershipRole }> => {
  const db = opts.within ?? system.db;
  const organizationId = await membershipsRepository(db).findOrganizationOfMembership(input.membershipId);
  if (!organizationId) throw notFound('Membership not found.');
  const scope = opts.within
    ? system.scopeWithin(opts.within, organizationId)
    : system.scopeFor(organizationId);
  const member = await changeMemberRole(scope, input);
  return { ...member, organizationId };
};

/**
 * Removes a member, under the same rules as `changeMemberRole` (the last owner stays, whoever asks,
 * themselves included). Their next request in the organization is refused: migration 0008 signals the
 * change to every process's access check.
 */
export const removeMember = (scope: OrgScope, membershipId: string): Promise<void> =>
  scope.run(async () => {
    const { repo, member } = await lockForChange(scope, membershipId, null);
    await repo.remove(member.id);
  });

/** The organization's members, owners first. */
export const listMembers = async (scope: OrgScope) =>
  (await membersRepository(scope).list()).map((row) => toMember(row, scope.userId));
