import { ocrRoutes } from '@invoicing/contract';
import type { ExtractionCorrectionInput } from '@invoicing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { extractionQueryKey } from './get-extraction';
import { extractionListsQueryKey } from './list-extractions';

export function correctExtraction({ id, input }: { id: string; input: ExtractionCorrectionInput }) {
  return callApi(ocrRoutes.correct, { params: { id }, body: input });
}

export function useCorrectExtractionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: correctExtraction,
    onSuccess: (extraction) => {
      queryClient.setQueryData(extractionQueryKey(extraction.id), extraction);
      void queryClient.invalidateQueries({ queryKey: extractionListsQueryKey });
    },
  });
}
