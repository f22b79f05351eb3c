import { invoiceRoutes } from '@invoicing/contract';
import type { InvoiceInput } from '@invoicing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { invoicesQueryKey } from './list-invoices';
import { refreshAfterChange } from '../../../lib/queries/refresh-after-change';

export function saveInvoice({ id, input }: { id?: string; input: InvoiceInput }) {
  return id
    ? callApi(invoiceRoutes.update, { params: { id }, body: input })
    : callApi(invoiceRoutes.create, { body: input });
}

export function useSaveInvoiceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveInvoice,
    onSuccess: () => refreshAfterChange(queryClient, invoicesQueryKey),
  });
}
