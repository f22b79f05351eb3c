import { invitationInput } from '@invoicing/contract';
import type { Invitation, MembershipRole } from '@invoicing/contract';
import { Button, Card, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/form/form-actions';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { showToast } from '../../../lib/toast';
import { useCreateInvitationMutation } from '../api/create-invitation';
import { rolesGivenBy } from '../roles';

interface InviteFormProps {
  callerRole: MembershipRole;
  /** The created invitation and its link's token, shown once. */
  onCreated: (invitation: Invitation & { token: string }) => void;
}

/** Email and role; the answer is a link to send. */
export function InviteForm({ callerRole, onCreated }: InviteFormProps) {
  const { t } = useTranslation(['members', 'orgs', 'errors']);
  const mutation = useCreateInvitationMutation();
  const form = useSchemaForm({
    schema: invitationInput,
    initialValues: { email: '', role: 'USER' as MembershipRole },
    onSubmit: async (input) => {
      const created = await mutation.mutateAsync(input);
      showToast(t('toast.invited', { email: created.email }), 'success');
      form.updateValues(() => ({ email: '', role: 'USER' }));
      onCreated(created);
    },
  });

  return (
    <Card withBorder radius="md" padding="lg">
      <form onSubmit={form.handleSubmit} noValidate aria-label={t('invite.title')} data-testid="invite-form">
        <Stack gap="sm">
          <div>
            <Title order={2} fz="h3">
              {t('invite.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('invite.hint')}
            </Text>
          </div>
          <FormError
            error={form.hasServerFieldErrors ? null : form.submitError}
            fallback={t('invite.failed')}
            testId="invite-error"
          />
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              {...form.bind('email')}
              label={t('invite.email')}
              type="email"
              autoComplete="off"
              withAsterisk
              dir="ltr"
              style={{ flex: '1 1 16rem', minInlineSize: 0 }}
              data-testid="invite-email"
            />
            <NativeSelect
              label={t('invite.role')}
              value={form.values.role}
              onChange={(event) => form.setValue('role', event.currentTarget.value as MembershipRole)}
              error={form.errorFor('role')}
              data={rolesGivenBy(callerRole).map((role) => ({ value: role, label: t(`orgs:roles.${role}`) }))}
              style={{ flex: '0 1 10rem' }}
              data-testid="invite-role"
            />
          </Group>
          <Group justify="flex-end">
            <Button type="submit" loading={form.isSubmitting} data-testid="invite-submit">
              {t('invite.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
