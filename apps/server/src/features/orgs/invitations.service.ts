import crypto from 'node:crypto';
import { invitationTtlDays, type MembershipRole } from '@invoicing/contract';
import type { z } from 'zod';
import type { invitationInput } from '@invoicing/contract';
import type { OrgScope, Queryable } from '../../platform/db/org-scope';
import type { SystemAccess } from '../../platform/db/system-access';
import { isUniqueViolation } from '../../platform/db/errors';
import { AppError, notFound } from '../../platform/errors/app-error';
import {
  invitationLinksRepository,
  invitationsRepository,
  type InvitationLink,
} from './invitations.repository';
import { membersRepository } from './members.repository';
import { checkMemberManager } from './orgs.service';
import { toInvitation } from './orgs.wire';

const ttlMs = invitationTtlDays * 86_400_000;

/** The hash an invitation's token is stored as: the token itself is only ever in the link. */
const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

const invitationNotFound = () =>
  new AppError(
    'INVITATION_NOT_FOUND',
    'This invitation link is not valid: it may have been revoked or replaced by a newer one. Ask for a new invitation.',
  );
const invitationUsed = () => new AppError('INVITATION_USED', 'This invitation has already been used.');
const invitationExpired = () =>
  new AppError('INVITATION_EXPIRED', 'This invitation has expired. Ask for a new invitation.');

/** The invitation of a link while it can be used; else the reason it cannot, as an error. */
const usableInvitation = (found: InvitationLink | null): InvitationLink => {
  if (!found || found.revokedAt) throw invitationNotFound();
  if (found.acceptedAt) throw invitationUsed();
  if (found.expiresAt.getTime() <= Date.now()) throw invitationExpired();
  return found;
};

/** The organization's invitations neither accepted nor revoked, newest first. */
export const listInvitations = async (scope: OrgScope) => {
  const now = new Date();
  return (await invitationsRepository(scope).listLive()).map((row) => toInvitation(row, now));
};

/**
 * Invites an email with a role: a random token whose hash is stored, usable once within
 * `invitationTtlDays`. The answer carries the token; nothing can show it again. A live invitation of the
 * same email is revoked (its link stops working) and replaced.
 */
export const inviteMember = (scope: OrgScope, input: z.output<typeof invitationInput>) => {
  checkMemberManager(scope.role, null, input.role);
  return scope.run(async () => {
    if (await membersRepository(scope).findByEmail(input.email)) {
      throw new AppError('ALREADY_A_MEMBER', 'This person is already a member of the organization.');
    }
    const repo = invitationsRepository(scope);
    const previous = await repo.findLiveOfEmail(input.email);
    if (previous) {
      checkMemberManager(scope.role, previous.role, null);
      await repo.revoke(previous.id);
    }
    const token = crypto.randomBytes(32).toString('base64url');
    try {
      const row = await repo.insert({
        email: input.email,
        role: input.role,
        tokenHash: hashToken(token),
        invitedBy: scope.userId,
        expiresAt: new Date(Date.now() + ttlMs),
      });
      return { ...toInvitation(row), token };
    } catch (error) {
      if (isUniqueViolation(error, 'invitations_live_email_key')) {
        throw new AppError(
          'CONFLICT',
          'This email was invited at the same moment by someone else: reload the list.',
        );
      }
      throw error;
    }
  });
};

/** Revokes a live invitation: its link stops working. Only an owner revokes an invitation to be an owner. */
export const revokeInvitation = (scope: OrgScope, id: string) =>
  scope.run(async () => {
    const repo = invitationsRepository(scope);
    const found = await repo.findLive(id);
    if (!found) throw notFound('Invitation not found.');
    checkMemberManager(scope.role, found.role, null);
    await repo.revoke(found.id);
  });

/** What a link offers, for the invitation page: refused as the link would be (unknown, used, expired). */
export const previewInvitation = async (system: SystemAccess, token: string) => {
  const repo = invitationLinksRepository(system.db);
  const invitation = usableInvitation(await repo.findByTokenHash(hashToken(token)));
  return {
    organization_name: invitation.organizationName,
    role: invitation.role,
    email: invitation.email,
    expires_at: invitation.expiresAt.toISOString(),
    account_exists: await repo.accountExists(invitation.email),
  };
};

/**
 * Checks a link before a registration spends a password hash on it: usable, and sent to `email`. The
 * registration then joins with `joinByInvitation`, which checks again atomically.
 */
export const checkInvitationFor = async (system: SystemAccess, token: string, email: string) => {
  const invitation = usableInvitation(
    await invitationLinksRepository(system.db).findByTokenHash(hashToken(token)),
  );
  if (!sameEmail(invitation.email, email)) throw emailMismatch();
};

const emailMismatch = () =>
  new AppError(
    'INVITATION_EMAIL_MISMATCH',
    'This invitation was sent to another email address: sign in or register with the invited email to accept it.',
  );

/**
 * Uses an invitation for the user `userId` whose email is `email`, inside the caller's transaction (sign-up,
 * or accepting while signed in): the link must be usable and sent to that email, and the user not yet a
 * member. The link is used once: of two concurrent uses one wins. Answers the organization and the role.
 */
export const joinByInvitation = async (
  tx: Queryable,
  input: { token: string; userId: string; email: string },
): Promise<{ organization: { id: string; name: string }; role: MembershipRole }> => {
  const repo = invitationLinksRepository(tx);
  const invitation = usableInvitation(await repo.findByTokenHash(hashToken(input.token)));
  if (!sameEmail(invitation.email, input.email)) throw emailMismatch();
  if (!(await repo.claim(invitation.id, input.userId))) {
    // Used, revoked or expired since it was read: say which.
    usableInvitation(await repo.findByTokenHash(hashToken(input.token)));
    throw invitationUsed();
  }
  const joined = await repo.insertMember({
    organizationId: invitation.organizationId,
    userId: input.userId,
    role: invitation.role,
  });
  if (!joined) {
    throw new AppError('ALREADY_A_MEMBER', 'You are already a member of this organization.');
  }
  return {
    organization: { id: invitation.organizationId, name: invitation.organizationName },
    role: invitation.role,
  };
};

/** Accepts an invitation as the signed-in user, whose email must be the invited one. */
export const acceptInvitation = (system: SystemAccess, userId: string, token: string) =>
  system.db.transaction(async (tx) => {
    const email = await invitationLinksRepository(tx).findUserEmail(userId);
    if (!email) throw new AppError('UNAUTHENTICATED', 'Not signed in.');
    return joinByInvitation(tx, { token, userId, email });
  });
