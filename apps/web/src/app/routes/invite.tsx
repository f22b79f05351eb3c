import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { logout } from '../../features/auth/api/logout';
import { InvitedRegisterForm } from '../../features/auth/components/invited-register-form';
import { LoginForm } from '../../features/auth/components/login-form';
import { invitationPreviewQueryOptions } from '../../features/members/api/preview-invitation';
import { InvitationPage } from '../../features/members/components/invitation-page';

/** An invitation link: the members feature's page, with the auth feature's forms to register or sign in. */
export function InvitePage() {
  const { token = '' } = useParams();
  const queryClient = useQueryClient();
  return (
    <InvitationPage
      token={token}
      renderRegister={(email) => <InvitedRegisterForm token={token} email={email} />}
      renderSignIn={(email) => <LoginForm initialEmail={email} onSignedIn={() => undefined} />}
      onSignOut={async () => {
        await logout();
        // The signed-in user's data goes; the invitation on the page (public) stays, so the forms show at once.
        const shown = JSON.stringify(invitationPreviewQueryOptions(token).queryKey);
        queryClient.removeQueries({ predicate: (query) => JSON.stringify(query.queryKey) !== shown });
      }}
    />
  );
}
