import { invoiceRoutes } from '@invoicing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { invoicesQueryKey } from './list-invoices';

/** The dashboard's recent invoices: the newest ten (SPEC §9). */
export function listRecentInvoices() {
  return callApi(invoiceRoutes.list, { query: { limit: 10 } });
}

export function recentInvoicesQueryOptions() {
  return queryOptions({ queryKey: [...invoicesQueryKey, 'recent'], queryFn: listRecentInvoices });
}

export function useRecentInvoices() {
  return useQuery(recentInvoicesQueryOptions());
}
