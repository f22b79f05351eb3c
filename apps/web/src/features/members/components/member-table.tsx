import type { Member, MembershipRole } from '@invoicing/contract';
import { Badge, Button, Group, NativeSelect, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDelete, useDeletion } from '../../../components/list/confirm-delete';
import { stackedTable } from '../../../components/list/stacked-table';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { formatDate } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { setOrganizationId } from '../../../lib/storage';
import { useMembers } from '../api/list-members';
import { useRemoveMemberMutation } from '../api/remove-member';
import { useRoleChange } from '../hooks/use-role-change';
import { canManage, rolesGivenBy } from '../roles';

interface MemberTableProps {
  organizationId: string;
  callerRole: MembershipRole;
}

/** The members, with a role select and a remove button where the caller may use them. */
export function MemberTable({ organizationId, callerRole }: MemberTableProps) {
  const { t, i18n } = useTranslation(['members', 'orgs']);
  const navigate = useNavigate();
  const members = useMembers(organizationId);
  const ownId = members.data?.find((member) => member.is_you)?.id;
  const remove = useRemoveMemberMutation(ownId, async () => {
    // Gone from the organization: nothing of it can be opened any more.
    setOrganizationId(null);
    await navigate(paths.orgSelect);
  });
  const roles = useRoleChange();
  // Whether the member asked about is the caller: the dialog and its message say "leave".
  const [leaving, setLeaving] = useState(false);
  const removal = useDeletion<Member>(remove, leaving ? t('toast.left') : t('toast.removed'));
  const askRemoval = (member: Member) => {
    setLeaving(member.is_you);
    removal.ask(member);
  };

  let body;
  if (members.isPending) body = <LoadingState testId="members-loading" />;
  else if (members.isError)
    body = (
      <ErrorState
        error={members.error}
        fallback={t('list.loadFailed')}
        onRetry={() => void members.refetch()}
        testId="members-error"
      />
    );
  else if (members.data.length === 0)
    body = (
      <Text c="dimmed" data-testid="members-empty">
        {t('list.empty')}
      </Text>
    );
  else
    body = (
      <Table.ScrollContainer minWidth={760}>
        <Table striped className={stackedTable} data-testid="members-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('list.name')}</Table.Th>
              <Table.Th>{t('list.email')}</Table.Th>
              <Table.Th>{t('list.role')}</Table.Th>
              <Table.Th>{t('list.joined')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('list.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {members.data.map((member) => {
              const name = member.name || t('list.noName');
              const manageable = canManage(callerRole, member.role);
              return (
                <Table.Tr key={member.id} data-testid="member-row" data-member-email={member.email}>
                  <Table.Td data-label={t('list.name')}>
                    <Group gap={6} wrap="nowrap" justify="inherit">
                      <bdi data-testid="member-name">{name}</bdi>
                      {member.is_you ? (
                        <Badge size="sm" variant="light" data-testid="member-you">
                          {t('list.you')}
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Td>
                  <Table.Td data-label={t('list.email')}>
                    <bdi dir="ltr" data-testid="member-email">
                      {member.email}
                    </bdi>
                  </Table.Td>
                  <Table.Td data-label={t('list.role')}>
                    {manageable ? (
                      <NativeSelect
                        size="xs"
                        aria-label={t('list.roleOf', { name })}
                        value={member.role}
                        disabled={roles.pendingId === member.id}
                        onChange={(event) =>
                          roles.change(member, event.currentTarget.value as MembershipRole)
                        }
                        data={rolesGivenBy(callerRole).map((role) => ({
                          value: role,
                          label: t(`orgs:roles.${role}`),
                        }))}
                        data-testid="member-role-select"
                      />
                    ) : (
                      <Badge variant="light" color="gray" data-testid="member-role">
                        {t(`orgs:roles.${member.role}`)}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td data-label={t('list.joined')}>
                    {formatDate(member.joined_at, i18n.language)}
                  </Table.Td>
                  <Table.Td>
                    {manageable ? (
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        aria-label={member.is_you ? t('list.leave') : t('list.removeLabel', { name })}
                        onClick={() => askRemoval(member)}
                        data-testid="member-remove"
                      >
                        {member.is_you ? t('list.leave') : t('list.remove')}
                      </Button>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  const target = removal.target;
  const demotion = roles.demotion.target;
  return (
    <Stack gap="sm">
      <Title order={2} fz="h3">
        {t('list.title')}
      </Title>
      {body}
      <ConfirmDelete
        deletion={removal}
        title={leaving ? t('confirm.leaveTitle') : t('confirm.removeTitle')}
        question={
          leaving
            ? t('confirm.leaveQuestion')
            : t('confirm.removeQuestion', { name: target ? target.name || target.email : '' })
        }
        cancelLabel={t('confirm.cancel')}
        deleteLabel={leaving ? t('list.leave') : t('confirm.remove')}
        failed={t('confirm.removeFailed')}
        testIdPrefix="member"
      />
      <ConfirmDelete
        deletion={roles.demotion}
        title={t('confirm.demoteTitle')}
        question={
          demotion
            ? t('confirm.demoteQuestion', {
                name: demotion.member.name || demotion.member.email,
                from: t(`orgs:roles.${demotion.member.role}`),
                to: t(`orgs:roles.${demotion.to}`),
              })
            : ''
        }
        cancelLabel={t('confirm.cancel')}
        deleteLabel={t('confirm.demote')}
        failed={t('confirm.demoteFailed')}
        testIdPrefix="demote"
      />
    </Stack>
  );
}
