import { validationMessages, type LoginInput, type SessionUser } from '@invoicing/contract';
import type { z } from 'zod';
import type { registerInput, registerInvitedInput } from '@invoicing/contract';
import type { Config } from '../../config';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../platform/auth/passwords';
import { hashRefreshToken, newRefreshToken, type TokenService } from '../../platform/auth/tokens';
import type { Queryable } from '../../platform/db/org-scope';
import type { SystemAccess } from '../../platform/db/system-access';
import { AppError } from '../../platform/errors/app-error';
import { isUniqueViolation } from '../../platform/db/errors';
import { authRepository, emailKey, type UserRow } from './auth.repository';
import { createAuthThrottle } from './auth.throttle';
import { toSessionUser } from './auth.wire';
import { createOrganizationWithOwner } from '../orgs/orgs.service';
import { checkInvitationFor, joinByInvitation } from '../orgs/invitations.service';

interface AuthService {
  /** `address` is the client's, for throttling. */
  register(
    input: z.output<typeof registerInput>,
    address: string,
  ): Promise<{
    tokens: { access: string; refresh: string };
    user: SessionUser;
    organization: { id: string; name: string };
  }>;
  /**
   * Registration from an invitation link: the new user joins the invitation's organization with its role;
   * no organization is created. The email must be the invited one.
   */
  registerInvited(
    input: z.output<typeof registerInvitedInput>,
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
  getMe(userId: string): Promise<SessionUser>;
}

export const authService = (system: SystemAccess, tokens: TokenService, config: Config): AuthService => {
  const { db } = system;
  const repo = authRepository(db);
  const refreshTtlMs = config.REFRESH_TOKEN_TTL_DAYS * 86_400_000;
  const throttle = createAuthThrottle(system, config);

  /** A new refresh token (of a new sign-in, or of `familyId`'s) and an access token, for `user`. */
  const startSession = async (on: Queryable, user: UserRow, familyId?: string) => {
    const refresh = newRefreshToken();
    await authRepository(on).insertRefreshToken({
      userId: user.id,
      familyId: familyId ?? crypto.randomUUID(),
      tokenHash: hashRefreshToken(refresh),
      expiresAt: new Date(Date.now() + refreshTtlMs),
    });
    const access = await tokens.issueAccess({ userId: user.id, isSuperuser: user.isSuperuser });
    return { access, refresh };
  };

  /**
   * Creates the user, lets `join` give them an organization in the same transaction, and starts a session.
   * `passwordHash` is made by the caller after its own checks.
   */
  const createUser = async (
    input: { email: string; name: string },
    passwordHash: string,
    join: (tx: Queryable, userId: string) => Promise<{ id: string; name: string }>,
  ) => {
    try {
      return await db.transaction(async (tx) => {
        const user = await authRepository(tx).insertUser({
          email: input.email,
          name: input.name,
          passwordHash,
        });
        const organization = await join(tx, user.id);
        const session = await startSession(tx, user);
        return { tokens: session, user: toSessionUser(user), organization };
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new AppError('EMAIL_TAKEN', validationMessages.emailTaken, {
          fieldErrors: { email: [validationMessages.emailTaken] },
        });
      }
      throw error;
    }
  };

  return {
    register: async (input, address) => {
      // Counted before the hash: the hash is what makes a flood of sign-ups expensive.
      await throttle.reserveRegistration(address);
      const passwordHash = await hashPassword(input.password);
      return createUser(input, passwordHash, (tx, userId) =>
        createOrganizationWithOwner(tx, { name: input.organization_name, ownerId: userId }),
      );
    },

    registerInvited: async (input, address) => {
      await throttle.reserveRegistration(address);
      // A link that cannot be used costs no password hash.
      await checkInvitationFor(system, input.token, input.email);
      const passwordHash = await hashPassword(input.password);
      return createUser(input, passwordHash, async (tx, userId) => {
        const joined = await joinByInvitation(tx, { token: input.token, userId, email: input.email });
        return joined.organization;
      });
    },

    login: async (input, address) => {
      const key = emailKey(input.email);
      await throttle.reserveSignIn(key, address);
      const user = await repo.findUserByEmail(input.email);
      const valid = user
        ? await verifyPassword(user.passwordHash, input.password)
        : (await burnPasswordCheck(input.password), false);
      if (!user || !valid) throw new AppError('INVALID_CREDENTIALS', 'Invalid email or password.');
      await throttle.signedIn(key, address);
      if (!user.isActive) throw new AppError('ACCOUNT_DISABLED', 'This account has been deactivated.');
      await repo.updateUser(user.id, { lastLoginAt: new Date() });
      const session = await startSession(db, user);
      return { ...session, user: toSessionUser(user) };
    },

    refresh: async (token) => {
      const invalid = () =>
        new AppError('INVALID_REFRESH_TOKEN', 'The refresh token is invalid or has expired.');
      const row = await repo.findRefreshToken(hashRefreshToken(token));
      if (!row) throw invalid();
      if (row.revokedAt || row.rotatedAt) {
        // A token presented twice was stolen or replayed: end that whole sign-in.
        await repo.revokeFamily(row.familyId);
        throw invalid();
      }
      if (row.expiresAt.getTime() <= Date.now()) throw invalid();
      // Mark it used atomically: of two concurrent uses only one wins; the other is a reuse.
      if (!(await repo.claimRefreshToken(row.id))) {
        await repo.revokeFamily(row.familyId);
        throw invalid();
      }
      const user = await repo.findUser(row.userId);
      if (!user || !user.isActive) {
        await repo.revokeFamily(row.familyId);
        throw new AppError('ACCOUNT_DISABLED', 'This account has been deactivated.');
      }
      return startSession(db, user, row.familyId);
    },

    logout: async (token) => {
      const row = await repo.findRefreshToken(hashRefreshToken(token));
      if (row) await repo.revokeFamily(row.familyId);
    },

    revokeAllSessions: (userId) => repo.revokeAllOfUser(userId),

    getMe: async (userId) => {
      const user = await repo.findUser(userId);
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
  const repo = authRepository(system.db);
  const existing = await repo.findUserByEmail(email);
  if (!existing) {
    const user = await repo.insertUser({
      email: email.trim(),
      name,
      passwordHash: await hashPassword(password),
      isSuperuser: true,
    });
    return { user, created: true };
  }
  const passwordMatches = await verifyPassword(existing.passwordHash, password);
  const updated = await repo.updateUser(existing.id, {
    isSuperuser: true,
    isActive: true,
    ...(passwordMatches ? {} : { passwordHash: await hashPassword(password) }),
  });
  return { user: updated!, created: false };
};

/**
 * Changes a user's active or superuser flag in the caller's transaction (the admin panel) and answers the
 * user before and after, or null when there is no such user. A user made inactive loses every session in
 * the same transaction: sign-in is refused, and so are the refresh tokens and, from the next request on,
 * the access tokens (the access check reads the flag; migration 0008 signals the change to its cache).
 */
export const changeUserAccess = async (
  db: Queryable,
  id: string,
  flags: { isActive?: boolean | undefined; isSuperuser?: boolean | undefined },
): Promise<{ before: UserRow; after: UserRow } | null> => {
  const repo = authRepository(db);
  const before = await repo.lockUser(id);
  if (!before) return null;
  const values = {
    ...(flags.isActive === undefined ? {} : { isActive: flags.isActive }),
    ...(flags.isSuperuser === undefined ? {} : { isSuperuser: flags.isSuperuser }),
  };
  if (Object.keys(values).length === 0) return { before, after: before };
  const after = (await repo.updateUser(id, values)) ?? before;
  if (before.isActive && !after.isActive) await repo.revokeAllOfUser(id);
  return { before, after };
};
