import { invoiceStatuses } from '@invoicing/contract';
import {
  Anchor,
  Button,
  Card,
  Container,
  EmptyState,
  Group,
  SegmentedControl,
  Stack,
  Table,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { formatDate, formatMoney } from '../../../lib/format';
import { useInvoices } from '../api/list-invoices';
import { ImageStatusBadge, StatusBadge } from './status-badge';
import { ListPagination } from '../../../components/list-pagination';
import { href, paths } from '../../../lib/paths';

const pageSize = 20;

export function InvoiceList() {
  const { t, i18n } = useTranslation(['invoices', 'common']);
  const [status, setStatus] = useState('ALL');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const query = useInvoices({ status, q, page, pageSize });
  const totalPages = query.data ? Math.max(1, Math.ceil(query.data.count / pageSize)) : 1;
  const language = i18n.language;

  return (
    <Container size="xl" data-testid="page-invoices">
      <PageHeader title={t('list.title')} />
      <Stack mb="md">
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            <Button component={Link} to={paths.invoiceNew} data-testid="invoice-new">
              {t('list.new')}
            </Button>
            <Button component={Link} to={paths.ocr} variant="light" data-testid="invoice-from-ocr">
              {t('list.fromOcr')}
            </Button>
          </Group>
          <TextInput
            placeholder={t('list.search')}
            aria-label={t('list.search')}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            data-testid="invoice-search"
          />
        </Group>
        <SegmentedControl
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
          data={[
            { value: 'ALL', label: t('list.all') },
            ...invoiceStatuses.map((s) => ({ value: s, label: t(`statuses.${s}`) })),
          ]}
          aria-label={t('list.statusFilter')}
          data-testid="invoice-status-filter"
          style={{ overflowX: 'auto' }}
        />
      </Stack>
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState
          error={query.error}
          fallback={t('list.loadFailed')}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.results.length === 0 ? (
        <Card withBorder padding="xl" radius="md" data-testid="invoices-empty">
          <EmptyState title={t('list.empty')} description={t('list.emptyHint')} />
        </Card>
      ) : (
        <Stack>
          <Table.ScrollContainer minWidth={800}>
            <Table striped highlightOnHover data-testid="invoice-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('columns.number')}</Table.Th>
                  <Table.Th>{t('columns.customer')}</Table.Th>
                  <Table.Th>{t('columns.status')}</Table.Th>
                  <Table.Th>{t('columns.image')}</Table.Th>
                  <Table.Th>{t('columns.issueDate')}</Table.Th>
                  <Table.Th>{t('columns.dueDate')}</Table.Th>
                  <Table.Th>{t('columns.total')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('columns.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {query.data.results.map((invoice) => (
                  <Table.Tr key={invoice.id} data-testid="invoice-row">
                    <Table.Td data-testid="invoice-number">
                      <bdi>{invoice.number || t('statuses.DRAFT')}</bdi>
                    </Table.Td>
                    <Table.Td>{invoice.customer?.name ?? '—'}</Table.Td>
                    <Table.Td>
                      <StatusBadge status={invoice.status} />
                    </Table.Td>
                    <Table.Td>
                      <ImageStatusBadge status={invoice.image_status} />
                    </Table.Td>
                    <Table.Td>{formatDate(invoice.issue_date, language)}</Table.Td>
                    <Table.Td>{formatDate(invoice.due_date, language)}</Table.Td>
                    <Table.Td data-testid="invoice-total">
                      {formatMoney(invoice.total, invoice.currency, language)}
                    </Table.Td>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={href(paths.invoice, { id: invoice.id })}
                        data-testid="invoice-edit"
                      >
                        {t('list.edit')}
                      </Anchor>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <ListPagination
            totalPages={totalPages}
            page={page}
            onChange={setPage}
            testId="invoice-pagination"
          />
        </Stack>
      )}
    </Container>
  );
}
