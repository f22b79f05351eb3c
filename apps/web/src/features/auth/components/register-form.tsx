import { registerInput } from '@invoicing/contract';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { describeError, translateValidationMessage } from '../../../lib/api-errors';
import { showToast } from '../../../lib/toast';
import { useRegisterMutation } from '../api/register';
import { serverFieldErrors, zodFieldErrors } from '../hooks/field-errors';
import { useStartSession } from '../hooks/use-start-session';
import { paths } from '../../../lib/paths';

type Field = 'name' | 'organization_name' | 'email' | 'password';

export function RegisterForm() {
  const { t, i18n } = useTranslation(['auth', 'errors', 'common']);
  const navigate = useNavigate();
  const startSession = useStartSession();
  const mutation = useRegisterMutation();
  const [values, setValues] = useState<Record<Field, string>>({
    name: '',
    organization_name: '',
    email: '',
    password: '',
  });
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});

  const serverErrors =
    mutation.error instanceof ApiError
      ? serverFieldErrors(mutation.error.fieldErrors)
      : ({} as Record<string, string[]>);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    mutation.reset();
    const parsed = registerInput.safeParse(values);
    if (!parsed.success) {
      setClientErrors(zodFieldErrors(parsed.error));
      return;
    }
    setClientErrors({});
    try {
      const answer = await mutation.mutateAsync(parsed.data);
      startSession(answer.tokens);
      showToast(t('common:toast.registered'), 'success');
      await navigate(paths.orgSelect);
    } catch {
      // The mutation keeps the error; the form shows it per field and in the alert.
    }
  }

  const errorFor = (field: Field): string | undefined => {
    const client = clientErrors[field];
    if (client) return translateValidationMessage(client, t);
    const server = serverErrors[field];
    if (server)
      return server.map((message) => translateValidationMessage(message, t)).join(t('errors:listSeparator'));
    return undefined;
  };

  const bind = (field: Field) => ({
    name: field,
    value: values[field],
    onChange: (event: { currentTarget: HTMLInputElement }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [field]: value }));
    },
    error: errorFor(field),
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('register.title')} data-testid="register-form">
      <Stack>
        {mutation.error ? (
          <Alert color="red" variant="light" role="alert" data-testid="form-error">
            {describeError(mutation.error, t, i18n.language, t('errors:registrationFailed'))}
          </Alert>
        ) : null}
        <TextInput
          {...bind('name')}
          label={t('fields.name')}
          description={t('fields.nameDescription')}
          autoComplete="name"
          data-testid="register-name"
        />
        <TextInput
          {...bind('organization_name')}
          label={t('fields.organizationName')}
          autoComplete="organization"
          withAsterisk
          data-testid="register-organization"
        />
        <TextInput
          {...bind('email')}
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          withAsterisk
          dir="ltr"
          data-testid="register-email"
        />
        <PasswordInput
          {...bind('password')}
          label={t('fields.password')}
          description={t('fields.passwordDescription')}
          autoComplete="new-password"
          withAsterisk
          data-testid="register-password"
        />
        <Button type="submit" loading={mutation.isPending} fullWidth data-testid="register-submit">
          {t('register.submit')}
        </Button>
      </Stack>
    </form>
  );
}
