import { z } from 'zod';
import { emailInput, idParams } from './common';
import { validationMessages as m } from './errors';
import { membershipRoles } from './roles';
import { defineRoute } from './route';

/** The roles that manage an organization's members (DECISIONS.md: roles). */
export const memberManagerRoles = ['OWNER', 'ADMIN'] as const;

/** How long an invitation link can be used, in days. */
export const invitationTtlDays = 7;

/** The secret of an invitation link, as the link carries it. */
export const invitationToken = z
  .string({ error: m.invitationTokenRequired })
  .trim()
  .min(1, { error: m.invitationTokenRequired })
  .max(200, { error: m.invitationTokenRequired });

const role = z.enum(membershipRoles, { error: m.roleInvalid });

export const member = z.object({
  /** The membership's id: what the role change and the removal name. */
  id: z.string(),
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(membershipRoles),
  joined_at: z.string(),
  /** The caller's own membership. */
  is_you: z.boolean(),
});
export type Member = z.infer<typeof member>;

export const invitationStatuses = ['PENDING', 'EXPIRED'] as const;

export const invitation = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(membershipRoles),
  /** The name (or, without one, the email) of who invited; empty once that user is gone. */
  invited_by: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  status: z.enum(invitationStatuses),
});
export type Invitation = z.infer<typeof invitation>;

export const invitationInput = z.object({ email: emailInput, role });
export type InvitationInput = z.input<typeof invitationInput>;

const tokenBody = z.object({ token: invitationToken });

export const memberRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/members/',
    access: 'org',
    roles: memberManagerRoles,
    summary: "The organization's members, owners first",
    response: z.array(member),
  }),
  changeRole: defineRoute({
    method: 'PATCH',
    path: '/members/:id/',
    access: 'org',
    roles: memberManagerRoles,
    summary:
      "Change a member's role. Only an owner touches owners or makes one; the last owner keeps the role",
    params: idParams,
    body: z.object({ role }),
    response: member,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/members/:id/',
    access: 'org',
    roles: memberManagerRoles,
    summary: 'Remove a member: their next request in the organization is refused. The last owner stays',
    params: idParams,
    response: z.undefined(),
    successStatus: 204,
  }),
};

export const invitationRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/invitations/',
    access: 'org',
    roles: memberManagerRoles,
    summary: 'Invitations neither accepted nor revoked, newest first (expired ones too)',
    response: z.array(invitation),
  }),
  create: defineRoute({
    method: 'POST',
    path: '/invitations/',
    access: 'org',
    roles: memberManagerRoles,
    summary:
      'Invite an email with a role; the answer carries the link token, shown once and never stored. A new invitation replaces a pending one of the same email',
    body: invitationInput,
    response: invitation.extend({ token: z.string() }),
    successStatus: 201,
  }),
  revoke: defineRoute({
    method: 'DELETE',
    path: '/invitations/:id/',
    access: 'org',
    roles: memberManagerRoles,
    summary: 'Revoke an invitation: its link stops working',
    params: idParams,
    response: z.undefined(),
    successStatus: 204,
  }),
  preview: defineRoute({
    method: 'POST',
    path: '/invitations/preview/',
    access: 'public',
    summary: 'What an invitation link offers: the organization, the role and the invited email',
    body: tokenBody,
    response: z.object({
      organization_name: z.string(),
      role: z.enum(membershipRoles),
      email: z.string(),
      expires_at: z.string(),
      /** Whether an account with the invited email exists (sign in rather than register). */
      account_exists: z.boolean(),
    }),
    limitedPerAddress: true,
  }),
  accept: defineRoute({
    method: 'POST',
    path: '/invitations/accept/',
    access: 'user',
    summary: "Accept an invitation sent to the signed-in user's email: join its organization with its role",
    body: tokenBody,
    response: z.object({
      organization: z.object({ id: z.string(), name: z.string() }),
      role: z.enum(membershipRoles),
    }),
    limitedPerAddress: true,
  }),
};
