import { orgRoutes } from '@invoicing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const organizationsQueryKey = ['orgs', 'list'] as const;

export function getOrganizations() {
  return callApi(orgRoutes.list);
}

export function organizationsQueryOptions() {
  return queryOptions({ queryKey: organizationsQueryKey, queryFn: getOrganizations });
}

export function useOrganizations() {
  return useQuery(organizationsQueryOptions());
}
