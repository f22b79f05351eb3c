import { adminRoutes } from '@invoicing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/queries/query-keys';
import { refreshAfterChange } from '../../../lib/queries/refresh-after-change';

export function deleteAdminOrganization(id: string) {
  return callApi(adminRoutes.deleteOrganization, { params: { id } });
}

export function useDeleteAdminOrganizationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminOrganization,
    // Its memberships and the audit log change too.
    onSuccess: () => refreshAfterChange(queryClient, queryKeys.admin),
  });
}
