import type { Item } from '@invoicing/contract';
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
import { formatMoney, formatNumber } from '../../../lib/format';
import { showToast } from '../../../lib/toast';
import { useDeleteItemMutation } from '../api/delete-item';
import { useItems } from '../api/list-items';
import { ListPagination } from '../../../components/list-pagination';
import { href, paths } from '../../../lib/paths';

const pageSize = 12;

export function ItemList() {
  const { t, i18n } = useTranslation(['items', 'errors', 'common']);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const query = useItems({ q, page, pageSize });
  const [toDelete, setToDelete] = useState<Item | null>(null);
  const remove = useDeleteItemMutation();

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      showToast(t('items:deleted'), 'success');
      setToDelete(null);
    } catch {
      // Shown in the dialog.
    }
  }

  const totalPages = query.data ? Math.max(1, Math.ceil(query.data.count / pageSize)) : 1;

  return (
    <Container size="lg" data-testid="page-items">
      <PageHeader title={t('items:title')} />
      <Group justify="space-between" mb="md" wrap="wrap">
        <TextInput
          placeholder={t('items:search')}
          aria-label={t('items:search')}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          data-testid="item-search"
          style={{ flexGrow: 1, maxInlineSize: 420 }}
        />
        <Button component={Link} to={paths.itemNew} data-testid="item-new">
          {t('items:new')}
        </Button>
      </Group>
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState
          error={query.error}
          fallback={t('items:loadFailed')}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.results.length === 0 ? (
        <Card withBorder padding="xl" radius="md" data-testid="items-empty">
          <EmptyState
            title={q ? t('items:emptySearch') : t('items:empty')}
            description={q ? '' : t('items:emptyHint')}
          />
        </Card>
      ) : (
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} data-testid="item-list">
            {query.data.results.map((item) => (
              <Card key={item.id} withBorder radius="md" padding="md" data-testid="item-card">
                <Stack gap={4}>
                  <Text fw={600} data-testid="item-name">
                    {item.name}
                  </Text>
                  {item.sku ? (
                    <Text size="sm">
                      {t('items:fields.sku')}: <bdi>{item.sku}</bdi>
                    </Text>
                  ) : null}
                  <Text size="sm" data-testid="item-price">
                    {formatMoney(item.unit_price, item.currency, i18n.language)}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t('items:fields.taxRate')}:{' '}
                    {formatNumber(Number(item.tax_rate) / 100, i18n.language, {
                      style: 'percent',
                      maximumFractionDigits: 2,
                    })}
                  </Text>
                  <Group gap="xs" mt="sm">
                    <Button
                      size="xs"
                      variant="light"
                      component={Link}
                      to={href(paths.itemEdit, { id: item.id })}
                      data-testid="item-edit"
                    >
                      {t('items:edit')}
                    </Button>
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      onClick={() => {
                        remove.reset();
                        setToDelete(item);
                      }}
                      data-testid="item-delete"
                    >
                      {t('items:delete')}
                    </Button>
                  </Group>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
          <ListPagination totalPages={totalPages} page={page} onChange={setPage} testId="item-pagination" />
        </Stack>
      )}
      <Modal opened={toDelete !== null} onClose={() => setToDelete(null)} title={t('items:deleteTitle')}>
        <Stack>
          <Text>{t('items:deleteConfirm', { name: toDelete?.name ?? '' })}</Text>
          {remove.error ? (
            <Alert color="red" variant="light" role="alert" data-testid="item-delete-error">
              {describeError(remove.error, t, i18n.language, t('items:deleteFailed'))}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setToDelete(null)}>
              {t('items:cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => void confirmDelete()}
              data-testid="item-delete-confirm"
            >
              {t('items:delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Container>
  );
}
