import { loginInput } from '@invoicing/contract';
import { Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormError } from '../../../components/form/form-actions';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { paths } from '../../../lib/paths';
import { showToast } from '../../../lib/toast';
import { useLoginMutation } from '../api/login';
import { useStartSession } from '../hooks/use-start-session';

interface LoginFormProps {
  /** The email the form starts with (an invitation's). */
  initialEmail?: string;
  /**
   * What follows a sign-in; without it the user goes on to choose an organization. The invitation page
   * stays where it is, to offer the invitation.
   */
  onSignedIn?: () => void;
}

export function LoginForm({ initialEmail = '', onSignedIn }: LoginFormProps = {}) {
  const { t } = useTranslation(['auth', 'errors', 'common']);
  const navigate = useNavigate();
  const startSession = useStartSession();
  const mutation = useLoginMutation();
  const form = useSchemaForm({
    schema: loginInput,
    initialValues: { email: initialEmail, password: '' },
    onSubmit: async (input) => {
      startSession(await mutation.mutateAsync(input));
      showToast(t('common:toast.signedIn'), 'success');
      if (onSignedIn) onSignedIn();
      else await navigate(paths.orgSelect);
    },
  });

  return (
    <form onSubmit={form.handleSubmit} noValidate aria-label={t('login.title')} data-testid="login-form">
      <Stack>
        <FormError error={form.submitError} fallback={t('errors:loginFailed')} />
        <TextInput
          {...form.bind('email')}
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          withAsterisk
          data-testid="login-email"
          dir="ltr"
        />
        <PasswordInput
          {...form.bind('password')}
          label={t('fields.password')}
          autoComplete="current-password"
          withAsterisk
          data-testid="login-password"
        />
        <Button type="submit" loading={form.isSubmitting} fullWidth data-testid="login-submit">
          {t('login.submit')}
        </Button>
        {onSignedIn ? null : (
          <Anchor component={Link} to={paths.adminLogin} size="sm" ta="center" data-testid="login-admin-link">
            {t('login.adminLink')}
          </Anchor>
        )}
      </Stack>
    </form>
  );
}
