import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { refreshAfterChange } from '../../../lib/queries/refresh-after-change';
import { invoiceQueryKey, invoicesQueryKey } from './list-invoices';
import { loadInvoiceRoutes } from './invoice-routes';

/**
 * A new DRAFT copy of an invoice, numbered and dated by the server (and counted against the plan's monthly
 * limit there: past it, the client's 403 handling takes the user to /usage).
 */
export async function duplicateInvoice(id: string) {
  const invoiceRoutes = await loadInvoiceRoutes();
  return callApi(invoiceRoutes.duplicate, { params: { id } });
}

export function useDuplicateInvoiceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateInvoice,
    onSuccess: async (copy) => {
      await refreshAfterChange(queryClient, invoicesQueryKey);
      // The editor opens the copy next: it starts from this answer instead of asking again.
      queryClient.setQueryData(invoiceQueryKey(copy.id), copy);
    },
  });
}
