import { adminPaymentMethodUpdate, type AdminPaymentMethod } from '@invoicing/contract';
import { SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { showToast } from '../../../lib/toast';
import { useUpdateAdminPaymentMethodMutation } from '../api/update-payment-method';
import { EditDialog } from './admin-table';

interface MethodValues {
  display_name: string;
  display_name_ar: string;
  description: string;
  description_ar: string;
  sort_order: string;
}

const valuesOf = (method: AdminPaymentMethod): MethodValues => ({
  display_name: method.display_name,
  display_name_ar: method.display_name_ar,
  description: method.description,
  description_ar: method.description_ar,
  sort_order: String(method.sort_order),
});

/** A sort order as typed; what is not a whole number (or nothing) goes to the check as one it refuses. */
const sortOrder = (typed: string): number => {
  const value = typed.trim();
  return /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : -1;
};

const toInput = (v: MethodValues) => ({ ...v, sort_order: sortOrder(v.sort_order) });

/** The name of a method in the page's language. */
export const methodName = (method: AdminPaymentMethod, language: string) =>
  language === 'ar' ? method.display_name_ar : method.display_name;

/**
 * SPEC §5, payment method edit: the display name and description in English and Arabic (all required) and
 * the sort order (a whole number, 0 or more), checked as the server checks them, in a dialog.
 */
export function PaymentMethodForm({ method, onClose }: { method: AdminPaymentMethod; onClose: () => void }) {
  const { t, i18n } = useTranslation(['admin', 'errors']);
  const mutation = useUpdateAdminPaymentMethodMutation();
  const form = useSchemaForm({
    schema: adminPaymentMethodUpdate,
    initialValues: () => valuesOf(method),
    toInput,
    onSubmit: async (data) => {
      const saved = await mutation.mutateAsync({ id: method.id, change: data });
      showToast(t('paymentMethods.saved', { name: methodName(saved, i18n.language) }), 'success');
      onClose();
    },
  });
  const field = (name: keyof MethodValues) => ({
    ...form.bind(name),
    label: t(`paymentMethods.fields.${name}`),
    'data-testid': `admin-method-${name.replace(/_/g, '-')}`,
  });

  return (
    <EditDialog
      title={t('paymentMethods.editTitle', { name: methodName(method, i18n.language) })}
      form={form}
      saveLabel={t('paymentMethods.save')}
      failed={t('paymentMethods.saveFailed')}
      testIdPrefix="admin-method"
      onClose={onClose}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput {...field('display_name')} dir="ltr" withAsterisk />
        <TextInput {...field('display_name_ar')} dir="rtl" withAsterisk />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Textarea {...field('description')} dir="ltr" autosize minRows={2} withAsterisk />
        <Textarea {...field('description_ar')} dir="rtl" autosize minRows={2} withAsterisk />
      </SimpleGrid>
      <TextInput {...field('sort_order')} inputMode="numeric" dir="ltr" withAsterisk maw={200} />
    </EditDialog>
  );
}
