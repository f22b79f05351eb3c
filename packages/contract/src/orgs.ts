import { z } from 'zod';
import { membershipRoles } from './roles';
import { defineRoute } from './route';

const organizationListItem = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(membershipRoles),
  currency: z.string(),
});
export type OrganizationListItem = z.infer<typeof organizationListItem>;

export const orgRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/orgs/',
    access: 'user',
    summary: "The caller's organizations",
    response: z.array(organizationListItem),
  }),
  current: defineRoute({
    method: 'GET',
    path: '/orgs/current/',
    access: 'org',
    summary: 'The selected organization, with the caller role and its subscription',
    response: z.object({
      id: z.string(),
      name: z.string(),
      currency: z.string(),
      role: z.enum(membershipRoles),
      subscription: z
        .object({ plan_name: z.string(), status: z.string(), trial_ends_at: z.string().nullable() })
        .nullable(),
    }),
  }),
};
