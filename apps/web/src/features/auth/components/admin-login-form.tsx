import { loginInput } from '@invoicing/contract';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormError } from '../../../components/form/form-actions';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { paths } from '../../../lib/paths';
import { showToast } from '../../../lib/toast';
import { useLoginMutation } from '../api/login';
import { logout } from '../api/logout';
import { useStartSession } from '../hooks/use-start-session';

export function AdminLoginForm() {
  const { t } = useTranslation(['auth', 'errors', 'common']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const startSession = useStartSession();
  const mutation = useLoginMutation();
  const [notAdmin, setNotAdmin] = useState(false);
  const form = useSchemaForm({
    schema: loginInput,
    initialValues: { email: '', password: '' },
    onSubmit: async (input) => {
      const answer = await mutation.mutateAsync(input);
      if (!answer.user.is_superuser) {
        // A regular account must not stay signed in from the admin door: revoke what was just issued.
        await logout(answer.refresh);
        queryClient.clear();
        setNotAdmin(true);
        return;
      }
      startSession(answer);
      showToast(t('common:toast.signedIn'), 'success');
      await navigate(paths.admin);
    },
  });

  return (
    <form
      onSubmit={(event) => {
        setNotAdmin(false);
        form.handleSubmit(event);
      }}
      noValidate
      aria-label={t('adminLogin.title')}
      data-testid="admin-login-form"
    >
      <Stack>
        {notAdmin ? (
          <Alert color="red" variant="light" role="alert" data-testid="form-error">
            {t('errors:adminNotAuthorized')}
          </Alert>
        ) : null}
        <FormError error={form.submitError} fallback={t('errors:loginFailed')} />
        <TextInput
          {...form.bind('email')}
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          withAsterisk
          dir="ltr"
          data-testid="admin-login-email"
        />
        <PasswordInput
          {...form.bind('password')}
          label={t('fields.password')}
          autoComplete="current-password"
          withAsterisk
          data-testid="admin-login-password"
        />
        <Button type="submit" loading={form.isSubmitting} fullWidth data-testid="admin-login-submit">
          {t('adminLogin.submit')}
        </Button>
      </Stack>
    </form>
  );
}
