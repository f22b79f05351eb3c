import {
  organizationCountries,
  type Invitation,
  type Member,
  type MembershipRole,
  type OrganizationCountry,
  type RouteResponse,
  type orgRoutes,
} from '@invoicing/contract';
import type { Subscription } from '../subscriptions/subscriptions.service';
import type { InvitationRow } from './invitations.repository';
import type { MemberRow } from './members.repository';
import type { OrganizationProfile } from './orgs.repository';

const isCountry = (code: string | null): code is OrganizationCountry =>
  (organizationCountries as readonly (string | null)[]).includes(code);

/** The current organization as the contract answers it. */
export const toCurrentOrganization = (
  organization: OrganizationProfile,
  role: MembershipRole | 'SYSTEM',
  subscription: Subscription | null,
): RouteResponse<typeof orgRoutes.current> => ({
  id: organization.id,
  name: organization.name,
  currency: organization.currency,
  // A code set by other means (the admin panel, older data) that the list does not offer reads as none.
  country: isCountry(organization.country) ? organization.country : null,
  tax_id: organization.taxId,
  address: organization.address,
  // System work acts with every right of the organization.
  role: role === 'SYSTEM' ? 'OWNER' : role,
  subscription: subscription
    ? {
        plan_name: subscription.planName,
        status: subscription.status,
        trial_ends_at: subscription.trialEndsAt ? subscription.trialEndsAt.toISOString() : null,
      }
    : null,
});

/** A member as the contract answers it; `callerId` marks the caller's own membership. */
export const toMember = (row: MemberRow, callerId: string | null): Member => ({
  id: row.id,
  user_id: row.userId,
  name: row.name,
  email: row.email,
  role: row.role,
  joined_at: row.joinedAt.toISOString(),
  is_you: row.userId === callerId,
});

/** An invitation as the contract answers it; past its expiry it is EXPIRED. */
export const toInvitation = (row: InvitationRow, now = new Date()): Invitation => ({
  id: row.id,
  email: row.email,
  role: row.role,
  invited_by: row.invitedBy,
  created_at: row.createdAt.toISOString(),
  expires_at: row.expiresAt.toISOString(),
  status: row.expiresAt.getTime() <= now.getTime() ? 'EXPIRED' : 'PENDING',
});
