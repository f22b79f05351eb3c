import { invitationRoutes } from '@invoicing/contract';
import type { InvitationInput } from '@invoicing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { refreshAfterChange } from '../../../lib/queries/refresh-after-change';
import { invitationsQueryKey } from './list-invitations';

/** Answers the invitation with its link's token, which only this answer ever carries. */
export function createInvitation(input: InvitationInput) {
  return callApi(invitationRoutes.create, { body: input });
}

export function useCreateInvitationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    onSuccess: () => refreshAfterChange(queryClient, invitationsQueryKey),
  });
}
