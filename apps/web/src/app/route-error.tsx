import { Button, Card, Container, EmptyState, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconX } from '../components/icons';
import { paths } from '../lib/paths';

/**
 * What a page shows when it fails to render: the error stays inside its route group, so that the shell and
 * its navigation remain, and the message is in the page language.
 */
export function RouteError() {
  const { t } = useTranslation('common');
  return (
    <Container size="sm" py="xl" data-testid="route-error">
      <Card withBorder radius="md" padding="xl">
        <EmptyState
          title={
            <span role="heading" aria-level={1} data-testid="page-title">
              {t('routeError.title')}
            </span>
          }
          description={t('routeError.description')}
          icon={<IconX size={28} />}
          variant="light"
          color="red"
        >
          <EmptyState.Actions>
            <Group justify="center">
              <Button onClick={() => window.location.reload()} data-testid="route-error-reload">
                {t('routeError.reload')}
              </Button>
              <Button component={Link} to={paths.home} variant="default" data-testid="route-error-home">
                {t('actions.backHome')}
              </Button>
            </Group>
          </EmptyState.Actions>
        </EmptyState>
      </Card>
    </Container>
  );
}
