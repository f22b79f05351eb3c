import { customerRoutes } from '@invoicing/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/queries/query-keys';

export interface CustomerListParams {
  q: string;
  page: number;
  pageSize: number;
}

export const customersQueryKey = queryKeys.customers;

export function listCustomers({ q, page, pageSize }: CustomerListParams) {
  return callApi(customerRoutes.list, { query: { q, page, page_size: pageSize } });
}

export function customersQueryOptions(params: CustomerListParams) {
  return queryOptions({
    queryKey: [...customersQueryKey, 'list', params],
    queryFn: () => listCustomers(params),
    placeholderData: keepPreviousData,
  });
}

export function useCustomers(params: CustomerListParams) {
  return useQuery(customersQueryOptions(params));
}
