import { Card, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import type { PaymentLink } from '../../../lib/payment-link';
import { usePurchaseLabel } from '../hooks/use-purchase-label';

/** Prices of plans and extras are in EGP (SPEC §9); a gateway charging another currency converts. */
export const priceCurrency = 'EGP';

/** The payment page's header: the amount to pay and what it buys. */
export function PaymentSummary({ link }: { link: PaymentLink }) {
  const { t, i18n } = useTranslation('payments');
  const label = usePurchaseLabel(link);
  return (
    <Card withBorder radius="md" padding="lg" data-testid="payment-summary">
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          {t('summary.amount')}
        </Text>
        <Text fw={700} fz={{ base: 28, sm: 34 }} lh={1.2} className="money" data-testid="payment-amount">
          {formatMoney(link.amount, priceCurrency, i18n.language)}
        </Text>
        <Text data-testid="payment-purchase">{label}</Text>
      </Stack>
    </Card>
  );
}
