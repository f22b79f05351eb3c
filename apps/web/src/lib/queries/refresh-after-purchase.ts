import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys';
import { refreshAfterChange } from './refresh-after-change';

/**
 * After a purchase was fulfilled or an extra purchase removed: credits, storage, limits and the plan changed,
 * so every page that shows them (usage, the OCR page's credits, the dashboard) asks again.
 */
export async function refreshAfterPurchase(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    refreshAfterChange(queryClient, queryKeys.usageSummary),
    refreshAfterChange(queryClient, queryKeys.usageEnhanced),
    refreshAfterChange(queryClient, queryKeys.dashboardSummary),
  ]);
}
