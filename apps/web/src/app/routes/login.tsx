import { Anchor } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthCard } from '../../components/auth-card';
import { LoginForm } from '../../features/auth/components/login-form';
import { paths } from '../../lib/paths';

export function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  useDocumentTitle(`${t('login.title')} · ${t('common:appName')}`);
  return (
    <AuthCard
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={
        <>
          {t('login.noAccount')}{' '}
          <Anchor component={Link} to={paths.register} data-testid="login-register-link">
            {t('login.registerLink')}
          </Anchor>
        </>
      }
    >
      <LoginForm />
    </AuthCard>
  );
}
