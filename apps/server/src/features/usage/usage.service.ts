import type { DashboardSummary, UsageSummary } from '@invoicing/contract';
import type { OrgScope } from '../../platform/db/org-scope';
import { findStorageUsage } from '../attachments/attachments.service';
import { findExtraStorage } from '../billing/storage-purchases.service';
import { getCreditBalance } from '../credits/credits.service';
import { usageRepository } from './usage.repository';
import { toDashboardSummary, toUsageSummary, type StorageFigures } from './usage.wire';

const MB = 1024 * 1024;
const WEEK_MS = 7 * 86_400_000;
const MONTHS_SHOWN = 6;
const readOnly = { snapshot: true } as const;

/**
 * Credits, storage and OCR activity of an organization at `now`, read in one snapshot. Reads only (the
 * snapshot is a read-only transaction on PostgreSQL): the scheduled job grants and expires credits.
 */
export const usageService = (scope: OrgScope, now = new Date()) => {
  const storage = async (maxStorageMb: number): Promise<StorageFigures> => {
    const { usedBytes, fileCount } = await findStorageUsage(scope);
    const max = maxStorageMb * MB;
    return { usedBytes, fileCount, maxBytes: max, remainingBytes: Math.max(0, max - usedBytes) };
  };

  return {
    summary: (): Promise<UsageSummary> =>
      scope.run(async () => {
        const balance = await getCreditBalance(scope, now);
        const extra = await findExtraStorage(scope);
        const space = await storage(balance.subscription.maxStorageMb + extra.totalMb);
        return toUsageSummary(balance, space, extra);
      }, readOnly),

    dashboard: (): Promise<DashboardSummary> =>
      scope.run(async () => {
        const weekAgo = new Date(now.getTime() - WEEK_MS);
        const balance = await getCreditBalance(scope, now);
        const extra = await findExtraStorage(scope);
        const space = await storage(balance.subscription.maxStorageMb + extra.totalMb);
        const activity = await usageRepository(scope).findActivity(
          weekAgo,
          new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (MONTHS_SHOWN - 1), 1)),
        );
        return toDashboardSummary(balance, space, activity, now, MONTHS_SHOWN);
      }, readOnly),
  };
};
