import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '../lib/storage';
import { getOrganizationId, setOrganizationId, setTokens } from '../lib/storage';
import type { RouteObject } from 'react-router';
import { fakeAccessToken, jsonResponse, renderApp, renderPages, renderRoutes } from '../test/render';
import { RegisterPage } from './routes/register';

const user = userEvent.setup({ delay: null });

const organizations = [
  { id: 'org-1', name: 'Nile Trading Co.', role: 'OWNER', currency: 'EGP' },
  { id: 'org-2', name: 'شركة الخليج للتجارة', role: 'ADMIN', currency: 'SAR' },
];

function fakeServer(role = 'OWNER') {
  return vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.endsWith('/orgs/')) return jsonResponse(200, organizations);
    if (url.endsWith('/orgs/current/')) {
      return jsonResponse(200, {
        id: 'org-1',
        name: 'Nile Trading Co.',
        currency: 'EGP',
        country: null,
        tax_id: '',
        address: '',
        role,
        subscription: { plan_name: 'Pro', status: 'TRIAL', trial_ends_at: '2030-01-15T00:00:00Z' },
      });
    }
    if (url.endsWith('/auth/logout')) return jsonResponse(200, { success: true });
    return jsonResponse(404, { detail: 'Not found', code: 'NOT_FOUND' });
  });
}

function navLinks(): string[] {
  return within(screen.getByTestId('nav-bar'))
    .getAllByRole('link')
    .map((link) => link.getAttribute('data-testid') ?? '');
}

// The first test loads every page of the app: seconds of CPU time on a busy machine, never of waiting.
describe('app', { timeout: 15_000 }, () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', fakeServer());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows Login and Register to a visitor', async () => {
    await renderApp('/');
    expect(navLinks()).toEqual(['nav-login', 'nav-register']);
    expect(screen.getByTestId('landing-get-started')).toHaveTextContent('Get started');
  });

  it('shows only Admin Panel and Logout to a superuser', async () => {
    setTokens({ access: fakeAccessToken({ is_superuser: true }), refresh: 'r' });
    await renderApp('/admin');
    expect(navLinks()).toEqual(['nav-adminPanel']);
    expect(screen.getByTestId('nav-logout')).toBeInTheDocument();
    expect(screen.getAllByRole('tab')).toHaveLength(6);
  });

  it('shows the organization sections once an organization is selected', async () => {
    setTokens({ access: fakeAccessToken(), refresh: 'r' });
    setOrganizationId('org-1');
    await renderApp('/dashboard');
    expect(await screen.findByTestId('dashboard-welcome')).toHaveTextContent('Welcome to');
    expect(screen.getByTestId('dashboard-welcome')).toHaveTextContent('Nile Trading Co.');
    // Members is there for an owner (and an admin), once the role is known.
    await waitFor(() =>
      expect(navLinks()).toEqual([
        'nav-organizations',
        'nav-dashboard',
        'nav-customers',
        'nav-items',
        'nav-invoices',
        'nav-invoiceDashboard',
        'nav-ocr',
        'nav-fileManager',
        'nav-members',
        'nav-usage',
        'nav-upgradePlan',
      ]),
    );
    expect(screen.getByTestId('nav-members')).toHaveAttribute('href', '/members');
    // So are the organization's details, from its dashboard.
    expect(screen.getByTestId('organization-settings-link')).toHaveAttribute('href', '/organization');
  });

  it('offers no Members link to a USER', async () => {
    vi.stubGlobal('fetch', fakeServer('USER'));
    setTokens({ access: fakeAccessToken(), refresh: 'r' });
    setOrganizationId('org-1');
    await renderApp('/dashboard');
    expect(await screen.findByTestId('dashboard-role')).toHaveTextContent('User');
    expect(navLinks()).toContain('nav-usage');
    expect(navLinks()).not.toContain('nav-members');
    expect(screen.queryByTestId('organization-settings-link')).not.toBeInTheDocument();
  });

  it('sends a visitor from an organization page to /login', async () => {
    const { router } = await renderApp('/customers');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends a signed-in user without organization to /org/select, where choosing one opens the dashboard', async () => {
    setTokens({ access: fakeAccessToken(), refresh: 'r' });
    const { router } = await renderApp('/invoices');
    expect(router.state.location.pathname).toBe('/org/select');
    await user.click(await screen.findByTestId('choose-organization-org-2'));
    expect(getOrganizationId()).toBe('org-2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it.each([
    ['/payment/success', 'page-payment-success'],
    ['/payment/failure', 'page-payment-failure'],
    ['/payment/cancel', 'page-payment-cancel'],
  ])('opens %s to a visitor', async (path, testId) => {
    const { router } = await renderApp(path);
    expect(router.state.location.pathname).toBe(path);
    expect(screen.getByTestId(testId)).toBeInTheDocument();
  });

  it('asks for the capture of a Paymob return without a session, then goes on to the account', async () => {
    const { router } = await renderApp('/payment/paymob/return?id=7');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const asked = vi.mocked(fetch).mock.calls.map(([input]) => String(input));
    expect(asked.filter((url) => url.endsWith('/billing/payments/capture-paymob/'))).toHaveLength(1);
  });

  it.each(['/plans', '/payment?type=credits&amount=10.00&credits=10', '/payment/enhanced'])(
    'sends a visitor from %s to /login',
    async (path) => {
      const { router } = await renderApp(path);
      expect(router.state.location.pathname).toBe('/login');
    },
  );

  it('sends an unknown path to /', async () => {
    const { router } = await renderApp('/no/such/page');
    expect(router.state.location.pathname).toBe('/');
  });

  it('denies the admin panel to a regular user', async () => {
    setTokens({ access: fakeAccessToken(), refresh: 'r' });
    await renderApp('/admin');
    expect(screen.getByTestId('admin-access-denied')).toHaveTextContent('Access Denied');
    expect(screen.getByTestId('access-denied-admin-login')).toHaveAttribute('href', '/admin-login');
  });

  it('re-reads the session when another tab signs out', async () => {
    setTokens({ access: fakeAccessToken(), refresh: 'r' });
    setOrganizationId('org-1');
    await renderApp('/dashboard');
    expect(navLinks()).toContain('nav-dashboard');
    act(() => {
      window.localStorage.clear();
      window.dispatchEvent(new StorageEvent('storage', { key: null }));
    });
    await waitFor(() => expect(navLinks()).toEqual(['nav-login', 'nav-register']));
  });

  it('logs out: calls the API, forgets the session and opens /login', async () => {
    setTokens({ access: fakeAccessToken(), refresh: 'refresh-1' });
    setOrganizationId('org-1');
    const { router } = await renderApp('/dashboard');
    await user.click(screen.getByTestId('nav-logout'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const fetchMock = vi.mocked(fetch);
    const logoutCall = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/auth/logout'));
    expect(JSON.parse(String(logoutCall?.[1]?.body))).toEqual({ refresh: 'refresh-1' });
    expect(getOrganizationId()).toBeNull();
  });
});

function FailingPage(): never {
  throw new Error('a page that cannot render');
}

/** The app's route table, with the page at `path` replaced by one that fails to render. */
function withFailingPage(table: RouteObject[], path: string): RouteObject[] {
  return table.map(
    (route) =>
      ({
        ...route,
        ...(route.path === path ? { element: <FailingPage />, lazy: undefined } : {}),
        ...(route.children ? { children: withFailingPage(route.children, path) } : {}),
      }) as RouteObject,
  );
}

describe('a page that fails to render', { timeout: 15_000 }, () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', fakeServer());
    setTokens({ access: fakeAccessToken(), refresh: 'r' });
    setOrganizationId('org-1');
  });

  it.each([
    ['en', 'This page could not be shown'],
    ['ar', 'تعذّر عرض هذه الصفحة'],
  ] as const)(
    'shows the error in the page language in its place, and the app goes on (%s)',
    async (language, title) => {
      // React reports the error it caught; the page, not the console, is under test.
      const report = vi.spyOn(console, 'error').mockImplementation(() => {});
      try {
        const { routes } = await import('./router');
        await renderRoutes(withFailingPage(routes, '/customers'), '/customers', language);
        expect(await screen.findByTestId('route-error')).toHaveTextContent(title);
        expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(title);
        expect(navLinks()).toContain('nav-customers');
        await user.click(screen.getByTestId('nav-dashboard'));
        expect(await screen.findByTestId('dashboard-welcome')).toHaveTextContent('Nile Trading Co.');
        expect(screen.queryByTestId('route-error')).not.toBeInTheDocument();
      } finally {
        report.mockRestore();
      }
    },
  );
});

const renderRegister = (language: Language) =>
  renderPages({ '/register': () => <RegisterPage /> }, '/register', language);

describe('register form', () => {
  it.each([
    [
      'en',
      {
        organization: 'Organization name is required',
        email: 'Email is required',
        password: 'Password is required',
        short: 'Password must be at least 8 characters long',
      },
    ],
    [
      'ar',
      {
        organization: 'اسم المؤسسة مطلوب',
        email: 'البريد الإلكتروني مطلوب',
        password: 'كلمة المرور مطلوبة',
        short: 'يجب ألا تقل كلمة المرور عن 8 أحرف',
      },
    ],
  ] as const)('shows the validation messages per field in %s', async (language, messages) => {
    await renderRegister(language);
    expect(document.documentElement.dir).toBe(language === 'ar' ? 'rtl' : 'ltr');
    await user.click(screen.getByTestId('register-submit'));
    expect(screen.getByText(messages.organization)).toBeInTheDocument();
    expect(screen.getByText(messages.email)).toBeInTheDocument();
    expect(screen.getByText(messages.password)).toBeInTheDocument();
    await user.type(screen.getByTestId('register-password'), 'short');
    await user.click(screen.getByTestId('register-submit'));
    expect(screen.getByText(messages.short)).toBeInTheDocument();
  });

  it('shows server field errors per field, translated', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(400, {
          detail: 'Validation failed',
          code: 'VALIDATION_FAILED',
          errors: { email: ['An account with this email already exists'] },
        }),
      ),
    );
    await renderRegister('ar');
    await user.type(screen.getByTestId('register-organization'), 'Acme');
    await user.type(screen.getByTestId('register-email'), 'taken@example.com');
    await user.type(screen.getByTestId('register-password'), 'long-enough-1');
    await user.click(screen.getByTestId('register-submit'));
    expect(await screen.findByTestId('form-error')).toHaveTextContent(
      'البريد الإلكتروني: يوجد حساب بهذا البريد الإلكتروني بالفعل',
    );
    expect(screen.getAllByText('يوجد حساب بهذا البريد الإلكتروني بالفعل').length).toBeGreaterThan(0);
  });
});
