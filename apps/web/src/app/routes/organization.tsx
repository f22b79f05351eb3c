import { OrganizationSettingsPage } from '../../features/orgs/components/organization-settings';

export function OrganizationPage() {
  return <OrganizationSettingsPage />;
}
