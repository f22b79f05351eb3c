import { ocrRoutes } from '@invoicing/contract';
import type { ExtractionStatus } from '@invoicing/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/queries/query-keys';

export const ocrQueryKey = queryKeys.ocr;
export const extractionListsQueryKey = [...ocrQueryKey, 'list'] as const;

export interface ExtractionListParams {
  status?: ExtractionStatus;
  /** One file's extractions. */
  attachment?: string;
  page: number;
  pageSize: number;
}

export function listExtractions({ status, attachment, page, pageSize }: ExtractionListParams) {
  return callApi(ocrRoutes.list, { query: { status, attachment, page, page_size: pageSize } });
}

export function extractionsQueryOptions(params: ExtractionListParams) {
  return queryOptions({
    queryKey: [...extractionListsQueryKey, params],
    queryFn: () => listExtractions(params),
    placeholderData: keepPreviousData,
  });
}

export function useExtractions(params: ExtractionListParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...extractionsQueryOptions(params), enabled: options.enabled ?? true });
}
