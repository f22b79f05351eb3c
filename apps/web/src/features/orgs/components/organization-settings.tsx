import {
  organizationCountries,
  organizationProfileInput,
  type CurrentOrganization,
} from '@invoicing/contract';
import { Alert, Card, Container, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions, FormError } from '../../../components/form/form-actions';
import { LeaveDialog, useLeaveGuard, useSaveSnapshot } from '../../../components/form/leave-guard';
import { PageHeader } from '../../../components/page-header';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { paths } from '../../../lib/paths';
import { useCurrentOrganization } from '../../../lib/queries/current-organization';
import { showToast } from '../../../lib/toast';
import { useUpdateOrganizationMutation } from '../api/update-organization';

/**
 * The organization's profile as its invoices print it: name, country, tax id and address. Owners and admins
 * change it; other members are told they cannot.
 */
export function OrganizationSettingsPage() {
  const { t } = useTranslation('orgs');
  const organization = useCurrentOrganization();
  let body;
  if (organization.isPending) body = <LoadingState />;
  else if (organization.isError)
    body = (
      <ErrorState
        error={organization.error}
        fallback={t('settings.loadFailed')}
        onRetry={() => void organization.refetch()}
      />
    );
  else if (organization.data.role !== 'OWNER' && organization.data.role !== 'ADMIN')
    body = (
      <Alert color="gray" variant="light" data-testid="organization-not-allowed">
        {t('settings.notAllowed')}
      </Alert>
    );
  else body = <ProfileForm key={organization.data.id} organization={organization.data} />;
  return (
    <Container size="sm" data-testid="page-organization">
      <PageHeader title={t('settings.title')} subtitle={t('settings.subtitle')} />
      {body}
    </Container>
  );
}

function ProfileForm({ organization }: { organization: CurrentOrganization }) {
  const { t } = useTranslation(['orgs', 'common']);
  const mutation = useUpdateOrganizationMutation();
  // What was last saved: leaving with other values on screen asks first.
  const [baseline, setBaseline] = useState<string | null>(null);
  const form = useSchemaForm({
    schema: organizationProfileInput,
    initialValues: {
      name: organization.name,
      country: organization.country ?? '',
      tax_id: organization.tax_id,
      address: organization.address,
    },
    onSubmit: async (input, values) => {
      await mutation.mutateAsync(input);
      setBaseline(JSON.stringify(values));
      showToast(t('settings.saved'), 'success');
    },
  });
  const changed = useSaveSnapshot(form.values);
  const dirty = baseline === null ? changed : JSON.stringify(form.values) !== baseline;
  const leaving = useLeaveGuard(dirty && !form.isSubmitting);
  const saudi = form.values.country === 'SA';
  const countries = [
    { value: '', label: t('settings.noCountry') },
    ...organizationCountries.map((code) => ({ value: code, label: t(`settings.countries.${code}`) })),
  ];

  return (
    <Card withBorder radius="md" padding="lg">
      <form onSubmit={form.handleSubmit} noValidate data-testid="organization-form">
        <Stack>
          <FormError
            error={form.hasServerFieldErrors ? null : form.submitError}
            fallback={t('settings.saveFailed')}
          />
          <TextInput
            {...form.bind('name')}
            label={t('settings.name')}
            withAsterisk
            data-testid="organization-name"
          />
          <Select
            label={t('settings.country')}
            data={countries}
            value={form.values.country}
            onChange={(value) => form.setValue('country', value ?? '')}
            allowDeselect={false}
            error={form.errorFor('country')}
            data-testid="organization-country"
          />
          <TextInput
            {...form.bind('tax_id')}
            label={saudi ? t('settings.vatNumber') : t('settings.taxId')}
            description={saudi ? t('settings.vatHint') : t('settings.taxIdHint')}
            dir="ltr"
            data-testid="organization-tax-id"
          />
          <Textarea
            {...form.bind('address')}
            label={t('settings.address')}
            autosize
            minRows={2}
            data-testid="organization-address"
          />
          <Text size="sm" c="dimmed">
            {t('settings.currency', { currency: organization.currency })}
          </Text>
          <FormActions
            cancelTo={paths.dashboard}
            cancelLabel={t('settings.cancel')}
            submitLabel={t('settings.save')}
            submitting={form.isSubmitting}
            submitTestId="organization-submit"
          />
        </Stack>
      </form>
      <LeaveDialog
        guard={leaving}
        title={t('common:leaveUnsaved.title')}
        text={t('common:leaveUnsaved.text')}
        stayLabel={t('common:leaveUnsaved.stay')}
        leaveLabel={t('common:leaveUnsaved.leave')}
      />
    </Card>
  );
}
