import { invoiceStatuses, statsPeriods } from '@invoicing/contract';
import {
  Anchor,
  Button,
  Card,
  Container,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { formatDate, formatMoney, formatNumber } from '../../../lib/format';
import { useInvoiceStats } from '../api/invoice-stats';
import { useRecentInvoices } from '../api/recent-invoices';
import { StatusBadge } from './status-badge';
import { stackedTable } from '../../../components/list/stacked-table';
import { href, paths } from '../../../lib/paths';
import { useUrlParams } from '../../../lib/use-url-params';
import { TableScroll } from '../../../components/list/table-scroll';

const defaultPeriod = 30;

/** The period of the address (`?days=`), when it is one the statistics offer. */
function periodOf(value: string | null): number {
  const days = Number(value);
  return (statsPeriods as readonly number[]).includes(days) ? days : defaultPeriod;
}

export function InvoiceDashboard() {
  const { t, i18n } = useTranslation(['invoices', 'common']);
  const language = i18n.language;
  const [params, update] = useUrlParams();
  const days = periodOf(params.get('days'));
  const stats = useInvoiceStats(days);
  const recent = useRecentInvoices();

  return (
    <Container size="xl" data-testid="page-invoice-dashboard">
      <PageHeader title={t('dashboard.title')} />
      <Group justify="space-between" mb="md" wrap="wrap">
        <Select
          label={t('dashboard.period')}
          value={String(days)}
          onChange={(value) => value && update({ days: Number(value) === defaultPeriod ? null : value })}
          data={statsPeriods.map((d) => ({ value: String(d), label: t('dashboard.lastDays', { days: d }) }))}
          allowDeselect={false}
          data-testid="dashboard-period"
        />
        <Group gap="xs">
          <Button component={Link} to={paths.invoiceNew}>
            {t('list.new')}
          </Button>
          <Button component={Link} to={paths.invoices} variant="light">
            {t('dashboard.allInvoices')}
          </Button>
        </Group>
      </Group>
      {stats.isPending ? (
        <LoadingState />
      ) : stats.isError ? (
        <ErrorState
          error={stats.error}
          fallback={t('dashboard.loadFailed')}
          onRetry={() => void stats.refetch()}
        />
      ) : (
        <Stack>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} data-testid="dashboard-stats">
            {(
              [
                ['totalInvoices', formatNumber(stats.data.total_invoices, language)],
                ['totalAmount', formatMoney(stats.data.total_amount, stats.data.currency, language)],
                ['paidAmount', formatMoney(stats.data.paid_amount, stats.data.currency, language)],
                ['pendingAmount', formatMoney(stats.data.pending_amount, stats.data.currency, language)],
                ['overdueAmount', formatMoney(stats.data.overdue_amount, stats.data.currency, language)],
              ] as const
            ).map(([key, value]) => (
              <Card key={key} withBorder radius="md" padding="md" data-testid={`stat-${key}`}>
                <Text size="sm" c="dimmed">
                  {t(`dashboard.stats.${key}`)}
                </Text>
                <Text fw={700} fz="xl">
                  {value}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Card withBorder radius="md" padding="md" data-testid="dashboard-breakdown">
              <Title order={2} size="h4" mb="sm">
                {t('dashboard.breakdown')}
              </Title>
              <Stack gap="xs">
                {invoiceStatuses.map((status) => (
                  <Group key={status} justify="space-between">
                    <StatusBadge status={status} />
                    <Text fw={500}>{formatNumber(stats.data.status_breakdown[status], language)}</Text>
                  </Group>
                ))}
              </Stack>
            </Card>
            <Card withBorder radius="md" padding="md" data-testid="dashboard-amounts">
              <Title order={2} size="h4" mb="sm">
                {t('dashboard.amountByStatus')}
              </Title>
              <Stack gap="xs">
                {invoiceStatuses.map((status) => (
                  <Group key={status} justify="space-between">
                    <StatusBadge status={status} />
                    <Text fw={500}>
                      {formatMoney(stats.data.amount_by_status[status], stats.data.currency, language)}
                    </Text>
                  </Group>
                ))}
              </Stack>
            </Card>
          </SimpleGrid>
        </Stack>
      )}
      <Card withBorder radius="md" padding="md" mt="md">
        <Title order={2} size="h4" mb="sm">
          {t('dashboard.recent')}
        </Title>
        {recent.isPending ? (
          <LoadingState />
        ) : recent.isError ? (
          <ErrorState error={recent.error} fallback={t('list.loadFailed')} />
        ) : recent.data.results.length === 0 ? (
          <Text c="dimmed">{t('list.empty')}</Text>
        ) : (
          <TableScroll minWidth={640}>
            <Table className={stackedTable} data-testid="dashboard-recent">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('columns.number')}</Table.Th>
                  <Table.Th>{t('columns.customer')}</Table.Th>
                  <Table.Th>{t('columns.status')}</Table.Th>
                  <Table.Th>{t('columns.issueDate')}</Table.Th>
                  <Table.Th className="money">{t('columns.total')}</Table.Th>
                  <Table.Th>{t('columns.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {recent.data.results.map((invoice) => (
                  <Table.Tr key={invoice.id} data-testid="recent-row">
                    <Table.Td data-label={t('columns.number')}>
                      <bdi>{invoice.number || t('statuses.DRAFT')}</bdi>
                    </Table.Td>
                    <Table.Td data-label={t('columns.customer')}>
                      <bdi>{invoice.customer?.name ?? '—'}</bdi>
                    </Table.Td>
                    <Table.Td data-label={t('columns.status')}>
                      <StatusBadge status={invoice.status} />
                    </Table.Td>
                    <Table.Td data-label={t('columns.issueDate')}>
                      {formatDate(invoice.issue_date, language)}
                    </Table.Td>
                    <Table.Td className="money" data-label={t('columns.total')}>
                      {formatMoney(invoice.total, invoice.currency, language)}
                    </Table.Td>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={href(paths.invoiceEdit, { id: invoice.id })}
                        data-testid="recent-edit"
                      >
                        {t('list.edit')}
                      </Anchor>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
      </Card>
    </Container>
  );
}
