import { Alert, Button, Group, Modal, Stack, Switch, Table, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { stackedTable } from '../../../components/list/stacked-table';
import { TableScroll } from '../../../components/list/table-scroll';
import { describeError } from '../../../lib/api-errors';
import type { SchemaForm } from '../../../lib/forms/use-schema-form';

/**
 * A table of the admin panel's records (plans, payment methods): its columns' names, then a column of
 * buttons; wide screens scroll, phones show each row as a card (give each cell `data-label`).
 */
export function AdminTable({
  columns,
  minWidth,
  testId,
  children,
}: {
  columns: string[];
  minWidth: number;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <TableScroll minWidth={minWidth}>
      <Table striped highlightOnHover className={stackedTable} data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
            <Table.Th>
              <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </TableScroll>
  );
}

/** The on/off switch of a row: its state in words, disabled while its change is on its way. */
export function ActiveSwitch({
  checked,
  label,
  ariaLabel,
  pending,
  onChange,
  testId,
}: {
  checked: boolean;
  label: string;
  ariaLabel: string;
  pending: boolean;
  onChange: (checked: boolean) => void;
  testId: string;
}) {
  return (
    <Switch
      checked={checked}
      label={label}
      disabled={pending}
      onChange={(event) => onChange(event.currentTarget.checked)}
      aria-label={ariaLabel}
      data-testid={testId}
    />
  );
}

/**
 * The edit dialog of a record: the form's fields, what the server refused that names no field, Cancel and
 * Save. Test ids: `{testIdPrefix}-form`, `-form-error` and `-save`.
 */
export function EditDialog<V>({
  title,
  form,
  saveLabel,
  failed,
  testIdPrefix,
  onClose,
  children,
}: {
  title: string;
  form: SchemaForm<V>;
  saveLabel: string;
  /** What to say when the save failed without a reason the page knows. */
  failed: string;
  testIdPrefix: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation(['admin', 'errors']);
  return (
    <Modal opened onClose={onClose} title={title} size="lg" data-testid={`${testIdPrefix}-form`}>
      <form onSubmit={form.handleSubmit} noValidate>
        <Stack>
          {children}
          {form.submitError && !form.hasServerFieldErrors ? (
            <Alert color="red" variant="light" role="alert" data-testid={`${testIdPrefix}-form-error`}>
              {describeError(form.submitError, t, i18n.language, failed)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={form.isSubmitting} data-testid={`${testIdPrefix}-save`}>
              {saveLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
