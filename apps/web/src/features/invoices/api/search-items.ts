import { itemRoutes } from '@invoicing/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/queries/query-keys';

/** Catalogue items for the editor's add-item select, searched on the server. */
export function searchItems(q: string) {
  return callApi(itemRoutes.list, { query: { q, page_size: 50 } });
}

export function itemOptionsQueryOptions(q: string) {
  return queryOptions({
    queryKey: [...queryKeys.items, 'options', q],
    queryFn: () => searchItems(q),
    placeholderData: keepPreviousData,
  });
}

export function useItemOptions(q: string) {
  return useQuery(itemOptionsQueryOptions(q));
}
