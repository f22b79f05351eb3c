import { itemRoutes } from '@invoicing/contract';
import type { ItemInput } from '@invoicing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { itemsQueryKey } from './list-items';
import { refreshAfterChange } from '../../../lib/queries/refresh-after-change';

export function saveItem({ id, input }: { id?: string; input: ItemInput }) {
  return id
    ? callApi(itemRoutes.update, { params: { id }, body: input })
    : callApi(itemRoutes.create, { body: input });
}

export function useSaveItemMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveItem,
    onSuccess: () => refreshAfterChange(queryClient, itemsQueryKey),
  });
}
