import { memberRoutes } from '@invoicing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { refreshAfterChange } from '../../../lib/queries/refresh-after-change';
import { membersQueryKey } from './list-members';

export function removeMember(id: string) {
  return callApi(memberRoutes.remove, { params: { id } });
}

/**
 * `onLeft` runs instead of refreshing the list when the removed membership is `ownId`: the caller left the
 * organization and can read nothing of it any more.
 */
export function useRemoveMemberMutation(ownId: string | undefined, onLeft: () => Promise<void> | void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: async (_answer, id) => {
      if (id === ownId) await onLeft();
      else await refreshAfterChange(queryClient, membersQueryKey);
    },
  });
}
