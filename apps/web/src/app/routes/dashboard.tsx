import { Container } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { OrganizationHeader } from '../../features/orgs/components/organization-header';

export function DashboardPage() {
  const { t } = useTranslation(['orgs', 'common']);
  useDocumentTitle(`${t('dashboard.title')} · ${t('common:appName')}`);
  return (
    <Container size="lg" data-testid="dashboard">
      <OrganizationHeader />
    </Container>
  );
}
