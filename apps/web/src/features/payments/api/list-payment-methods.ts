import { billingRoutes } from '@invoicing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/queries/query-keys';

/** GET /billing/payment-methods/: the enabled methods, in the superuser's order. */
export function listPaymentMethods() {
  return callApi(billingRoutes.paymentMethods);
}

export function paymentMethodsQueryOptions() {
  return queryOptions({ queryKey: [...queryKeys.payments, 'methods'], queryFn: listPaymentMethods });
}

export function usePaymentMethods() {
  return useQuery(paymentMethodsQueryOptions());
}
