import { membershipRoles, type AdminMembership, type MembershipRole } from '@invoicing/contract';
import { Badge, Select, Stack, Table, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../../components/list/paged-list';
import { useListControls } from '../../../components/list/use-list-controls';
import { describeError } from '../../../lib/api-errors';
import { formatMoney, formatNumber } from '../../../lib/format';
import { showToast } from '../../../lib/toast';
import { useAdminMemberships } from '../api/list-memberships';
import { useUpdateAdminMembershipMutation } from '../api/update-membership';
import { isAccessDenied } from './access-denied';

function statusLabel(status: string, t: TFunction) {
  return status === 'ACTIVE' || status === 'TRIAL'
    ? t(`memberships.statuses.${status}`)
    : t('memberships.statuses.other', { status });
}

/**
 * SPEC §6: every membership with its organization's plan and usage; the role is changed by a select (the
 * server keeps at least one owner), and the actions column says the rest is managed by the product.
 */
export function MembershipsTab({ onDenied }: { onDenied: () => void }) {
  const { t, i18n } = useTranslation(['admin', 'errors']);
  const language = i18n.language;
  const controls = useListControls({ pageSize: 20 });
  const query = useAdminMemberships({ q: controls.q, page: controls.page, pageSize: controls.pageSize });
  const mutation = useUpdateAdminMembershipMutation();

  useEffect(() => {
    if (isAccessDenied(query.error)) onDenied();
  }, [query.error, onDenied]);

  const changeRole = async (membership: AdminMembership, role: MembershipRole) => {
    if (role === membership.role) return;
    try {
      await mutation.mutateAsync({ id: membership.id, role });
      showToast(
        t('memberships.changed', {
          email: membership.user.email,
          organization: membership.organization.name,
          role: t(`memberships.roles.${role}`),
        }),
        'success',
      );
    } catch (error) {
      showToast(describeError(error, t, language, t('memberships.changeFailed')), 'error');
    }
  };

  const roleOptions = membershipRoles.map((role) => ({ value: role, label: t(`memberships.roles.${role}`) }));

  return (
    <PagedList
      controls={controls}
      query={query}
      texts={{
        search: t('memberships.search'),
        loadFailed: t('memberships.loadFailed'),
        empty: t('memberships.empty'),
        emptySearch: t('memberships.emptySearch'),
      }}
      testIds={{
        search: 'admin-membership-search',
        empty: 'admin-memberships-empty',
        list: 'admin-membership-table',
        pagination: 'admin-membership-pagination',
      }}
      layout={{
        table: {
          minWidth: 1040,
          head: (
            <Table.Tr>
              <Table.Th>{t('memberships.columns.user')}</Table.Th>
              <Table.Th>{t('memberships.columns.organization')}</Table.Th>
              <Table.Th>{t('memberships.columns.role')}</Table.Th>
              <Table.Th>{t('memberships.columns.plan')}</Table.Th>
              <Table.Th>{t('memberships.columns.status')}</Table.Th>
              <Table.Th>{t('memberships.columns.credits')}</Table.Th>
              <Table.Th>{t('memberships.columns.storage')}</Table.Th>
              <Table.Th>{t('common.actions')}</Table.Th>
            </Table.Tr>
          ),
          row: (membership) => {
            const s = membership.subscription;
            const pending = mutation.isPending && mutation.variables?.id === membership.id;
            return (
              <Table.Tr key={membership.id} data-testid="admin-membership-row">
                <Table.Td data-label={t('memberships.columns.user')} data-testid="admin-membership-user">
                  <Stack gap={0}>
                    <Text size="sm">
                      <bdi>{membership.user.name || membership.user.email}</bdi>
                    </Text>
                    {membership.user.name ? (
                      <Text size="xs" c="dimmed">
                        <bdi dir="ltr">{membership.user.email}</bdi>
                      </Text>
                    ) : null}
                  </Stack>
                </Table.Td>
                <Table.Td
                  data-label={t('memberships.columns.organization')}
                  data-testid="admin-membership-organization"
                >
                  <bdi>{membership.organization.name}</bdi>
                </Table.Td>
                <Table.Td data-label={t('memberships.columns.role')}>
                  <Select
                    size="xs"
                    value={membership.role}
                    data={roleOptions}
                    allowDeselect={false}
                    disabled={pending}
                    onChange={(value) => value && void changeRole(membership, value as MembershipRole)}
                    aria-label={t('memberships.roleLabel', {
                      email: membership.user.email,
                      organization: membership.organization.name,
                    })}
                    data-testid="admin-membership-role"
                    w={130}
                  />
                </Table.Td>
                <Table.Td data-label={t('memberships.columns.plan')} data-testid="admin-membership-plan">
                  {s ? (
                    <Stack gap={0}>
                      <Text size="sm">{s.plan_name}</Text>
                      <Text size="xs" c="dimmed">
                        {t('memberships.perMonth', {
                          price: formatMoney(s.price_monthly, s.currency, language),
                        })}
                      </Text>
                    </Stack>
                  ) : (
                    t('memberships.noPlan')
                  )}
                </Table.Td>
                <Table.Td data-label={t('memberships.columns.status')}>
                  {s ? (
                    <Badge
                      variant="light"
                      color={s.status === 'ACTIVE' ? 'teal' : 'yellow'}
                      data-testid="admin-membership-status"
                    >
                      {statusLabel(s.status, t)}
                    </Badge>
                  ) : (
                    t('common.none')
                  )}
                </Table.Td>
                <Table.Td
                  data-label={t('memberships.columns.credits')}
                  data-testid="admin-membership-credits"
                >
                  {s
                    ? t('memberships.creditsUsage', {
                        used: formatNumber(s.usage.credits.used, language),
                        max: formatNumber(s.usage.credits.max, language),
                      })
                    : t('common.none')}
                </Table.Td>
                <Table.Td
                  data-label={t('memberships.columns.storage')}
                  data-testid="admin-membership-storage"
                >
                  {s
                    ? t('memberships.storageUsage', {
                        used: formatNumber(s.usage.storage.used_mb, language, { maximumFractionDigits: 2 }),
                        max: formatNumber(s.usage.storage.max_mb, language),
                      })
                    : t('common.none')}
                </Table.Td>
                <Table.Td data-label={t('common.actions')}>
                  <Text size="sm" c="dimmed" data-testid="admin-membership-actions">
                    {t('memberships.autoManaged')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          },
        },
      }}
    />
  );
}
