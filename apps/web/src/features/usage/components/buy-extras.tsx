import type { EnhancedUsage } from '@invoicing/contract';
import { Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { AmountSentence } from '../../../components/amount-sentence';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paymentHref } from '../../../lib/payment-link';
import { priceOf } from '../../../lib/prices';
import { useUsageFormat } from '../hooks/use-usage-format';
import { CustomPurchaseDialog } from './custom-purchase-dialog';
import { UsageCard } from './usage-cards';

/** SPEC §9's quick-buy amounts. */
const quickBuys = [
  { type: 'credits', quantity: 10 },
  { type: 'credits', quantity: 50 },
  { type: 'storage', quantity: 100 },
  { type: 'storage', quantity: 500 },
] as const;

/** Extra credits and storage: four quick amounts and a dialog for any other, each leading to the payment page. */
export function BuyExtras({ prices, canBuy }: { prices: EnhancedUsage['prices']; canBuy: boolean }) {
  const { t } = useTranslation('usage');
  const format = useUsageFormat();
  const navigate = useNavigate();
  const [customOpen, setCustomOpen] = useState(false);

  return (
    <UsageCard title={t('buy.title')} testId="usage-buy">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {quickBuys.map(({ type, quantity }) => {
          const amount = priceOf(type === 'credits' ? prices.credit : prices.storage_mb, quantity);
          const what =
            type === 'credits'
              ? t('buy.credits', { value: format.number(quantity) })
              : format.megabytes(quantity);
          const price = format.money(amount, prices.currency);
          return (
            <Button
              key={`${type}-${quantity}`}
              variant="light"
              h="auto"
              py="xs"
              disabled={!canBuy}
              aria-label={t('buy.quickLabel', { what, price })}
              onClick={() =>
                void navigate(
                  paymentHref(
                    type === 'credits'
                      ? { type, amount, credits: quantity }
                      : { type, amount, storage_mb: quantity },
                  ),
                )
              }
              data-testid={`usage-buy-${type}-${quantity}`}
            >
              <Stack gap={2} align="center">
                <span>{what}</span>
                <Text component="span" size="xs" className="money">
                  {price}
                </Text>
              </Stack>
            </Button>
          );
        })}
      </SimpleGrid>
      <Button
        variant="default"
        disabled={!canBuy}
        onClick={() => setCustomOpen(true)}
        data-testid="usage-buy-custom"
      >
        {t('buy.custom')}
      </Button>
      <Text size="xs" c="dimmed">
        <AmountSentence
          ns="usage"
          i18nKey="buy.prices"
          values={{
            credit: format.money(prices.credit, prices.currency),
            mb: format.money(prices.storage_mb, prices.currency),
          }}
        />
      </Text>
      <CustomPurchaseDialog opened={customOpen} onClose={() => setCustomOpen(false)} prices={prices} />
    </UsageCard>
  );
}
