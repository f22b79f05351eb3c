import type { MembershipRole, RouteResponse, orgRoutes } from '@invoicing/contract';
import type { Subscription } from '../subscriptions/subscriptions.service';

/** The current organization as the contract answers it. */
export const toCurrentOrganization = (
  organization: { id: string; name: string; currency: string },
  role: MembershipRole | 'SYSTEM',
  subscription: Subscription | null,
): RouteResponse<typeof orgRoutes.current> => ({
  ...organization,
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
