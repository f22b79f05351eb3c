import { itemRoutes } from '@invoicing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { itemsQueryKey } from './list-items';

export function getItem(id: string) {
  return callApi(itemRoutes.get, { params: { id } });
}

export function itemQueryOptions(id: string) {
  return queryOptions({ queryKey: [...itemsQueryKey, 'detail', id], queryFn: () => getItem(id) });
}

export function useItem(id: string | undefined) {
  return useQuery({ ...itemQueryOptions(id ?? ''), enabled: Boolean(id) });
}
