import { invitationRoutes } from '@invoicing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/queries/query-keys';
import { setOrganizationId } from '../../../lib/storage';

export function acceptInvitation(token: string) {
  return callApi(invitationRoutes.accept, { body: { token } });
}

/** Accepts as the signed-in user; the joined organization becomes the one the user works in. */
export function useAcceptInvitationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: async (joined) => {
      setOrganizationId(joined.organization.id);
      await queryClient.invalidateQueries({ queryKey: queryKeys.organizations });
    },
  });
}
