import { billingRoutes } from '@invoicing/contract';
import type { PaymentView } from '@invoicing/contract';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/queries/query-keys';

/** POST /billing/payments/{id}/verify/: asks the gateway for the payment's status; fulfils it once if paid. */
export function verifyPayment(id: string) {
  return callApi(billingRoutes.verifyPayment, { params: { id } });
}

/** How many times a result page asks about a payment still pending, and how long it waits in between. */
export const pendingChecks = { times: 5, intervalMs: 3000 };

/** A payment's status as the result page follows it: asked again while it is pending, a few times. */
export function verifyPaymentQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...queryKeys.payments, 'verify', id],
    queryFn: () => verifyPayment(id),
    retry: false,
    staleTime: 0,
    gcTime: 0,
    refetchInterval: (query) =>
      query.state.data?.status === 'PENDING' && query.state.dataUpdateCount < pendingChecks.times
        ? pendingChecks.intervalMs
        : false,
  });
}

/** The reference panel's "check the status" button. */
export function useVerifyPaymentMutation() {
  return useMutation<PaymentView, unknown, string>({ mutationFn: verifyPayment });
}
