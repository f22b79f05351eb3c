import { billingRoutes } from '@invoicing/contract';
import type { RouteBody } from '@invoicing/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export type ProcessDirectInput = RouteBody<typeof billingRoutes.processDirect>;

/** POST /billing/payments/process-direct/: a payment with the details typed on the enhanced payment page. */
export function processDirect(body: ProcessDirectInput) {
  return callApi(billingRoutes.processDirect, { body });
}

export function useProcessDirectMutation() {
  return useMutation({ mutationFn: processDirect });
}
