import { Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { OrganizationPicker } from '../../features/orgs/components/organization-picker';

export function OrgSelectPage() {
  const { t } = useTranslation('orgs');
  return (
    <Container size="sm">
      <PageHeader title={t('select.title')} subtitle={t('select.subtitle')} />
      <OrganizationPicker />
    </Container>
  );
}
