import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { usePlanName } from '../../../components/plans/plan-name';
import { formatNumber } from '../../../lib/format';
import type { PaymentLink } from '../../../lib/payment-link';
import { plansQueryOptions } from '../api/list-plans';

/** What a payment buys, in the page language: the extras, or the plan by its name once the plans are known. */
export function usePurchaseLabel(link: PaymentLink | null): string {
  const { t, i18n } = useTranslation('payments');
  const planName = usePlanName();
  const isPlan = link?.type === 'plan';
  const plans = useQuery({ ...plansQueryOptions(), enabled: isPlan });
  if (!link) return '';
  const number = (value: number) => formatNumber(value, i18n.language);
  const yearly = link.billing_cycle === 'yearly';
  switch (link.type) {
    case 'credits':
      return t('summary.credits', { value: number(link.credits) });
    case 'storage':
      return t('summary.storage', { value: number(link.storage_mb) });
    case 'extras':
      return t('summary.extras', { credits: number(link.credits), storage: number(link.storage_mb) });
    case 'plan': {
      const plan = plans.data?.plans.find((candidate) => candidate.id === link.plan_id);
      if (!plan) return t(yearly ? 'summary.upgradeYearly' : 'summary.upgradeMonthly');
      return t(yearly ? 'summary.planYearly' : 'summary.planMonthly', { plan: planName(plan.name) });
    }
  }
}
