import { orgRoutes } from '@invoicing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/queries/query-keys';

export const organizationsQueryKey = queryKeys.organizations;

export function getOrganizations() {
  return callApi(orgRoutes.list);
}

export function organizationsQueryOptions() {
  return queryOptions({ queryKey: organizationsQueryKey, queryFn: getOrganizations });
}

export function useOrganizations() {
  return useQuery(organizationsQueryOptions());
}
