import { adminRoutes } from '@invoicing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/queries/query-keys';
import { refreshAfterChange } from '../../../lib/queries/refresh-after-change';

export function deleteAdminPlan(id: string) {
  return callApi(adminRoutes.deletePlan, { params: { id } });
}

export function useDeleteAdminPlanMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminPlan,
    onSuccess: () => refreshAfterChange(queryClient, queryKeys.admin),
  });
}
