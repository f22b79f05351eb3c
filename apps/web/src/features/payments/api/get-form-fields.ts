import { billingRoutes } from '@invoicing/contract';
import type { PaymentMethodCode } from '@invoicing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/queries/query-keys';

/** GET /billing/payment-form-fields/{method}/: what the enhanced payment page asks for a method. */
export function getFormFields(method: PaymentMethodCode) {
  return callApi(billingRoutes.formFields, { params: { method } });
}

export function formFieldsQueryOptions(method: PaymentMethodCode) {
  return queryOptions({
    queryKey: [...queryKeys.payments, 'form-fields', method],
    queryFn: () => getFormFields(method),
  });
}

export function useFormFields(method: PaymentMethodCode | null) {
  return useQuery({ ...formFieldsQueryOptions(method ?? 'card_intl'), enabled: method !== null });
}
