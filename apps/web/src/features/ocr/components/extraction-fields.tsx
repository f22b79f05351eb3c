import type { FieldsJson } from '@invoicing/contract';
import { SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { formatAmount, formatDay } from '../hooks/ocr-format';

/** The main fields OCR found, as label and value pairs; fields it did not find are left out. */
export function ExtractionFields({ fields }: { fields: FieldsJson | null }) {
  const { t, i18n } = useTranslation('ocr');
  const language = i18n.language;
  if (!fields) return null;
  const amount = (value: string | null) => (value ? formatAmount(value, fields.currency, language) : null);
  const rows: [string, string, string | null][] = [
    ['invoice_number', t('fields.invoice_number'), fields.invoice_number],
    ['issue_date', t('fields.issue_date'), fields.issue_date ? formatDay(fields.issue_date, language) : null],
    ['due_date', t('fields.due_date'), fields.due_date ? formatDay(fields.due_date, language) : null],
    ['vendor', t('fields.vendor'), fields.vendor.name],
    ['customer', t('fields.customer'), fields.customer.name],
    ['currency', t('fields.currency'), fields.currency],
    ['subtotal', t('fields.subtotal'), amount(fields.subtotal)],
    ['tax_amount', t('fields.tax_amount'), amount(fields.tax_amount)],
    ['total', t('fields.total'), amount(fields.total)],
    [
      'line_items',
      t('fields.line_items'),
      fields.line_items.length > 0 ? formatNumber(fields.line_items.length, language) : null,
    ],
  ];
  const found = rows.filter(([, , value]) => value !== null && value !== '');
  if (found.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="ocr-no-fields">
        {t('results.noFields')}
      </Text>
    );
  }
  return (
    <SimpleGrid
      component="dl"
      cols={{ base: 1, xs: 2 }}
      spacing="xs"
      verticalSpacing={4}
      m={0}
      data-testid="ocr-fields"
    >
      {found.map(([key, label, value]) => (
        <div key={key} data-testid={`ocr-field-${key}`}>
          <Text component="dt" size="xs" c="dimmed">
            {label}
          </Text>
          <Text component="dd" size="sm" fw={500} m={0}>
            <bdi>{value}</bdi>
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
