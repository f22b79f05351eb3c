import { orgRoutes } from '@invoicing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** The organization id is part of the key: switching organizations must never show the previous one. */
export const currentOrganizationQueryKey = (organizationId: string | null) =>
  ['orgs', 'current', organizationId] as const;

export function getCurrentOrganization() {
  return callApi(orgRoutes.current);
}

export function currentOrganizationQueryOptions(organizationId: string | null) {
  return queryOptions({
    queryKey: currentOrganizationQueryKey(organizationId),
    queryFn: getCurrentOrganization,
    enabled: organizationId !== null,
  });
}

export function useCurrentOrganization(organizationId: string | null) {
  return useQuery(currentOrganizationQueryOptions(organizationId));
}
