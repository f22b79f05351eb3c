import type { AdminPaymentMethod } from '@invoicing/contract';
import { Badge, Button, Card, EmptyState, Group, Stack, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { describeError } from '../../../lib/api-errors';
import { formatNumber, formatPercent } from '../../../lib/format';
import { showToast } from '../../../lib/toast';
import { useAdminPaymentMethods } from '../api/list-payment-methods';
import { useToggleAdminPaymentMethodMutation } from '../api/update-payment-method';
import { isAccessDenied } from './access-denied';
import { ActiveSwitch, AdminTable } from './admin-table';
import { methodName, PaymentMethodForm } from './payment-method-form';
import { usePendingIds } from './use-pending-ids';

/**
 * SPEC §6: the payment methods in the order members see them, with the payments of every organization by
 * each, enabled and disabled, their names, descriptions and order edited.
 */
export function PaymentMethodsTab({ onDenied }: { onDenied: () => void }) {
  const { t, i18n } = useTranslation(['admin', 'errors']);
  const language = i18n.language;
  const query = useAdminPaymentMethods();
  const toggle = useToggleAdminPaymentMethodMutation();
  const [editing, setEditing] = useState<AdminPaymentMethod | null>(null);
  const pending = usePendingIds();

  useEffect(() => {
    if (isAccessDenied(query.error)) onDenied();
  }, [query.error, onDenied]);

  const setActive = (method: AdminPaymentMethod) =>
    pending.run(method.id, async () => {
      try {
        const changed = await toggle.mutateAsync(method.id);
        const name = methodName(changed, language);
        showToast(
          t(changed.is_active ? 'paymentMethods.activated' : 'paymentMethods.deactivated', { name }),
          'success',
        );
      } catch (error) {
        showToast(describeError(error, t, language, t('paymentMethods.saveFailed')), 'error');
      }
    });

  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    return (
      <ErrorState
        error={query.error}
        fallback={t('paymentMethods.loadFailed')}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (query.data.length === 0) {
    return (
      <Card withBorder padding="xl" radius="md" data-testid="admin-methods-empty">
        <EmptyState title={t('paymentMethods.empty')} />
      </Card>
    );
  }

  return (
    <>
      <AdminTable
        minWidth={1000}
        testId="admin-method-table"
        columns={[
          t('paymentMethods.columns.name'),
          t('paymentMethods.columns.region'),
          t('paymentMethods.columns.total'),
          t('paymentMethods.columns.successful'),
          t('paymentMethods.columns.successRate'),
          t('paymentMethods.columns.sortOrder'),
          t('paymentMethods.columns.active'),
        ]}
      >
        {query.data.map((method) => {
          const name = methodName(method, language);
          return (
            <Table.Tr key={method.id} data-testid="admin-method-row" data-method={method.name}>
              <Table.Td data-label={t('paymentMethods.columns.name')} data-testid="admin-method-name">
                <Stack gap={0}>
                  <Text size="sm" fw={500}>
                    <bdi>{name}</bdi>
                  </Text>
                  <Text size="xs" c="dimmed">
                    <bdi>{language === 'ar' ? method.description_ar : method.description}</bdi>
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td data-label={t('paymentMethods.columns.region')}>
                <Badge variant="light">{t(`paymentMethods.regions.${method.region}`)}</Badge>
              </Table.Td>
              <Table.Td data-label={t('paymentMethods.columns.total')} data-testid="admin-method-total">
                {formatNumber(method.total_transactions, language)}
              </Table.Td>
              <Table.Td
                data-label={t('paymentMethods.columns.successful')}
                data-testid="admin-method-successful"
              >
                {formatNumber(method.successful_transactions, language)}
              </Table.Td>
              <Table.Td data-label={t('paymentMethods.columns.successRate')} data-testid="admin-method-rate">
                {formatPercent(method.success_rate, language)}
              </Table.Td>
              <Table.Td data-label={t('paymentMethods.columns.sortOrder')} data-testid="admin-method-order">
                {formatNumber(method.sort_order, language)}
              </Table.Td>
              <Table.Td data-label={t('paymentMethods.columns.active')}>
                <ActiveSwitch
                  checked={method.is_active}
                  label={method.is_active ? t('paymentMethods.active') : t('paymentMethods.inactive')}
                  ariaLabel={t('paymentMethods.activeLabel', { name })}
                  pending={pending.isPending(method.id)}
                  onChange={() => void setActive(method)}
                  testId="admin-method-active"
                />
              </Table.Td>
              <Table.Td>
                <Group gap="xs" justify="flex-end" wrap="wrap">
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => setEditing(method)}
                    data-testid="admin-method-edit"
                  >
                    {t('paymentMethods.edit')}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </AdminTable>
      {editing ? (
        <PaymentMethodForm key={editing.id} method={editing} onClose={() => setEditing(null)} />
      ) : null}
    </>
  );
}
