import { Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/query-state';
import { formatDate, isolate } from '../../../lib/format';
import { useCurrentOrganization } from '../../../lib/queries/current-organization';
import { paths } from '../../../lib/paths';

/** Who the user is working for on the dashboard: the organization, their role, its plan, and the way out. */
export function OrganizationHeader() {
  const { t, i18n } = useTranslation(['orgs', 'common']);
  const organization = useCurrentOrganization();

  if (organization.isPending) {
    return (
      <Card withBorder radius="md" padding="lg" data-testid="organization-loading">
        <Stack gap="sm" aria-busy="true" aria-label={t('common:loading')}>
          <Skeleton height={28} width="45%" radius="sm" />
          <Skeleton height={20} width="30%" radius="sm" />
        </Stack>
      </Card>
    );
  }
  if (organization.isError) {
    return (
      <Stack align="flex-start">
        <ErrorState
          error={organization.error}
          fallback={t('dashboard.loadError')}
          onRetry={() => void organization.refetch()}
          testId="organization-error"
        />
        <Button component={Link} to={paths.orgSelect} variant="light" data-testid="switch-organization">
          {t('dashboard.switch')}
        </Button>
      </Stack>
    );
  }

  const { name, role, subscription } = organization.data;
  const status = subscription?.status.toLowerCase() === 'active' ? 'active' : 'trial';

  return (
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
        <Group gap="xs">
          {role === 'OWNER' || role === 'ADMIN' ? (
            <Button
              component={Link}
              to={paths.organization}
              variant="default"
              data-testid="organization-settings-link"
            >
              {t('dashboard.settings')}
            </Button>
          ) : null}
          <Button component={Link} to={paths.orgSelect} variant="default" data-testid="switch-organization">
            {t('dashboard.switch')}
          </Button>
        </Group>
      </Group>
    </Card>
  );
}
