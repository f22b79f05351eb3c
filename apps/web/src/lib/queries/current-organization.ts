import type { orgRoutes, RouteResponse } from '@invoicing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '../session';
import { queryKeys } from './query-keys';

/** The organization the user works in: its name and role for the dashboard, its currency for invoices. */
export async function getCurrentOrganization(): Promise<RouteResponse<typeof orgRoutes.current>> {
  const { callCurrentOrganization } = await import('./current-organization-call');
  return callCurrentOrganization();
}

export function currentOrganizationQueryOptions(organizationId: string | null) {
  return queryOptions({
    queryKey: queryKeys.currentOrganization(organizationId),
    queryFn: getCurrentOrganization,
    enabled: organizationId !== null,
  });
}

/** The current organization of the session; nothing is asked before one is chosen. */
export function useCurrentOrganization() {
  const { organizationId } = useSession();
  return useQuery(currentOrganizationQueryOptions(organizationId));
}
