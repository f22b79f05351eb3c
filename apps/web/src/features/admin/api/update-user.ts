import { adminRoutes, type AdminUserUpdate } from '@invoicing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/queries/query-keys';
import { refreshAfterChange } from '../../../lib/queries/refresh-after-change';

export function updateAdminUser({ id, change }: { id: string; change: AdminUserUpdate }) {
  return callApi(adminRoutes.updateUser, { params: { id }, body: change });
}

export function useUpdateAdminUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminUser,
    onSuccess: () => refreshAfterChange(queryClient, queryKeys.admin),
  });
}
