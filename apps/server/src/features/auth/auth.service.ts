import { and, eq, isNull, sql } from 'drizzle-orm';
import { validationMessages, type LoginInput, type SessionUser } from '@invoicing/contract';
import type { z } from 'zod';
import type { registerInput } from '@invoicing/contract';
import type { Config } from '../../config';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../platform/auth/passwords';
import { hashRefreshToken, newRefreshToken, type TokenService } from '../../platform/auth/tokens';
import type { SystemAccess } from '../../platform/db/system-access';
import { AppError } from '../../platform/errors/app-error';
import { isUniqueViolation } from '../../platform/db/errors';
import { refreshTokens, users } from './auth.table';
import { createAuthThrottle } from './auth.throttle';
import { createOrganizationWithOwner } from '../orgs/orgs.service';

type UserRow = typeof users.$inferSelect;

const toSessionUser = (u: UserRow): SessionUser => ({
  id: u.id,
  email: u.email,
  name: u.name,
  is_superuser: u.isSuperuser,
});

const emailKey = (email: string) => email.trim().toLowerCase();

export interface AuthService {
  /** `address` is the client's, for throttling. */
  register(
    input: z.output<typeof registerInput>,
    address: string,
  ): Promise<{
    tokens: { access: string; refresh: string };
    user: SessionUser;
    organization: { id: string; name: string };
  }>;
  login(input: LoginInput, address: string): Promise<{ access: string; refresh: string; user: SessionUser }>;
  refresh(token: string): Promise<{ access: string; refresh: string }>;
  logout(token: string): Promise<void>;
  /** Revokes every refresh token of a user (deactivation, password change). */
  revokeAllSessions(userId: string): Promise<void>;
  me(userId: string): Promise<SessionUser>;
  findUserByEmail(email: string): Promise<UserRow | null>;
}

export const createAuthService = (
  system: SystemAccess,
  tokens: TokenService,
  config: Config,
): AuthService => {
  const { db } = system;
  const refreshTtlMs = config.REFRESH_TOKEN_TTL_DAYS * 86_400_000;
  const throttle = createAuthThrottle(system, config);

  const startSession = async (user: UserRow, familyId?: string) => {
    const refresh = newRefreshToken();
    await db.insert(refreshTokens).values({
      userId: user.id,
      familyId: familyId ?? crypto.randomUUID(),
      tokenHash: hashRefreshToken(refresh),
      expiresAt: new Date(Date.now() + refreshTtlMs),
    });
    const access = await tokens.issueAccess({ userId: user.id, isSuperuser: user.isSuperuser });
    return { access, refresh };
  };

  const revokeFamily = (familyId: string) =>
    db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));

  const findUserByEmail = async (email: string) => {
    const [row] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${emailKey(email)}`)
      .limit(1);
    return row ?? null;
  };

  return {
    findUserByEmail,

    register: async (input, address) => {
      // Counted before the hash: the hash is what makes a flood of sign-ups expensive.
      await throttle.reserveRegistration(address);
      const passwordHash = await hashPassword(input.password);
      try {
        return await db.transaction(async (tx) => {
          const [user] = await tx
            .insert(users)
            .values({ email: input.email, name: input.name, passwordHash })
            .returning();
          if (!user) throw new Error('user insert returned nothing');
          const organization = await createOrganizationWithOwner(tx, {
            name: input.organization_name,
            ownerId: user.id,
          });
          const refresh = newRefreshToken();
          await tx.insert(refreshTokens).values({
            userId: user.id,
            familyId: crypto.randomUUID(),
            tokenHash: hashRefreshToken(refresh),
            expiresAt: new Date(Date.now() + refreshTtlMs),
          });
          const access = await tokens.issueAccess({ userId: user.id, isSuperuser: user.isSuperuser });
          return { tokens: { access, refresh }, user: toSessionUser(user), organization };
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new AppError('EMAIL_TAKEN', validationMessages.emailTaken, {
            fieldErrors: { email: [validationMessages.emailTaken] },
          });
        }
        throw error;
      }
    },

    login: async (input, address) => {
      const key = emailKey(input.email);
      await throttle.reserveSignIn(key, address);
      const user = await findUserByEmail(input.email);
      const valid = user
        ? await verifyPassword(user.passwordHash, input.password)
        : (await burnPasswordCheck(input.password), false);
      if (!user || !valid) throw new AppError('INVALID_CREDENTIALS', 'Invalid email or password.');
      await throttle.signedIn(key, address);
      if (!user.isActive) throw new AppError('ACCOUNT_DISABLED', 'This account has been deactivated.');
      await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
      const session = await startSession(user);
      return { ...session, user: toSessionUser(user) };
    },

    refresh: async (token) => {
      const invalid = () =>
        new AppError('INVALID_REFRESH_TOKEN', 'The refresh token is invalid or has expired.');
      const [row] = await db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)))
        .limit(1);
      if (!row) throw invalid();
      if (row.revokedAt || row.rotatedAt) {
        // A token presented twice was stolen or replayed: end that whole sign-in.
        await revokeFamily(row.familyId);
        throw invalid();
      }
      if (row.expiresAt.getTime() <= Date.now()) throw invalid();
      // Mark it used atomically: of two concurrent uses only one wins; the other is a reuse.
      const claimed = await db
        .update(refreshTokens)
        .set({ rotatedAt: new Date() })
        .where(
          and(eq(refreshTokens.id, row.id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)),
        )
        .returning({ id: refreshTokens.id });
      if (claimed.length === 0) {
        await revokeFamily(row.familyId);
        throw invalid();
      }
      const [user] = await db.select().from(users).where(eq(users.id, row.userId)).limit(1);
      if (!user || !user.isActive) {
        await revokeFamily(row.familyId);
        throw new AppError('ACCOUNT_DISABLED', 'This account has been deactivated.');
      }
      return startSession(user, row.familyId);
    },

    logout: async (token) => {
      const [row] = await db
        .select({ familyId: refreshTokens.familyId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)))
        .limit(1);
      if (row) await revokeFamily(row.familyId);
    },

    revokeAllSessions: async (userId) => {
      await db
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
    },

    me: async (userId) => {
      const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      if (!user) throw new AppError('UNAUTHENTICATED', 'Not signed in.');
      return toSessionUser(user);
    },
  };
};

/** Makes sure a superuser with this email exists and can sign in with this password (idempotent). */
export const ensureSuperuser = async (
  system: SystemAccess,
  email: string,
  password: string,
  name = 'Administrator',
) => {
  const { db } = system;
  const [existing] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${emailKey(email)}`)
    .limit(1);
  if (!existing) {
    const [created] = await db
      .insert(users)
      .values({ email: email.trim(), name, passwordHash: await hashPassword(password), isSuperuser: true })
      .returning();
    return { user: created!, created: true };
  }
  const passwordMatches = await verifyPassword(existing.passwordHash, password);
  const [updated] = await db
    .update(users)
    .set({
      isSuperuser: true,
      isActive: true,
      ...(passwordMatches ? {} : { passwordHash: await hashPassword(password) }),
    })
    .where(eq(users.id, existing.id))
    .returning();
  return { user: updated!, created: false };
};
