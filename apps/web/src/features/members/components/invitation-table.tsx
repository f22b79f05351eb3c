import type { Invitation, MembershipRole } from '@invoicing/contract';
import { Badge, Button, Card, EmptyState, Stack, Table, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete, useDeletion } from '../../../components/list/confirm-delete';
import { stackedTable } from '../../../components/list/stacked-table';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { formatDate } from '../../../lib/format';
import { useInvitations } from '../api/list-invitations';
import { useRevokeInvitationMutation } from '../api/revoke-invitation';
import { canManage } from '../roles';
import { TableScroll } from '../../../components/list/table-scroll';

interface InvitationTableProps {
  organizationId: string;
  callerRole: MembershipRole;
}

/** Invitations waiting for an answer (expired ones marked), each with Revoke where the caller may. */
export function InvitationTable({ organizationId, callerRole }: InvitationTableProps) {
  const { t, i18n } = useTranslation(['members', 'orgs']);
  const invitations = useInvitations(organizationId);
  const revoke = useRevokeInvitationMutation();
  const revocation = useDeletion<Invitation>(revoke, t('toast.revoked'));

  let body;
  if (invitations.isPending) body = <LoadingState testId="invitations-loading" />;
  else if (invitations.isError)
    body = (
      <ErrorState
        error={invitations.error}
        fallback={t('invitations.loadFailed')}
        onRetry={() => void invitations.refetch()}
        testId="invitations-error"
      />
    );
  else if (invitations.data.length === 0)
    body = (
      <Card withBorder padding="lg" radius="md" data-testid="invitations-empty">
        <EmptyState title={t('invitations.empty')} description={t('invitations.emptyHint')} />
      </Card>
    );
  else
    body = (
      <TableScroll minWidth={760}>
        <Table striped className={stackedTable} data-testid="invitations-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('invitations.email')}</Table.Th>
              <Table.Th>{t('invitations.role')}</Table.Th>
              <Table.Th>{t('invitations.invitedBy')}</Table.Th>
              <Table.Th>{t('invitations.expires')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('invitations.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invitations.data.map((invitation) => (
              <Table.Tr
                key={invitation.id}
                data-testid="invitation-row"
                data-invitation-email={invitation.email}
              >
                <Table.Td data-label={t('invitations.email')}>
                  <bdi dir="ltr" data-testid="invitation-email">
                    {invitation.email}
                  </bdi>
                </Table.Td>
                <Table.Td data-label={t('invitations.role')}>{t(`orgs:roles.${invitation.role}`)}</Table.Td>
                <Table.Td data-label={t('invitations.invitedBy')}>
                  <bdi>{invitation.invited_by}</bdi>
                </Table.Td>
                <Table.Td data-label={t('invitations.expires')}>
                  {invitation.status === 'EXPIRED' ? (
                    <Badge color="orange" variant="light" data-testid="invitation-expired">
                      {t('invitations.expired')}
                    </Badge>
                  ) : (
                    formatDate(invitation.expires_at, i18n.language)
                  )}
                </Table.Td>
                <Table.Td>
                  {canManage(callerRole, invitation.role) ? (
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      aria-label={t('invitations.revokeLabel', { email: invitation.email })}
                      onClick={() => revocation.ask(invitation)}
                      data-testid="invitation-revoke"
                    >
                      {t('invitations.revoke')}
                    </Button>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
    );

  return (
    <Stack gap="sm">
      <Title order={2} fz="h3">
        {t('invitations.title')}
      </Title>
      {body}
      <ConfirmDelete
        deletion={revocation}
        title={t('confirm.revokeTitle')}
        question={t('confirm.revokeQuestion', { email: revocation.target?.email ?? '' })}
        cancelLabel={t('confirm.cancel')}
        deleteLabel={t('confirm.revoke')}
        failed={t('confirm.revokeFailed')}
        testIdPrefix="invitation"
      />
    </Stack>
  );
}
