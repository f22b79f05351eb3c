import { invoiceStatuses } from '@invoicing/contract';
import type { Invoice, InvoiceStatus } from '@invoicing/contract';
import { Card, Grid, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCustomerOptions } from '../api/search-customers';
import type { ErrorFor, InvoiceFormValues } from '../hooks/invoice-form';
import { DateField } from '../../../components/form/date-field';

type HeaderField = 'number' | 'issue_date' | 'due_date' | 'status' | 'customer_id';

interface HeaderFieldsProps extends Pick<InvoiceFormValues, HeaderField> {
  currency: string;
  /** The saved invoice's customer, shown before any search finds it. */
  savedCustomer: Invoice['customer'] | undefined;
  errorFor: ErrorFor;
  onChange: <K extends HeaderField>(field: K, value: InvoiceFormValues[K]) => void;
}

/** Number, dates, currency, status and customer, above the lines. */
export const InvoiceHeaderFields = memo(function InvoiceHeaderFields({
  number,
  issue_date,
  due_date,
  status,
  customer_id,
  currency,
  savedCustomer,
  errorFor,
  onChange,
}: HeaderFieldsProps) {
  const { t } = useTranslation('invoices');
  const [customerSearch, setCustomerSearch] = useState('');
  const [customerQ] = useDebouncedValue(customerSearch, 250);
  const customers = useCustomerOptions(customerQ);
  const customerData = useMemo(() => {
    const options = (customers.data?.results ?? []).map((c) => ({ value: c.id, label: c.name }));
    if (savedCustomer && !options.some((o) => o.value === savedCustomer.id)) {
      options.unshift({ value: savedCustomer.id, label: savedCustomer.name });
    }
    return options;
  }, [customers.data, savedCustomer]);

  return (
    <Card withBorder radius="md" padding="lg">
      <Grid>
        <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
          <TextInput
            label={t('editor.number')}
            placeholder={t('editor.numberPlaceholder')}
            value={number}
            onChange={(event) => onChange('number', event.currentTarget.value)}
            error={errorFor('number')}
            dir="ltr"
            data-testid="invoice-number-input"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
          <DateField
            label={t('editor.issueDate')}
            value={issue_date}
            onChange={(value) => onChange('issue_date', value)}
            error={errorFor('issue_date')}
            withAsterisk
            data-testid="invoice-issue-date"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
          <DateField
            label={t('editor.dueDate')}
            value={due_date}
            onChange={(value) => onChange('due_date', value)}
            error={errorFor('due_date')}
            withAsterisk
            data-testid="invoice-due-date"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
          <TextInput
            label={t('editor.currency')}
            value={currency}
            readOnly
            error={errorFor('currency')}
            data-testid="invoice-currency"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
          <Select
            label={t('editor.status')}
            value={status}
            onChange={(value) => value && onChange('status', value as InvoiceStatus)}
            data={invoiceStatuses.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
            allowDeselect={false}
            error={errorFor('status')}
            data-testid="invoice-status-select"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
          <Select
            label={t('editor.customer')}
            placeholder={t('editor.customerPlaceholder')}
            searchable
            value={customer_id}
            onChange={(value) => onChange('customer_id', value)}
            onSearchChange={setCustomerSearch}
            filter={({ options }) => options}
            data={customerData}
            nothingFoundMessage={t('editor.noCustomers')}
            error={errorFor('customer_id')}
            withAsterisk
            data-testid="invoice-customer-select"
          />
        </Grid.Col>
      </Grid>
    </Card>
  );
});
