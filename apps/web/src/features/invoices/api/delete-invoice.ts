import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { refreshAfterChange } from '../../../lib/queries/refresh-after-change';
import { invoiceQueryKey, invoicesQueryKey } from './list-invoices';
import { loadInvoiceRoutes } from './invoice-routes';

/** Deletes a DRAFT invoice; the server refuses any other with 409 INVOICE_NOT_DRAFT. */
export async function deleteInvoice(id: string) {
  const invoiceRoutes = await loadInvoiceRoutes();
  return callApi(invoiceRoutes.remove, { params: { id } });
}

export function useDeleteInvoiceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInvoice,
    onSuccess: async (_answer, id) => {
      // The deleted invoice is not fetched again (it would answer 404 to the page still showing it).
      queryClient.removeQueries({ queryKey: invoiceQueryKey(id), exact: true });
      await refreshAfterChange(queryClient, invoicesQueryKey);
    },
  });
}
