import { toMb, toMoney, type DashboardSummary, type UsageSummary } from '@invoicing/contract';
import type { ExtraStorage } from '../billing/storage-purchases.service';
import type { CreditBalance } from '../credits/credits.service';
import type { usageRepository } from './usage.repository';

/** The organization's storage in bytes: used, files, its plan's quota and what is left of it. */
export interface StorageFigures {
  usedBytes: number;
  fileCount: number;
  maxBytes: number;
  remainingBytes: number;
}

type Activity = Awaited<ReturnType<ReturnType<typeof usageRepository>['findActivity']>>;

/** `YYYY-MM` of the `back`-th month before `now` (UTC). */
const monthOf = (now: Date, back: number) => {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  return d.toISOString().slice(0, 7);
};

/** The usage page's figures as the contract answers them. */
export const toUsageSummary = (
  balance: CreditBalance,
  space: StorageFigures,
  extraStorage: ExtraStorage,
): UsageSummary => {
  const s = balance.subscription;
  const extras = balance.extraBuckets;
  return {
    credits: {
      remaining: balance.planRemaining + balance.extraRemaining,
      used: balance.usedThisPeriod,
      max: balance.planGranted,
      extra: balance.extraRemaining,
    },
    storage: {
      used_mb: toMb(space.usedBytes),
      remaining_mb: toMb(space.remainingBytes),
      max_mb: s.maxStorageMb + extraStorage.totalMb,
      extra_mb: extraStorage.totalMb,
    },
    plan: {
      name: s.planName,
      description: s.planDescription,
      currency: s.planCurrency,
      price_monthly: toMoney(s.planPriceMonthly),
    },
    status: s.status,
    trial_ends_at: s.trialEndsAt ? s.trialEndsAt.toISOString() : null,
    current_period_end: s.currentPeriodEnd.toISOString(),
    extra_purchases: {
      active_purchases: [
        ...extras.map((e) => ({
          id: e.id,
          type: 'credits' as const,
          quantity: e.granted,
          expires_at: e.expiresAt.toISOString(),
        })),
        ...extraStorage.purchases.map((p) => ({
          id: p.id,
          type: 'storage' as const,
          quantity: p.storageMb,
          expires_at: p.expiresAt ? p.expiresAt.toISOString() : null,
        })),
      ],
    },
  };
};

/** The dashboard's figures as the contract answers them, with the last `monthsShown` months up to `now`. */
export const toDashboardSummary = (
  balance: CreditBalance,
  space: StorageFigures,
  activity: Activity,
  now: Date,
  monthsShown: number,
): DashboardSummary => {
  const { totals, byMonth, recentRuns, recentFiles } = activity;
  const found = new Map(byMonth.map((m) => [m.month, m]));
  const t = totals ?? {
    total: 0,
    done: 0,
    failed: 0,
    processing: 0,
    recent: 0,
    recentDone: 0,
    recentFailed: 0,
  };
  const finished = t.done + t.failed;
  return {
    ocr: {
      total_extractions: t.total,
      success_rate: finished === 0 ? 0 : Math.round((t.done / finished) * 1000) / 10,
      successful: t.done,
      failed: t.failed,
      processing: t.processing,
      recent_activity: t.recent,
      recent_successful: t.recentDone,
      recent_failed: t.recentFailed,
    },
    credits: {
      used: balance.usedThisPeriod,
      remaining: balance.planRemaining + balance.extraRemaining,
      max: balance.planGranted,
    },
    storage: {
      used_mb: toMb(space.usedBytes),
      remaining_mb: toMb(space.remainingBytes),
      max_mb: toMb(space.maxBytes),
      total_files: space.fileCount,
      total_mb: toMb(space.usedBytes),
      average_file_mb: space.fileCount === 0 ? 0 : toMb(space.usedBytes / space.fileCount),
    },
    monthly_ocr: Array.from({ length: monthsShown }, (_, i) => {
      const m = monthOf(now, monthsShown - 1 - i);
      return { month: m, total: found.get(m)?.total ?? 0, successful: found.get(m)?.successful ?? 0 };
    }),
    recent_activity: {
      ocr_extractions: recentRuns.map((r) => ({
        id: r.id,
        attachment__original_name: r.name,
        created_at: r.createdAt.toISOString(),
        status: r.status,
      })),
      files: recentFiles.map((f) => ({
        id: f.id,
        original_name: f.name,
        created_at: f.createdAt.toISOString(),
        size_mb: toMb(f.size),
      })),
    },
  };
};
