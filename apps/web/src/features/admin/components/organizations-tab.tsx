import type { AdminOrganization, AdminOrganizationContents } from '@invoicing/contract';
import { Alert, Button, Group, List, Loader, Table, Text, VisuallyHidden } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete, useDeletion } from '../../../components/list/confirm-delete';
import { PagedList } from '../../../components/list/paged-list';
import { useListControls } from '../../../components/list/use-list-controls';
import { formatDate, formatNumber } from '../../../lib/format';
import { useDeleteAdminOrganizationMutation } from '../api/delete-organization';
import { useAdminOrganization } from '../api/get-organization';
import { useAdminOrganizations } from '../api/list-organizations';
import { isAccessDenied } from './access-denied';

/** What goes with it; its payments stay (the ledger keeps them). */
const contentKeys: Exclude<keyof AdminOrganizationContents, 'payments'>[] = [
  'memberships',
  'customers',
  'items',
  'invoices',
  'files',
  'extractions',
];

/** What goes with an organization, counted when the deletion dialog opens. */
function OrganizationContents({ id }: { id: string }) {
  const { t, i18n } = useTranslation('admin');
  const detail = useAdminOrganization(id);
  if (detail.isPending) {
    return (
      <Group gap="xs" data-testid="admin-organization-contents-loading">
        <Loader size="xs" />
        <Text size="sm">{t('organizations.contentsLoading')}</Text>
      </Group>
    );
  }
  if (detail.isError) {
    return (
      <Text size="sm" c="red" data-testid="admin-organization-contents-error">
        {t('organizations.contentsFailed')}
      </Text>
    );
  }
  return (
    <>
      <Alert color="red" variant="light" title={t('organizations.contentsTitle')}>
        <List size="sm" data-testid="admin-organization-contents">
          {contentKeys.map((key) => (
            <List.Item key={key} data-testid={`admin-organization-contents-${key}`}>
              {t(`organizations.contents.${key}`, {
                n: formatNumber(detail.data.contents[key], i18n.language),
              })}
            </List.Item>
          ))}
        </List>
      </Alert>
      <Text size="sm" mt="sm" data-testid="admin-organization-payments-kept">
        {t('organizations.paymentsKept', {
          n: formatNumber(detail.data.contents.payments, i18n.language),
        })}
      </Text>
    </>
  );
}

/** SPEC §6: organizations, searched, each deletable after a dialog that names what goes with it. */
export function OrganizationsTab({ onDenied }: { onDenied: () => void }) {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.language;
  const controls = useListControls({ pageSize: 20 });
  const query = useAdminOrganizations({ q: controls.q, page: controls.page, pageSize: controls.pageSize });
  const deletion = useDeletion<AdminOrganization>(
    useDeleteAdminOrganizationMutation(),
    t('organizations.deleted'),
  );

  useEffect(() => {
    if (isAccessDenied(query.error)) onDenied();
  }, [query.error, onDenied]);

  return (
    <>
      <PagedList
        controls={controls}
        query={query}
        texts={{
          search: t('organizations.search'),
          loadFailed: t('organizations.loadFailed'),
          empty: t('organizations.empty'),
          emptySearch: t('organizations.emptySearch'),
        }}
        testIds={{
          search: 'admin-organization-search',
          empty: 'admin-organizations-empty',
          list: 'admin-organization-table',
          pagination: 'admin-organization-pagination',
        }}
        layout={{
          table: {
            minWidth: 760,
            head: (
              <Table.Tr>
                <Table.Th>{t('organizations.columns.name')}</Table.Th>
                <Table.Th>{t('organizations.columns.country')}</Table.Th>
                <Table.Th>{t('organizations.columns.currency')}</Table.Th>
                <Table.Th>{t('organizations.columns.users')}</Table.Th>
                <Table.Th>{t('organizations.columns.created')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            ),
            row: (organization) => (
              <Table.Tr key={organization.id} data-testid="admin-organization-row">
                <Table.Td data-label={t('organizations.columns.name')} data-testid="admin-organization-name">
                  <bdi>{organization.name}</bdi>
                </Table.Td>
                <Table.Td data-label={t('organizations.columns.country')}>
                  {organization.country ?? t('common.none')}
                </Table.Td>
                <Table.Td data-label={t('organizations.columns.currency')}>{organization.currency}</Table.Td>
                <Table.Td
                  data-label={t('organizations.columns.users')}
                  data-testid="admin-organization-users"
                >
                  {formatNumber(organization.user_count, language)}
                </Table.Td>
                <Table.Td data-label={t('organizations.columns.created')}>
                  {formatDate(organization.created_at, language)}
                </Table.Td>
                <Table.Td>
                  <Group justify="flex-end">
                    <Button
                      size="xs"
                      color="red"
                      variant="light"
                      onClick={() => deletion.ask(organization)}
                      data-testid="admin-organization-delete"
                    >
                      {t('organizations.delete')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ),
          },
        }}
      />
      <ConfirmDelete
        deletion={deletion}
        title={t('organizations.deleteTitle')}
        question={t('organizations.deleteQuestion', { name: deletion.target?.name ?? '' })}
        note={deletion.target ? <OrganizationContents id={deletion.target.id} /> : null}
        cancelLabel={t('common.cancel')}
        deleteLabel={t('organizations.delete')}
        failed={t('organizations.deleteFailed')}
        testIdPrefix="admin-organization"
      />
    </>
  );
}
