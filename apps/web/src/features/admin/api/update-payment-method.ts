import { adminRoutes, type AdminPaymentMethodUpdate } from '@invoicing/contract';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/queries/query-keys';
import { refreshAfterChange } from '../../../lib/queries/refresh-after-change';

export function updateAdminPaymentMethod({ id, change }: { id: string; change: AdminPaymentMethodUpdate }) {
  return callApi(adminRoutes.updatePaymentMethod, { params: { id }, body: change });
}

export function toggleAdminPaymentMethod(id: string) {
  return callApi(adminRoutes.togglePaymentMethod, { params: { id } });
}

/** The admin panel's lists, and the payment pages' method lists, which follow the change. */
const refresh = (queryClient: QueryClient) =>
  Promise.all([
    refreshAfterChange(queryClient, queryKeys.admin),
    refreshAfterChange(queryClient, queryKeys.payments),
  ]);

export function useUpdateAdminPaymentMethodMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateAdminPaymentMethod, onSuccess: () => refresh(queryClient) });
}

/** Enables a disabled method or disables an enabled one. */
export function useToggleAdminPaymentMethodMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: toggleAdminPaymentMethod, onSuccess: () => refresh(queryClient) });
}
