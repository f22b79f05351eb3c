import type { Invoice } from '@invoicing/contract';
import { Card, Container, Stack } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormActions } from '../../../components/form/form-actions';
import { LeaveDialog, useLeaveGuard, useSaveSnapshot } from '../../../components/form/leave-guard';
import { PageHeader } from '../../../components/page-header';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { describeError, hasFieldErrors } from '../../../lib/api-errors';
import { formatMoney } from '../../../lib/format';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { paths } from '../../../lib/paths';
import { useCurrentOrganization } from '../../../lib/queries/current-organization';
import { showToast } from '../../../lib/toast';
import { useInvoice } from '../api/get-invoice';
import { useSaveInvoiceMutation } from '../api/save-invoice';
import {
  initialValues,
  invoiceEditorCheck,
  liveTotals,
  newLine,
  toInvoiceInput,
} from '../hooks/invoice-form';
import type { InvoiceFormValues, LineState } from '../hooks/invoice-form';
import { InvoiceActionBar } from './invoice-action-bar';
import { useInvoiceActions } from './invoice-actions';
import { InvoiceHeaderFields } from './invoice-header-fields';
import { InvoiceImagePanel } from './invoice-image-panel';
import { InvoiceLinesTable } from './invoice-lines-table';
import { InvoiceTotals } from './invoice-totals';

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
  const currency = invoice?.currency ?? organization.data?.currency ?? 'EGP';

  const form = useSchemaForm({
    schema: invoiceEditorCheck,
    initialValues: () => initialValues(invoice),
    toInput: (values: InvoiceFormValues) => toInvoiceInput(values, currency),
    onSubmit: async (_checked, values) => {
      await mutation.mutateAsync({ id: invoice?.id, input: toInvoiceInput(values, currency) });
      showToast(invoice ? t('editor.updated') : t('editor.created'), 'success');
      leaving.allow();
      await navigate(paths.invoices);
    },
    onError: (error) => {
      const message = describeError(error, t, language, t('errors:generic'));
      showToast(
        hasFieldErrors(error)
          ? t('editor.validationErrors', { message })
          : t('editor.saveError', { message }),
        'error',
      );
    },
  });
  const { values, setValue, updateValues, errorFor } = form;

  // The line added last takes the focus, so typing goes on there.
  const [focusKey, setFocusKey] = useState<number | null>(null);
  const addLine = useCallback(
    (fields: Omit<LineState, 'key'>) => {
      const line = newLine(fields);
      setFocusKey(line.key);
      updateValues((current) => ({ ...current, lines: [...current.lines, line] }));
    },
    [updateValues],
  );
  const updateLine = useCallback(
    (key: number, patch: Partial<LineState>) =>
      updateValues((current) => ({
        ...current,
        lines: current.lines.map((line) => (line.key === key ? { ...line, ...patch, touched: true } : line)),
      })),
    [updateValues],
  );
  // The currency is the organization's, not a change of the user's.
  const unsaved = useSaveSnapshot(toInvoiceInput(values, ''));
  const leaving = useLeaveGuard(unsaved && !form.isSubmitting);
  const actions = useInvoiceActions({
    unsaved,
    onDeleted: () => {
      // What was not saved went with the invoice.
      leaving.allow();
      void navigate(paths.invoices);
    },
  });
  const removeLine = useCallback(
    (key: number) =>
      updateValues((current) => ({ ...current, lines: current.lines.filter((line) => line.key !== key) })),
    [updateValues],
  );

  const totals = liveTotals(values.lines);
  const lineTotals = totals.lines.map((total) => formatMoney(total, currency, language));

  return (
    <form onSubmit={form.handleSubmit} noValidate data-testid="invoice-form">
      <Stack>
        {invoice ? <InvoiceActionBar invoice={invoice} actions={actions} /> : null}
        <InvoiceHeaderFields
          number={values.number}
          issue_date={values.issue_date}
          due_date={values.due_date}
          status={values.status}
          customer_id={values.customer_id}
          currency={currency}
          savedCustomer={invoice?.customer}
          errorFor={errorFor}
          onChange={setValue}
        />
        <Card withBorder radius="md" padding="lg">
          <Stack>
            <InvoiceLinesTable
              lines={values.lines}
              lineTotals={lineTotals}
              focusKey={focusKey}
              errorFor={errorFor}
              onAdd={addLine}
              onChange={updateLine}
              onRemove={removeLine}
            />
            <InvoiceTotals totals={totals} currency={currency} />
          </Stack>
        </Card>
        <FormActions
          cancelTo={paths.invoices}
          cancelLabel={t('editor.cancel')}
          submitLabel={invoice ? t('editor.update') : t('editor.create')}
          submitting={form.isSubmitting}
          submitTestId="invoice-submit"
        />
      </Stack>
      <LeaveDialog
        guard={leaving}
        title={t('editor.leaveTitle')}
        text={t('editor.leaveText')}
        stayLabel={t('editor.stay')}
        leaveLabel={t('editor.leave')}
      />
      {invoice ? actions.dialogs : null}
    </form>
  );
}
