import { and, asc, eq, sql } from 'drizzle-orm';
import type { MembershipRole } from '@invoicing/contract';
import type { OrgScope } from '../../platform/db/org-scope';
import { users } from '../auth/auth.table';
import { memberships } from './orgs.table';

/** A member of the scope's organization: the membership with the user's name and email. */
export interface MemberRow {
  id: string;
  userId: string;
  name: string;
  email: string;
  role: MembershipRole;
  joinedAt: Date;
}

const memberColumns = {
  id: memberships.id,
  userId: memberships.userId,
  name: users.name,
  email: users.email,
  role: memberships.role,
  joinedAt: memberships.createdAt,
};

// Owners first, then admins, then users; by name within a role.
const roleRank = sql`case ${memberships.role} when 'OWNER' then 0 when 'ADMIN' then 1 else 2 end`;

/** The members of the scope's organization; every query is filtered by it. */
export const membersRepository = (scope: OrgScope) => {
  const mine = eq(memberships.organizationId, scope.organizationId);
  return {
    list: (): Promise<MemberRow[]> =>
      scope.run(
        (tx) =>
          tx
            .select(memberColumns)
            .from(memberships)
            .innerJoin(users, eq(users.id, memberships.userId))
            .where(mine)
            .orderBy(
              roleRank,
              asc(sql`lower(${users.name})`),
              asc(sql`lower(${users.email})`),
              asc(memberships.id),
            ),
        { oneStatement: true },
      ),

    /** `lock`: the membership row stays locked until the transaction ends. */
    find: (id: string, options: { lock?: boolean } = {}): Promise<MemberRow | null> =>
      scope.run(async (tx) => {
        const query = tx
          .select(memberColumns)
          .from(memberships)
          .innerJoin(users, eq(users.id, memberships.userId))
          .where(and(mine, eq(memberships.id, id)))
          .limit(1);
        const [row] = options.lock ? await query.for('update', { of: memberships }) : await query;
        return row ?? null;
      }),

    /** The membership of the user with this email, if any (case does not matter). */
    findByEmail: async (email: string): Promise<{ id: string } | null> =>
      (
        await scope.run((tx) =>
          tx
            .select({ id: memberships.id })
            .from(memberships)
            .innerJoin(users, eq(users.id, memberships.userId))
            .where(and(mine, sql`lower(${users.email}) = ${email.trim().toLowerCase()}`))
            .limit(1),
        )
      )[0] ?? null,

    /**
     * Locks every OWNER membership of the organization, in one order, until the transaction ends, and
     * answers their ids. Every change that could leave the organization without an owner takes this lock
     * first, so two of them cannot both see another owner and both go ahead.
     */
    lockOwners: async (): Promise<string[]> =>
      (
        await scope.run((tx) =>
          tx
            .select({ id: memberships.id })
            .from(memberships)
            .where(and(mine, eq(memberships.role, 'OWNER')))
            .orderBy(asc(memberships.id))
            .for('update'),
        )
      ).map((r) => r.id),

    updateRole: async (id: string, role: MembershipRole): Promise<boolean> =>
      (
        await scope.run((tx) =>
          tx
            .update(memberships)
            .set({ role })
            .where(and(mine, eq(memberships.id, id)))
            .returning({ id: memberships.id }),
        )
      ).length > 0,

    remove: async (id: string): Promise<boolean> =>
      (
        await scope.run((tx) =>
          tx
            .delete(memberships)
            .where(and(mine, eq(memberships.id, id)))
            .returning({ id: memberships.id }),
        )
      ).length > 0,
  };
};
