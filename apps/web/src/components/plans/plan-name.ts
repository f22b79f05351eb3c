import { useTranslation } from 'react-i18next';
import { isolate } from '../../lib/format';

/** The plans the product ships (DECISIONS.md, "Plans, credits, storage and limits"), by their names. */
export const planCodes = ['free', 'pro', 'enterprise'] as const;
export type PlanCode = (typeof planCodes)[number];

/** Which of the shipped plans a plan's name is; null for a plan a superuser added. */
export function planCodeOf(name: string): PlanCode | null {
  const lower = name.trim().toLowerCase();
  return planCodes.find((code) => code === lower) ?? null;
}

/** A plan's name in the page language when it is one of ours; a plan added by a superuser keeps its own. */
export function usePlanName(): (name: string) => string {
  const { t } = useTranslation('plans');
  return (name: string) => {
    const code = planCodeOf(name);
    return code ? t(`names.${code}`) : isolate(name);
  };
}
