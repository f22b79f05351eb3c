import { invoiceRoutes } from '@invoicing/contract';
import type { Invoice } from '@invoicing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { invoiceQueryKey } from './get-invoice';
import { invoicesQueryKey } from './list-invoices';
import { refreshAfterChange } from '../../../lib/queries/refresh-after-change';

export function uploadInvoiceImage(input: {
  id: string;
  imageData: string;
  fileName: string;
  fileType: string;
}) {
  return callApi(invoiceRoutes.uploadImage, {
    params: { id: input.id },
    body: { image_data: input.imageData, file_name: input.fileName, file_type: input.fileType },
  });
}

export async function deleteInvoiceImage(input: { id: string; reason: string }) {
  const answer = await callApi(invoiceRoutes.deleteImage, {
    params: { id: input.id },
    body: { reason: input.reason },
  });
  return answer.invoice;
}

export async function restoreInvoiceImage(input: { id: string }) {
  const answer = await callApi(invoiceRoutes.restoreImage, { params: { id: input.id } });
  return answer.invoice;
}

function useImageMutation<T extends { id: string }>(mutationFn: (input: T) => Promise<Invoice>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (invoice) => {
      queryClient.setQueryData(invoiceQueryKey(invoice.id), invoice);
      void refreshAfterChange(queryClient, [...invoicesQueryKey, 'list']);
    },
  });
}

export const useUploadInvoiceImageMutation = () => useImageMutation(uploadInvoiceImage);
export const useDeleteInvoiceImageMutation = () => useImageMutation(deleteInvoiceImage);
export const useRestoreInvoiceImageMutation = () => useImageMutation(restoreInvoiceImage);
