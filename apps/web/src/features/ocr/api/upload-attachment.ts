import { attachmentRoutes } from '@invoicing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/queries/query-keys';
import { attachmentsQueryKey } from './list-attachments';

export interface UploadAttachmentInput {
  file: File;
  /** 0 to 1 as the bytes leave the browser. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export function uploadAttachment({ file, onProgress, signal }: UploadAttachmentInput) {
  const body = new FormData();
  body.set('kind', 'INVOICE_UPLOAD');
  body.set('file', file, file.name);
  return uploadApi(attachmentRoutes.upload, {
    body,
    signal,
    onProgress: onProgress ? ({ loaded, total }) => onProgress(total > 0 ? loaded / total : 0) : undefined,
  });
}

export function useUploadAttachmentMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAttachment,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: attachmentsQueryKey }),
        queryClient.invalidateQueries({ queryKey: queryKeys.usageSummary }),
      ]);
    },
  });
}
