import { customerInput } from '@invoicing/contract';
import type { Customer } from '@invoicing/contract';
import { Alert, Button, Card, Container, Group, Stack, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { ApiError } from '../../../lib/api-client';
import { describeError, translateValidationMessage } from '../../../lib/api-errors';
import { fieldErrorFrom } from '../../../lib/field-error';
import { showToast } from '../../../lib/toast';
import { useCustomer } from '../api/get-customer';
import { useSaveCustomerMutation } from '../api/save-customer';
import { paths } from '../../../lib/paths';

type Field = 'name' | 'email' | 'phone' | 'tax_id' | 'address';
const labels: Record<Field, string> = {
  name: 'fields.name',
  email: 'fields.email',
  phone: 'fields.phone',
  tax_id: 'fields.taxId',
  address: 'fields.address',
};

export function CustomerFormPage({ id }: { id?: string }) {
  const { t } = useTranslation(['customers']);
  const query = useCustomer(id);
  const title = id ? t('editTitle') : t('newTitle');
  if (id && query.isPending) return <LoadingState />;
  if (id && query.isError) return <ErrorState error={query.error} fallback={t('loadFailed')} />;
  return (
    <Container size="sm" data-testid="page-customer-form">
      <PageHeader title={title} />
      <Card withBorder radius="md" padding="lg">
        <CustomerForm key={query.data?.id ?? 'new'} customer={id ? query.data : undefined} />
      </Card>
    </Container>
  );
}

function CustomerForm({ customer }: { customer?: Customer }) {
  const { t, i18n } = useTranslation(['customers', 'errors']);
  const navigate = useNavigate();
  const mutation = useSaveCustomerMutation();
  const [values, setValues] = useState<Record<Field, string>>({
    name: customer?.name ?? '',
    email: customer?.email ?? '',
    phone: customer?.phone ?? '',
    tax_id: customer?.tax_id ?? '',
    address: customer?.address ?? '',
  });
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    mutation.reset();
    const parsed = customerInput.safeParse(values);
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (typeof field === 'string' && !(field in errors)) errors[field] = issue.message;
      }
      setClientErrors(errors);
      return;
    }
    setClientErrors({});
    try {
      await mutation.mutateAsync({ id: customer?.id, input: parsed.data });
      showToast(t('saved'), 'success');
      await navigate(paths.customers);
    } catch {
      // Shown on the fields and in the alert.
    }
  }

  const errorFor = (field: Field) => {
    const client = clientErrors[field];
    if (client) return translateValidationMessage(client, t);
    return fieldErrorFrom(mutation.error, field, t);
  };
  const bind = (field: Field) => ({
    name: field,
    label: t(labels[field]),
    value: values[field],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [field]: value }));
    },
    error: errorFor(field),
    'data-testid': `customer-${field}`,
  });
  const hasFieldErrors =
    mutation.error instanceof ApiError && Object.keys(mutation.error.fieldErrors).length > 0;

  return (
    <form onSubmit={onSubmit} noValidate data-testid="customer-form">
      <Stack>
        {mutation.error && !hasFieldErrors ? (
          <Alert color="red" variant="light" role="alert" data-testid="form-error">
            {describeError(mutation.error, t, i18n.language, t('saveFailed'))}
          </Alert>
        ) : null}
        <TextInput {...bind('name')} withAsterisk />
        <TextInput {...bind('email')} type="email" dir="ltr" />
        <TextInput {...bind('phone')} type="tel" dir="ltr" />
        <TextInput {...bind('tax_id')} />
        <Textarea {...bind('address')} autosize minRows={2} />
        <Group justify="flex-end">
          <Button variant="default" component={Link} to={paths.customers}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={mutation.isPending} data-testid="customer-submit">
            {customer ? t('update') : t('create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
