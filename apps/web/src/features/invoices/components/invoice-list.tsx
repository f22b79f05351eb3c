import { invoiceStatuses } from '@invoicing/contract/invoice-values';
import {
  Anchor,
  Button,
  Container,
  Group,
  SegmentedControl,
  Table,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PagedList } from '../../../components/list/paged-list';
import { useListControls } from '../../../components/list/use-list-controls';
import { useUrlParams } from '../../../lib/use-url-params';
import { PageHeader } from '../../../components/page-header';
import { formatDate, formatMoney } from '../../../lib/format';
import { href, paths } from '../../../lib/paths';
import { useInvoices } from '../api/list-invoices';
import { useInvoiceActions } from './invoice-actions';
import { InvoiceRowMenu } from './invoice-row-menu';
import { ImageStatusBadge, StatusBadge } from './status-badge';

// A phone's list of statuses (a select, with its dropdown) is loaded only on a phone.
const StatusFilterSelect = lazy(() =>
  import('./status-filter-select').then((module) => ({ default: module.StatusFilterSelect })),
);

export function InvoiceList() {
  const { t, i18n } = useTranslation(['invoices', 'common']);
  const language = i18n.language;
  const [params, update] = useUrlParams();
  const chosen = params.get('status');
  const status = chosen && (invoiceStatuses as readonly string[]).includes(chosen) ? chosen : 'ALL';
  const controls = useListControls({ pageSize: 20 });
  // Known at the first frame (no server rendering here), so the filter is drawn once, in its final form.
  const phone = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false });
  const statusOptions = [
    { value: 'ALL', label: t('list.all') },
    ...invoiceStatuses.map((s) => ({ value: s, label: t(`statuses.${s}`) })),
  ];
  const choose = (value: string) => update({ status: value === 'ALL' ? null : value, page: null });
  const query = useInvoices({ status, q: controls.q, page: controls.page, pageSize: controls.pageSize });
  const actions = useInvoiceActions();

  return (
    <Container size="xl" data-testid="page-invoices">
      <PageHeader title={t('list.title')} />
      <PagedList
        controls={controls}
        query={query}
        texts={{
          search: t('list.search'),
          loadFailed: t('list.loadFailed'),
          empty: t('list.empty'),
          emptyHint: t('list.emptyHint'),
        }}
        testIds={{
          search: 'invoice-search',
          empty: 'invoices-empty',
          list: 'invoice-table',
          pagination: 'invoice-pagination',
        }}
        actionsFirst
        actions={
          <Group gap="xs">
            <Button component={Link} to={paths.invoiceNew} data-testid="invoice-new">
              {t('list.new')}
            </Button>
            <Button component={Link} to={paths.ocr} variant="light" data-testid="invoice-from-ocr">
              {t('list.fromOcr')}
            </Button>
          </Group>
        }
        filters={
          // A phone has no room for six buttons in a row: the same choice as a list.
          phone ? (
            // Until the list arrives, its place is held by a field of the same size showing the choice, so
            // the invoices below do not jump down under a finger about to tap one.
            <Suspense
              fallback={
                <TextInput
                  readOnly
                  value={statusOptions.find((option) => option.value === status)?.label ?? ''}
                  aria-label={t('list.statusFilter')}
                />
              }
            >
              <StatusFilterSelect
                value={status}
                onChange={choose}
                data={statusOptions}
                label={t('list.statusFilter')}
              />
            </Suspense>
          ) : (
            <SegmentedControl
              value={status}
              onChange={choose}
              data={statusOptions}
              aria-label={t('list.statusFilter')}
              data-testid="invoice-status-filter"
            />
          )
        }
        layout={{
          table: {
            minWidth: 800,
            head: (
              <Table.Tr>
                <Table.Th>{t('columns.number')}</Table.Th>
                <Table.Th>{t('columns.customer')}</Table.Th>
                <Table.Th>{t('columns.status')}</Table.Th>
                <Table.Th>{t('columns.image')}</Table.Th>
                <Table.Th>{t('columns.issueDate')}</Table.Th>
                <Table.Th>{t('columns.dueDate')}</Table.Th>
                <Table.Th className="money">{t('columns.total')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('columns.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            ),
            row: (invoice) => (
              <Table.Tr key={invoice.id} data-testid="invoice-row">
                <Table.Td data-label={t('columns.number')} data-testid="invoice-number">
                  <bdi>{invoice.number || t('statuses.DRAFT')}</bdi>
                </Table.Td>
                <Table.Td data-label={t('columns.customer')}>
                  <bdi>{invoice.customer?.name ?? '—'}</bdi>
                </Table.Td>
                <Table.Td data-label={t('columns.status')}>
                  <StatusBadge status={invoice.status} />
                </Table.Td>
                <Table.Td data-label={t('columns.image')}>
                  <ImageStatusBadge status={invoice.image_status} />
                </Table.Td>
                <Table.Td data-label={t('columns.issueDate')}>
                  {formatDate(invoice.issue_date, language)}
                </Table.Td>
                <Table.Td data-label={t('columns.dueDate')}>
                  {formatDate(invoice.due_date, language)}
                </Table.Td>
                <Table.Td className="money" data-label={t('columns.total')} data-testid="invoice-total">
                  {formatMoney(invoice.total, invoice.currency, language)}
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap" justify="flex-end">
                    <Anchor
                      component={Link}
                      to={href(paths.invoice, { id: invoice.id })}
                      data-testid="invoice-edit"
                    >
                      {t('list.edit')}
                    </Anchor>
                    <InvoiceRowMenu invoice={invoice} actions={actions} />
                  </Group>
                </Table.Td>
              </Table.Tr>
            ),
          },
        }}
      />
      {actions.dialogs}
    </Container>
  );
}
