import { adminRoutes } from '@invoicing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/queries/query-keys';

export const adminPaymentMethodsQueryKey = [...queryKeys.admin, 'payment-methods'] as const;

export function listAdminPaymentMethods() {
  return callApi(adminRoutes.paymentMethods);
}

export function adminPaymentMethodsQueryOptions() {
  return queryOptions({ queryKey: adminPaymentMethodsQueryKey, queryFn: listAdminPaymentMethods });
}

export function useAdminPaymentMethods() {
  return useQuery(adminPaymentMethodsQueryOptions());
}
