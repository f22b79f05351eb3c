import { Button, Card, EmptyState } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconBulb } from '../../../components/icons';
import { paths } from '../../../lib/paths';

/** A new organization has nothing to chart yet: the way forward is its first upload. */
export function DashboardEmpty() {
  const { t } = useTranslation('dashboard');
  return (
    <Card withBorder radius="md" padding="xl" data-testid="dashboard-empty">
      <EmptyState
        title={t('empty.title')}
        description={t('empty.description')}
        icon={<IconBulb size={28} />}
        withIndicatorBackground
      >
        <EmptyState.Actions>
          <Button component={Link} to={paths.ocr} data-testid="dashboard-empty-upload">
            {t('empty.action')}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Card>
  );
}
