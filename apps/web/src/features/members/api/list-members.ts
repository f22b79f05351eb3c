import { memberRoutes } from '@invoicing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/queries/query-keys';

export const membersQueryKey = queryKeys.members;

export function listMembers() {
  return callApi(memberRoutes.list);
}

/** The organization id is part of the key: another organization's members are never shown. */
export function membersQueryOptions(organizationId: string | null) {
  return queryOptions({
    queryKey: [...membersQueryKey, organizationId],
    queryFn: listMembers,
    enabled: organizationId !== null,
  });
}

export function useMembers(organizationId: string | null) {
  return useQuery(membersQueryOptions(organizationId));
}
