import { adminRoutes, type AdminPlanUpdate } from '@invoicing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/queries/query-keys';
import { refreshAfterChange } from '../../../lib/queries/refresh-after-change';

export function updateAdminPlan({ id, change }: { id: string; change: AdminPlanUpdate }) {
  return callApi(adminRoutes.updatePlan, { params: { id }, body: change });
}

export function useUpdateAdminPlanMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminPlan,
    onSuccess: () => refreshAfterChange(queryClient, queryKeys.admin),
  });
}
