import { ocrRoutes } from '@invoicing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { ocrQueryKey } from './list-extractions';

export const extractionQueryKey = (id: string) => [...ocrQueryKey, 'detail', id] as const;

export function getExtraction(id: string) {
  return callApi(ocrRoutes.get, { params: { id } });
}

export function extractionQueryOptions(id: string) {
  return queryOptions({ queryKey: extractionQueryKey(id), queryFn: () => getExtraction(id) });
}

export function useExtraction(id: string | null | undefined) {
  return useQuery({ ...extractionQueryOptions(id ?? ''), enabled: Boolean(id) });
}
