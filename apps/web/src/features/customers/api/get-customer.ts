import { customerRoutes } from '@invoicing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { customersQueryKey } from './list-customers';

export function getCustomer(id: string) {
  return callApi(customerRoutes.get, { params: { id } });
}

export function customerQueryOptions(id: string) {
  return queryOptions({ queryKey: [...customersQueryKey, 'detail', id], queryFn: () => getCustomer(id) });
}

export function useCustomer(id: string | undefined) {
  return useQuery({ ...customerQueryOptions(id ?? ''), enabled: Boolean(id) });
}
