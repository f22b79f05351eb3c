import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { MembershipRole } from '@invoicing/contract';
import type { OrgScope, Queryable } from '../../platform/db/org-scope';
import { users } from '../auth/auth.table';
import { invitations, memberships, organizations } from './orgs.table';

/** An invitation as the organization's pages list it. */
export interface InvitationRow {
  id: string;
  email: string;
  role: MembershipRole;
  invitedBy: string;
  createdAt: Date;
  expiresAt: Date;
}

const live = and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt));
const sameEmail = (email: string) => sql`lower(${invitations.email}) = ${email.trim().toLowerCase()}`;

/** The invitations of the scope's organization; every query is filtered by it. */
export const invitationsRepository = (scope: OrgScope) => {
  const mine = eq(invitations.organizationId, scope.organizationId);
  const columns = {
    id: invitations.id,
    email: invitations.email,
    role: invitations.role,
    invitedBy: sql<string>`coalesce(nullif(${users.name}, ''), ${users.email}, '')`,
    createdAt: invitations.createdAt,
    expiresAt: invitations.expiresAt,
  };
  const select = (tx: Queryable) =>
    tx.select(columns).from(invitations).leftJoin(users, eq(users.id, invitations.invitedBy));
  return {
    /** Neither accepted nor revoked (expired ones too), newest first. */
    listLive: (): Promise<InvitationRow[]> =>
      scope.run(
        (tx) => select(tx).where(and(mine, live)).orderBy(desc(invitations.createdAt), desc(invitations.id)),
        {
          oneStatement: true,
        },
      ),

    /** The live invitation with this id, locked until the transaction ends. */
    findLive: async (id: string): Promise<InvitationRow | null> =>
      (
        await scope.run((tx) =>
          select(tx)
            .where(and(mine, live, eq(invitations.id, id)))
            .limit(1)
            .for('update', { of: invitations }),
        )
      )[0] ?? null,

    /** The live invitation of this email, locked until the transaction ends. */
    findLiveOfEmail: async (email: string): Promise<{ id: string; role: MembershipRole } | null> =>
      (
        await scope.run((tx) =>
          tx
            .select({ id: invitations.id, role: invitations.role })
            .from(invitations)
            .where(and(mine, live, sameEmail(email)))
            .limit(1)
            .for('update'),
        )
      )[0] ?? null,

    insert: async (values: {
      email: string;
      role: MembershipRole;
      tokenHash: string;
      invitedBy: string | null;
      expiresAt: Date;
    }): Promise<InvitationRow> => {
      const id = await scope.run(async (tx) => {
        const [row] = await tx
          .insert(invitations)
          .values({ ...values, organizationId: scope.organizationId })
          .returning({ id: invitations.id });
        if (!row) throw new Error('invitation insert returned nothing');
        return row.id;
      });
      const [row] = await scope.run((tx) => select(tx).where(and(mine, eq(invitations.id, id))));
      return row!;
    },

    revoke: async (id: string): Promise<boolean> =>
      (
        await scope.run((tx) =>
          tx
            .update(invitations)
            .set({ revokedAt: new Date() })
            .where(and(mine, live, eq(invitations.id, id)))
            .returning({ id: invitations.id }),
        )
      ).length > 0,
  };
};

/** An invitation found by its link, with its organization's name. */
export interface InvitationLink {
  id: string;
  organizationId: string;
  organizationName: string;
  email: string;
  role: MembershipRole;
  expiresAt: Date;
  acceptedAt: Date | null;
  revokedAt: Date | null;
}

/**
 * Invitations found by their link before the user is a member of the organization: system access, or a
 * transaction opened on it (sign-up).
 */
export const invitationLinksRepository = (db: Queryable) => ({
  findByTokenHash: async (tokenHash: string): Promise<InvitationLink | null> =>
    (
      await db
        .select({
          id: invitations.id,
          organizationId: invitations.organizationId,
          organizationName: organizations.name,
          email: invitations.email,
          role: invitations.role,
          expiresAt: invitations.expiresAt,
          acceptedAt: invitations.acceptedAt,
          revokedAt: invitations.revokedAt,
        })
        .from(invitations)
        .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
        .where(eq(invitations.tokenHash, tokenHash))
        .limit(1)
    )[0] ?? null,

  /**
   * Marks the invitation used by `userId`; answers false when it was used, revoked or expired meanwhile.
   * Of two concurrent uses only one wins.
   */
  claim: async (id: string, userId: string): Promise<boolean> =>
    (
      await db
        .update(invitations)
        .set({ acceptedAt: new Date(), acceptedBy: userId })
        .where(and(eq(invitations.id, id), live, gt(invitations.expiresAt, sql`now()`)))
        .returning({ id: invitations.id })
    ).length > 0,

  /** Adds the user with this role; false when the user is a member already. */
  insertMember: async (input: { organizationId: string; userId: string; role: MembershipRole }) =>
    (
      await db
        .insert(memberships)
        .values(input)
        .onConflictDoNothing({ target: [memberships.organizationId, memberships.userId] })
        .returning({ id: memberships.id })
    ).length > 0,

  findUserEmail: async (userId: string): Promise<string | null> =>
    (await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1))[0]?.email ??
    null,

  accountExists: async (email: string): Promise<boolean> =>
    (
      await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
        .limit(1)
    ).length > 0,
});
