import { customerRoutes } from '@invoicing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { customersQueryKey } from './list-customers';
import { refreshAfterChange } from '../../../lib/queries/refresh-after-change';

export function deleteCustomer(id: string) {
  return callApi(customerRoutes.remove, { params: { id } });
}

export function useDeleteCustomerMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCustomer,
    onSuccess: () => refreshAfterChange(queryClient, customersQueryKey),
  });
}
