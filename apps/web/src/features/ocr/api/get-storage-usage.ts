import { attachmentRoutes } from '@invoicing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { attachmentsQueryKey } from './list-attachments';

export const storageUsageQueryKey = [...attachmentsQueryKey, 'storage-usage'] as const;

export function getStorageUsage() {
  return callApi(attachmentRoutes.storageUsage);
}

export function storageUsageQueryOptions() {
  return queryOptions({ queryKey: storageUsageQueryKey, queryFn: getStorageUsage });
}

export function useStorageUsage() {
  return useQuery(storageUsageQueryOptions());
}
