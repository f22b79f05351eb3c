import { adminPlanInput, planCurrencies, type AdminPlan } from '@invoicing/contract';
import { Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { showToast } from '../../../lib/toast';
import { useUpdateAdminPlanMutation } from '../api/update-plan';
import { EditDialog } from './admin-table';

interface PlanValues {
  name: string;
  description: string;
  price_monthly: string;
  price_yearly: string;
  currency: string;
  credits_per_month: string;
  max_storage_mb: string;
  max_customers: string;
  max_items: string;
  max_invoices_per_month: string;
}

const valuesOf = (plan: AdminPlan): PlanValues => ({
  name: plan.name,
  description: plan.description,
  price_monthly: plan.price_monthly,
  price_yearly: plan.price_yearly,
  currency: plan.currency,
  credits_per_month: String(plan.credits_per_month),
  max_storage_mb: String(plan.max_storage_mb),
  max_customers: plan.max_customers === null ? '' : String(plan.max_customers),
  max_items: plan.max_items === null ? '' : String(plan.max_items),
  max_invoices_per_month: plan.max_invoices_per_month === null ? '' : String(plan.max_invoices_per_month),
});

/** A whole number as typed: absent when empty; what is not a number is sent to the check as one it refuses. */
const wholeNumber = (typed: string): number | undefined => {
  const value = typed.trim();
  if (value === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : -1;
};
/** An empty limit is no limit. */
const limit = (typed: string): number | null => wholeNumber(typed) ?? null;

const toInput = (v: PlanValues) => ({
  name: v.name,
  description: v.description,
  price_monthly: v.price_monthly,
  price_yearly: v.price_yearly,
  currency: v.currency,
  credits_per_month: wholeNumber(v.credits_per_month),
  max_storage_mb: wholeNumber(v.max_storage_mb),
  max_customers: limit(v.max_customers),
  max_items: limit(v.max_items),
  max_invoices_per_month: limit(v.max_invoices_per_month),
});

/** SPEC §5, plan edit: the plan's fields, checked as the server checks them, in a dialog. */
export function PlanForm({ plan, onClose }: { plan: AdminPlan; onClose: () => void }) {
  const { t } = useTranslation(['admin', 'errors']);
  const mutation = useUpdateAdminPlanMutation();
  const form = useSchemaForm({
    schema: adminPlanInput,
    initialValues: () => valuesOf(plan),
    toInput,
    onSubmit: async (data) => {
      await mutation.mutateAsync({ id: plan.id, change: data });
      showToast(t('plans.saved', { name: data.name }), 'success');
      onClose();
    },
  });
  const field = (name: keyof PlanValues) => ({
    ...form.bind(name),
    label: t(`plans.fields.${name}`),
    'data-testid': `admin-plan-${name.replace(/_/g, '-')}`,
  });

  return (
    <EditDialog
      title={t('plans.editTitle', { name: plan.name })}
      form={form}
      saveLabel={t('plans.save')}
      failed={t('plans.saveFailed')}
      testIdPrefix="admin-plan"
      onClose={onClose}
    >
      <TextInput {...field('name')} withAsterisk />
      <Textarea {...field('description')} autosize minRows={2} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput {...field('price_monthly')} inputMode="decimal" dir="ltr" withAsterisk />
        <TextInput {...field('price_yearly')} inputMode="decimal" dir="ltr" withAsterisk />
        <Select
          label={t('plans.fields.currency')}
          data={[...planCurrencies]}
          value={form.values.currency}
          onChange={(value) => value && form.setValue('currency', value)}
          allowDeselect={false}
          error={form.errorFor('currency')}
          withAsterisk
          data-testid="admin-plan-currency"
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput {...field('credits_per_month')} inputMode="numeric" dir="ltr" withAsterisk />
        <TextInput {...field('max_storage_mb')} inputMode="numeric" dir="ltr" withAsterisk />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          {...field('max_customers')}
          inputMode="numeric"
          dir="ltr"
          placeholder={t('plans.unlimited')}
        />
        <TextInput {...field('max_items')} inputMode="numeric" dir="ltr" placeholder={t('plans.unlimited')} />
        <TextInput
          {...field('max_invoices_per_month')}
          inputMode="numeric"
          dir="ltr"
          placeholder={t('plans.unlimited')}
        />
      </SimpleGrid>
    </EditDialog>
  );
}
