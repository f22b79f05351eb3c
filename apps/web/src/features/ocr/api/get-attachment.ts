import { attachmentRoutes } from '@invoicing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { attachmentsQueryKey } from './list-attachments';

export const attachmentQueryKey = (id: string) => [...attachmentsQueryKey, 'detail', id] as const;

export function getAttachment(id: string) {
  return callApi(attachmentRoutes.get, { params: { id } });
}

export function attachmentQueryOptions(id: string) {
  return queryOptions({ queryKey: attachmentQueryKey(id), queryFn: () => getAttachment(id) });
}

export function useAttachment(id: string | null | undefined) {
  return useQuery({ ...attachmentQueryOptions(id ?? ''), enabled: Boolean(id) });
}
