import { loginInput } from '@invoicing/contract';
import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { describeError, translateValidationMessage } from '../../../lib/api-errors';
import { showToast } from '../../../lib/toast';
import { useLoginMutation } from '../api/login';
import { zodFieldErrors } from '../hooks/field-errors';
import { useStartSession } from '../hooks/use-start-session';
import { paths } from '../../../lib/paths';

export function LoginForm() {
  const { t, i18n } = useTranslation(['auth', 'errors', 'common']);
  const navigate = useNavigate();
  const startSession = useStartSession();
  const mutation = useLoginMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = loginInput.safeParse({ email, password });
    if (!parsed.success) {
      setFieldErrors(zodFieldErrors(parsed.error));
      return;
    }
    setFieldErrors({});
    try {
      const answer = await mutation.mutateAsync(parsed.data);
      startSession(answer);
      showToast(t('common:toast.signedIn'), 'success');
      await navigate(paths.orgSelect);
    } catch {
      // The mutation keeps the error; the alert below shows it.
    }
  }

  const fieldError = (field: string) => {
    const message = fieldErrors[field];
    return message ? translateValidationMessage(message, t) : undefined;
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('login.title')} data-testid="login-form">
      <Stack>
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
          data-testid="login-email"
          dir="ltr"
        />
        <PasswordInput
          label={t('fields.password')}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={fieldError('password')}
          withAsterisk
          data-testid="login-password"
        />
        <Button type="submit" loading={mutation.isPending} fullWidth data-testid="login-submit">
          {t('login.submit')}
        </Button>
        <Anchor component={Link} to={paths.adminLogin} size="sm" ta="center" data-testid="login-admin-link">
          {t('login.adminLink')}
        </Anchor>
      </Stack>
    </form>
  );
}
