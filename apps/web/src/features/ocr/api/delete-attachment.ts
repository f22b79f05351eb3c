import { attachmentRoutes } from '@invoicing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/queries/query-keys';
import { attachmentsQueryKey } from './list-attachments';
import { ocrQueryKey } from './list-extractions';

export function deleteAttachment(id: string) {
  return callApi(attachmentRoutes.remove, { params: { id } });
}

export function useDeleteAttachmentMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAttachment,
    // The space is free at once: the totals, the storage bar and the plan's remaining MB follow.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: attachmentsQueryKey }),
        queryClient.invalidateQueries({ queryKey: queryKeys.usageSummary }),
        queryClient.invalidateQueries({ queryKey: ocrQueryKey }),
      ]),
  });
}
