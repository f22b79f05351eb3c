import { adminRoutes, type AuditAction, type AuditTargetType } from '@invoicing/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/queries/query-keys';

/** The audit log's filters ('' for none) and page. */
export interface AuditLogParams {
  actor: string;
  action: AuditAction | '';
  targetType: AuditTargetType | '';
  from: string;
  to: string;
  page: number;
  pageSize: number;
}

export const auditLogQueryKey = [...queryKeys.admin, 'audit-log'] as const;

export function listAuditLog(params: AuditLogParams) {
  return callApi(adminRoutes.auditLog, {
    query: {
      actor: params.actor,
      action: params.action || undefined,
      target_type: params.targetType || undefined,
      from: params.from || undefined,
      to: params.to || undefined,
      page: params.page,
      page_size: params.pageSize,
    },
  });
}

export function auditLogQueryOptions(params: AuditLogParams) {
  return queryOptions({
    queryKey: [...auditLogQueryKey, params],
    queryFn: () => listAuditLog(params),
    placeholderData: keepPreviousData,
  });
}

export function useAuditLog(params: AuditLogParams) {
  return useQuery(auditLogQueryOptions(params));
}
