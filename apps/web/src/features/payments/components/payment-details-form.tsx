import type { PaymentFormField } from '@invoicing/contract';
import { Button, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { isDetailIssue, paymentDetailsSchema } from '../payment-details';

/** What the browser may fill in for each kind of field, and the keyboard a phone shows for it. */
const inputProps: Record<PaymentFormField['type'], Record<string, string>> = {
  text: {},
  tel: { type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  email: { type: 'email', autoComplete: 'email' },
  card_number: { autoComplete: 'cc-number', inputMode: 'numeric' },
  cvv: { autoComplete: 'cc-csc', inputMode: 'numeric' },
  expiry: { autoComplete: 'cc-exp' },
  select: {},
};

interface PaymentDetailsFormProps {
  /** The chosen method's fields; none before a method is chosen or while they load. */
  fields: readonly PaymentFormField[];
  /** Called with the checked details (card and phone numbers without spaces). */
  onPay: (details: Record<string, string>) => Promise<void>;
  onCancel: () => void;
  payDisabled: boolean;
  pending: boolean;
  /** Shown above the buttons: the fields' loading state, the page's errors. */
  children?: ReactNode;
}

/**
 * The fields the server asks for a method, labelled in the page language and checked by SPEC §5's rules
 * ('Please fill in {label}', card number, CVV, phone), with Pay Now and Cancel.
 */
export function PaymentDetailsForm({
  fields,
  onPay,
  onCancel,
  payDisabled,
  pending,
  children,
}: PaymentDetailsFormProps) {
  const { t, i18n } = useTranslation('payments');
  const schema = useMemo(() => paymentDetailsSchema(fields), [fields]);
  const form = useSchemaForm({
    schema,
    initialValues: () =>
      Object.fromEntries(fields.map((field) => [field.name, ''])) as Record<string, string>,
    onSubmit: (details) => onPay(details as Record<string, string>),
  });
  const labelOf = (field: PaymentFormField) => (i18n.language === 'ar' && field.label_ar) || field.label;
  const messageFor = (field: PaymentFormField) => {
    const message = form.errorFor(field.name);
    if (!message) return undefined;
    return isDetailIssue(message) ? t(`validation.${message}`, { label: labelOf(field) }) : message;
  };

  return (
    <form onSubmit={form.handleSubmit} noValidate data-testid="payment-details-form">
      <Stack gap="md">
        {fields.length > 0 ? (
          <Stack gap="sm" data-testid="payment-details">
            <Title order={2} size="h4">
              {t('details.title')}
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              {fields.map((field) =>
                field.type === 'select' ? (
                  <Select
                    key={field.name}
                    label={labelOf(field)}
                    placeholder={field.placeholder || t('details.choose')}
                    data={field.options}
                    value={form.values[field.name] || null}
                    onChange={(value) => form.setValue(field.name, value ?? '')}
                    error={messageFor(field)}
                    required={field.required}
                    data-testid={`payment-field-${field.name}`}
                  />
                ) : (
                  <TextInput
                    key={field.name}
                    {...inputProps[field.type]}
                    {...form.bind(field.name)}
                    label={labelOf(field)}
                    placeholder={field.placeholder}
                    error={messageFor(field)}
                    required={field.required}
                    dir={field.type === 'text' ? undefined : 'ltr'}
                    data-testid={`payment-field-${field.name}`}
                  />
                ),
              )}
            </SimpleGrid>
          </Stack>
        ) : null}
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} data-testid="payment-cancel">
            {t('actions.cancel')}
          </Button>
          <Button
            type="submit"
            loading={pending || form.isSubmitting}
            disabled={payDisabled}
            data-testid="payment-pay"
          >
            {t('actions.pay')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Said under the method list when a chosen method needs nothing more. */
export function NoDetailsNeeded() {
  const { t } = useTranslation('payments');
  return (
    <Text size="sm" c="dimmed" data-testid="payment-details-none">
      {t('details.noFields')}
    </Text>
  );
}
