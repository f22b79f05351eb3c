import { attachmentRoutes } from '@invoicing/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/queries/query-keys';

export const attachmentsQueryKey = queryKeys.attachments;
export const attachmentListsQueryKey = [...attachmentsQueryKey, 'list'] as const;

export interface AttachmentListParams {
  q?: string;
  page: number;
  pageSize: number;
}

export function listAttachments({ q, page, pageSize }: AttachmentListParams) {
  return callApi(attachmentRoutes.list, { query: { q, page, page_size: pageSize } });
}

export function attachmentsQueryOptions(params: AttachmentListParams) {
  return queryOptions({
    queryKey: [...attachmentListsQueryKey, params],
    queryFn: () => listAttachments(params),
    placeholderData: keepPreviousData,
  });
}

export function useAttachments(params: AttachmentListParams) {
  return useQuery(attachmentsQueryOptions(params));
}
