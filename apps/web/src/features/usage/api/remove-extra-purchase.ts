import { billingRoutes } from '@invoicing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { refreshAfterPurchase } from '../../../lib/queries/refresh-after-purchase';

/** DELETE /billing/extra-purchase/{id}/remove: refused with 409 PURCHASE_IN_USE while storage needs it. */
export function removeExtraPurchase(id: string) {
  return callApi(billingRoutes.removeExtraPurchase, { params: { id } });
}

export function useRemoveExtraPurchaseMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeExtraPurchase,
    onSuccess: () => refreshAfterPurchase(queryClient),
  });
}
