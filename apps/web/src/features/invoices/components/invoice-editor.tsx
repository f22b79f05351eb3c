import { computeInvoiceTotals, INVOICE_TAX_RATE, invoiceStatuses } from '@invoicing/contract';
import type { Invoice, InvoiceInput, InvoiceStatus } from '@invoicing/contract';
import {
  ActionIcon,
  Button,
  Card,
  Container,
  Grid,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { memo, useCallback, useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { ApiError } from '../../../lib/api-client';
import { describeError } from '../../../lib/api-errors';
import { fieldErrorFrom } from '../../../lib/field-error';
import { formatMoney } from '../../../lib/format';
import { useCurrentOrganization } from '../../../lib/queries/current-organization';
import { showToast } from '../../../lib/toast';
import { useInvoice } from '../api/get-invoice';
import { useSaveInvoiceMutation } from '../api/save-invoice';
import { useCustomerOptions } from '../api/search-customers';
import { useItemOptions } from '../api/search-items';
import { InvoiceImagePanel } from './invoice-image-panel';
import { paths } from '../../../lib/paths';

interface LineState {
  key: number;
  item_id: string | null;
  description: string;
  quantity: string;
  unit_price: string;
}

const DECIMAL = /^\d{1,12}(\.\d+)?$/;

/** The message to show under a field of the form (client check first, then the server's), if any. */
type ErrorFor = (field: string) => string | undefined;

interface Option {
  value: string;
  label: string;
}

function isoDay(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

function addDays(date: Date, days: number): Date {
  const copy = new Date(date);
  copy.setDate(copy.getDate() + days);
  return copy;
}

let nextKey = 1;

export function InvoiceEditorPage({ id }: { id?: string }) {
  const { t } = useTranslation('invoices');
  const query = useInvoice(id);
  if (id && query.isPending) return <LoadingState />;
  if (id && query.isError) return <ErrorState error={query.error} fallback={t('editor.loadFailed')} />;
  const invoice = id ? query.data : undefined;
  return (
    <Container size="lg" data-testid={id ? 'page-invoice-detail' : 'page-invoice-new'}>
      <PageHeader
        title={invoice ? t('editor.editTitle', { number: invoice.number }) : t('editor.newTitle')}
      />
      <Stack>
        <InvoiceForm key={invoice?.id ?? 'new'} invoice={invoice} />
        {invoice ? <InvoiceImagePanel invoice={invoice} /> : null}
      </Stack>
    </Container>
  );
}

function InvoiceForm({ invoice }: { invoice?: Invoice }) {
  const { t, i18n } = useTranslation(['invoices', 'errors']);
  const language = i18n.language;
  const navigate = useNavigate();
  const organization = useCurrentOrganization();
  const mutation = useSaveInvoiceMutation();
  const today = useMemo(() => new Date(), []);

  const [number, setNumber] = useState(invoice?.number ?? '');
  const [issueDate, setIssueDate] = useState(invoice?.issue_date.slice(0, 10) ?? isoDay(today));
  const [dueDate, setDueDate] = useState(invoice?.due_date.slice(0, 10) ?? isoDay(addDays(today, 30)));
  const [status, setStatus] = useState<InvoiceStatus>(invoice?.status ?? 'DRAFT');
  const [customerId, setCustomerId] = useState<string | null>(invoice?.customer?.id ?? null);
  const [customerSearch, setCustomerSearch] = useState('');
  const [customerQ] = useDebouncedValue(customerSearch, 250);
  const [itemSearch, setItemSearch] = useState('');
  const [itemQ] = useDebouncedValue(itemSearch, 250);
  const [lines, setLines] = useState<LineState[]>(
    () =>
      invoice?.lines.map((line) => ({
        key: nextKey++,
        item_id: line.item,
        description: line.description,
        quantity: line.quantity,
        unit_price: line.unit_price,
      })) ?? [],
  );
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});

  const customers = useCustomerOptions(customerQ);
  const items = useItemOptions(itemQ);
  const currency = invoice?.currency ?? organization.data?.currency ?? 'EGP';

  const customerData = useMemo(() => {
    const options = (customers.data?.results ?? []).map((c) => ({ value: c.id, label: c.name }));
    if (invoice?.customer && !options.some((o) => o.value === invoice.customer?.id)) {
      options.unshift({ value: invoice.customer.id, label: invoice.customer.name });
    }
    return options;
  }, [customers.data, invoice]);
  const itemData = useMemo(
    () =>
      (items.data?.results ?? []).map((item) => ({
        value: item.id,
        label: item.sku ? `${item.name} (${item.sku})` : item.name,
      })),
    [items.data],
  );

  const totals = computeInvoiceTotals(
    lines.map((line) => ({
      quantity: DECIMAL.test(line.quantity.trim()) ? line.quantity.trim() : '0',
      unit_price: DECIMAL.test(line.unit_price.trim()) ? line.unit_price.trim() : '0',
    })),
    INVOICE_TAX_RATE,
  );

  // The parts of the form below take their callbacks and data unchanged from one keystroke to the next, so
  // that typing in one field renders that field's part and the totals, not every field of the invoice.
  const addItem = useCallback(
    (itemId: string | null) => {
      const item = items.data?.results.find((candidate) => candidate.id === itemId);
      if (!item) return;
      setLines((current) => [
        ...current,
        {
          key: nextKey++,
          item_id: item.id,
          description: item.name,
          quantity: '1',
          unit_price: item.unit_price,
        },
      ]);
      setItemSearch('');
    },
    [items.data],
  );

  const addFreeLine = useCallback(() => {
    setLines((current) => [
      ...current,
      { key: nextKey++, item_id: null, description: '', quantity: '1', unit_price: '0.00' },
    ]);
  }, []);

  const updateLine = useCallback((key: number, patch: Partial<LineState>) => {
    setLines((current) => current.map((line) => (line.key === key ? { ...line, ...patch } : line)));
  }, []);

  const removeLine = useCallback((key: number) => {
    setLines((current) => current.filter((line) => line.key !== key));
  }, []);

  const errorFor = useCallback<ErrorFor>(
    (field) => clientErrors[field] ?? fieldErrorFrom(mutation.error, field, t),
    [clientErrors, mutation.error, t],
  );

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    mutation.reset();
    const errors: Record<string, string> = {};
    if (!customerId) errors.customer_id = t('errors:validation.customerRequired');
    if (lines.length === 0) errors.lines_data = t('errors:validation.linesRequired');
    lines.forEach((line, index) => {
      if (!DECIMAL.test(line.quantity.trim()) || Number(line.quantity) < 1)
        errors[`lines_data.${index}.quantity`] = t('errors:validation.quantityMin');
      if (!DECIMAL.test(line.unit_price.trim()))
        errors[`lines_data.${index}.unit_price`] = DECIMAL.test(line.unit_price.trim().replace(/^-/, ''))
          ? t('errors:validation.priceNegative')
          : t('errors:validation.priceInvalid');
      if (!line.description.trim())
        errors[`lines_data.${index}.description`] = t('errors:validation.lineDescriptionRequired');
    });
    setClientErrors(errors);
    if (Object.keys(errors).length > 0) return;
    const input: InvoiceInput = {
      customer_id: customerId ?? '',
      number: number.trim(),
      issue_date: issueDate,
      due_date: dueDate,
      currency: currency as InvoiceInput['currency'],
      status,
      lines_data: lines.map((line) => ({
        item_id: line.item_id,
        description: line.description.trim(),
        quantity: line.quantity.trim(),
        unit_price: line.unit_price.trim(),
      })),
    };
    try {
      await mutation.mutateAsync({ id: invoice?.id, input });
      showToast(invoice ? t('editor.updated') : t('editor.created'), 'success');
      await navigate(paths.invoices);
    } catch (error) {
      const message = describeError(error, t, language, t('errors:generic'));
      const hasFields = error instanceof ApiError && Object.keys(error.fieldErrors).length > 0;
      showToast(
        hasFields ? t('editor.validationErrors', { message }) : t('editor.saveError', { message }),
        'error',
      );
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate data-testid="invoice-form">
      <Stack>
        <HeaderFields
          number={number}
          issueDate={issueDate}
          dueDate={dueDate}
          currency={currency}
          status={status}
          customerId={customerId}
          customerData={customerData}
          errorFor={errorFor}
          onNumber={setNumber}
          onIssueDate={setIssueDate}
          onDueDate={setDueDate}
          onStatus={setStatus}
          onCustomer={setCustomerId}
          onCustomerSearch={setCustomerSearch}
        />

        <Card withBorder radius="md" padding="lg">
          <Stack>
            <Group justify="space-between" align="flex-end" wrap="wrap">
              <Title order={2} size="h4">
                {t('editor.lines')}
              </Title>
              <AddLineControls
                itemData={itemData}
                itemSearch={itemSearch}
                onItemSearch={setItemSearch}
                onAddItem={addItem}
                onAddLine={addFreeLine}
              />
            </Group>
            {errorFor('lines_data') ? (
              <Text c="red" size="sm" role="alert" data-testid="invoice-lines-error">
                {errorFor('lines_data')}
              </Text>
            ) : null}
            {lines.length === 0 ? (
              <Text c="dimmed" data-testid="invoice-no-lines">
                {t('editor.noLines')}
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={700}>
                <Table data-testid="invoice-lines">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('editor.description')}</Table.Th>
                      <Table.Th w={120}>{t('editor.quantity')}</Table.Th>
                      <Table.Th w={160}>{t('editor.unitPrice')}</Table.Th>
                      <Table.Th w={160}>{t('editor.lineTotal')}</Table.Th>
                      <Table.Th w={60}>{t('editor.remove')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {lines.map((line, index) => (
                      <LineRow
                        key={line.key}
                        line={line}
                        index={index}
                        total={formatMoney(totals.lines[index] ?? '0.00', currency, language)}
                        errorFor={errorFor}
                        onChange={updateLine}
                        onRemove={removeLine}
                      />
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            <Stack gap={4} align="flex-end" data-testid="invoice-totals">
              <Group gap="md">
                <Text>{t('editor.subtotal')}</Text>
                <Text fw={500} data-testid="invoice-subtotal">
                  {formatMoney(totals.subtotal, currency, language)}
                </Text>
              </Group>
              <Group gap="md">
                <Text>{t('editor.tax', { rate: 14 })}</Text>
                <Text fw={500} data-testid="invoice-tax">
                  {formatMoney(totals.tax_amount, currency, language)}
                </Text>
              </Group>
              <Group gap="md">
                <Text fw={700}>{t('editor.total')}</Text>
                <Text fw={700} data-testid="invoice-grand-total">
                  {formatMoney(totals.total, currency, language)}
                </Text>
              </Group>
            </Stack>
          </Stack>
        </Card>

        <Group justify="flex-end">
          <Button variant="default" component={Link} to={paths.invoices}>
            {t('editor.cancel')}
          </Button>
          <Button type="submit" loading={mutation.isPending} data-testid="invoice-submit">
            {invoice ? t('editor.update') : t('editor.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface HeaderFieldsProps {
  number: string;
  issueDate: string;
  dueDate: string;
  currency: string;
  status: InvoiceStatus;
  customerId: string | null;
  customerData: Option[];
  errorFor: ErrorFor;
  onNumber: (value: string) => void;
  onIssueDate: (value: string) => void;
  onDueDate: (value: string) => void;
  onStatus: (value: InvoiceStatus) => void;
  onCustomer: (value: string | null) => void;
  onCustomerSearch: (value: string) => void;
}

const HeaderFields = memo(function HeaderFields({
  number,
  issueDate,
  dueDate,
  currency,
  status,
  customerId,
  customerData,
  errorFor,
  onNumber,
  onIssueDate,
  onDueDate,
  onStatus,
  onCustomer,
  onCustomerSearch,
}: HeaderFieldsProps) {
  const { t } = useTranslation('invoices');
  return (
    <Card withBorder radius="md" padding="lg">
      <Grid>
        <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
          <TextInput
            label={t('editor.number')}
            placeholder={t('editor.numberPlaceholder')}
            value={number}
            onChange={(event) => onNumber(event.currentTarget.value)}
            error={errorFor('number')}
            dir="ltr"
            data-testid="invoice-number-input"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
          <TextInput
            type="date"
            label={t('editor.issueDate')}
            value={issueDate}
            onChange={(event) => onIssueDate(event.currentTarget.value)}
            error={errorFor('issue_date')}
            withAsterisk
            data-testid="invoice-issue-date"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
          <TextInput
            type="date"
            label={t('editor.dueDate')}
            value={dueDate}
            onChange={(event) => onDueDate(event.currentTarget.value)}
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
            onChange={(value) => value && onStatus(value as InvoiceStatus)}
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
            value={customerId}
            onChange={onCustomer}
            onSearchChange={onCustomerSearch}
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

interface AddLineControlsProps {
  itemData: Option[];
  itemSearch: string;
  onItemSearch: (value: string) => void;
  onAddItem: (itemId: string | null) => void;
  onAddLine: () => void;
}

const AddLineControls = memo(function AddLineControls({
  itemData,
  itemSearch,
  onItemSearch,
  onAddItem,
  onAddLine,
}: AddLineControlsProps) {
  const { t } = useTranslation('invoices');
  return (
    <Group align="flex-end" wrap="wrap">
      <Select
        label={t('editor.addItem')}
        placeholder={t('editor.addItemPlaceholder')}
        searchable
        value={null}
        searchValue={itemSearch}
        onSearchChange={onItemSearch}
        onChange={onAddItem}
        filter={({ options }) => options}
        data={itemData}
        nothingFoundMessage={t('editor.noItems')}
        data-testid="invoice-add-item"
      />
      <Button variant="light" onClick={onAddLine} data-testid="invoice-add-line">
        {t('editor.addLine')}
      </Button>
    </Group>
  );
});

interface LineRowProps {
  line: LineState;
  index: number;
  /** The line's total, formatted. */
  total: string;
  errorFor: ErrorFor;
  onChange: (key: number, patch: Partial<LineState>) => void;
  onRemove: (key: number) => void;
}

const LineRow = memo(function LineRow({ line, index, total, errorFor, onChange, onRemove }: LineRowProps) {
  const { t } = useTranslation('invoices');
  return (
    <Table.Tr data-testid="invoice-line">
      <Table.Td>
        <TextInput
          aria-label={t('editor.description')}
          value={line.description}
          onChange={(event) => onChange(line.key, { description: event.currentTarget.value })}
          error={errorFor(`lines_data.${index}.description`)}
          data-testid="line-description"
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          type="number"
          min={1}
          step="any"
          aria-label={t('editor.quantity')}
          value={line.quantity}
          onChange={(event) => onChange(line.key, { quantity: event.currentTarget.value })}
          error={errorFor(`lines_data.${index}.quantity`)}
          dir="ltr"
          data-testid="line-quantity"
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          type="number"
          min={0}
          step={0.01}
          aria-label={t('editor.unitPrice')}
          value={line.unit_price}
          onChange={(event) => onChange(line.key, { unit_price: event.currentTarget.value })}
          error={errorFor(`lines_data.${index}.unit_price`)}
          dir="ltr"
          data-testid="line-unit-price"
        />
      </Table.Td>
      <Table.Td data-testid="line-total">{total}</Table.Td>
      <Table.Td>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t('editor.remove')}
          onClick={() => onRemove(line.key)}
          data-testid="line-remove"
        >
          ×
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
});
