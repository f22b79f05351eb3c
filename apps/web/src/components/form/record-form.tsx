import { Card, Container, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { useSchemaForm } from '../../lib/forms/use-schema-form';
import type { PagePath } from '../../lib/paths';
import { showToast } from '../../lib/toast';
import { PageHeader } from '../page-header';
import { ErrorState, LoadingState } from '../query-state';
import { FormActions, FormError } from './form-actions';
import { LeaveDialog, useLeaveGuard, useSaveSnapshot } from './leave-guard';

/** The props of one field's input: value, change handler, message, label and test id. */
export type FieldProps<K extends string> = (field: K) => {
  name: K;
  value: string;
  onChange: (event: { currentTarget: { value: string } }) => void;
  error: string | undefined;
  label: string;
  'data-testid': string;
};

interface RecordFormProps<T extends { id: string }, S extends z.ZodType, V extends Record<string, string>> {
  /** The record to edit; none for a new one. */
  id: string | undefined;
  /** The record's query, not run without an id. */
  query: UseQueryResult<T>;
  /**
   * The locale namespace of the page's texts: newTitle, editTitle, loadFailed, saveFailed, saved, cancel,
   * create and update, and each field's label under `fields` (`tax_id` is `fields.taxId`).
   */
  namespace: string;
  /** `customer` names page-customer-form, customer-form, customer-name (each field), customer-submit. */
  testId: string;
  /** The contract's schema of the record's input. */
  schema: S;
  /** The fields and their values for a new record; an edited one starts from its own. */
  defaults: V;
  save: (input: z.output<S>, record: T | undefined) => Promise<unknown>;
  /** Where the page goes after saving, and on Cancel. */
  listPath: PagePath;
  /** The fields, each given its props by `field`. */
  children: (field: FieldProps<keyof V & string>) => ReactNode;
}

/** The page that creates a record or edits one: its fields checked with the contract, saved, back to the list. */
export function RecordForm<T extends { id: string }, S extends z.ZodType, V extends Record<string, string>>(
  props: RecordFormProps<T, S, V>,
) {
  const { id, query, namespace: ns } = props;
  const { t } = useTranslation(ns);
  if (id && query.isPending) return <LoadingState />;
  if (id && query.isError) return <ErrorState error={query.error} fallback={t('loadFailed')} />;
  const record = id ? query.data : undefined;
  return (
    <Container size="sm" data-testid={`page-${props.testId}-form`}>
      <PageHeader title={record ? t('editTitle') : t('newTitle')} />
      <Card withBorder radius="md" padding="lg">
        <RecordFields key={record?.id ?? 'new'} {...props} record={record} />
      </Card>
    </Container>
  );
}

function valuesOf<V extends Record<string, string>>(record: object | undefined, defaults: V): V {
  const saved = (record ?? {}) as Record<string, unknown>;
  const values: Record<string, string> = {};
  for (const [field, value] of Object.entries(defaults)) {
    const current = saved[field];
    values[field] = typeof current === 'string' ? current : value;
  }
  return values as V;
}

function RecordFields<T extends { id: string }, S extends z.ZodType, V extends Record<string, string>>({
  record,
  ...props
}: RecordFormProps<T, S, V> & { record: T | undefined }) {
  const { t } = useTranslation([props.namespace, 'errors', 'common']);
  const navigate = useNavigate();
  const form = useSchemaForm({
    schema: props.schema,
    initialValues: () => valuesOf(record, props.defaults),
    onSubmit: async (input) => {
      await props.save(input, record);
      showToast(t('saved'), 'success');
      leaving.allow();
      await navigate(props.listPath);
    },
  });
  const leaving = useLeaveGuard(useSaveSnapshot(form.values) && !form.isSubmitting);
  const field: FieldProps<keyof V & string> = (name) => {
    const label = `fields.${name.replace(/_(\w)/g, (_match, letter: string) => letter.toUpperCase())}`;
    return {
      name,
      value: form.values[name] ?? '',
      onChange: (event) => form.setValue(name, event.currentTarget.value as V[typeof name]),
      error: form.errorFor(name),
      label: t(label),
      'data-testid': `${props.testId}-${name}`,
    };
  };

  return (
    <form onSubmit={form.handleSubmit} noValidate data-testid={`${props.testId}-form`}>
      <Stack>
        {/* Messages about fields show on the fields. */}
        <FormError error={form.hasServerFieldErrors ? null : form.submitError} fallback={t('saveFailed')} />
        {props.children(field)}
        <FormActions
          cancelTo={props.listPath}
          cancelLabel={t('cancel')}
          submitLabel={record ? t('update') : t('create')}
          submitting={form.isSubmitting}
          submitTestId={`${props.testId}-submit`}
        />
      </Stack>
      <LeaveDialog
        guard={leaving}
        title={t('common:leaveUnsaved.title')}
        text={t('common:leaveUnsaved.text')}
        stayLabel={t('common:leaveUnsaved.stay')}
        leaveLabel={t('common:leaveUnsaved.leave')}
      />
    </form>
  );
}
