import { useMutation } from '@tanstack/react-query';
import { downloadApi } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import type { DocumentChoice } from './invoice-document';
import { loadInvoiceRoutes } from './invoice-routes';

/** Asks the server to print the invoice as PDF and saves the file under the name it gives. */
export async function downloadInvoicePdf({
  id,
  number,
  choice,
}: {
  id: string;
  number: string;
  choice: DocumentChoice;
}) {
  const invoiceRoutes = await loadInvoiceRoutes();
  const file = await downloadApi(invoiceRoutes.pdf, { params: { id }, query: choice });
  saveFile(file.blob, file.fileName ?? `${number}.pdf`);
  return file;
}

export function useDownloadInvoicePdfMutation() {
  return useMutation({ mutationFn: downloadInvoicePdf });
}
