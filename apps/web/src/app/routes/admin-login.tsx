import { Anchor } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthCard } from '../../components/auth-card';
import { AdminLoginForm } from '../../features/auth/components/admin-login-form';
import { paths } from '../../lib/paths';

export function AdminLoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  useDocumentTitle(`${t('adminLogin.title')} · ${t('common:appName')}`);
  return (
    <AuthCard
      title={t('adminLogin.title')}
      subtitle={t('adminLogin.subtitle')}
      footer={
        <Anchor component={Link} to={paths.login} data-testid="admin-login-back">
          {t('adminLogin.backToLogin')}
        </Anchor>
      }
    >
      <AdminLoginForm />
    </AuthCard>
  );
}
