import type { InvoiceTotals as Totals } from '@invoicing/contract';
import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';

/** Subtotal, tax and total, as the server will compute them, under the lines. */
export function InvoiceTotals({ totals, currency }: { totals: Totals; currency: string }) {
  const { t, i18n } = useTranslation('invoices');
  const money = (value: string) => formatMoney(value, currency, i18n.language);
  return (
    <Stack gap={4} align="flex-end" data-testid="invoice-totals">
      <Group gap="md">
        <Text>{t('editor.subtotal')}</Text>
        <Text fw={500} className="money" data-testid="invoice-subtotal">
          {money(totals.subtotal)}
        </Text>
      </Group>
      <Group gap="md">
        <Text>{t('editor.tax', { rate: 14 })}</Text>
        <Text fw={500} className="money" data-testid="invoice-tax">
          {money(totals.tax_amount)}
        </Text>
      </Group>
      <Group gap="md">
        <Text fw={700}>{t('editor.total')}</Text>
        <Text fw={700} className="money" data-testid="invoice-grand-total">
          {money(totals.total)}
        </Text>
      </Group>
    </Stack>
  );
}
