import { z } from 'zod';
import { defineRoute } from './route';
import { validationMessages as m } from './errors';
import { emailInput, optionalText, text } from './common';
import { invitationToken } from './members';

const requiredString = (required: string) => z.string({ error: required });

export const registerInput = z.object({
  name: optionalText({ max: 200, tooLong: m.nameTooLong }),
  organization_name: text({
    max: 200,
    required: m.organizationNameRequired,
    tooLong: m.organizationNameTooLong,
  }),
  email: emailInput,
  // Passwords are hashed, never stored or shown as text: every character typed counts, spaces included.
  password: requiredString(m.passwordRequired)
    .min(1, { error: m.passwordRequired, abort: true })
    .min(8, { error: m.passwordTooShort, abort: true })
    .max(128, { error: m.passwordTooLong }),
});
export type RegisterInput = z.input<typeof registerInput>;

/**
 * Registration from an invitation link: the new user joins the invitation's organization with its role
 * instead of creating one. The email must be the invited one.
 */
export const registerInvitedInput = registerInput
  .omit({ organization_name: true })
  .extend({ token: invitationToken });
export type RegisterInvitedInput = z.input<typeof registerInvitedInput>;

export const loginInput = z.object({
  email: emailInput,
  password: requiredString(m.passwordRequired).min(1, { error: m.passwordRequired }).max(1024),
});
export type LoginInput = z.input<typeof loginInput>;

const refreshInput = z.object({
  refresh: requiredString(m.refreshRequired).min(1, { error: m.refreshRequired }).max(512),
});

const sessionUser = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  is_superuser: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUser>;

const organizationSummary = z.object({ id: z.string(), name: z.string() });

export const tokenPair = z.object({ access: z.string(), refresh: z.string() });

const loginResponse = tokenPair.extend({ user: sessionUser });

const registerResponse = z.object({
  tokens: tokenPair,
  user: sessionUser,
  organization: organizationSummary,
});

export const authRoutes = {
  register: defineRoute({
    method: 'POST',
    path: '/auth/register',
    access: 'public',
    summary: 'Create a user and an organization the user owns; starts the Pro trial',
    body: registerInput,
    response: registerResponse,
    successStatus: 201,
    limitedPerAddress: true,
  }),
  registerInvited: defineRoute({
    method: 'POST',
    path: '/auth/register/invited',
    access: 'public',
    summary:
      "Create a user who joins an invitation's organization with its role (no organization is created)",
    body: registerInvitedInput,
    response: registerResponse,
    successStatus: 201,
    limitedPerAddress: true,
  }),
  login: defineRoute({
    method: 'POST',
    path: '/auth/login',
    access: 'public',
    summary: 'Exchange email and password for an access and a refresh token',
    body: loginInput,
    response: loginResponse,
    limitedPerAddress: true,
  }),
  refresh: defineRoute({
    method: 'POST',
    path: '/auth/refresh',
    access: 'public',
    summary: 'Rotate a refresh token: answers a new access token and a new refresh token',
    body: refreshInput,
    response: tokenPair,
    limitedPerAddress: true,
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/auth/logout',
    access: 'public',
    summary: 'Revoke a refresh token and every token rotated from the same sign-in',
    body: refreshInput,
    response: z.object({ success: z.boolean() }),
  }),
  me: defineRoute({
    method: 'GET',
    path: '/auth/me',
    access: 'user',
    summary: 'The signed-in user',
    response: sessionUser,
  }),
};
