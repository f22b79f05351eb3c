import { registerInput } from '@invoicing/contract';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormError } from '../../../components/form/form-actions';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { paths } from '../../../lib/paths';
import { showToast } from '../../../lib/toast';
import { useRegisterMutation } from '../api/register';
import { useStartSession } from '../hooks/use-start-session';

export function RegisterForm() {
  const { t } = useTranslation(['auth', 'errors', 'common']);
  const navigate = useNavigate();
  const startSession = useStartSession();
  const mutation = useRegisterMutation();
  const form = useSchemaForm({
    schema: registerInput,
    initialValues: { name: '', organization_name: '', email: '', password: '' },
    onSubmit: async (input) => {
      const answer = await mutation.mutateAsync(input);
      startSession(answer.tokens);
      showToast(t('common:toast.registered'), 'success');
      await navigate(paths.orgSelect);
    },
  });

  return (
    <form
      onSubmit={form.handleSubmit}
      noValidate
      aria-label={t('register.title')}
      data-testid="register-form"
    >
      <Stack>
        <FormError error={form.submitError} fallback={t('errors:registrationFailed')} />
        <TextInput
          {...form.bind('name')}
          label={t('fields.name')}
          description={t('fields.nameDescription')}
          autoComplete="name"
          data-testid="register-name"
        />
        <TextInput
          {...form.bind('organization_name')}
          label={t('fields.organizationName')}
          autoComplete="organization"
          withAsterisk
          data-testid="register-organization"
        />
        <TextInput
          {...form.bind('email')}
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          withAsterisk
          dir="ltr"
          data-testid="register-email"
        />
        <PasswordInput
          {...form.bind('password')}
          label={t('fields.password')}
          description={t('fields.passwordDescription')}
          autoComplete="new-password"
          withAsterisk
          data-testid="register-password"
        />
        <Button type="submit" loading={form.isSubmitting} fullWidth data-testid="register-submit">
          {t('register.submit')}
        </Button>
      </Stack>
    </form>
  );
}
