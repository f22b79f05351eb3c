import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconLock } from '../../../components/icons';
import { NoticePage } from '../../../components/notice-page';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';

/** Whether a failed admin call means the caller is no (longer a) superuser. */
export function isAccessDenied(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.status === 401 || error.status === 403) &&
    error.code !== 'SELF_CHANGE_REFUSED'
  );
}

/** SPEC §6: what a non-superuser sees at /admin, with the way to the admin login and the regular one. */
export function AccessDenied() {
  const { t } = useTranslation('admin');
  return (
    <NoticePage
      testId="admin-access-denied"
      title={t('accessDenied.title')}
      description={t('accessDenied.description')}
      icon={<IconLock size={28} />}
      actions={
        <>
          <Button component={Link} to={paths.adminLogin} data-testid="access-denied-admin-login">
            {t('accessDenied.adminLogin')}
          </Button>
          <Button component={Link} to={paths.login} variant="default" data-testid="access-denied-login">
            {t('accessDenied.login')}
          </Button>
        </>
      }
    />
  );
}
