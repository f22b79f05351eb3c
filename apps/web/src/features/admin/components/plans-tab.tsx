import type { AdminPlan } from '@invoicing/contract';
import { Button, Card, EmptyState, Group, Stack, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete, useDeletion } from '../../../components/list/confirm-delete';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { describeError } from '../../../lib/api-errors';
import { formatMoney, formatNumber } from '../../../lib/format';
import { showToast } from '../../../lib/toast';
import { useDeleteAdminPlanMutation } from '../api/delete-plan';
import { useAdminPlans } from '../api/list-plans';
import { useUpdateAdminPlanMutation } from '../api/update-plan';
import { isAccessDenied } from './access-denied';
import { ActiveSwitch, AdminTable } from './admin-table';
import { PlanForm } from './plan-form';
import { usePendingIds } from './use-pending-ids';

/** SPEC §6: the plans, switched on and off, edited, and deleted while no organization uses them. */
export function PlansTab({ onDenied }: { onDenied: () => void }) {
  const { t, i18n } = useTranslation(['admin', 'errors']);
  const language = i18n.language;
  const query = useAdminPlans();
  const toggle = useUpdateAdminPlanMutation();
  const deletion = useDeletion<AdminPlan>(useDeleteAdminPlanMutation(), t('plans.deleted'));
  const [editing, setEditing] = useState<AdminPlan | null>(null);
  const pending = usePendingIds();

  useEffect(() => {
    if (isAccessDenied(query.error)) onDenied();
  }, [query.error, onDenied]);

  const setActive = (plan: AdminPlan, active: boolean) =>
    pending.run(plan.id, async () => {
      try {
        await toggle.mutateAsync({ id: plan.id, change: { is_active: active } });
        showToast(t(active ? 'plans.activated' : 'plans.deactivated', { name: plan.name }), 'success');
      } catch (error) {
        showToast(describeError(error, t, language, t('plans.saveFailed')), 'error');
      }
    });

  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    return (
      <ErrorState error={query.error} fallback={t('plans.loadFailed')} onRetry={() => void query.refetch()} />
    );
  }
  if (query.data.length === 0) {
    return (
      <Card withBorder padding="xl" radius="md" data-testid="admin-plans-empty">
        <EmptyState title={t('plans.empty')} />
      </Card>
    );
  }

  const limitOf = (value: number | null) =>
    value === null ? t('plans.unlimited') : formatNumber(value, language);

  return (
    <>
      <AdminTable
        minWidth={1000}
        testId="admin-plan-table"
        columns={[
          t('plans.columns.name'),
          t('plans.columns.monthly'),
          t('plans.columns.yearly'),
          t('plans.columns.credits'),
          t('plans.columns.storage'),
          t('plans.columns.limits'),
          t('plans.columns.organizations'),
          t('plans.columns.active'),
        ]}
      >
        {query.data.map((plan) => (
          <Table.Tr key={plan.id} data-testid="admin-plan-row">
            <Table.Td data-label={t('plans.columns.name')} data-testid="admin-plan-name">
              <Stack gap={0}>
                <Text size="sm" fw={500}>
                  <bdi>{plan.name}</bdi>
                </Text>
                {plan.description ? (
                  <Text size="xs" c="dimmed">
                    <bdi>{plan.description}</bdi>
                  </Text>
                ) : null}
              </Stack>
            </Table.Td>
            <Table.Td data-label={t('plans.columns.monthly')} data-testid="admin-plan-monthly">
              {formatMoney(plan.price_monthly, plan.currency, language)}
            </Table.Td>
            <Table.Td data-label={t('plans.columns.yearly')}>
              {formatMoney(plan.price_yearly, plan.currency, language)}
            </Table.Td>
            <Table.Td data-label={t('plans.columns.credits')} data-testid="admin-plan-credits">
              {formatNumber(plan.credits_per_month, language)}
            </Table.Td>
            <Table.Td data-label={t('plans.columns.storage')}>
              {t('plans.storageMb', { n: formatNumber(plan.max_storage_mb, language) })}
            </Table.Td>
            <Table.Td data-label={t('plans.columns.limits')}>
              <Text size="xs">
                {t('plans.limits', {
                  customers: limitOf(plan.max_customers),
                  items: limitOf(plan.max_items),
                  invoices: limitOf(plan.max_invoices_per_month),
                })}
              </Text>
            </Table.Td>
            <Table.Td data-label={t('plans.columns.organizations')} data-testid="admin-plan-organizations">
              {formatNumber(plan.organization_count, language)}
            </Table.Td>
            <Table.Td data-label={t('plans.columns.active')}>
              <ActiveSwitch
                checked={plan.is_active}
                label={plan.is_active ? t('plans.active') : t('plans.inactive')}
                ariaLabel={t('plans.activeLabel', { name: plan.name })}
                pending={pending.isPending(plan.id)}
                onChange={(active) => void setActive(plan, active)}
                testId="admin-plan-active"
              />
            </Table.Td>
            <Table.Td>
              <Group gap="xs" justify="flex-end" wrap="wrap">
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => setEditing(plan)}
                  data-testid="admin-plan-edit"
                >
                  {t('plans.edit')}
                </Button>
                <Button
                  size="xs"
                  color="red"
                  variant="light"
                  onClick={() => deletion.ask(plan)}
                  data-testid="admin-plan-delete"
                >
                  {t('plans.delete')}
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </AdminTable>
      {editing ? <PlanForm key={editing.id} plan={editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDelete
        deletion={deletion}
        title={t('plans.deleteTitle')}
        question={t('plans.deleteQuestion', { name: deletion.target?.name ?? '' })}
        cancelLabel={t('common.cancel')}
        deleteLabel={t('plans.delete')}
        failed={t('plans.deleteFailed')}
        testIdPrefix="admin-plan"
      />
    </>
  );
}
