import type { Invitation, Member, MembershipRole } from '@invoicing/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '../../../lib/storage';
import { getOrganizationId, setOrganizationId, setTokens } from '../../../lib/storage';
import type { ApiCall } from '../../../test/render';
import { fakeAccessToken, jsonResponse, renderPages, stubApi } from '../../../test/render';
import { MembersPage } from './members-page';

const member = (over: Partial<Member> & Pick<Member, 'id' | 'name' | 'email' | 'role'>): Member => ({
  user_id: `user-${over.id}`,
  joined_at: '2026-03-04T10:00:00Z',
  is_you: false,
  ...over,
});

const olivia = member({ id: 'm-1', name: 'Olivia Owner', email: 'olivia@nile.example', role: 'OWNER' });
const adam = member({ id: 'm-2', name: 'Adam Admin', email: 'adam@nile.example', role: 'ADMIN' });
const ursula = member({ id: 'm-3', name: 'Ursula User', email: 'ursula@nile.example', role: 'USER' });

const pending: Invitation = {
  id: 'inv-1',
  email: 'newbie@nile.example',
  role: 'USER',
  invited_by: 'Olivia Owner',
  created_at: '2026-03-05T10:00:00Z',
  expires_at: '2026-03-12T10:00:00Z',
  status: 'PENDING',
};
const expired: Invitation = { ...pending, id: 'inv-2', email: 'late@nile.example', status: 'EXPIRED' };

interface ServerOptions {
  role?: MembershipRole;
  /** Which member is the caller. */
  you?: string;
  invitations?: Invitation[];
  answer?: (call: ApiCall) => Response | undefined;
}

function fakeServer(options: ServerOptions = {}) {
  const you = options.you ?? 'm-1';
  let members = [olivia, adam, ursula].map((m) => ({ ...m, is_you: m.id === you }));
  let invitations = options.invitations ?? [pending, expired];
  const calls = stubApi((call) => {
    const answered = options.answer?.(call);
    if (answered) return answered;
    if (call.path === '/orgs/current/') {
      return jsonResponse(200, {
        id: 'org-1',
        name: 'Nile Trading Co.',
        currency: 'EGP',
        country: null,
        tax_id: '',
        address: '',
        role: options.role ?? 'OWNER',
        subscription: null,
      });
    }
    if (call.path === '/members/' && call.method === 'GET') return jsonResponse(200, members);
    if (call.path === '/invitations/' && call.method === 'GET') return jsonResponse(200, invitations);
    if (call.path === '/invitations/' && call.method === 'POST') {
      const body = call.body as { email: string; role: MembershipRole };
      const created = { ...pending, id: 'inv-new', email: body.email, role: body.role };
      invitations = [created, ...invitations];
      return jsonResponse(201, { ...created, token: 'secret-token-123' });
    }
    const memberPath = /^\/members\/([^/]+)\/$/.exec(call.path);
    if (memberPath && call.method === 'PATCH') {
      const role = (call.body as { role: MembershipRole }).role;
      members = members.map((m) => (m.id === memberPath[1] ? { ...m, role } : m));
      return jsonResponse(
        200,
        members.find((m) => m.id === memberPath[1]),
      );
    }
    if (memberPath && call.method === 'DELETE') {
      members = members.filter((m) => m.id !== memberPath[1]);
      return new Response(null, { status: 204 });
    }
    const invitationPath = /^\/invitations\/([^/]+)\/$/.exec(call.path);
    if (invitationPath && call.method === 'DELETE') {
      invitations = invitations.filter((i) => i.id !== invitationPath[1]);
      return new Response(null, { status: 204 });
    }
    return undefined;
  });
  return { calls, writes: () => calls.filter((c) => c.method !== 'GET') };
}

const user = userEvent.setup({ delay: null });

const renderMembers = (language?: Language) =>
  renderPages({ '/members': () => <MembersPage /> }, '/members', language);

const rowOf = async (email: string) =>
  (await screen.findAllByTestId('member-row')).find((row) => row.dataset.memberEmail === email)!;

beforeEach(() => {
  setTokens({ access: fakeAccessToken(), refresh: 'r' });
  setOrganizationId('org-1');
});

describe('members page', { timeout: 30_000 }, () => {
  it('lists the members with their role and joining date, and the pending invitations', async () => {
    fakeServer();
    await renderMembers();
    expect(screen.getByTestId('page-title')).toHaveTextContent('Members');
    const rows = await screen.findAllByTestId('member-row');
    expect(rows.map((row) => within(row).getByTestId('member-name').textContent)).toEqual([
      'Olivia Owner',
      'Adam Admin',
      'Ursula User',
    ]);
    expect(within(rows[0]!).getByTestId('member-you')).toHaveTextContent('You');
    expect(rows[1]).toHaveTextContent('adam@nile.example');
    expect(rows[1]).toHaveTextContent('Mar 4, 2026');
    // An owner manages every member, owners included.
    expect(within(rows[0]!).getByTestId('member-role-select')).toHaveValue('OWNER');
    expect(within(rows[2]!).getByTestId('member-role-select')).toHaveValue('USER');
    const invitations = await screen.findAllByTestId('invitation-row');
    expect(invitations[0]).toHaveTextContent('newbie@nile.example');
    expect(invitations[0]).toHaveTextContent('Olivia Owner');
    expect(invitations[0]).toHaveTextContent('Mar 12, 2026');
    expect(within(invitations[1]!).getByTestId('invitation-expired')).toHaveTextContent('Expired');
  });

  it('shows the loading state, then the empty state when no invitation is pending', async () => {
    fakeServer({ invitations: [] });
    await renderMembers();
    expect(await screen.findByTestId('invitations-empty')).toHaveTextContent('No pending invitations');
  });

  it('invites by email and role with the keyboard, and shows the link to copy once', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const server = fakeServer();
    await renderMembers();
    await screen.findAllByTestId('member-row');
    expect(
      within(screen.getByTestId('invite-role'))
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual(['USER', 'ADMIN', 'OWNER']);
    await user.selectOptions(screen.getByTestId('invite-role'), 'ADMIN');
    await user.type(screen.getByTestId('invite-email'), 'colleague@nile.example{Enter}');
    const link = await screen.findByTestId('invitation-link');
    expect(server.writes()).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/invitations/',
        body: { email: 'colleague@nile.example', role: 'ADMIN' },
      }),
    ]);
    const url = `${window.location.origin}/invite/secret-token-123`;
    expect(within(link).getByTestId('invitation-link-url')).toHaveValue(url);
    expect(link).toHaveTextContent('Invitation link for colleague@nile.example');
    await user.click(within(link).getByTestId('invitation-link-copy'));
    expect(writeText).toHaveBeenCalledWith(url);
    expect(await within(link).findByText('Link copied')).toBeInTheDocument();
    // The form is ready for the next one, and the list shows the new invitation.
    expect(screen.getByTestId('invite-email')).toHaveValue('');
    await waitFor(() => expect(screen.getAllByTestId('invitation-row')).toHaveLength(3));
    await user.click(within(link).getByTestId('invitation-link-done'));
    expect(screen.queryByTestId('invitation-link')).not.toBeInTheDocument();
  });

  it('checks the email before sending, and says why the server refused, in English', async () => {
    const server = fakeServer({
      answer: (call) =>
        call.method === 'POST'
          ? jsonResponse(409, {
              detail: 'This person is already a member of the organization.',
              code: 'ALREADY_A_MEMBER',
            })
          : undefined,
    });
    await renderMembers();
    await screen.findAllByTestId('member-row');
    await user.click(screen.getByTestId('invite-submit'));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(server.writes()).toEqual([]);
    await user.type(screen.getByTestId('invite-email'), 'adam@nile.example');
    await user.click(screen.getByTestId('invite-submit'));
    expect(await screen.findByTestId('invite-error')).toHaveTextContent(
      'This person is already a member of the organization.',
    );
    expect(screen.queryByTestId('invitation-link')).not.toBeInTheDocument();
  });

  it('says why the server refused in Arabic, with Arabic labels', async () => {
    fakeServer({
      answer: (call) =>
        call.method === 'POST'
          ? jsonResponse(403, {
              detail: 'Only an owner can invite, change or remove an owner, or make someone an owner.',
              code: 'OWNER_ONLY',
            })
          : undefined,
    });
    await renderMembers('ar');
    expect(screen.getByTestId('page-title')).toHaveTextContent('الأعضاء');
    const rows = await screen.findAllByTestId('member-row');
    expect(within(rows[0]!).getByTestId('member-you')).toHaveTextContent('أنت');
    expect(
      within(screen.getByTestId('invite-role')).getByRole('option', { name: 'مشرف' }),
    ).toBeInTheDocument();
    await user.type(screen.getByTestId('invite-email'), 'x@nile.example');
    await user.click(screen.getByTestId('invite-submit'));
    expect(await screen.findByTestId('invite-error')).toHaveTextContent(
      'المالك وحده يستطيع دعوة مالك أو تغيير دوره أو إزالته، أو جعل أحد مالكًا.',
    );
    expect(screen.queryByTestId('invitation-link')).not.toBeInTheDocument();
  });

  it('an admin gets no owner role to give and cannot touch the owner', async () => {
    fakeServer({ role: 'ADMIN', you: 'm-2' });
    await renderMembers();
    const ownerRow = await rowOf('olivia@nile.example');
    expect(within(ownerRow).queryByTestId('member-role-select')).not.toBeInTheDocument();
    expect(within(ownerRow).getByTestId('member-role')).toHaveTextContent('Owner');
    expect(within(ownerRow).queryByTestId('member-remove')).not.toBeInTheDocument();
    const userRow = await rowOf('ursula@nile.example');
    expect(
      within(within(userRow).getByTestId('member-role-select'))
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual(['USER', 'ADMIN']);
    expect(
      within(screen.getByTestId('invite-role'))
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual(['USER', 'ADMIN']);
  });

  it('promotes at once, and demotes only after the confirmation', async () => {
    const server = fakeServer();
    await renderMembers();
    await user.selectOptions(
      within(await rowOf('ursula@nile.example')).getByTestId('member-role-select'),
      'ADMIN',
    );
    await waitFor(() =>
      expect(server.writes()).toEqual([
        expect.objectContaining({ method: 'PATCH', path: '/members/m-3/', body: { role: 'ADMIN' } }),
      ]),
    );
    await user.selectOptions(
      within(await rowOf('adam@nile.example')).getByTestId('member-role-select'),
      'USER',
    );
    const dialog = await screen.findByTestId('demote-delete-dialog');
    expect(dialog).toHaveTextContent('Change the role of Adam Admin from Admin to User?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.writes()).toHaveLength(1);
    expect(within(await rowOf('adam@nile.example')).getByTestId('member-role-select')).toHaveValue('ADMIN');
    await user.selectOptions(
      within(await rowOf('adam@nile.example')).getByTestId('member-role-select'),
      'USER',
    );
    await user.click(await screen.findByTestId('demote-delete-confirm'));
    await waitFor(() => expect(server.writes()).toHaveLength(2));
    expect(server.writes()[1]).toMatchObject({
      method: 'PATCH',
      path: '/members/m-2/',
      body: { role: 'USER' },
    });
    await waitFor(() =>
      expect(within(screen.getAllByTestId('member-row')[1]!).getByTestId('member-role-select')).toHaveValue(
        'USER',
      ),
    );
  });

  it('keeps the last owner: the refusal shows in the dialog, in Arabic', async () => {
    fakeServer({
      answer: (call) =>
        call.method === 'PATCH'
          ? jsonResponse(409, {
              detail: "The last owner's role cannot be changed: make another member an owner first.",
              code: 'LAST_OWNER',
            })
          : undefined,
    });
    await renderMembers('ar');
    await user.selectOptions(
      within(await rowOf('olivia@nile.example')).getByTestId('member-role-select'),
      'USER',
    );
    await user.click(await screen.findByTestId('demote-delete-confirm'));
    expect(await screen.findByTestId('demote-delete-error')).toHaveTextContent(
      'يجب أن يبقى للمؤسسة مالك واحد على الأقل: اجعل عضوًا آخر مالكًا أولًا.',
    );
  });

  it('removes a member after the confirmation', async () => {
    const server = fakeServer();
    await renderMembers();
    await user.click(within(await rowOf('ursula@nile.example')).getByTestId('member-remove'));
    const dialog = await screen.findByTestId('member-delete-dialog');
    expect(dialog).toHaveTextContent('Remove Ursula User from the organization? They lose access at once.');
    expect(server.writes()).toEqual([]);
    await user.click(within(dialog).getByTestId('member-delete-confirm'));
    await waitFor(() => expect(screen.getAllByTestId('member-row')).toHaveLength(2));
    expect(server.writes()).toEqual([expect.objectContaining({ method: 'DELETE', path: '/members/m-3/' })]);
  });

  it('leaving the organization forgets it and opens the organization list', async () => {
    const server = fakeServer({ role: 'ADMIN', you: 'm-2' });
    const { router } = await renderMembers();
    await user.click(within(await rowOf('adam@nile.example')).getByTestId('member-remove'));
    const dialog = await screen.findByTestId('member-delete-dialog');
    expect(dialog).toHaveTextContent('Leave this organization? You lose access at once.');
    await user.click(within(dialog).getByTestId('member-delete-confirm'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/org/select'));
    expect(getOrganizationId()).toBeNull();
    expect(server.writes()).toEqual([expect.objectContaining({ method: 'DELETE', path: '/members/m-2/' })]);
  });

  it('revokes an invitation after the confirmation', async () => {
    const server = fakeServer();
    await renderMembers('ar');
    const [row] = await screen.findAllByTestId('invitation-row');
    await user.click(within(row!).getByTestId('invitation-revoke'));
    const dialog = await screen.findByTestId('invitation-delete-dialog');
    expect(dialog).toHaveTextContent('هل تريد إلغاء دعوة newbie@nile.example؟ سيتوقف رابطها عن العمل.');
    await user.click(within(dialog).getByTestId('invitation-delete-confirm'));
    await waitFor(() => expect(screen.getAllByTestId('invitation-row')).toHaveLength(1));
    expect(server.writes()).toEqual([
      expect.objectContaining({ method: 'DELETE', path: '/invitations/inv-1/' }),
    ]);
  });

  it('tells a USER that only owners and admins manage members, and asks nothing about them', async () => {
    const server = fakeServer({ role: 'USER', you: 'm-3' });
    await renderMembers();
    expect(await screen.findByTestId('members-not-allowed')).toHaveTextContent(
      'Only an owner or an admin of this organization manages its members.',
    );
    expect(server.calls.filter((c) => c.path === '/members/' || c.path === '/invitations/')).toEqual([]);
  });
});
