import { checkArithmetic, currencies } from '@invoicing/contract';
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Card,
  Grid,
  Group,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconX } from '../../../../components/icons';
import { formatAmount } from '../../hooks/ocr-format';
import { confidenceLevel, expectedFigures, levelColors, lineFieldId } from '../../hooks/review-form';
import type { LineColumn, ReviewForm, ReviewLine, ScalarPath } from '../../hooks/review-form';
import { stackedTable } from '../../../../components/list/stacked-table';
import { DateField } from '../../../../components/form/date-field';

export interface CorrectionFormProps {
  form: ReviewForm;
  confidence: Record<string, number>;
  /** The message under a field, by its path in the request (`line_items.0.quantity`), in the page language. */
  errorFor: (path: string) => string | undefined;
  onValue: (path: ScalarPath, value: string) => void;
  onLine: (key: number, column: LineColumn, value: string) => void;
  onAddLine: () => void;
  onRemoveLine: (key: number) => void;
  /** Form field id to the element, so that a box on the page can focus its field. */
  register: (fieldId: string) => (element: HTMLElement | null) => void;
  onFieldFocus: (fieldId: string) => void;
  activeFieldId: string | null;
  actions: ReactNode;
}

/** The fields OCR read, editable, with the arithmetic checked as the user types. */
export function CorrectionForm(props: CorrectionFormProps) {
  const { form, errorFor, onValue, register, onFieldFocus } = props;
  const { t, i18n } = useTranslation('ocr');
  const language = i18n.language;
  const currency = form.values.currency || null;
  const check = checkArithmetic({
    subtotal: form.values.subtotal,
    tax_amount: form.values.tax_amount,
    total: form.values.total,
    line_items: form.lines,
  });
  const expected = expectedFigures(form);
  const mismatch =
    check.linesMatchSubtotal === false ||
    check.totalMatches === false ||
    check.lineTotals.some((ok) => ok === false);
  const comparable =
    check.linesMatchSubtotal !== null ||
    check.totalMatches !== null ||
    check.lineTotals.some((ok) => ok !== null);
  const money = (value: string | null) => (value === null ? '' : formatAmount(value, currency, language));

  /** A dot in the field's label for how sure OCR was; the box on the page says the same. */
  const label = (text: string, path: string) => {
    const score = props.confidence[path];
    if (score === undefined) return text;
    return (
      <Group gap={6} component="span" wrap="nowrap" style={{ display: 'inline-flex' }}>
        <span>{text}</span>
        <Box
          component="span"
          w={8}
          h={8}
          style={{ borderRadius: '50%', background: levelColors[confidenceLevel(score)] }}
          aria-hidden="true"
          data-level={confidenceLevel(score)}
        />
      </Group>
    );
  };

  const fieldProps = (path: ScalarPath) => ({
    value: form.values[path],
    error: errorFor(path),
    ref: register(path),
    onFocus: () => onFieldFocus(path),
    'data-testid': `review-field-${path}`,
    'data-active': props.activeFieldId === path || undefined,
  });

  const text = (path: ScalarPath, labelText: string, options: { ltr?: boolean } = {}) => (
    <TextInput
      label={label(labelText, path)}
      onChange={(event) => onValue(path, event.currentTarget.value)}
      // Names and addresses may be in either language: each shows in its own direction.
      dir={options.ltr ? 'ltr' : 'auto'}
      {...fieldProps(path)}
    />
  );

  const address = (path: ScalarPath, labelText: string) => (
    <Textarea
      label={label(labelText, path)}
      onChange={(event) => onValue(path, event.currentTarget.value)}
      minRows={2}
      dir="auto"
      {...fieldProps(path)}
    />
  );

  const amount = (path: ScalarPath, labelText: string, flag?: ReactNode) => (
    <div>
      <TextInput
        label={label(labelText, path)}
        inputMode="decimal"
        dir="ltr"
        onChange={(event) => onValue(path, event.currentTarget.value)}
        {...fieldProps(path)}
      />
      {flag}
    </div>
  );

  const flag = (show: boolean, message: string, testId: string) =>
    show ? (
      <Text size="xs" c="orange.8" mt={4} data-testid={testId}>
        ⚠ {message}
      </Text>
    ) : null;

  const currencyOptions = [...currencies] as string[];
  if (form.values.currency && !currencyOptions.includes(form.values.currency)) {
    currencyOptions.push(form.values.currency);
  }

  return (
    <Stack gap="md" data-testid="review-form">
      <Card withBorder radius="md" padding="md">
        <Title order={2} size="h5" mb="xs">
          {t('review.vendor')}
        </Title>
        <Stack gap="xs">
          {text('vendor.name', t('fields.vendorName'))}
          {text('vendor.tax_id', t('fields.vendorTaxId'), { ltr: true })}
          {address('vendor.address', t('fields.vendorAddress'))}
        </Stack>
      </Card>

      <Card withBorder radius="md" padding="md">
        <Title order={2} size="h5" mb="xs">
          {t('review.customer')}
        </Title>
        <Stack gap="xs">
          {text('customer.name', t('fields.customerName'))}
          {text('customer.tax_id', t('fields.customerTaxId'), { ltr: true })}
          {address('customer.address', t('fields.customerAddress'))}
        </Stack>
      </Card>

      <Card withBorder radius="md" padding="md">
        <Title order={2} size="h5" mb="xs">
          {t('review.invoice')}
        </Title>
        <Grid gap="xs">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            {text('invoice_number', t('fields.invoice_number'), { ltr: true })}
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Select
              label={label(t('fields.currency'), 'currency')}
              placeholder={t('review.currencyPlaceholder')}
              data={currencyOptions}
              value={form.values.currency || null}
              onChange={(value) => onValue('currency', value ?? '')}
              clearable
              error={errorFor('currency')}
              ref={register('currency')}
              onFocus={() => onFieldFocus('currency')}
              data-testid="review-field-currency"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <DateField
              label={label(t('fields.issue_date'), 'issue_date')}
              onChange={(value) => onValue('issue_date', value)}
              {...fieldProps('issue_date')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <DateField
              label={label(t('fields.due_date'), 'due_date')}
              onChange={(value) => onValue('due_date', value)}
              {...fieldProps('due_date')}
            />
          </Grid.Col>
        </Grid>
      </Card>

      <Card withBorder radius="md" padding="md">
        <Group justify="space-between" mb="xs">
          <Title order={2} size="h5">
            {t('review.lines')}
          </Title>
          <Button size="compact-sm" variant="light" onClick={props.onAddLine} data-testid="review-add-line">
            {t('review.addLine')}
          </Button>
        </Group>
        {form.lines.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="review-no-lines">
            {t('review.noLines')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing={4} className={stackedTable} data-testid="review-lines">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('fields.description')}</Table.Th>
                  <Table.Th w={90}>{t('fields.quantity')}</Table.Th>
                  <Table.Th w={120}>{t('fields.unit_price')}</Table.Th>
                  <Table.Th w={140}>{t('fields.lineTotal')}</Table.Th>
                  <Table.Th w={40} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {form.lines.map((line, index) => (
                  <LineRow
                    key={line.key}
                    line={line}
                    index={index}
                    {...props}
                    flag={flag(
                      check.lineTotals[index] === false,
                      t('review.checks.line', { expected: money(expected.lines[index] ?? null) }),
                      'review-line-check',
                    )}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>

      <Card withBorder radius="md" padding="md">
        <Title order={2} size="h5" mb="xs">
          {t('review.totals')}
        </Title>
        <Grid gap="xs">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            {amount(
              'subtotal',
              t('fields.subtotal'),
              flag(
                check.linesMatchSubtotal === false,
                t('review.checks.subtotal', { expected: money(expected.subtotal) }),
                'review-subtotal-check',
              ),
            )}
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>{amount('tax_rate', t('fields.tax_rate'))}</Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>{amount('tax_amount', t('fields.tax_amount'))}</Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            {amount(
              'total',
              t('fields.total'),
              flag(
                check.totalMatches === false,
                t('review.checks.total', { expected: money(expected.total) }),
                'review-total-check',
              ),
            )}
          </Grid.Col>
        </Grid>
        {comparable ? (
          <Alert
            mt="sm"
            variant="light"
            color={mismatch ? 'orange' : 'teal'}
            role="status"
            data-testid="review-arithmetic"
            data-ok={!mismatch}
          >
            {mismatch ? t('review.checks.mismatch') : t('review.checks.ok')}
          </Alert>
        ) : null}
      </Card>

      {props.actions}
    </Stack>
  );
}

function LineRow({
  line,
  index,
  confidence,
  errorFor,
  onLine,
  onRemoveLine,
  register,
  onFieldFocus,
  activeFieldId,
  flag,
}: CorrectionFormProps & { line: ReviewLine; index: number; flag: ReactNode }) {
  const { t } = useTranslation('ocr');
  const cell = (column: LineColumn, labelKey: string, numeric: boolean) => {
    const id = lineFieldId(line.key, column);
    const score = line.origin === null ? undefined : confidence[`line_items.${line.origin}.${column}`];
    return (
      <TextInput
        aria-label={t('fields.line', { n: index + 1, field: t(`fields.${labelKey}`) })}
        value={line[column]}
        onChange={(event) => onLine(line.key, column, event.currentTarget.value)}
        error={errorFor(`line_items.${index}.${column}`)}
        inputMode={numeric ? 'decimal' : undefined}
        dir={numeric ? 'ltr' : 'auto'}
        ref={register(id)}
        onFocus={() => onFieldFocus(id)}
        styles={
          score === undefined
            ? undefined
            : {
                input: {
                  borderInlineStartWidth: 3,
                  borderInlineStartColor: levelColors[confidenceLevel(score)],
                },
              }
        }
        data-testid={`review-line-${column}`}
        data-active={activeFieldId === id || undefined}
      />
    );
  };
  return (
    <Table.Tr data-testid="review-line">
      <Table.Td data-label={t('fields.description')}>{cell('description', 'description', false)}</Table.Td>
      <Table.Td data-label={t('fields.quantity')}>{cell('quantity', 'quantity', true)}</Table.Td>
      <Table.Td data-label={t('fields.unit_price')}>{cell('unit_price', 'unit_price', true)}</Table.Td>
      <Table.Td data-label={t('fields.lineTotal')}>
        {cell('total', 'lineTotal', true)}
        {flag}
      </Table.Td>
      <Table.Td>
        <ActionIcon
          variant="subtle"
          color="red"
          onClick={() => onRemoveLine(line.key)}
          aria-label={t('review.removeLine', { n: index + 1 })}
          data-testid="review-remove-line"
        >
          <IconX size={16} />
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
}
