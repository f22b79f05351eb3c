import type { Customer } from '@invoicing/contract';
import {
  Alert,
  Button,
  Card,
  Container,
  EmptyState,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { describeError } from '../../../lib/api-errors';
import { showToast } from '../../../lib/toast';
import { useDeleteCustomerMutation } from '../api/delete-customer';
import { useCustomers } from '../api/list-customers';
import { ListPagination } from '../../../components/list-pagination';
import { href, paths } from '../../../lib/paths';

const pageSize = 12;

export function CustomerList() {
  const { t, i18n } = useTranslation(['customers', 'errors', 'common']);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const query = useCustomers({ q, page, pageSize });
  const [toDelete, setToDelete] = useState<Customer | null>(null);
  const remove = useDeleteCustomerMutation();

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      showToast(t('customers:deleted'), 'success');
      setToDelete(null);
    } catch {
      // Shown in the dialog.
    }
  }

  const totalPages = query.data ? Math.max(1, Math.ceil(query.data.count / pageSize)) : 1;

  return (
    <Container size="lg" data-testid="page-customers">
      <PageHeader title={t('customers:title')} />
      <Group justify="space-between" mb="md" wrap="wrap">
        <TextInput
          placeholder={t('customers:search')}
          aria-label={t('customers:search')}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          data-testid="customer-search"
          style={{ flexGrow: 1, maxInlineSize: 420 }}
        />
        <Button component={Link} to={paths.customerNew} data-testid="customer-new">
          {t('customers:new')}
        </Button>
      </Group>
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState
          error={query.error}
          fallback={t('customers:loadFailed')}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.results.length === 0 ? (
        <Card withBorder padding="xl" radius="md" data-testid="customers-empty">
          <EmptyState
            title={q ? t('customers:emptySearch') : t('customers:empty')}
            description={q ? '' : t('customers:emptyHint')}
          />
        </Card>
      ) : (
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} data-testid="customer-list">
            {query.data.results.map((customer) => (
              <Card key={customer.id} withBorder radius="md" padding="md" data-testid="customer-card">
                <Stack gap={4}>
                  <Text fw={600} data-testid="customer-name">
                    {customer.name}
                  </Text>
                  {customer.email ? (
                    <Text size="sm" dir="ltr" ta="start">
                      {customer.email}
                    </Text>
                  ) : null}
                  {customer.phone ? (
                    <Text size="sm">
                      {t('customers:fields.phone')}: <bdi dir="ltr">{customer.phone}</bdi>
                    </Text>
                  ) : null}
                  {customer.tax_id ? (
                    <Text size="sm">
                      {t('customers:fields.taxId')}: <bdi>{customer.tax_id}</bdi>
                    </Text>
                  ) : null}
                  {customer.address ? (
                    <Text size="sm" c="dimmed">
                      {customer.address}
                    </Text>
                  ) : null}
                  <Group gap="xs" mt="sm">
                    <Button
                      size="xs"
                      variant="light"
                      component={Link}
                      to={href(paths.customerEdit, { id: customer.id })}
                      data-testid="customer-edit"
                    >
                      {t('customers:edit')}
                    </Button>
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      onClick={() => {
                        remove.reset();
                        setToDelete(customer);
                      }}
                      data-testid="customer-delete"
                    >
                      {t('customers:delete')}
                    </Button>
                  </Group>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
          <ListPagination
            totalPages={totalPages}
            page={page}
            onChange={setPage}
            testId="customer-pagination"
          />
        </Stack>
      )}
      <Modal
        opened={toDelete !== null}
        onClose={() => setToDelete(null)}
        title={t('customers:deleteTitle')}
        data-testid="customer-delete-dialog"
      >
        <Stack>
          <Text>{t('customers:deleteConfirm', { name: toDelete?.name ?? '' })}</Text>
          {remove.error ? (
            <Alert color="red" variant="light" role="alert" data-testid="customer-delete-error">
              {describeError(remove.error, t, i18n.language, t('customers:deleteFailed'))}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setToDelete(null)}>
              {t('customers:cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => void confirmDelete()}
              data-testid="customer-delete-confirm"
            >
              {t('customers:delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Container>
  );
}
