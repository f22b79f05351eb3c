import { Alert, Anchor, Button, Stack, Table, Tabs, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AuthCard } from '../../../components/auth-card';
import { LoadingState } from '../../../components/query-state';
import { describeError } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { useAcceptInvitationMutation } from '../api/accept-invitation';
import { useInvitationPreview } from '../api/preview-invitation';

interface InvitationPageProps {
  token: string;
  /** The registration form for the invited email (the auth feature's), shown to a visitor. */
  renderRegister: (email: string) => ReactNode;
  /** The sign-in form, starting with the invited email, that stays on this page once signed in. */
  renderSignIn: (email: string) => ReactNode;
  /** Signs the current user out, staying on this page. */
  onSignOut: () => Promise<void>;
}

/**
 * The page an invitation link opens: the organization and the role offered; Accept for a signed-in user,
 * Register or Sign in for a visitor.
 */
export function InvitationPage({ token, renderRegister, renderSignIn, onSignOut }: InvitationPageProps) {
  const { t, i18n } = useTranslation(['members', 'orgs', 'errors', 'common']);
  useDocumentTitle(`${t('invitation.pageTitle')} · ${t('common:appName')}`);
  const { isAuthenticated } = useSession();
  const navigate = useNavigate();
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitationMutation();

  if (preview.isPending) return <LoadingState testId="invitation-loading" />;
  if (preview.isError) {
    return (
      <AuthCard title={t('invitation.invalidTitle')}>
        <Stack>
          <Alert color="red" variant="light" role="alert" data-testid="invitation-invalid">
            {describeError(preview.error, t, i18n.language, t('invitation.loadFailed'))}
          </Alert>
          <Anchor component={Link} to={paths.home} ta="center">
            {t('invitation.home')}
          </Anchor>
        </Stack>
      </AuthCard>
    );
  }

  const invitation = preview.data;
  const role = t(`orgs:roles.${invitation.role}`);

  const onAccept = async () => {
    try {
      const joined = await accept.mutateAsync(token);
      showToast(t('invitation.joined', { name: joined.organization.name }), 'success');
      await navigate(paths.dashboard);
    } catch {
      // Shown under the button.
    }
  };

  return (
    <AuthCard
      title={t('invitation.title', { organization: invitation.organization_name })}
      subtitle={t('invitation.subtitle', { organization: invitation.organization_name, role })}
    >
      <Stack data-testid="invitation-page">
        <Table variant="vertical" withTableBorder layout="fixed">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w="40%">{t('invitation.organization')}</Table.Th>
              <Table.Td data-testid="invitation-organization">
                <bdi>{invitation.organization_name}</bdi>
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('invitation.role')}</Table.Th>
              <Table.Td data-testid="invitation-role">{role}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('invitation.email')}</Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                <bdi dir="ltr" data-testid="invitation-email">
                  {invitation.email}
                </bdi>
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Text size="sm" c="dimmed">
          {t('invitation.expires', { date: formatDateTime(invitation.expires_at, i18n.language) })}
        </Text>
        {isAuthenticated ? (
          <Stack gap="sm">
            <Text size="sm">{t('invitation.signedInHint')}</Text>
            {accept.error ? (
              <Alert color="red" variant="light" role="alert" data-testid="invitation-accept-error">
                {describeError(accept.error, t, i18n.language, t('invitation.acceptFailed'))}
              </Alert>
            ) : null}
            <Button
              onClick={() => void onAccept()}
              loading={accept.isPending}
              data-testid="invitation-accept"
            >
              {t('invitation.accept')}
            </Button>
            <Button
              variant="subtle"
              onClick={() => {
                accept.reset();
                void onSignOut();
              }}
              data-testid="invitation-sign-out"
            >
              {t('invitation.otherAccount')}
            </Button>
          </Stack>
        ) : (
          <Tabs defaultValue={invitation.account_exists ? 'sign-in' : 'register'} keepMounted={false}>
            <Tabs.List grow aria-label={t('invitation.chooseHow')}>
              <Tabs.Tab value="register" data-testid="invitation-tab-register">
                {t('invitation.register')}
              </Tabs.Tab>
              <Tabs.Tab value="sign-in" data-testid="invitation-tab-sign-in">
                {t('invitation.signIn')}
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="register" pt="md">
              {renderRegister(invitation.email)}
            </Tabs.Panel>
            <Tabs.Panel value="sign-in" pt="md">
              {renderSignIn(invitation.email)}
            </Tabs.Panel>
          </Tabs>
        )}
      </Stack>
    </AuthCard>
  );
}
