import { orgRoutes } from '@invoicing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../api-client';
import { useSession } from '../session';
import { queryKeys } from './query-keys';

/** The organization the user works in: its name and role for the dashboard, its currency for invoices. */
export function getCurrentOrganization() {
  return callApi(orgRoutes.current);
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
