import { billingRoutes } from '@invoicing/contract';
import type { RouteBody } from '@invoicing/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export type CreatePaymentInput = RouteBody<typeof billingRoutes.createPayment>;

/** POST /billing/payments/create/: answers the payment and how it goes on (SPEC §4, payment flow). */
export function createPayment(body: CreatePaymentInput) {
  return callApi(billingRoutes.createPayment, { body });
}

export function useCreatePaymentMutation() {
  return useMutation({ mutationFn: createPayment });
}
