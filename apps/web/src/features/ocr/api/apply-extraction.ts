import { ocrRoutes } from '@invoicing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/queries/query-keys';
import { attachmentsQueryKey } from './list-attachments';
import { ocrQueryKey } from './list-extractions';

/** Makes a DRAFT invoice from an extraction; asked again, the server answers the same invoice. */
export function applyExtraction(id: string) {
  return callApi(ocrRoutes.apply, { params: { id } });
}

export function useApplyExtractionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyExtraction,
    // Not awaited: the page leaves for the invoice at once, the lists refresh behind it.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ocrQueryKey });
      void queryClient.invalidateQueries({ queryKey: attachmentsQueryKey });
      void queryClient.invalidateQueries({ queryKey: queryKeys.invoices });
    },
  });
}
