import { Button, Card, Container, EmptyState } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../lib/paths';
import { IconClock } from './icons';
import { PageHeader } from './page-header';

const backLabels = {
  home: 'actions.backHome',
  dashboard: 'actions.backToDashboard',
  usage: 'actions.backToUsage',
} as const;

interface SectionPlaceholderProps {
  /** Already translated page title. */
  title: string;
  /** Where the back button leads: the dashboard inside an organization, the home page for public pages. */
  backTo?: keyof typeof backLabels;
  testId: string;
}

/** A titled page for a section whose screens arrive with a later issue. */
export function SectionPlaceholder({ title, backTo = 'dashboard', testId }: SectionPlaceholderProps) {
  const { t } = useTranslation('common');
  return (
    <Container size="md" data-testid={testId}>
      <PageHeader title={title} />
      <Card withBorder padding="xl" radius="md">
        <EmptyState
          title={t('preparing.title')}
          description={t('preparing.description')}
          icon={<IconClock size={28} />}
          withIndicatorBackground
        >
          <EmptyState.Actions>
            <Button component={Link} to={paths[backTo]} variant="light" data-testid="placeholder-back">
              {t(backLabels[backTo])}
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Card>
    </Container>
  );
}
