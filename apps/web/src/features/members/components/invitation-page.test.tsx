import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { getAccessToken, getOrganizationId, setOrganizationId, setTokens } from '../../../lib/storage';
import type { ApiCall } from '../../../test/render';
import { fakeAccessToken, jsonResponse, renderApp, stubApi } from '../../../test/render';

const preview = {
  organization_name: 'Nile Trading Co.',
  role: 'ADMIN',
  email: 'newbie@nile.example',
  expires_at: '2026-03-12T10:00:00Z',
  account_exists: false,
};

const joinedTokens = { access: fakeAccessToken({ sub: 'user-new' }), refresh: 'refresh-new' };

function fakeServer(answer: (call: ApiCall) => Response | undefined = () => undefined) {
  const calls = stubApi((call) => {
    const answered = answer(call);
    if (answered) return answered;
    if (call.path === '/invitations/preview/') return jsonResponse(200, preview);
    if (call.path === '/auth/register/invited') {
      return jsonResponse(201, {
        tokens: joinedTokens,
        user: { id: 'user-new', email: preview.email, name: 'Nadia', is_superuser: false },
        organization: { id: 'org-9', name: 'Nile Trading Co.' },
      });
    }
    if (call.path === '/auth/login') {
      return jsonResponse(200, {
        access: fakeAccessToken({ sub: 'user-old' }),
        refresh: 'refresh-old',
        user: { id: 'user-old', email: preview.email, name: '', is_superuser: false },
      });
    }
    if (call.path === '/invitations/accept/') {
      return jsonResponse(200, { organization: { id: 'org-9', name: 'Nile Trading Co.' }, role: 'ADMIN' });
    }
    if (call.path === '/orgs/current/') {
      return jsonResponse(200, {
        id: 'org-9',
        name: 'Nile Trading Co.',
        currency: 'EGP',
        country: null,
        tax_id: '',
        address: '',
        role: 'ADMIN',
        subscription: null,
      });
    }
    if (call.path === '/auth/logout') return jsonResponse(200, { success: true });
    return undefined;
  });
  return {
    calls,
    writes: () => calls.filter((c) => c.path !== '/invitations/preview/' && c.method !== 'GET'),
  };
}

const user = userEvent.setup({ delay: null });

beforeEach(() => {
  setOrganizationId(null);
});

// The first test loads the whole app: seconds of CPU time on a busy machine, never of waiting.
describe('invitation page', { timeout: 40_000 }, () => {
  it('shows a visitor the organization and the role, and registers for the invited email', async () => {
    const server = fakeServer();
    const { router } = await renderApp('/invite/tok-123');
    const page = await screen.findByTestId('invitation-page');
    expect(screen.getByTestId('page-title')).toHaveTextContent('Join Nile Trading Co.');
    expect(within(page).getByTestId('invitation-organization')).toHaveTextContent('Nile Trading Co.');
    expect(within(page).getByTestId('invitation-role')).toHaveTextContent('Admin');
    expect(within(page).getByTestId('invitation-email')).toHaveTextContent('newbie@nile.example');
    expect(server.calls[0]).toMatchObject({
      method: 'POST',
      path: '/invitations/preview/',
      body: { token: 'tok-123' },
    });
    // No account yet: the registration form is open, with the invited email fixed.
    const email = screen.getByTestId('invited-register-email');
    expect(email).toHaveValue('newbie@nile.example');
    expect(email).toHaveAttribute('readonly');
    await user.type(screen.getByTestId('invited-register-name'), 'Nadia');
    await user.type(screen.getByTestId('invited-register-password'), 'short{Enter}');
    expect(await screen.findByText('Password must be at least 8 characters long')).toBeInTheDocument();
    await user.clear(screen.getByTestId('invited-register-password'));
    await user.type(screen.getByTestId('invited-register-password'), 'a-good-password{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(server.writes()[0]).toMatchObject({
      method: 'POST',
      path: '/auth/register/invited',
      body: { token: 'tok-123', email: 'newbie@nile.example', name: 'Nadia', password: 'a-good-password' },
    });
    expect(getAccessToken()).toBe(joinedTokens.access);
    expect(getOrganizationId()).toBe('org-9');
  });

  it('opens the sign-in form for an existing account; once signed in, Accept joins', async () => {
    const server = fakeServer((call) =>
      call.path === '/invitations/preview/'
        ? jsonResponse(200, { ...preview, account_exists: true })
        : undefined,
    );
    const { router } = await renderApp('/invite/tok-123');
    await screen.findByTestId('invitation-page');
    expect(screen.getByTestId('invitation-tab-sign-in')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('login-email')).toHaveValue('newbie@nile.example');
    await user.type(screen.getByTestId('login-password'), 'my-password{Enter}');
    // Signed in, the page stays and offers the invitation.
    await user.click(await screen.findByTestId('invitation-accept'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(server.writes().map((c) => c.path)).toEqual(['/auth/login', '/invitations/accept/']);
    expect(server.writes()[1]!.body).toEqual({ token: 'tok-123' });
    expect(getOrganizationId()).toBe('org-9');
  });

  it('switches between registering and signing in with the keyboard', async () => {
    fakeServer();
    await renderApp('/invite/tok-123');
    await screen.findByTestId('invitation-page');
    screen.getByTestId('invitation-tab-register').focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByTestId('invitation-tab-sign-in')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('login-form')).toBeInTheDocument();
  });

  it('refuses a signed-in user with another email, clearly, in English and in Arabic', async () => {
    setTokens({ access: fakeAccessToken(), refresh: 'r' });
    const refusal = () =>
      jsonResponse(403, {
        detail:
          'This invitation was sent to another email address: sign in or register with the invited email to accept it.',
        code: 'INVITATION_EMAIL_MISMATCH',
      });
    fakeServer((call) => (call.path === '/invitations/accept/' ? refusal() : undefined));
    const { router, unmount } = await renderApp('/invite/tok-123');
    await user.click(await screen.findByTestId('invitation-accept'));
    expect(await screen.findByTestId('invitation-accept-error')).toHaveTextContent(
      'This invitation was sent to another email address',
    );
    expect(router.state.location.pathname).toBe('/invite/tok-123');
    unmount();

    await renderApp('/invite/tok-123', 'ar');
    expect(await screen.findByTestId('page-title')).toHaveTextContent('انضم إلى Nile Trading Co.');
    await user.click(await screen.findByTestId('invitation-accept'));
    expect(await screen.findByTestId('invitation-accept-error')).toHaveTextContent(
      'أُرسلت هذه الدعوة إلى بريد إلكتروني آخر',
    );
    // Signing out offers the forms again.
    await user.click(screen.getByTestId('invitation-sign-out'));
    expect(await screen.findByTestId('invited-register-form')).toBeInTheDocument();
    expect(getAccessToken()).toBeNull();
  });

  it('says why a link cannot be used, in English and in Arabic', async () => {
    fakeServer((call) =>
      call.path === '/invitations/preview/'
        ? jsonResponse(410, {
            detail: 'This invitation has expired. Ask for a new invitation.',
            code: 'INVITATION_EXPIRED',
          })
        : undefined,
    );
    const { unmount } = await renderApp('/invite/old');
    expect(await screen.findByTestId('invitation-invalid')).toHaveTextContent(
      'This invitation has expired. Ask for a new invitation.',
    );
    expect(screen.getByTestId('page-title')).toHaveTextContent('This invitation cannot be used');
    unmount();
    await renderApp('/invite/old', 'ar');
    expect(await screen.findByTestId('invitation-invalid')).toHaveTextContent(
      'انتهت صلاحية هذه الدعوة. اطلب دعوة جديدة.',
    );
    expect(screen.queryByTestId('invited-register-form')).not.toBeInTheDocument();
  });
});
