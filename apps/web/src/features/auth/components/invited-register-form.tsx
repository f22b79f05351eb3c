import { registerInvitedInput } from '@invoicing/contract';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormError } from '../../../components/form/form-actions';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { paths } from '../../../lib/paths';
import { setOrganizationId } from '../../../lib/storage';
import { showToast } from '../../../lib/toast';
import { useRegisterInvitedMutation } from '../api/register-invited';
import { useStartSession } from '../hooks/use-start-session';

interface InvitedRegisterFormProps {
  /** The invitation link's token. */
  token: string;
  /** The invited email: the account is made for it, so it is shown, not typed. */
  email: string;
}

/**
 * Registration from an invitation link: name and password for the invited email. The new account joins the
 * inviting organization (no organization of its own), which becomes the one the user works in.
 */
export function InvitedRegisterForm({ token, email }: InvitedRegisterFormProps) {
  const { t } = useTranslation(['auth', 'errors', 'common']);
  const navigate = useNavigate();
  const startSession = useStartSession();
  const mutation = useRegisterInvitedMutation();
  const form = useSchemaForm({
    schema: registerInvitedInput,
    initialValues: { name: '', email, password: '', token },
    onSubmit: async (input) => {
      const answer = await mutation.mutateAsync(input);
      startSession(answer.tokens);
      setOrganizationId(answer.organization.id);
      showToast(t('common:toast.joined', { name: answer.organization.name }), 'success');
      await navigate(paths.dashboard);
    },
  });

  return (
    <form
      onSubmit={form.handleSubmit}
      noValidate
      aria-label={t('invited.title')}
      data-testid="invited-register-form"
    >
      <Stack>
        <FormError error={form.submitError} fallback={t('errors:registrationFailed')} />
        <TextInput
          {...form.bind('email')}
          label={t('fields.email')}
          type="email"
          readOnly
          description={t('invited.emailFixed')}
          dir="ltr"
          data-testid="invited-register-email"
        />
        <TextInput
          {...form.bind('name')}
          label={t('fields.name')}
          description={t('fields.nameDescription')}
          autoComplete="name"
          data-testid="invited-register-name"
        />
        <PasswordInput
          {...form.bind('password')}
          label={t('fields.password')}
          description={t('fields.passwordDescription')}
          autoComplete="new-password"
          withAsterisk
          data-testid="invited-register-password"
        />
        <Button type="submit" loading={form.isSubmitting} fullWidth data-testid="invited-register-submit">
          {t('invited.submit')}
        </Button>
      </Stack>
    </form>
  );
}
