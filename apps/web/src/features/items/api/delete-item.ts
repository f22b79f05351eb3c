import { itemRoutes } from '@invoicing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { itemsQueryKey } from './list-items';
import { refreshAfterChange } from '../../../lib/queries/refresh-after-change';

export function deleteItem(id: string) {
  return callApi(itemRoutes.remove, { params: { id } });
}

export function useDeleteItemMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteItem,
    onSuccess: () => refreshAfterChange(queryClient, itemsQueryKey),
  });
}
