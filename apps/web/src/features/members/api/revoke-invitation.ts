import { invitationRoutes } from '@invoicing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { refreshAfterChange } from '../../../lib/queries/refresh-after-change';
import { invitationsQueryKey } from './list-invitations';

export function revokeInvitation(id: string) {
  return callApi(invitationRoutes.revoke, { params: { id } });
}

export function useRevokeInvitationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSuccess: () => refreshAfterChange(queryClient, invitationsQueryKey),
  });
}
