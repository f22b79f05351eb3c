import type { UsageSummary } from '@invoicing/contract';
import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUsageFormat } from '../hooks/use-usage-format';
import { UsageCard } from './usage-cards';

type Purchase = UsageSummary['extra_purchases']['active_purchases'][number];

export function ExtraPurchases({ purchases }: { purchases: Purchase[] }) {
  const { t } = useTranslation('usage');
  const format = useUsageFormat();
  return (
    <UsageCard title={t('purchases.title')} testId="usage-purchases">
      {purchases.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="usage-purchases-empty">
          {t('purchases.empty')}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
          {purchases.map((purchase) => (
            <Group
              component="li"
              key={purchase.id}
              justify="space-between"
              wrap="wrap"
              gap="xs"
              data-testid="usage-purchase"
            >
              <Text fw={600}>
                {purchase.type === 'credits'
                  ? t('purchases.credits', { value: format.number(purchase.quantity) })
                  : t('purchases.storage', { value: format.megabytes(purchase.quantity) })}
              </Text>
              <Text size="sm" c="dimmed">
                {purchase.expires_at
                  ? t('purchases.expires', { date: format.date(purchase.expires_at) })
                  : t('purchases.noExpiry')}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </UsageCard>
  );
}
