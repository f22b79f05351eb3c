import { customerRoutes } from '@invoicing/contract';
import type { CustomerInput } from '@invoicing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { customersQueryKey } from './list-customers';
import { refreshAfterChange } from '../../../lib/queries/refresh-after-change';

export function saveCustomer({ id, input }: { id?: string; input: CustomerInput }) {
  return id
    ? callApi(customerRoutes.update, { params: { id }, body: input })
    : callApi(customerRoutes.create, { body: input });
}

export function useSaveCustomerMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCustomer,
    onSuccess: () => refreshAfterChange(queryClient, customersQueryKey),
  });
}
