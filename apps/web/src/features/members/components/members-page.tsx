import type { Invitation } from '@invoicing/contract';
import { Alert, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { useCurrentOrganization } from '../../../lib/queries/current-organization';
import { useSession } from '../../../lib/session';
import { InvitationLink } from './invitation-link';
import { InvitationTable } from './invitation-table';
import { InviteForm } from './invite-form';
import { MemberTable } from './member-table';

/** The members page of an organization's OWNER and ADMIN: invite, list, change roles, remove, revoke. */
export function MembersPage() {
  const { t } = useTranslation('members');
  const { organizationId } = useSession();
  const organization = useCurrentOrganization();
  const [created, setCreated] = useState<(Invitation & { token: string }) | null>(null);

  let body;
  if (organization.isPending || !organizationId) body = <LoadingState />;
  else if (organization.isError)
    body = (
      <ErrorState
        error={organization.error}
        fallback={t('loadFailed')}
        onRetry={() => void organization.refetch()}
      />
    );
  else if (organization.data.role !== 'OWNER' && organization.data.role !== 'ADMIN')
    body = (
      <Alert color="gray" variant="light" data-testid="members-not-allowed">
        {t('notAllowed')}
      </Alert>
    );
  else {
    const callerRole = organization.data.role;
    body = (
      <Stack gap="xl">
        <Stack gap="sm">
          <InviteForm callerRole={callerRole} onCreated={setCreated} />
          {created ? <InvitationLink invitation={created} onDone={() => setCreated(null)} /> : null}
        </Stack>
        <MemberTable organizationId={organizationId} callerRole={callerRole} />
        <InvitationTable organizationId={organizationId} callerRole={callerRole} />
      </Stack>
    );
  }

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      {body}
    </>
  );
}
