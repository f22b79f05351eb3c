import { invoiceRoutes } from '@invoicing/contract';
import type { DocumentDigits, DocumentLanguage } from '@invoicing/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { invoiceQueryKey } from './get-invoice';

export interface DocumentChoice {
  language: DocumentLanguage;
  digits: DocumentDigits;
}

/** The invoice as the customer receives it (the HTML its PDF is printed from), in a language. */
export function getInvoiceDocument(id: string, choice: DocumentChoice) {
  return callApi(invoiceRoutes.document, { params: { id }, query: choice });
}

export function invoiceDocumentQueryOptions(id: string, choice: DocumentChoice) {
  return queryOptions({
    // Under the invoice: a saved change of the invoice makes its document fetched again.
    queryKey: [...invoiceQueryKey(id), 'document', choice.language, choice.digits],
    queryFn: () => getInvoiceDocument(id, choice),
  });
}

/** While another language loads, the document shown stays on screen. */
export function useInvoiceDocument(id: string, choice: DocumentChoice) {
  return useQuery({ ...invoiceDocumentQueryOptions(id, choice), placeholderData: keepPreviousData });
}
