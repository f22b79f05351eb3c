import type { OrganizationListItem } from '@invoicing/contract';
import { Badge, Button, Card, EmptyState, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { IconBuilding } from '../../../components/icons';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { isolate } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { setOrganizationId } from '../../../lib/storage';
import { showToast } from '../../../lib/toast';
import { organizationsQueryKey, useOrganizations } from '../api/get-organizations';
import { paths } from '../../../lib/paths';

export function OrganizationPicker() {
  const { t } = useTranslation(['orgs', 'common']);
  const { organizationId } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const organizations = useOrganizations();

  async function choose(organization: OrganizationListItem) {
    // Data cached for the previous organization must not leak into the next one.
    queryClient.removeQueries({
      predicate: (query) => query.queryKey.join('/') !== organizationsQueryKey.join('/'),
    });
    setOrganizationId(organization.id);
    showToast(t('common:toast.organizationSelected', { name: isolate(organization.name) }), 'success');
    await navigate(paths.dashboard);
  }

  if (organizations.isPending) return <LoadingState testId="organizations-loading" />;
  if (organizations.isError) {
    return (
      <ErrorState
        error={organizations.error}
        fallback={t('select.loadError')}
        onRetry={() => void organizations.refetch()}
        testId="organizations-error"
      />
    );
  }
  if (organizations.data.length === 0) {
    return (
      <Card withBorder padding="xl" radius="md">
        <EmptyState
          title={t('select.empty')}
          icon={<IconBuilding size={28} />}
          withIndicatorBackground
          data-testid="organizations-empty"
        />
      </Card>
    );
  }

  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} data-testid="organization-list">
      {organizations.data.map((organization) => {
        const isCurrent = organization.id === organizationId;
        return (
          <Card
            component="li"
            key={organization.id}
            withBorder
            radius="md"
            padding="md"
            data-testid={`organization-${organization.id}`}
            data-current={isCurrent || undefined}
          >
            <Group justify="space-between" wrap="nowrap" gap="md">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Group gap="xs">
                  <Text fw={600} size="lg" data-testid="organization-name">
                    <bdi>{organization.name}</bdi>
                  </Text>
                  <Badge variant="light" color="gray">
                    {t(`roles.${organization.role}`)}
                  </Badge>
                  {isCurrent ? <Badge variant="filled">{t('select.current')}</Badge> : null}
                </Group>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {t('select.id')}: <bdi data-testid="organization-id">{organization.id}</bdi>
                </Text>
              </Stack>
              <Button
                onClick={() => void choose(organization)}
                variant={isCurrent ? 'light' : 'filled'}
                aria-label={`${t('select.choose')} ${organization.name}`}
                data-testid={`choose-organization-${organization.id}`}
              >
                {t('select.choose')}
              </Button>
            </Group>
          </Card>
        );
      })}
    </Stack>
  );
}
