import { itemRoutes } from '@invoicing/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/queries/query-keys';

export interface ItemListParams {
  q: string;
  page: number;
  pageSize: number;
}

export const itemsQueryKey = queryKeys.items;

export function listItems({ q, page, pageSize }: ItemListParams) {
  return callApi(itemRoutes.list, { query: { q, page, page_size: pageSize } });
}

export function itemsQueryOptions(params: ItemListParams) {
  return queryOptions({
    queryKey: [...itemsQueryKey, 'list', params],
    queryFn: () => listItems(params),
    placeholderData: keepPreviousData,
  });
}

export function useItems(params: ItemListParams) {
  return useQuery(itemsQueryOptions(params));
}
