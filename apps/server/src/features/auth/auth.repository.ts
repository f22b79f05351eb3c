import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/org-scope';
import { refreshTokens, users } from './auth.table';

export type UserRow = typeof users.$inferSelect;
type UserValues = Pick<typeof users.$inferInsert, 'email' | 'name' | 'passwordHash' | 'isSuperuser'>;

/** The email as users are found by it: trimmed, in lower case. */
export const emailKey = (email: string) => email.trim().toLowerCase();

/**
 * Users and their refresh tokens, before any organization is chosen: system access, or a transaction
 * opened on it (sign-up).
 */
export const authRepository = (db: Queryable) => ({
  findUser: async (id: string): Promise<UserRow | null> =>
    (await db.select().from(users).where(eq(users.id, id)).limit(1))[0] ?? null,

  /** The user, locked until the caller's transaction ends (a change of its flags). */
  lockUser: async (id: string): Promise<UserRow | null> =>
    (await db.select().from(users).where(eq(users.id, id)).limit(1).for('update'))[0] ?? null,

  findUserByEmail: async (email: string): Promise<UserRow | null> =>
    (
      await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${emailKey(email)}`)
        .limit(1)
    )[0] ?? null,

  insertUser: async (values: UserValues): Promise<UserRow> => {
    const [user] = await db.insert(users).values(values).returning();
    if (!user) throw new Error('user insert returned nothing');
    return user;
  },

  updateUser: async (
    id: string,
    values: Partial<Pick<UserRow, 'isSuperuser' | 'isActive' | 'passwordHash' | 'lastLoginAt'>>,
  ): Promise<UserRow | null> =>
    (await db.update(users).set(values).where(eq(users.id, id)).returning())[0] ?? null,

  insertRefreshToken: async (values: {
    userId: string;
    familyId: string;
    tokenHash: string;
    expiresAt: Date;
  }) => {
    await db.insert(refreshTokens).values(values);
  },

  findRefreshToken: async (tokenHash: string) =>
    (await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1))[0] ?? null,

  /** Marks the token used; answers false when another use claimed it first (or it was revoked). */
  claimRefreshToken: async (id: string): Promise<boolean> =>
    (
      await db
        .update(refreshTokens)
        .set({ rotatedAt: new Date() })
        .where(
          and(eq(refreshTokens.id, id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)),
        )
        .returning({ id: refreshTokens.id })
    ).length > 0,

  revokeFamily: async (familyId: string) => {
    await db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  },

  revokeAllOfUser: async (userId: string) => {
    await db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  },
});
