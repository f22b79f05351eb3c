import type {
  AdminMembership,
  AdminOrganization,
  AdminPaymentMethod,
  AdminPlan,
  AdminUser,
  AuditEntry,
} from '@invoicing/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatNumber, formatPercent } from '../../../lib/format';
import { i18n } from '../../../lib/i18n';
import type { Language } from '../../../lib/storage';
import { setTokens } from '../../../lib/storage';
import type { ApiCall } from '../../../test/render';
import { fakeAccessToken, jsonResponse, renderPages, stubApi } from '../../../test/render';
import { AdminPanel } from './admin-panel';

const me: AdminUser = {
  id: 'a0000000-0000-4000-8000-000000000001',
  email: 'admin@example.com',
  name: 'Administrator',
  is_active: true,
  is_superuser: true,
  date_joined: '2026-01-01T09:00:00Z',
};
const mona: AdminUser = {
  id: 'b0000000-0000-4000-8000-000000000002',
  email: 'mona@nile.example',
  name: 'منى حسن',
  is_active: true,
  is_superuser: false,
  date_joined: '2026-02-03T09:00:00Z',
};
const karim: AdminUser = {
  ...mona,
  id: 'c0000000-0000-4000-8000-000000000003',
  email: 'karim@delta.example',
  name: 'Karim',
  is_active: false,
};

const nile: AdminOrganization = {
  id: 'd0000000-0000-4000-8000-000000000004',
  name: 'Nile Trading',
  country: 'EG',
  currency: 'EGP',
  user_count: 3,
  created_at: '2026-02-03T09:00:00Z',
};

const membership: AdminMembership = {
  id: 'e0000000-0000-4000-8000-000000000005',
  role: 'OWNER',
  user: { id: mona.id, email: mona.email, name: mona.name },
  organization: { id: nile.id, name: nile.name },
  subscription: {
    plan_name: 'Pro',
    currency: 'EGP',
    price_monthly: '299.00',
    status: 'TRIAL',
    usage: { credits: { used: 12, max: 100 }, storage: { used_mb: 3.5, max_mb: 1024 } },
  },
};

const entries: AuditEntry[] = [
  {
    id: 'f0000000-0000-4000-8000-000000000006',
    actor: { id: me.id, email: me.email },
    action: 'membership.role_changed',
    target_type: 'membership',
    target_id: membership.id,
    before: { role: 'USER', user: { email: mona.email }, organization: { name: nile.name } },
    after: { role: 'ADMIN', user: { email: mona.email }, organization: { name: nile.name } },
    created_at: '2026-03-01T10:00:00Z',
  },
  {
    id: 'f0000000-0000-4000-8000-000000000007',
    actor: { id: me.id, email: me.email },
    action: 'organization.deleted',
    target_type: 'organization',
    target_id: nile.id,
    before: { name: 'Old Co', contents: { invoices: 4, files: 2 } },
    after: null,
    created_at: '2026-03-01T09:00:00Z',
  },
  {
    id: 'f0000000-0000-4000-8000-000000000008',
    actor: { id: me.id, email: me.email },
    action: 'payment_method.deactivated',
    target_type: 'payment_method',
    target_id: '70000000-0000-4000-8000-000000000007',
    before: { name: 'mada', display_name: 'mada', display_name_ar: 'مدى', is_active: true },
    after: { name: 'mada', display_name: 'mada', display_name_ar: 'مدى', is_active: false },
    created_at: '2026-03-01T08:00:00Z',
  },
  {
    id: 'f0000000-0000-4000-8000-000000000009',
    actor: { id: me.id, email: me.email },
    action: 'payment_method.updated',
    target_type: 'payment_method',
    target_id: '70000000-0000-4000-8000-000000000007',
    before: {
      name: 'mada',
      display_name: 'mada',
      display_name_ar: 'مدى',
      description: 'Saudi debit cards.',
      sort_order: 6,
    },
    after: {
      name: 'mada',
      display_name: 'mada',
      display_name_ar: 'بطاقة مدى',
      description: 'Saudi debit cards.',
      sort_order: 0,
    },
    created_at: '2026-03-01T07:00:00Z',
  },
  {
    id: 'f0000000-0000-4000-8000-00000000000a',
    actor: { id: me.id, email: me.email },
    action: 'plan.updated',
    target_type: 'plan',
    target_id: '80000000-0000-4000-8000-000000000008',
    before: { name: 'Pro', price_monthly: '299.00', is_active: true },
    after: { name: 'Pro', price_monthly: '299.00', is_active: false },
    created_at: '2026-03-01T06:00:00Z',
  },
];

const pro: AdminPlan = {
  id: '90000000-0000-4000-8000-000000000009',
  code: 'pro',
  name: 'Pro',
  description: 'For growing businesses',
  price_monthly: '299.00',
  price_yearly: '2870.40',
  currency: 'EGP',
  credits_per_month: 100,
  max_storage_mb: 1024,
  max_customers: 2000,
  max_items: null,
  max_invoices_per_month: 2000,
  is_active: true,
  organization_count: 4,
};

const fawry: AdminPaymentMethod = {
  id: '80000000-0000-4000-8000-000000000008',
  name: 'fawry',
  display_name: 'Fawry reference code',
  display_name_ar: 'رقم مرجعي من فوري',
  description: 'Pay at any Fawry outlet.',
  description_ar: 'ادفع في أي منفذ فوري.',
  is_active: true,
  total_transactions: 40,
  successful_transactions: 30,
  success_rate: 75,
  sort_order: 4,
  region: 'egypt',
};
const mada: AdminPaymentMethod = {
  ...fawry,
  id: '70000000-0000-4000-8000-000000000007',
  name: 'mada',
  display_name: 'mada',
  display_name_ar: 'مدى',
  description: 'Saudi debit cards.',
  description_ar: 'بطاقات مدى السعودية.',
  is_active: false,
  total_transactions: 0,
  successful_transactions: 0,
  success_rate: 0,
  sort_order: 5,
  region: 'gulf',
};

const page = <T,>(results: T[]) => ({ count: results.length, page: 1, page_size: 20, results });

/** A fake admin API; `answer` may take a call first. */
function fakeServer(answer: (call: ApiCall) => Response | Promise<Response> | undefined = () => undefined) {
  const calls = stubApi((call) => {
    const answered = answer(call);
    if (answered) return answered;
    if (call.method === 'GET' && call.path === '/admin/users/')
      return jsonResponse(200, page([me, mona, karim]));
    if (call.method === 'GET' && call.path === '/admin/organizations/')
      return jsonResponse(200, page([nile]));
    if (call.method === 'GET' && call.path === `/admin/organizations/${nile.id}/`) {
      return jsonResponse(200, {
        ...nile,
        contents: {
          memberships: 3,
          customers: 12,
          items: 7,
          invoices: 40,
          files: 9,
          extractions: 5,
          payments: 6,
        },
      });
    }
    if (call.method === 'DELETE') return new Response(null, { status: 204 });
    if (call.method === 'GET' && call.path === '/admin/memberships/')
      return jsonResponse(200, page([membership]));
    if (call.method === 'GET' && call.path === '/admin/subscription-plans/') return jsonResponse(200, [pro]);
    if (call.method === 'PATCH' && call.path === `/admin/subscription-plans/${pro.id}/`) {
      const { name, is_active } = call.body as Partial<AdminPlan>;
      return jsonResponse(200, { ...pro, name: name ?? pro.name, is_active: is_active ?? pro.is_active });
    }
    if (call.method === 'GET' && call.path === '/admin/audit-log/') return jsonResponse(200, page(entries));
    if (call.method === 'GET' && call.path === '/admin/payment-methods/')
      return jsonResponse(200, [fawry, mada]);
    if (call.method === 'POST' && call.path.startsWith('/admin/payment-methods/')) {
      const target = [fawry, mada].find((m) => call.path.includes(m.id))!;
      return jsonResponse(200, { ...target, is_active: !target.is_active });
    }
    if (call.method === 'PATCH' && call.path.startsWith('/admin/payment-methods/')) {
      const target = [fawry, mada].find((m) => call.path.includes(m.id))!;
      return jsonResponse(200, { ...target, ...(call.body as object) });
    }
    if (call.method === 'PATCH' && call.path.startsWith('/admin/users/')) {
      const target = [mona, karim].find((u) => call.path.includes(u.id))!;
      return jsonResponse(200, { ...target, ...(call.body as object) });
    }
    if (call.method === 'PATCH' && call.path.startsWith('/admin/memberships/')) {
      return jsonResponse(200, { ...membership, ...(call.body as object) });
    }
    return undefined;
  });
  return { writes: () => calls.filter((c) => c.method !== 'GET'), calls };
}

const user = userEvent.setup({ delay: null });

/** Puts a value in a field at once, the way pasting does: key by key would cost a render per letter. */
async function fill(input: HTMLElement, value: string) {
  await user.clear(input);
  if (value === '') return;
  await user.click(input);
  await user.paste(value);
}

const renderAdmin = (path: string, language: Language = 'en') =>
  renderPages({ '/admin': () => <AdminPanel /> }, path, language);

const rowOf = async (testId: string, text: string) =>
  (await screen.findAllByTestId(testId)).find((row) => row.textContent?.includes(text))!;

beforeEach(() => {
  setTokens({ access: fakeAccessToken({ sub: me.id, is_superuser: true }), refresh: 'r' });
});

describe.each(['en', 'ar'] as const)('the admin panel (%s)', { timeout: 20_000 }, (language) => {
  // The page's texts from the catalogue; a key missing there fails the test instead of matching itself.
  const t = (key: string, options: Record<string, unknown> = {}): string => {
    if (!i18n.exists(`admin:${key}`, { lng: language, fallbackLng: false })) throw new Error(`no ${key}`);
    return i18n.getFixedT(language, 'admin')(key, options);
  };

  it('has six tabs, the payment methods among them', async () => {
    fakeServer();
    await renderAdmin('/admin', language);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(
      ['users', 'organizations', 'memberships', 'plans', 'paymentMethods', 'auditLog'].map((k) =>
        t(`tabs.${k}`),
      ),
    );
    expect(document.documentElement.dir).toBe(language === 'ar' ? 'rtl' : 'ltr');
    await user.click(screen.getByTestId('admin-tab-paymentMethods'));
    expect(await screen.findByTestId('admin-method-table')).toBeInTheDocument();
  });

  it('users: flags shown, the own account untouchable, deactivation confirmed first', async () => {
    const server = fakeServer();
    await renderAdmin('/admin', language);
    const self = await rowOf('admin-user-row', me.email);
    expect(self).toHaveTextContent(t('users.you'));
    for (const button of within(self).getAllByRole('button')) expect(button).toBeDisabled();

    const row = await rowOf('admin-user-row', mona.email);
    expect(within(row).getByTestId('admin-user-status')).toHaveTextContent(t('users.active'));
    expect(within(row).getByTestId('admin-user-role')).toHaveTextContent(t('users.regular'));
    await user.click(within(row).getByTestId('admin-user-toggle-active'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(t('users.confirm.deactivate.title'));
    expect(dialog).toHaveTextContent(mona.email);
    expect(server.writes()).toEqual([]);
    await user.click(screen.getByTestId('admin-user-confirm-confirm'));
    await waitFor(() =>
      expect(server.writes()).toEqual([
        expect.objectContaining({
          method: 'PATCH',
          path: `/admin/users/${mona.id}/`,
          body: { is_active: false },
        }),
      ]),
    );
    expect(await screen.findByText(t('users.done.deactivate', { email: mona.email }))).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Activating takes nothing away: no dialog.
    const inactive = await rowOf('admin-user-row', karim.email);
    expect(within(inactive).getByTestId('admin-user-status')).toHaveTextContent(t('users.inactive'));
    await user.click(within(inactive).getByTestId('admin-user-toggle-active'));
    await waitFor(() => expect(server.writes().at(-1)?.body).toEqual({ is_active: true }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('users: making an admin is confirmed, and a refusal stays in the dialog in the page language', async () => {
    fakeServer((call) =>
      call.method === 'PATCH'
        ? jsonResponse(404, { detail: 'User not found.', code: 'NOT_FOUND' })
        : undefined,
    );
    await renderAdmin('/admin', language);
    const row = await rowOf('admin-user-row', mona.email);
    await user.click(within(row).getByTestId('admin-user-toggle-superuser'));
    expect(await screen.findByRole('dialog')).toHaveTextContent(t('users.confirm.makeAdmin.title'));
    await user.click(screen.getByTestId('admin-user-confirm-confirm'));
    expect(await screen.findByTestId('admin-user-confirm-error')).toHaveTextContent(
      language === 'en' ? 'User not found.' : i18n.getFixedT('ar', 'errors')('codes.NOT_FOUND'),
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('users: search goes to the server, and an empty answer says so', async () => {
    const server = fakeServer((call) =>
      call.path === '/admin/users/' && call.query.q ? jsonResponse(200, page([])) : undefined,
    );
    await renderAdmin('/admin?q=nobody', language);
    expect(await screen.findByTestId('admin-users-empty')).toHaveTextContent(t('users.emptySearch'));
    expect(server.calls.find((c) => c.path === '/admin/users/')?.query).toEqual({
      q: 'nobody',
      page: '1',
      page_size: '20',
    });
  });

  it('organizations: the deletion dialog names what goes with it before anything is deleted', async () => {
    const server = fakeServer();
    await renderAdmin('/admin?tab=organizations', language);
    const row = await rowOf('admin-organization-row', nile.name);
    expect(within(row).getByTestId('admin-organization-users')).toHaveTextContent('3');
    await user.click(within(row).getByTestId('admin-organization-delete'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(t('organizations.deleteQuestion', { name: nile.name }));
    const contents = await within(dialog).findByTestId('admin-organization-contents');
    for (const [key, n] of Object.entries({
      memberships: 3,
      customers: 12,
      items: 7,
      invoices: 40,
      files: 9,
      extractions: 5,
    })) {
      expect(within(contents).getByTestId(`admin-organization-contents-${key}`)).toHaveTextContent(
        t(`organizations.contents.${key}`, { n: String(n) }),
      );
    }
    // Its payments are not among what goes: they are kept, and counted.
    expect(within(contents).queryByTestId('admin-organization-contents-payments')).toBeNull();
    expect(within(dialog).getByTestId('admin-organization-payments-kept')).toHaveTextContent(
      t('organizations.paymentsKept', { n: '6' }),
    );
    expect(server.writes()).toEqual([]);
    await user.click(screen.getByTestId('admin-organization-delete-confirm'));
    await waitFor(() =>
      expect(server.writes()).toEqual([
        expect.objectContaining({ method: 'DELETE', path: `/admin/organizations/${nile.id}/` }),
      ]),
    );
    expect(await screen.findByText(t('organizations.deleted'))).toBeInTheDocument();
  });

  it('memberships: plan and usage shown, Auto-managed, the role changed by its select', async () => {
    const server = fakeServer();
    await renderAdmin('/admin?tab=memberships', language);
    const row = await rowOf('admin-membership-row', mona.email);
    expect(within(row).getByTestId('admin-membership-organization')).toHaveTextContent(nile.name);
    expect(within(row).getByTestId('admin-membership-plan')).toHaveTextContent('Pro');
    expect(within(row).getByTestId('admin-membership-plan')).toHaveTextContent('299.00');
    expect(within(row).getByTestId('admin-membership-status')).toHaveTextContent(
      t('memberships.statuses.TRIAL'),
    );
    expect(within(row).getByTestId('admin-membership-credits')).toHaveTextContent('12 / 100');
    expect(within(row).getByTestId('admin-membership-storage')).toHaveTextContent(
      t('memberships.storageUsage', { used: '3.5', max: '1,024' }),
    );
    expect(within(row).getByTestId('admin-membership-actions')).toHaveTextContent(
      t('memberships.autoManaged'),
    );
    await user.click(within(row).getByTestId('admin-membership-role'));
    await user.click(await screen.findByRole('option', { name: t('memberships.roles.ADMIN') }));
    await waitFor(() =>
      expect(server.writes()).toEqual([
        expect.objectContaining({
          method: 'PATCH',
          path: `/admin/memberships/${membership.id}/`,
          body: { role: 'ADMIN' },
        }),
      ]),
    );
  });

  it('memberships: the last owner is kept, and the page says why in its language', async () => {
    fakeServer((call) =>
      call.method === 'PATCH'
        ? jsonResponse(409, {
            detail: 'An organization must keep at least one owner: make another member OWNER first.',
            code: 'LAST_OWNER',
          })
        : undefined,
    );
    await renderAdmin('/admin?tab=memberships', language);
    const row = await rowOf('admin-membership-row', mona.email);
    await user.click(within(row).getByTestId('admin-membership-role'));
    await user.click(await screen.findByRole('option', { name: t('memberships.roles.USER') }));
    expect(
      await screen.findByText(
        language === 'en'
          ? 'An organization must keep at least one owner: make another member OWNER first.'
          : i18n.getFixedT('ar', 'errors')('codes.LAST_OWNER'),
      ),
    ).toBeInTheDocument();
    expect(within(row).getByTestId('admin-membership-role')).toHaveValue(t('memberships.roles.OWNER'));
  });

  it('plans: shown with their limits, switched off at once, edited with the form checks', async () => {
    const server = fakeServer();
    await renderAdmin('/admin?tab=plans', language);
    const row = await rowOf('admin-plan-row', 'Pro');
    expect(within(row).getByTestId('admin-plan-monthly')).toHaveTextContent('299.00');
    expect(within(row).getByTestId('admin-plan-organizations')).toHaveTextContent('4');
    expect(row).toHaveTextContent(t('plans.unlimited'));
    await user.click(within(row).getByTestId('admin-plan-active'));
    await waitFor(() =>
      expect(server.writes()).toEqual([
        expect.objectContaining({
          method: 'PATCH',
          path: `/admin/subscription-plans/${pro.id}/`,
          body: { is_active: false },
        }),
      ]),
    );

    await user.click(within(row).getByTestId('admin-plan-edit'));
    const form = await screen.findByTestId('admin-plan-form');
    await fill(within(form).getByTestId('admin-plan-name'), '');
    await fill(within(form).getByTestId('admin-plan-credits-per-month'), '');
    await fill(within(form).getByTestId('admin-plan-price-monthly'), '299.005');
    await user.click(screen.getByTestId('admin-plan-save'));
    const errors = i18n.getFixedT(language, 'errors');
    expect(within(form).getByTestId('admin-plan-name')).toHaveAccessibleDescription(
      errors('validation.planNameRequired'),
    );
    expect(within(form).getByTestId('admin-plan-credits-per-month')).toHaveAccessibleDescription(
      errors('validation.planCreditsRequired'),
    );
    expect(within(form).getByTestId('admin-plan-price-monthly')).toHaveAccessibleDescription(
      errors('validation.priceInvalid'),
    );
    expect(server.writes()).toHaveLength(1);

    await fill(within(form).getByTestId('admin-plan-name'), 'Pro Plus');
    await fill(within(form).getByTestId('admin-plan-credits-per-month'), '150');
    await fill(within(form).getByTestId('admin-plan-price-monthly'), '349.5');
    await fill(within(form).getByTestId('admin-plan-max-customers'), '');
    await user.click(screen.getByTestId('admin-plan-save'));
    await waitFor(() => expect(server.writes()).toHaveLength(2));
    expect(server.writes()[1]!.body).toEqual({
      name: 'Pro Plus',
      description: 'For growing businesses',
      price_monthly: '349.5',
      price_yearly: '2870.40',
      currency: 'EGP',
      credits_per_month: 150,
      max_storage_mb: 1024,
      max_customers: null,
      max_items: null,
      max_invoices_per_month: 2000,
    });
    expect(await screen.findByText(t('plans.saved', { name: 'Pro Plus' }))).toBeInTheDocument();
  });

  it('plans: a plan in use is not deleted, and the dialog says why in the page language', async () => {
    const detail = 'This plan is used by 4 organizations and cannot be deleted. Switch it off instead.';
    fakeServer((call) =>
      call.method === 'DELETE' ? jsonResponse(409, { detail, code: 'PLAN_IN_USE' }) : undefined,
    );
    await renderAdmin('/admin?tab=plans', language);
    const row = await rowOf('admin-plan-row', 'Pro');
    await user.click(within(row).getByTestId('admin-plan-delete'));
    expect(await screen.findByRole('dialog')).toHaveTextContent(t('plans.deleteTitle'));
    await user.click(screen.getByTestId('admin-plan-delete-confirm'));
    expect(await screen.findByTestId('admin-plan-delete-error')).toHaveTextContent(
      language === 'en' ? detail : i18n.getFixedT('ar', 'errors')('codes.PLAN_IN_USE'),
    );
  });

  it('plans: a switch stays blocked while its change is on its way, whatever other switches do', async () => {
    const starter: AdminPlan = {
      ...pro,
      id: '90000000-0000-4000-8000-000000000010',
      code: 'starter',
      name: 'Starter',
    };
    let answerPro: () => void = () => undefined;
    const proAnswered = new Promise<void>((resolve) => {
      answerPro = resolve;
    });
    fakeServer((call) => {
      if (call.method === 'GET' && call.path === '/admin/subscription-plans/')
        return jsonResponse(200, [pro, starter]);
      if (call.method === 'PATCH' && call.path === `/admin/subscription-plans/${pro.id}/`)
        return proAnswered.then(() => jsonResponse(200, { ...pro, is_active: false }));
      if (call.method === 'PATCH' && call.path === `/admin/subscription-plans/${starter.id}/`)
        return jsonResponse(200, { ...starter, is_active: false });
      return undefined;
    });
    await renderAdmin('/admin?tab=plans', language);
    const switchOf = async (name: string) =>
      within(await rowOf('admin-plan-row', name)).getByTestId('admin-plan-active');
    await user.click(await switchOf('Pro'));
    await waitFor(async () => expect(await switchOf('Pro')).toBeDisabled());
    // Another plan switched meanwhile, and its answer back: the first is still on its way.
    await user.click(await switchOf('Starter'));
    expect(await screen.findByText(t('plans.deactivated', { name: 'Starter' }))).toBeInTheDocument();
    expect(await switchOf('Starter')).toBeEnabled();
    expect(await switchOf('Pro')).toBeDisabled();
    answerPro();
    await waitFor(async () => expect(await switchOf('Pro')).toBeEnabled());
  });

  it('payment methods: totals and success rate in the page language, toggled at once', async () => {
    const server = fakeServer();
    await renderAdmin('/admin?tab=paymentMethods', language);
    const rows = await screen.findAllByTestId('admin-method-row');
    expect(rows.map((r) => r.dataset.method)).toEqual(['fawry', 'mada']);
    const row = rows[0]!;
    expect(within(row).getByTestId('admin-method-name')).toHaveTextContent(
      language === 'ar' ? 'رقم مرجعي من فوري' : 'Fawry reference code',
    );
    expect(within(row).getByTestId('admin-method-name')).toHaveTextContent(
      language === 'ar' ? 'ادفع في أي منفذ فوري.' : 'Pay at any Fawry outlet.',
    );
    expect(within(row).getByTestId('admin-method-total')).toHaveTextContent(formatNumber(40, language));
    expect(within(row).getByTestId('admin-method-successful')).toHaveTextContent(formatNumber(30, language));
    expect(within(row).getByTestId('admin-method-rate')).toHaveTextContent(formatPercent(75, language));
    expect(within(row).getByTestId('admin-method-active')).toBeChecked();
    expect(within(rows[1]!).getByTestId('admin-method-active')).not.toBeChecked();
    expect(rows[1]).toHaveTextContent(t('paymentMethods.inactive'));

    await user.click(within(row).getByTestId('admin-method-active'));
    await waitFor(() =>
      expect(server.writes()).toEqual([
        expect.objectContaining({
          method: 'POST',
          path: `/admin/payment-methods/${fawry.id}/toggle_active/`,
        }),
      ]),
    );
    const name = language === 'ar' ? fawry.display_name_ar : fawry.display_name;
    expect(await screen.findByText(t('paymentMethods.deactivated', { name }))).toBeInTheDocument();
  });

  it('payment methods: a switch stays blocked while its change is on its way, whatever other switches do', async () => {
    let answerFawry: () => void = () => undefined;
    const fawryAnswered = new Promise<void>((resolve) => {
      answerFawry = resolve;
    });
    fakeServer((call) =>
      call.method === 'POST' && call.path === `/admin/payment-methods/${fawry.id}/toggle_active/`
        ? fawryAnswered.then(() => jsonResponse(200, { ...fawry, is_active: false }))
        : undefined,
    );
    await renderAdmin('/admin?tab=paymentMethods', language);
    const switchOf = async (method: string) =>
      within(
        (await screen.findAllByTestId('admin-method-row')).find((r) => r.dataset.method === method)!,
      ).getByTestId('admin-method-active');
    await user.click(await switchOf('fawry'));
    await waitFor(async () => expect(await switchOf('fawry')).toBeDisabled());
    // Another method switched meanwhile, and its answer back: the first is still on its way.
    await user.click(await switchOf('mada'));
    const madaName = language === 'ar' ? mada.display_name_ar : mada.display_name;
    expect(await screen.findByText(t('paymentMethods.activated', { name: madaName }))).toBeInTheDocument();
    expect(await switchOf('mada')).toBeEnabled();
    expect(await switchOf('fawry')).toBeDisabled();
    answerFawry();
    await waitFor(async () => expect(await switchOf('fawry')).toBeEnabled());
  });

  it('payment methods: edited in English and Arabic with the form checks', async () => {
    const server = fakeServer();
    await renderAdmin('/admin?tab=paymentMethods', language);
    const row = await rowOf('admin-method-row', language === 'ar' ? 'مدى' : 'mada');
    await user.click(within(row).getByTestId('admin-method-edit'));
    const form = await screen.findByTestId('admin-method-form');
    expect(within(form).getByTestId('admin-method-display-name-ar')).toHaveValue('مدى');
    await fill(within(form).getByTestId('admin-method-display-name'), '');
    await fill(within(form).getByTestId('admin-method-description-ar'), '   ');
    await fill(within(form).getByTestId('admin-method-sort-order'), '-1');
    await user.click(screen.getByTestId('admin-method-save'));
    const errors = i18n.getFixedT(language, 'errors');
    expect(within(form).getByTestId('admin-method-display-name')).toHaveAccessibleDescription(
      errors('validation.methodDisplayNameRequired'),
    );
    expect(within(form).getByTestId('admin-method-description-ar')).toHaveAccessibleDescription(
      errors('validation.methodDescriptionRequired'),
    );
    expect(within(form).getByTestId('admin-method-sort-order')).toHaveAccessibleDescription(
      errors('validation.wholeNumberInvalid'),
    );
    await fill(within(form).getByTestId('admin-method-sort-order'), 'first');
    await user.click(screen.getByTestId('admin-method-save'));
    expect(within(form).getByTestId('admin-method-sort-order')).toHaveAccessibleDescription(
      errors('validation.wholeNumberInvalid'),
    );
    expect(server.writes()).toEqual([]);

    await fill(within(form).getByTestId('admin-method-display-name'), 'mada card');
    await fill(within(form).getByTestId('admin-method-description-ar'), 'ادفع ببطاقة مدى.');
    await fill(within(form).getByTestId('admin-method-sort-order'), '0');
    await user.click(screen.getByTestId('admin-method-save'));
    await waitFor(() => expect(server.writes()).toHaveLength(1));
    expect(server.writes()[0]).toMatchObject({
      method: 'PATCH',
      path: `/admin/payment-methods/${mada.id}/`,
      body: {
        display_name: 'mada card',
        display_name_ar: 'مدى',
        description: 'Saudi debit cards.',
        description_ar: 'ادفع ببطاقة مدى.',
        sort_order: 0,
      },
    });
    const name = language === 'ar' ? 'مدى' : 'mada card';
    expect(await screen.findByText(t('paymentMethods.saved', { name }))).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('admin-method-form')).not.toBeInTheDocument());
  });

  it('audit log: entries in words, filtered through the address and the server', async () => {
    const server = fakeServer();
    await renderAdmin('/admin?tab=auditLog', language);
    const rows = await screen.findAllByTestId('admin-audit-row');
    expect(within(rows[0]!).getByTestId('admin-audit-action-name')).toHaveTextContent(
      t('auditLog.actions.membership_role_changed'),
    );
    expect(within(rows[0]!).getByTestId('admin-audit-target-name')).toHaveTextContent(
      `${mona.email} · ${nile.name}`,
    );
    expect(within(rows[0]!).getByTestId('admin-audit-change')).toHaveTextContent(
      t('auditLog.roleChange', { from: t('memberships.roles.USER'), to: t('memberships.roles.ADMIN') }),
    );
    expect(within(rows[1]!).getByTestId('admin-audit-target-name')).toHaveTextContent('Old Co');
    expect(within(rows[2]!).getByTestId('admin-audit-action-name')).toHaveTextContent(
      t('auditLog.actions.payment_method_deactivated'),
    );
    expect(within(rows[2]!).getByTestId('admin-audit-target-name')).toHaveTextContent(
      language === 'ar' ? 'مدى' : 'mada',
    );
    // An edit names the fields it changed, as the edit form names them.
    const edited = within(rows[3]!).getByTestId('admin-audit-change');
    expect(edited).toHaveTextContent(t('paymentMethods.fields.display_name_ar'));
    expect(edited).toHaveTextContent(t('paymentMethods.fields.sort_order'));
    expect(edited).not.toHaveTextContent(t('paymentMethods.fields.description'));
    expect(within(rows[2]!).getByTestId('admin-audit-change')).toHaveTextContent(t('common.none'));
    // A plan switched off names what changed too.
    expect(within(rows[4]!).getByTestId('admin-audit-change')).toHaveTextContent(
      t('auditLog.changed', { fields: t('plans.columns.active') }),
    );
    await user.click(screen.getByTestId('admin-audit-action'));
    await user.click(await screen.findByRole('option', { name: t('auditLog.actions.organization_deleted') }));
    await waitFor(() =>
      expect(server.calls.filter((c) => c.path === '/admin/audit-log/').at(-1)?.query).toEqual({
        action: 'organization.deleted',
        page: '1',
        page_size: '20',
      }),
    );
  });

  it('audit log: from a date range in the address, and an empty answer says nothing matches', async () => {
    const server = fakeServer((call) =>
      call.path === '/admin/audit-log/' ? jsonResponse(200, page([])) : undefined,
    );
    await renderAdmin('/admin?tab=auditLog&from=2026-03-01&to=2026-03-31&target=user', language);
    expect(await screen.findByTestId('admin-audit-empty')).toHaveTextContent(t('auditLog.emptyFiltered'));
    expect(server.calls.find((c) => c.path === '/admin/audit-log/')?.query).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
      target_type: 'user',
      page: '1',
      page_size: '20',
    });
    await user.click(screen.getByTestId('admin-audit-clear'));
    await waitFor(() =>
      expect(server.calls.filter((c) => c.path === '/admin/audit-log/').at(-1)?.query).toEqual({
        page: '1',
        page_size: '20',
      }),
    );
  });

  it('shows Access Denied when the server refuses the lists', async () => {
    fakeServer((call) =>
      call.path === '/admin/users/'
        ? jsonResponse(403, {
            detail: 'You are not authorized to access the admin panel.',
            code: 'FORBIDDEN',
          })
        : undefined,
    );
    await renderAdmin('/admin', language);
    expect(await screen.findByTestId('admin-access-denied')).toHaveTextContent(t('accessDenied.title'));
    expect(screen.getByTestId('access-denied-admin-login')).toHaveAttribute('href', '/admin-login');
    expect(screen.getByTestId('access-denied-login')).toHaveAttribute('href', '/login');
  });

  it('shows a load error with a retry for other failures', async () => {
    let fail = true;
    fakeServer((call) =>
      call.path === '/admin/organizations/' && fail
        ? jsonResponse(500, {
            detail: 'Something went wrong on our side. Please try again.',
            code: 'INTERNAL',
          })
        : undefined,
    );
    await renderAdmin('/admin?tab=organizations', language);
    const error = await screen.findByTestId('error-state');
    expect(error).toHaveTextContent(t('organizations.loadFailed'));
    fail = false;
    await user.click(within(error).getByRole('button'));
    expect(await rowOf('admin-organization-row', nile.name)).toBeInTheDocument();
  });
});
