import { invoiceRoutes } from '@invoicing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { invoiceQueryKey } from './list-invoices';

export { invoiceQueryKey };

export function getInvoice(id: string) {
  return callApi(invoiceRoutes.get, { params: { id } });
}

export function invoiceQueryOptions(id: string) {
  return queryOptions({ queryKey: invoiceQueryKey(id), queryFn: () => getInvoice(id) });
}

export function useInvoice(id: string | undefined) {
  return useQuery({ ...invoiceQueryOptions(id ?? ''), enabled: Boolean(id) });
}
