import { Container } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { OrganizationHome } from '../../features/orgs/components/organization-home';

export function DashboardPage() {
  const { t } = useTranslation(['orgs', 'common']);
  useDocumentTitle(`${t('dashboard.title')} · ${t('common:appName')}`);
  return (
    <Container size="lg" data-testid="dashboard">
      <OrganizationHome />
    </Container>
  );
}
