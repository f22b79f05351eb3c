import { loginInput } from '@invoicing/contract';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { describeError, translateValidationMessage } from '../../../lib/api-errors';
import { showToast } from '../../../lib/toast';
import { useLoginMutation } from '../api/login';
import { logout } from '../api/logout';
import { zodFieldErrors } from '../hooks/field-errors';
import { useStartSession } from '../hooks/use-start-session';
import { paths } from '../../../lib/paths';

export function AdminLoginForm() {
  const { t, i18n } = useTranslation(['auth', 'errors', 'common']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const startSession = useStartSession();
  const mutation = useLoginMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [notAdmin, setNotAdmin] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setNotAdmin(false);
    mutation.reset();
    const parsed = loginInput.safeParse({ email, password });
    if (!parsed.success) {
      setFieldErrors(zodFieldErrors(parsed.error));
      return;
    }
    setFieldErrors({});
    try {
      const answer = await mutation.mutateAsync(parsed.data);
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
    } catch {
      // The mutation keeps the error; the alert below shows it.
    }
  }

  const fieldError = (field: string) => {
    const message = fieldErrors[field];
    return message ? translateValidationMessage(message, t) : undefined;
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('adminLogin.title')} data-testid="admin-login-form">
      <Stack>
        {notAdmin ? (
          <Alert color="red" variant="light" role="alert" data-testid="form-error">
            {t('errors:adminNotAuthorized')}
          </Alert>
        ) : null}
        {mutation.error ? (
          <Alert color="red" variant="light" role="alert" data-testid="form-error">
            {describeError(mutation.error, t, i18n.language, t('errors:loginFailed'))}
          </Alert>
        ) : null}
        <TextInput
          label={t('fields.email')}
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={fieldError('email')}
          withAsterisk
          dir="ltr"
          data-testid="admin-login-email"
        />
        <PasswordInput
          label={t('fields.password')}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={fieldError('password')}
          withAsterisk
          data-testid="admin-login-password"
        />
        <Button type="submit" loading={mutation.isPending} fullWidth data-testid="admin-login-submit">
          {t('adminLogin.submit')}
        </Button>
      </Stack>
    </form>
  );
}
