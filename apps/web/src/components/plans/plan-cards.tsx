import type { BillingCycle, PublicPlan } from '@invoicing/contract';
import {
  Badge,
  Button,
  Card,
  Group,
  List,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { AmountSentence } from '../amount-sentence';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber } from '../../lib/format';
import { comparePrices, isPositivePrice, yearlySavingPercent } from '../../lib/prices';
import { planCodeOf, usePlanName } from './plan-name';

const MB_PER_GB = 1024;

/** Where a plan stands against the organization's: only a higher plan can be bought (no downgrade). */
export type PlanStanding = 'current' | 'lower' | 'higher';

export function planStanding(plan: PublicPlan, current: PublicPlan | null): PlanStanding {
  if (current && plan.id === current.id) return 'current';
  // A free plan is never bought; without a known plan of its own, any paid plan is above where it stands.
  if (!isPositivePrice(plan.price_monthly)) return 'lower';
  if (current && comparePrices(plan.price_monthly, current.price_monthly) <= 0) return 'lower';
  return 'higher';
}

/** The price of a plan for a billing cycle: the plan's own, never a fixed amount (DECISIONS.md, Payments). */
export function planPrice(plan: PublicPlan, cycle: BillingCycle): string {
  return cycle === 'yearly' ? plan.price_yearly : plan.price_monthly;
}

export function BillingCycleToggle({
  cycle,
  onChange,
  testId,
}: {
  cycle: BillingCycle;
  onChange: (cycle: BillingCycle) => void;
  testId: string;
}) {
  const { t } = useTranslation('plans');
  return (
    <SegmentedControl
      value={cycle}
      onChange={(value) => onChange(value === 'yearly' ? 'yearly' : 'monthly')}
      aria-label={t('cycle.label')}
      data={[
        { value: 'monthly', label: t('cycle.monthly') },
        { value: 'yearly', label: t('cycle.yearly') },
      ]}
      data-testid={testId}
    />
  );
}

interface PlanCardProps {
  plan: PublicPlan;
  standing: PlanStanding;
  cycle: BillingCycle;
  canBuy: boolean;
  onUpgrade: () => void;
  extraActions?: ReactNode;
  testIdPrefix: string;
}

function PlanCard({ plan, standing, cycle, canBuy, onUpgrade, extraActions, testIdPrefix }: PlanCardProps) {
  const { t, i18n } = useTranslation('plans');
  const language = i18n.language;
  const planName = usePlanName();
  const code = planCodeOf(plan.name);
  const number = (value: number) => formatNumber(value, language, { maximumFractionDigits: 2 });
  const storage =
    plan.max_storage_mb >= MB_PER_GB && plan.max_storage_mb % MB_PER_GB === 0
      ? t('gigabytes', { value: number(plan.max_storage_mb / MB_PER_GB) })
      : t('megabytes', { value: number(plan.max_storage_mb) });
  const limit = (key: 'customers' | 'items' | 'invoices', value: number | null) =>
    value === null ? t(`${key}Unlimited`) : t(key, { value: number(value) });
  const saving = cycle === 'yearly' ? yearlySavingPercent(plan.price_monthly, plan.price_yearly) : null;
  const isCurrent = standing === 'current';
  const name = planName(plan.name);

  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      data-testid={`${testIdPrefix}-card-${code ?? plan.id}`}
      data-current={isCurrent}
      aria-current={isCurrent ? 'true' : undefined}
      style={isCurrent ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} size="h4">
            {name}
          </Title>
          <Group gap={4}>
            {plan.is_popular ? (
              <Badge variant="light" color="grape" data-testid={`${testIdPrefix}-card-popular`}>
                {t('popular')}
              </Badge>
            ) : null}
            {isCurrent ? (
              <Badge variant="filled" data-testid={`${testIdPrefix}-current`}>
                {t('current')}
              </Badge>
            ) : null}
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {code ? t(`descriptions.${code}`) : plan.description}
        </Text>
        <Group gap="xs" wrap="wrap" align="baseline">
          <Text fw={700} fz="xl" data-testid={`${testIdPrefix}-card-price`}>
            <AmountSentence
              ns="plans"
              i18nKey={cycle === 'yearly' ? 'perYear' : 'perMonth'}
              values={{ price: formatMoney(planPrice(plan, cycle), plan.currency, language) }}
            />
          </Text>
          {saving !== null ? (
            <Badge variant="light" color="teal" data-testid={`${testIdPrefix}-card-saving`}>
              {t('save', { percent: number(saving) })}
            </Badge>
          ) : null}
        </Group>
        <List spacing={4} size="sm" style={{ flex: 1 }}>
          <List.Item>
            {cycle === 'yearly'
              ? t('creditsYearly', { value: number(plan.credits_per_month * 12) })
              : t('credits', { value: number(plan.credits_per_month) })}
          </List.Item>
          <List.Item>{t('storage', { value: storage })}</List.Item>
          <List.Item>{limit('customers', plan.max_customers)}</List.Item>
          <List.Item>{limit('items', plan.max_items)}</List.Item>
          <List.Item>{limit('invoices', plan.max_invoices_per_month)}</List.Item>
        </List>
        {standing === 'higher' ? (
          <Stack gap="xs">
            <Button
              fullWidth
              disabled={!canBuy}
              onClick={onUpgrade}
              aria-label={t('actions.upgradeTo', { plan: name })}
              data-testid={`${testIdPrefix}-card-upgrade`}
            >
              {t('actions.upgrade')}
            </Button>
            {canBuy ? extraActions : null}
          </Stack>
        ) : (
          <Button fullWidth variant="default" disabled data-testid={`${testIdPrefix}-card-unavailable`}>
            {t(isCurrent ? 'actions.current' : 'actions.lower')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

export interface PlanCardsProps {
  plans: PublicPlan[];
  /** The organization's plan, when known. */
  currentPlanId: string | null;
  cycle: BillingCycle;
  /** Whether the user may buy (the organization's owner); the page says why not otherwise. */
  canBuy: boolean;
  onUpgrade: (plan: PublicPlan, cycle: BillingCycle) => void;
  /** More ways to pay for a plan, under its Upgrade button (PayPal on the plans page). */
  extraActions?: (plan: PublicPlan) => ReactNode;
  /** `usage-plan` names the cards usage-plan-card-pro, their buttons usage-plan-card-upgrade, and so on. */
  testIdPrefix: string;
}

/** The plans side by side, the organization's own marked; only higher plans can be bought. */
export function PlanCards(props: PlanCardsProps) {
  const current = props.plans.find((plan) => plan.id === props.currentPlanId) ?? null;
  return (
    <SimpleGrid cols={{ base: 1, sm: Math.min(3, Math.max(1, props.plans.length)) }}>
      {props.plans.map((plan) => (
        <PlanCard
          key={plan.id}
          plan={plan}
          standing={planStanding(plan, current)}
          cycle={props.cycle}
          canBuy={props.canBuy}
          onUpgrade={() => props.onUpgrade(plan, props.cycle)}
          extraActions={props.extraActions?.(plan)}
          testIdPrefix={props.testIdPrefix}
        />
      ))}
    </SimpleGrid>
  );
}
