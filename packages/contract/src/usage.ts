import { z } from 'zod';
import { defineRoute } from './route';
import { extractionStatuses } from './attachments';

const extraPurchase = z.object({
  id: z.string(),
  type: z.enum(['credits', 'storage']),
  quantity: z.number().int(),
  expires_at: z.string().nullable(),
});

/** SPEC §3, Usage summary: what the organization may still use this period, and why. */
export const usageSummary = z.object({
  credits: z.object({
    /** Plan credits left this period plus unexpired extra credits. */
    remaining: z.number().int(),
    /** Credits spent this period (refunds deducted). */
    used: z.number().int(),
    /** The plan's credits for this period. */
    max: z.number().int(),
    /** Unexpired extra credits left. */
    extra: z.number().int(),
  }),
  storage: z.object({
    used_mb: z.number(),
    remaining_mb: z.number(),
    /** The plan's storage plus extra storage. */
    max_mb: z.number(),
    extra_mb: z.number(),
  }),
  plan: z.object({
    name: z.string(),
    description: z.string(),
    currency: z.string(),
    price_monthly: z.string(),
  }),
  status: z.string(),
  trial_ends_at: z.string().nullable(),
  current_period_end: z.string(),
  extra_purchases: z.object({ active_purchases: z.array(extraPurchase) }),
});
export type UsageSummary = z.infer<typeof usageSummary>;

const recentExtraction = z.object({
  id: z.string(),
  attachment__original_name: z.string(),
  created_at: z.string(),
  status: z.enum(extractionStatuses),
});

/** SPEC §3, Dashboard summary. */
export const dashboardSummary = z.object({
  ocr: z.object({
    total_extractions: z.number().int(),
    /** Percent of finished extractions that succeeded, one decimal; 0 before any. */
    success_rate: z.number(),
    successful: z.number().int(),
    failed: z.number().int(),
    processing: z.number().int(),
    /** Extractions started in the last 7 days. */
    recent_activity: z.number().int(),
    recent_successful: z.number().int(),
    recent_failed: z.number().int(),
  }),
  credits: z.object({ used: z.number().int(), remaining: z.number().int(), max: z.number().int() }),
  storage: z.object({
    used_mb: z.number(),
    remaining_mb: z.number(),
    max_mb: z.number(),
    total_files: z.number().int(),
    total_mb: z.number(),
    average_file_mb: z.number(),
  }),
  /** The last 6 months, oldest first, months without extractions included: `YYYY-MM`. */
  monthly_ocr: z.array(
    z.object({ month: z.string(), total: z.number().int(), successful: z.number().int() }),
  ),
  recent_activity: z.object({
    ocr_extractions: z.array(recentExtraction),
    files: z.array(
      z.object({ id: z.string(), original_name: z.string(), created_at: z.string(), size_mb: z.number() }),
    ),
  }),
});
export type DashboardSummary = z.infer<typeof dashboardSummary>;

export const usageRoutes = {
  summary: defineRoute({
    method: 'GET',
    path: '/usage/summary/',
    access: 'org',
    summary: 'Credits and storage used and left, the plan and its status',
    response: usageSummary,
  }),
  dashboard: defineRoute({
    method: 'GET',
    path: '/dashboard/summary',
    access: 'org',
    summary: 'OCR activity, credits, storage and recent work for the dashboard',
    response: dashboardSummary,
  }),
};
