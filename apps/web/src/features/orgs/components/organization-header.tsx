import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { formatDate, isolate } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useCurrentOrganization } from '../api/get-current-organization';

const sections = [
  { key: 'customers', to: '/customers' },
  { key: 'items', to: '/items' },
  { key: 'invoices', to: '/invoices' },
  { key: 'invoiceDashboard', to: '/invoices/dashboard' },
  { key: 'ocr', to: '/ocr' },
  { key: 'fileManager', to: '/file-manager' },
  { key: 'usage', to: '/usage' },
  { key: 'upgradePlan', to: '/plans' },
] as const;

/** The dashboard until the OCR summary exists: who we are working for, and the way to each section. */
export function OrganizationHome() {
  const { t, i18n } = useTranslation(['orgs', 'common']);
  const { organizationId } = useSession();
  const organization = useCurrentOrganization(organizationId);

  if (organization.isPending) return <LoadingState testId="organization-loading" />;
  if (organization.isError) {
    return (
      <Stack align="flex-start">
        <ErrorState
          error={organization.error}
          fallback={t('dashboard.loadError')}
          onRetry={() => void organization.refetch()}
          testId="organization-error"
        />
        <Button component={Link} to="/org/select" variant="light" data-testid="switch-organization">
          {t('dashboard.switch')}
        </Button>
      </Stack>
    );
  }

  const { name, role, subscription } = organization.data;
  const status = subscription?.status.toLowerCase() === 'active' ? 'active' : 'trial';

  return (
    <Stack gap="xl">
      <Card withBorder radius="md" padding="lg">
        <Group justify="space-between" align="flex-start" gap="md">
          <Stack gap={6}>
            <Title order={1} fz={{ base: 24, sm: 30 }} data-testid="dashboard-welcome">
              {t('dashboard.welcome', { name: isolate(name) })}
            </Title>
            <Group gap="xs">
              <Badge variant="light" color="gray" data-testid="dashboard-role">
                {t('dashboard.role', { role: t(`roles.${role}`) })}
              </Badge>
              {subscription ? (
                <>
                  <Badge variant="light" data-testid="dashboard-plan">
                    {t('dashboard.plan', { plan: isolate(subscription.plan_name) })}
                  </Badge>
                  <Badge variant="light" color={status === 'active' ? 'teal' : 'yellow'}>
                    {t(`subscription.${status}`)}
                  </Badge>
                </>
              ) : (
                <Badge variant="light" color="gray">
                  {t('dashboard.noSubscription')}
                </Badge>
              )}
            </Group>
            {subscription?.trial_ends_at && status === 'trial' ? (
              <Text size="sm" c="dimmed">
                {t('dashboard.trialEnds', { date: formatDate(subscription.trial_ends_at, i18n.language) })}
              </Text>
            ) : null}
          </Stack>
          <Button component={Link} to="/org/select" variant="default" data-testid="switch-organization">
            {t('dashboard.switch')}
          </Button>
        </Group>
      </Card>

      <section aria-labelledby="dashboard-sections-title">
        <Title order={2} fz="xl" mb="md" id="dashboard-sections-title">
          {t('dashboard.sectionsTitle')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          {sections.map((section) => (
            <Card
              key={section.key}
              component={Link}
              to={section.to}
              withBorder
              radius="md"
              padding="lg"
              data-testid={`dashboard-link-${section.key}`}
              className="focus-card"
            >
              <Text fw={600} size="lg">
                {t(`dashboard.sections.${section.key}.title`)}
              </Text>
              <Text size="sm" c="dimmed" mt={4}>
                {t(`dashboard.sections.${section.key}.description`)}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </section>
    </Stack>
  );
}
