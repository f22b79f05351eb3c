import { currencies, itemInput } from '@invoicing/contract';
import type { Item } from '@invoicing/contract';
import { NativeSelect, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormActions, FormError } from '../../../components/form/form-actions';
import { RecordFormPage } from '../../../components/form/record-form-page';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { paths } from '../../../lib/paths';
import { showToast } from '../../../lib/toast';
import { useItem } from '../api/get-item';
import { useSaveItemMutation } from '../api/save-item';

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
  return (
    <RecordFormPage
      id={id}
      query={query}
      title={id ? t('editTitle') : t('newTitle')}
      loadFailed={t('loadFailed')}
      testId="page-item-form"
    >
      {(item) => <ItemForm key={item?.id ?? 'new'} item={item} />}
    </RecordFormPage>
  );
}

function ItemForm({ item }: { item?: Item }) {
  const { t } = useTranslation(['items', 'errors']);
  const navigate = useNavigate();
  const mutation = useSaveItemMutation();
  const form = useSchemaForm({
    schema: itemInput,
    initialValues: {
      name: item?.name ?? '',
      sku: item?.sku ?? '',
      currency: item?.currency ?? 'EGP',
      unit_price: item?.unit_price ?? '',
      tax_rate: item?.tax_rate ?? '14.00',
    },
    onSubmit: async (input) => {
      await mutation.mutateAsync({ id: item?.id, input });
      showToast(t('saved'), 'success');
      await navigate(paths.items);
    },
  });
  const field = (name: Field) => ({
    ...form.bind(name),
    label: t(labels[name]),
    'data-testid': `item-${name}`,
  });

  return (
    <form onSubmit={form.handleSubmit} noValidate data-testid="item-form">
      <Stack>
        {/* Messages about fields show on the fields. */}
        <FormError error={form.hasServerFieldErrors ? null : form.submitError} fallback={t('saveFailed')} />
        <TextInput {...field('name')} withAsterisk />
        <TextInput {...field('sku')} dir="ltr" />
        <NativeSelect {...field('currency')} data={[...currencies]} />
        <TextInput {...field('unit_price')} inputMode="decimal" dir="ltr" withAsterisk />
        <TextInput {...field('tax_rate')} inputMode="decimal" dir="ltr" />
        <FormActions
          cancelTo={paths.items}
          cancelLabel={t('cancel')}
          submitLabel={item ? t('update') : t('create')}
          submitting={form.isSubmitting}
          submitTestId="item-submit"
        />
      </Stack>
    </form>
  );
}
