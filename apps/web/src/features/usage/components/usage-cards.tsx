import type { EnhancedUsage, UsageSummary } from '@invoicing/contract';
import { Badge, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { AmountSentence } from '../../../components/amount-sentence';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlanName } from '../../../components/plans/plan-name';
import { useUsageFormat } from '../hooks/use-usage-format';

function Row({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600} ta="end" data-testid={`${testId}-value`}>
        {value}
      </Text>
    </Group>
  );
}

export function UsageCard({
  title,
  testId,
  children,
}: {
  title: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="lg" data-testid={testId}>
      <Title order={2} size="h4" mb="md">
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </Card>
  );
}

export function CurrentPlanCard({ summary }: { summary: UsageSummary }) {
  const { t } = useTranslation('usage');
  const format = useUsageFormat();
  const planName = usePlanName();
  // SPEC §2: 'Active' for an active subscription, 'Trial' for any other status.
  const active = summary.status.toLowerCase() === 'active';
  return (
    <UsageCard title={t('plan.title')} testId="usage-plan">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text fw={700} fz={26} lh={1.2} data-testid="usage-plan-name">
          {planName(summary.plan.name)}
        </Text>
        <Badge color={active ? 'teal' : 'blue'} variant="light" size="lg" data-testid="usage-plan-status">
          {t(active ? 'plan.status.active' : 'plan.status.trial')}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed" data-testid="usage-plan-price">
        <AmountSentence
          ns="usage"
          i18nKey="plan.price"
          values={{ price: format.money(summary.plan.price_monthly, summary.plan.currency) }}
        />
      </Text>
      {summary.trial_ends_at ? (
        <Row
          label={t('plan.trialEnds')}
          value={format.date(summary.trial_ends_at)}
          testId="usage-trial-ends"
        />
      ) : null}
      <Row
        label={t('plan.periodEnds')}
        value={format.date(summary.current_period_end)}
        testId="usage-period-ends"
      />
    </UsageCard>
  );
}

interface MeterProps {
  label: string;
  used: string;
  max: string;
  share: number;
  testId: string;
}

/** "used / max" over a bar that turns yellow, then red, as the plan's allowance runs out. */
function Meter({ label, used, max, share, testId }: MeterProps) {
  const { t } = useTranslation('usage');
  const labelId = useId();
  const value = Math.min(100, Math.max(0, share));
  const text = t('ofMax', { used, max });
  return (
    <Stack gap={6}>
      <Text size="sm" c="dimmed" id={labelId}>
        {label}
      </Text>
      {/* The value stands on a line of its own: with units in Arabic it would not fit beside its label. */}
      <Text fw={700} fz="xl" lh={1.2} data-testid={`${testId}-used`}>
        {text}
      </Text>
      <Progress
        value={value}
        color={value >= 90 ? 'red' : value >= 75 ? 'yellow' : 'indigo'}
        size="lg"
        radius="xl"
        aria-labelledby={labelId}
        aria-valuetext={text}
        data-testid={`${testId}-bar`}
      />
    </Stack>
  );
}

const shareOf = (used: number, max: number) => (max > 0 ? (used / max) * 100 : used > 0 ? 100 : 0);

export function CreditsCard({ credits }: { credits: UsageSummary['credits'] }) {
  const { t } = useTranslation('usage');
  const format = useUsageFormat();
  return (
    <UsageCard title={t('credits.title')} testId="usage-credits">
      <Meter
        label={t('credits.usedOfMax')}
        used={format.number(credits.used)}
        max={format.number(credits.max)}
        share={shareOf(credits.used, credits.max)}
        testId="usage-credits"
      />
      <Row
        label={t('credits.remaining')}
        value={format.number(credits.remaining)}
        testId="usage-credits-remaining"
      />
      <Row label={t('credits.extra')} value={format.number(credits.extra)} testId="usage-credits-extra" />
    </UsageCard>
  );
}

export function StorageCard({ storage }: { storage: UsageSummary['storage'] }) {
  const { t } = useTranslation('usage');
  const format = useUsageFormat();
  return (
    <UsageCard title={t('storage.title')} testId="usage-storage">
      <Meter
        label={t('storage.usedOfMax')}
        used={format.megabytes(storage.used_mb)}
        max={format.megabytes(storage.max_mb)}
        share={shareOf(storage.used_mb, storage.max_mb)}
        testId="usage-storage"
      />
      <Row
        label={t('storage.remaining')}
        value={format.megabytes(storage.remaining_mb)}
        testId="usage-storage-remaining"
      />
      <Row
        label={t('storage.extra')}
        value={format.megabytes(storage.extra_mb)}
        testId="usage-storage-extra"
      />
    </UsageCard>
  );
}

type Limits = EnhancedUsage['limits'];

/** What the plan allows beside credits and storage: customers, items and invoices this month. */
export function LimitsCard({ limits }: { limits: Limits }) {
  const { t } = useTranslation('usage');
  const format = useUsageFormat();
  const rows: { key: keyof Limits; testId: string }[] = [
    { key: 'customers', testId: 'usage-limits-customers' },
    { key: 'items', testId: 'usage-limits-items' },
    { key: 'invoices_this_month', testId: 'usage-limits-invoices' },
  ];
  return (
    <UsageCard title={t('limits.title')} testId="usage-limits">
      {rows.map(({ key, testId }) => {
        const { used, limit } = limits[key];
        return (
          <Row
            key={key}
            label={t(`limits.${key}`)}
            value={t('ofMax', {
              used: format.number(used),
              max: limit === null ? t('limits.unlimited') : format.number(limit),
            })}
            testId={testId}
          />
        );
      })}
    </UsageCard>
  );
}
