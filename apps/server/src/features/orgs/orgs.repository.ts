import { and, asc, eq, sql } from 'drizzle-orm';
import type { MembershipRole } from '@invoicing/contract';
import type { OrgScope, Queryable } from '../../platform/db/org-scope';
import { preparedFor } from '../../platform/db/prepared';
import type { MembershipLookup } from '../../platform/http/access';
import { users } from '../auth/auth.table';
import { memberships, organizations } from './orgs.table';

/**
 * The access check's question, asked by every request: the caller's active flag, superuser flag and role
 * in the organization (null: not a member). One indexed query, prepared once per database.
 */
export const membershipLookup =
  (db: Queryable): MembershipLookup =>
  async (userId, organizationId) => {
    const [row] = await preparedFor(db, 'access_membership', (name) =>
      db
        .select({ isActive: users.isActive, isSuperuser: users.isSuperuser, role: memberships.role })
        .from(users)
        .leftJoin(
          memberships,
          and(
            eq(memberships.userId, users.id),
            eq(memberships.organizationId, sql.placeholder('organizationId')),
          ),
        )
        .where(eq(users.id, sql.placeholder('userId')))
        .limit(1)
        .prepare(name),
    ).execute({ userId, organizationId });
    return row;
  };

/** Organizations and memberships before one is chosen or across them: sign-up, demo data, the menu. */
export const membershipsRepository = (db: Queryable) => ({
  insertOrganization: async (values: {
    name: string;
    currency: string;
    country: string | null;
    taxId: string;
    address: string;
  }) => {
    const [organization] = await db
      .insert(organizations)
      .values(values)
      .returning({ id: organizations.id, name: organizations.name });
    if (!organization) throw new Error('organization insert returned nothing');
    return organization;
  },

  /** Adds the user with this role, or gives a member this role. */
  upsertMember: (input: { organizationId: string; userId: string; role: MembershipRole }) =>
    db
      .insert(memberships)
      .values(input)
      .onConflictDoUpdate({
        target: [memberships.organizationId, memberships.userId],
        set: { role: input.role },
      }),

  /** The organization of a membership, in any organization (the admin panel). */
  findOrganizationOfMembership: async (membershipId: string): Promise<string | null> =>
    (
      await db
        .select({ organizationId: memberships.organizationId })
        .from(memberships)
        .where(eq(memberships.id, membershipId))
        .limit(1)
    )[0]?.organizationId ?? null,

  findOrganizationsOfUser: (userId: string) =>
    db
      .select({
        id: organizations.id,
        name: organizations.name,
        role: memberships.role,
        currency: organizations.currency,
      })
      .from(memberships)
      .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
      .where(eq(memberships.userId, userId))
      .orderBy(asc(organizations.name), asc(organizations.id)),
});

const profileColumns = {
  id: organizations.id,
  name: organizations.name,
  currency: organizations.currency,
  country: organizations.country,
  taxId: organizations.taxId,
  address: organizations.address,
};

/** The scope's organization as its invoices print it. */
export interface OrganizationProfile {
  id: string;
  name: string;
  currency: string;
  /** ISO 3166-1 alpha-2, or null when not given. */
  country: string | null;
  taxId: string;
  address: string;
}

/** The scope's organization; every query is filtered by it. */
export const orgsRepository = (scope: OrgScope) => {
  const mine = eq(organizations.id, scope.organizationId);
  return {
    find: (): Promise<OrganizationProfile | null> =>
      scope.run(
        async (tx) => (await tx.select(profileColumns).from(organizations).where(mine).limit(1))[0] ?? null,
        { oneStatement: true },
      ),

    /** Changes the profile; row-level security lets a tenant change its own organization only. */
    updateProfile: (values: {
      name: string;
      country: string | null;
      taxId: string;
      address: string;
    }): Promise<OrganizationProfile | null> =>
      scope.run(
        async (tx) =>
          (await tx.update(organizations).set(values).where(mine).returning(profileColumns))[0] ?? null,
      ),
  };
};
