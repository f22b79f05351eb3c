import { memberRoutes } from '@invoicing/contract';
import type { MembershipRole } from '@invoicing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/queries/query-keys';
import { refreshAfterChange } from '../../../lib/queries/refresh-after-change';
import { getOrganizationId } from '../../../lib/storage';
import { membersQueryKey } from './list-members';

export function changeMemberRole({ id, role }: { id: string; role: MembershipRole }) {
  return callApi(memberRoutes.changeRole, { params: { id }, body: { role } });
}

export function useChangeMemberRoleMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeMemberRole,
    onSuccess: async (member) => {
      // The caller's own role decides what the pages offer: read it again after changing it.
      if (member.is_you) {
        await queryClient.invalidateQueries({ queryKey: queryKeys.currentOrganization(getOrganizationId()) });
      }
      await refreshAfterChange(queryClient, membersQueryKey);
    },
  });
}
