import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconX } from '../components/icons';
import { NoticePage } from '../components/notice-page';
import { paths } from '../lib/paths';

/**
 * What a page shows when it fails to render: the error stays inside its route group, so that the shell and
 * its navigation remain, and the message is in the page language.
 */
export function RouteError() {
  const { t } = useTranslation('common');
  return (
    <NoticePage
      testId="route-error"
      title={t('routeError.title')}
      description={t('routeError.description')}
      icon={<IconX size={28} />}
      actions={
        <>
          <Button onClick={() => window.location.reload()} data-testid="route-error-reload">
            {t('routeError.reload')}
          </Button>
          <Button component={Link} to={paths.home} variant="default" data-testid="route-error-home">
            {t('actions.backHome')}
          </Button>
        </>
      }
    />
  );
}
