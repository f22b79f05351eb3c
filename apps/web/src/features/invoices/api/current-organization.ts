import { orgRoutes } from '@invoicing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** The organization's currency for the editor; the same key as the orgs feature, so the cache is shared. */
export function getCurrentOrganization() {
  return callApi(orgRoutes.current);
}

export function currentOrganizationQueryOptions(organizationId: string | null) {
  return queryOptions({
    queryKey: ['orgs', 'current', organizationId] as const,
    queryFn: getCurrentOrganization,
    enabled: organizationId !== null,
  });
}

export function useCurrentOrganization(organizationId: string | null) {
  return useQuery(currentOrganizationQueryOptions(organizationId));
}
