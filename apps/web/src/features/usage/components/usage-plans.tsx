import type { BillingCycle, EnhancedUsage } from '@invoicing/contract';
import { Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BillingCycleToggle, PlanCards, planPrice } from '../../../components/plans/plan-cards';
import { paymentHref } from '../../../lib/payment-link';

/** Free, Pro and Enterprise for either billing cycle; a higher plan leads to the payment page at its price. */
export function UsagePlans({ usage }: { usage: EnhancedUsage }) {
  const { t } = useTranslation(['usage', 'plans']);
  const navigate = useNavigate();
  const [cycle, setCycle] = useState<BillingCycle>(usage.billing_cycle);
  return (
    <Stack gap="sm" data-testid="usage-plans">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2} size="h3">
          {t('plans.title')}
        </Title>
        <BillingCycleToggle cycle={cycle} onChange={setCycle} testId="usage-plan-cycle" />
      </Group>
      <PlanCards
        plans={usage.plans}
        currentPlanId={usage.plans.find((plan) => plan.is_current)?.id ?? usage.current_plan_id}
        cycle={cycle}
        canBuy={usage.can_purchase}
        onUpgrade={(plan, chosen) =>
          void navigate(
            paymentHref({
              type: 'plan',
              amount: planPrice(plan, chosen),
              plan_id: plan.id,
              billing_cycle: chosen,
            }),
          )
        }
        testIdPrefix="usage-plan"
      />
      <Text size="sm" c="dimmed">
        {t('plans:noDowngrade')}
      </Text>
    </Stack>
  );
}
