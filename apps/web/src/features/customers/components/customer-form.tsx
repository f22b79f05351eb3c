import { customerInput } from '@invoicing/contract';
import type { Customer } from '@invoicing/contract';
import { Stack, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormActions, FormError } from '../../../components/form/form-actions';
import { RecordFormPage } from '../../../components/form/record-form-page';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { paths } from '../../../lib/paths';
import { showToast } from '../../../lib/toast';
import { useCustomer } from '../api/get-customer';
import { useSaveCustomerMutation } from '../api/save-customer';

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
  return (
    <RecordFormPage
      id={id}
      query={query}
      title={id ? t('editTitle') : t('newTitle')}
      loadFailed={t('loadFailed')}
      testId="page-customer-form"
    >
      {(customer) => <CustomerForm key={customer?.id ?? 'new'} customer={customer} />}
    </RecordFormPage>
  );
}

function CustomerForm({ customer }: { customer?: Customer }) {
  const { t } = useTranslation(['customers', 'errors']);
  const navigate = useNavigate();
  const mutation = useSaveCustomerMutation();
  const form = useSchemaForm({
    schema: customerInput,
    initialValues: {
      name: customer?.name ?? '',
      email: customer?.email ?? '',
      phone: customer?.phone ?? '',
      tax_id: customer?.tax_id ?? '',
      address: customer?.address ?? '',
    },
    onSubmit: async (input) => {
      await mutation.mutateAsync({ id: customer?.id, input });
      showToast(t('saved'), 'success');
      await navigate(paths.customers);
    },
  });
  const field = (name: Field) => ({
    ...form.bind(name),
    label: t(labels[name]),
    'data-testid': `customer-${name}`,
  });

  return (
    <form onSubmit={form.handleSubmit} noValidate data-testid="customer-form">
      <Stack>
        {/* Messages about fields show on the fields. */}
        <FormError error={form.hasServerFieldErrors ? null : form.submitError} fallback={t('saveFailed')} />
        <TextInput {...field('name')} withAsterisk />
        <TextInput {...field('email')} type="email" dir="ltr" />
        <TextInput {...field('phone')} type="tel" dir="ltr" />
        <TextInput {...field('tax_id')} />
        <Textarea {...field('address')} autosize minRows={2} />
        <FormActions
          cancelTo={paths.customers}
          cancelLabel={t('cancel')}
          submitLabel={customer ? t('update') : t('create')}
          submitting={form.isSubmitting}
          submitTestId="customer-submit"
        />
      </Stack>
    </form>
  );
}
