import { currencies, itemInput } from '@invoicing/contract';
import type { Item } from '@invoicing/contract';
import { Alert, Button, Card, Container, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
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
import { useItem } from '../api/get-item';
import { useSaveItemMutation } from '../api/save-item';
import { paths } from '../../../lib/paths';

type Field = 'name' | 'sku' | 'currency' | 'unit_price' | 'tax_rate';
const labels: Record<Field, string> = {
  name: 'fields.name',
  sku: 'fields.sku',
  currency: 'fields.currency',
  unit_price: 'fields.unitPrice',
  tax_rate: 'fields.taxRate',
};

export function ItemFormPage({ id }: { id?: string }) {
  const { t } = useTranslation(['items']);
  const query = useItem(id);
  const title = id ? t('editTitle') : t('newTitle');
  if (id && query.isPending) return <LoadingState />;
  if (id && query.isError) return <ErrorState error={query.error} fallback={t('loadFailed')} />;
  return (
    <Container size="sm" data-testid="page-item-form">
      <PageHeader title={title} />
      <Card withBorder radius="md" padding="lg">
        <ItemForm key={query.data?.id ?? 'new'} item={id ? query.data : undefined} />
      </Card>
    </Container>
  );
}

function ItemForm({ item }: { item?: Item }) {
  const { t, i18n } = useTranslation(['items', 'errors']);
  const navigate = useNavigate();
  const mutation = useSaveItemMutation();
  const [values, setValues] = useState<Record<Field, string>>({
    name: item?.name ?? '',
    sku: item?.sku ?? '',
    currency: item?.currency ?? 'EGP',
    unit_price: item?.unit_price ?? '',
    tax_rate: item?.tax_rate ?? '14.00',
  });
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    mutation.reset();
    const parsed = itemInput.safeParse(values);
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
      await mutation.mutateAsync({ id: item?.id, input: parsed.data });
      showToast(t('saved'), 'success');
      await navigate(paths.items);
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
    'data-testid': `item-${field}`,
  });
  const hasFieldErrors =
    mutation.error instanceof ApiError && Object.keys(mutation.error.fieldErrors).length > 0;

  return (
    <form onSubmit={onSubmit} noValidate data-testid="item-form">
      <Stack>
        {mutation.error && !hasFieldErrors ? (
          <Alert color="red" variant="light" role="alert" data-testid="form-error">
            {describeError(mutation.error, t, i18n.language, t('saveFailed'))}
          </Alert>
        ) : null}
        <TextInput {...bind('name')} withAsterisk />
        <TextInput {...bind('sku')} dir="ltr" />
        <NativeSelect {...bind('currency')} data={[...currencies]} />
        <TextInput {...bind('unit_price')} inputMode="decimal" dir="ltr" withAsterisk />
        <TextInput {...bind('tax_rate')} inputMode="decimal" dir="ltr" />
        <Group justify="flex-end">
          <Button variant="default" component={Link} to={paths.items}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={mutation.isPending} data-testid="item-submit">
            {item ? t('update') : t('create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
