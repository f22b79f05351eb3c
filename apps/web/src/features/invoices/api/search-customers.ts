import { customerRoutes } from '@invoicing/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/queries/query-keys';

/** Customers for the editor's select, searched on the server. */
export function searchCustomers(q: string) {
  return callApi(customerRoutes.list, { query: { q, page_size: 50 } });
}

export function customerOptionsQueryOptions(q: string) {
  return queryOptions({
    queryKey: [...queryKeys.customers, 'options', q],
    queryFn: () => searchCustomers(q),
    placeholderData: keepPreviousData,
  });
}

export function useCustomerOptions(q: string) {
  return useQuery(customerOptionsQueryOptions(q));
}
