import { Container, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { DashboardOverview } from '../../features/dashboard/components/dashboard-overview';
import { OrganizationHeader } from '../../features/orgs/components/organization-header';

export function DashboardPage() {
  const { t } = useTranslation(['orgs', 'common']);
  useDocumentTitle(`${t('dashboard.title')} · ${t('common:appName')}`);
  return (
    <Container size="xl" data-testid="dashboard">
      <Stack gap="xl">
        <OrganizationHeader />
        <DashboardOverview />
      </Stack>
    </Container>
  );
}
