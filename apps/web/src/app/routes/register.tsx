import { Anchor } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthCard } from '../../components/auth-card';
import { RegisterForm } from '../../features/auth/components/register-form';
import { paths } from '../../lib/paths';

export function RegisterPage() {
  const { t } = useTranslation(['auth', 'common']);
  useDocumentTitle(`${t('register.title')} · ${t('common:appName')}`);
  return (
    <AuthCard
      title={t('register.title')}
      subtitle={t('register.subtitle')}
      footer={
        <>
          {t('register.haveAccount')}{' '}
          <Anchor component={Link} to={paths.login} data-testid="register-login-link">
            {t('register.loginLink')}
          </Anchor>
        </>
      }
    >
      <RegisterForm />
    </AuthCard>
  );
}
