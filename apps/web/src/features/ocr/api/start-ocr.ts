import { attachmentRoutes } from '@invoicing/contract';
import type { Attachment, OcrMethod, StartedOcr } from '@invoicing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/queries/query-keys';
import { attachmentListsQueryKey } from './list-attachments';
import type { listAttachments } from './list-attachments';
import { ocrQueryKey } from './list-extractions';
import { startEnhancedOcr } from './start-enhanced-ocr';

/** Normal OCR of a file: 1 credit. */
export function startNormalOcr(attachmentId: string) {
  return callApi(attachmentRoutes.ocr, { params: { id: attachmentId }, body: { use_enhanced: false } });
}

export interface StartOcrInput {
  attachmentId: string;
  method: OcrMethod;
}

export function startOcr({ attachmentId, method }: StartOcrInput): Promise<StartedOcr> {
  return method === 'advanced' ? startEnhancedOcr(attachmentId) : startNormalOcr(attachmentId);
}

type AttachmentPage = Awaited<ReturnType<typeof listAttachments>>;

export function useStartOcrMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startOcr,
    onSuccess: (started, { attachmentId }) => {
      // The file's buttons give way to its status at once, before the lists come back.
      const mark = (file: Attachment): Attachment =>
        file.id === attachmentId
          ? {
              ...file,
              has_extraction: true,
              extraction_status: started.status,
              extraction_id: started.extraction_id,
              // A new run: what an earlier one found, failed with or made is not its own.
              extraction_has_invoice_data: false,
              extraction_error_code: null,
              extraction_error_message: null,
              invoice_id: null,
              invoice_number: null,
            }
          : file;
      queryClient.setQueriesData<AttachmentPage>({ queryKey: attachmentListsQueryKey }, (page) =>
        page ? { ...page, results: page.results.map(mark) } : page,
      );
      void queryClient.invalidateQueries({ queryKey: ocrQueryKey });
      void queryClient.invalidateQueries({ queryKey: attachmentListsQueryKey });
      void queryClient.invalidateQueries({ queryKey: queryKeys.usageSummary });
    },
  });
}
