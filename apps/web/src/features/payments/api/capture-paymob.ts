import { billingRoutes } from '@invoicing/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export interface CapturePaymobInput {
  transactionId: string;
  amount?: string;
  currency?: string;
}

/** POST /billing/payments/capture-paymob/ (public): the server checks the transaction with Paymob itself. */
export function capturePaymob(input: CapturePaymobInput) {
  return callApi(billingRoutes.capturePaymob, {
    body: { transaction_id: input.transactionId, amount: input.amount, currency: input.currency },
  });
}

export function useCapturePaymobMutation() {
  return useMutation({ mutationFn: capturePaymob });
}
