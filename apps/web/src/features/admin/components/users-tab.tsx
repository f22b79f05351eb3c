import type { AdminUser, AdminUserUpdate } from '@invoicing/contract';
import { Badge, Button, Group, Table, Tooltip, VisuallyHidden } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../../components/list/paged-list';
import { useListControls } from '../../../components/list/use-list-controls';
import { describeError } from '../../../lib/api-errors';
import { formatDate } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { useAdminUsers } from '../api/list-users';
import { useUpdateAdminUserMutation } from '../api/update-user';
import { isAccessDenied } from './access-denied';
import { ConfirmAction } from './confirm-action';

type UserAction = 'deactivate' | 'activate' | 'makeAdmin' | 'removeAdmin';

const changeOf: Record<UserAction, AdminUserUpdate> = {
  deactivate: { is_active: false },
  activate: { is_active: true },
  makeAdmin: { is_superuser: true },
  removeAdmin: { is_superuser: false },
};

/** SPEC §6: users with Deactivate/Activate and Remove Admin/Make Admin; never the signed-in superuser. */
export function UsersTab({ onDenied }: { onDenied: () => void }) {
  const { t, i18n } = useTranslation(['admin', 'errors']);
  const language = i18n.language;
  const controls = useListControls({ pageSize: 20 });
  const query = useAdminUsers({ q: controls.q, page: controls.page, pageSize: controls.pageSize });
  const { userId } = useSession();
  const mutation = useUpdateAdminUserMutation();
  const [asked, setAsked] = useState<{ user: AdminUser; action: UserAction } | null>(null);

  useEffect(() => {
    if (isAccessDenied(query.error)) onDenied();
  }, [query.error, onDenied]);

  const run = async (user: AdminUser, action: UserAction) => {
    try {
      await mutation.mutateAsync({ id: user.id, change: changeOf[action] });
      showToast(t(`users.done.${action}`, { email: user.email }), 'success');
      setAsked(null);
    } catch (error) {
      // In the dialog when one is open; otherwise as a toast.
      if (!asked) showToast(describeError(error, t, language, t('users.failed')), 'error');
    }
  };
  const ask = (user: AdminUser, action: UserAction) => {
    mutation.reset();
    // Activating takes nothing away: it needs no confirmation.
    if (action === 'activate') void run(user, action);
    else setAsked({ user, action });
  };

  const actionButton = (user: AdminUser, action: UserAction, self: boolean) => {
    const button = (
      <Button
        size="xs"
        variant={action === 'deactivate' || action === 'removeAdmin' ? 'light' : 'default'}
        color={action === 'deactivate' || action === 'removeAdmin' ? 'red' : undefined}
        disabled={self}
        loading={mutation.isPending && mutation.variables?.id === user.id && !asked}
        onClick={() => ask(user, action)}
        data-testid={
          action === 'deactivate' || action === 'activate'
            ? 'admin-user-toggle-active'
            : 'admin-user-toggle-superuser'
        }
      >
        {t(`users.${action}`)}
      </Button>
    );
    return self ? (
      <Tooltip label={t('users.selfHint')} key={action}>
        <span>{button}</span>
      </Tooltip>
    ) : (
      <span key={action}>{button}</span>
    );
  };

  return (
    <>
      <PagedList
        controls={controls}
        query={query}
        texts={{
          search: t('users.search'),
          loadFailed: t('users.loadFailed'),
          empty: t('users.empty'),
          emptySearch: t('users.emptySearch'),
        }}
        testIds={{
          search: 'admin-user-search',
          empty: 'admin-users-empty',
          list: 'admin-user-table',
          pagination: 'admin-user-pagination',
        }}
        layout={{
          table: {
            minWidth: 860,
            head: (
              <Table.Tr>
                <Table.Th>{t('users.columns.email')}</Table.Th>
                <Table.Th>{t('users.columns.name')}</Table.Th>
                <Table.Th>{t('users.columns.status')}</Table.Th>
                <Table.Th>{t('users.columns.role')}</Table.Th>
                <Table.Th>{t('users.columns.joined')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            ),
            row: (user) => {
              const self = user.id === userId;
              return (
                <Table.Tr key={user.id} data-testid="admin-user-row">
                  <Table.Td data-label={t('users.columns.email')} data-testid="admin-user-email">
                    <bdi dir="ltr">{user.email}</bdi>
                    {self ? (
                      <Badge size="xs" variant="light" ms="xs">
                        {t('users.you')}
                      </Badge>
                    ) : null}
                  </Table.Td>
                  <Table.Td data-label={t('users.columns.name')}>
                    <bdi>{user.name || t('common.none')}</bdi>
                  </Table.Td>
                  <Table.Td data-label={t('users.columns.status')}>
                    <Badge
                      color={user.is_active ? 'teal' : 'gray'}
                      variant="light"
                      data-testid="admin-user-status"
                    >
                      {user.is_active ? t('users.active') : t('users.inactive')}
                    </Badge>
                  </Table.Td>
                  <Table.Td data-label={t('users.columns.role')}>
                    <Badge
                      color={user.is_superuser ? 'grape' : 'blue'}
                      variant="light"
                      data-testid="admin-user-role"
                    >
                      {user.is_superuser ? t('users.superuser') : t('users.regular')}
                    </Badge>
                  </Table.Td>
                  <Table.Td data-label={t('users.columns.joined')}>
                    {formatDate(user.date_joined, language)}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="wrap" justify="flex-end">
                      {actionButton(user, user.is_active ? 'deactivate' : 'activate', self)}
                      {actionButton(user, user.is_superuser ? 'removeAdmin' : 'makeAdmin', self)}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            },
          },
        }}
      />
      <ConfirmAction
        opened={asked !== null}
        title={asked ? t(`users.confirm.${asked.action}.title`) : ''}
        text={asked ? t(`users.confirm.${asked.action}.text`, { email: asked.user.email }) : ''}
        confirmLabel={asked ? t(`users.${asked.action}`) : ''}
        danger={asked?.action !== 'makeAdmin'}
        pending={mutation.isPending}
        error={mutation.error}
        failed={t('users.failed')}
        onConfirm={() => asked && void run(asked.user, asked.action)}
        onClose={() => setAsked(null)}
        testId="admin-user-confirm"
      />
    </>
  );
}
