/**
 * The plans as the product sells them (DECISIONS.md, "Plans, credits, storage and limits"). There is no public
 * plans answer to read them from yet; prices are left out rather than guessed, since superusers set them.
 */
export const plans = [
  { code: 'free', creditsPerMonth: 10, storageMb: 30 },
  { code: 'pro', creditsPerMonth: 100, storageMb: 1024 },
  { code: 'enterprise', creditsPerMonth: 1000, storageMb: 10_240 },
] as const;

export type PlanCode = (typeof plans)[number]['code'];

/** Which of the plans a subscription's plan name is; null for a plan the page does not know. */
export function planCodeOf(name: string): PlanCode | null {
  const lower = name.trim().toLowerCase();
  return plans.find((plan) => plan.code === lower)?.code ?? null;
}
