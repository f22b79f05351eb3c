import { invitationRoutes } from '@invoicing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/queries/query-keys';

export const invitationsQueryKey = queryKeys.invitations;

export function listInvitations() {
  return callApi(invitationRoutes.list);
}

export function invitationsQueryOptions(organizationId: string | null) {
  return queryOptions({
    queryKey: [...invitationsQueryKey, organizationId],
    queryFn: listInvitations,
    enabled: organizationId !== null,
  });
}

export function useInvitations(organizationId: string | null) {
  return useQuery(invitationsQueryOptions(organizationId));
}
