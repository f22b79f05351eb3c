import { adminRoutes, type MembershipRole } from '@invoicing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/queries/query-keys';
import { refreshAfterChange } from '../../../lib/queries/refresh-after-change';

export function updateAdminMembership({ id, role }: { id: string; role: MembershipRole }) {
  return callApi(adminRoutes.updateMembership, { params: { id }, body: { role } });
}

export function useUpdateAdminMembershipMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminMembership,
    onSuccess: () => refreshAfterChange(queryClient, queryKeys.admin),
  });
}
