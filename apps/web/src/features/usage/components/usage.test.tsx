import type { EnhancedUsage } from '@invoicing/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Language } from '../../../lib/storage';
import { getUpgradeError, setOrganizationId, setTokens, setUpgradeError } from '../../../lib/storage';
import type { ApiCall } from '../../../test/render';
import { fakeAccessToken, jsonResponse, renderPages, stubApi } from '../../../test/render';
import { UsagePage } from './usage-page';

const ids = {
  free: '0a000000-0000-4000-8000-000000000001',
  pro: '0a000000-0000-4000-8000-000000000002',
  enterprise: '0a000000-0000-4000-8000-000000000003',
  credits: '0b000000-0000-4000-8000-000000000001',
  storage: '0b000000-0000-4000-8000-000000000002',
};

const plan = {
  description: '',
  currency: 'EGP',
  features: [],
  is_popular: false,
  is_current: false,
};

const plans: EnhancedUsage['plans'] = [
  {
    ...plan,
    id: ids.free,
    name: 'Free',
    price_monthly: '0.00',
    price_yearly: '0.00',
    credits_per_month: 10,
    max_storage_mb: 30,
    max_customers: 25,
    max_items: 50,
    max_invoices_per_month: 20,
  },
  {
    ...plan,
    id: ids.pro,
    name: 'Pro',
    price_monthly: '299.00',
    price_yearly: '2870.40',
    credits_per_month: 100,
    max_storage_mb: 1024,
    max_customers: 2000,
    max_items: 10000,
    max_invoices_per_month: 2000,
    is_popular: true,
  },
  {
    ...plan,
    id: ids.enterprise,
    name: 'Enterprise',
    price_monthly: '2990.00',
    price_yearly: '28704.00',
    credits_per_month: 1000,
    max_storage_mb: 10240,
    max_customers: null,
    max_items: null,
    max_invoices_per_month: null,
  },
];

const usage: EnhancedUsage = {
  credits: { remaining: 45, used: 60, max: 100, extra: 5 },
  storage: { used_mb: 12.5, remaining_mb: 1111.5, max_mb: 1124, extra_mb: 100 },
  plan: { name: 'Pro', description: 'For growing businesses.', currency: 'EGP', price_monthly: '299.00' },
  status: 'TRIAL',
  trial_ends_at: '2026-03-15T12:00:00Z',
  current_period_end: '2026-04-01T12:00:00Z',
  extra_purchases: {
    active_purchases: [
      { id: ids.credits, type: 'credits', quantity: 50, expires_at: '2026-03-20T12:00:00Z' },
      { id: ids.storage, type: 'storage', quantity: 100, expires_at: null },
    ],
  },
  limits: {
    customers: { used: 12, limit: 2000 },
    items: { used: 40, limit: 10000 },
    invoices_this_month: { used: 7, limit: 2000 },
  },
  prices: { credit: '1.00', storage_mb: '0.10', currency: 'EGP' },
  plans: plans.map((p) => ({ ...p, is_current: p.id === ids.pro })),
  current_plan_id: ids.pro,
  billing_cycle: 'monthly',
  can_purchase: true,
};

const activeFree: EnhancedUsage = {
  ...usage,
  credits: { remaining: 0, used: 10, max: 10, extra: 0 },
  storage: { used_mb: 29.5, remaining_mb: 0.5, max_mb: 30, extra_mb: 0 },
  plan: { ...usage.plan, name: 'Free', price_monthly: '0.00' },
  status: 'ACTIVE',
  trial_ends_at: null,
  extra_purchases: { active_purchases: [] },
  limits: {
    customers: { used: 25, limit: 25 },
    items: { used: 3, limit: 50 },
    invoices_this_month: { used: 0, limit: 20 },
  },
  plans: plans.map((p) => ({ ...p, is_current: p.id === ids.free })),
  current_plan_id: ids.free,
};

const enterprise: EnhancedUsage = {
  ...usage,
  plan: { ...usage.plan, name: 'Enterprise', price_monthly: '2990.00' },
  status: 'ACTIVE',
  trial_ends_at: null,
  limits: {
    customers: { used: 3000, limit: null },
    items: { used: 12000, limit: null },
    invoices_this_month: { used: 2500, limit: null },
  },
  plans: plans.map((p) => ({ ...p, is_current: p.id === ids.enterprise })),
  current_plan_id: ids.enterprise,
};

const ocrRefusal = {
  message: 'This needs 1 credit and 0 are left.',
  limitType: 'ocr',
  currentUsage: 100,
  limit: 100,
};

/** The usage answer from `answer()` each time it is asked; other calls from `other`, else 404. */
function fakeServer(
  answer: () => Response | Promise<Response>,
  other: (call: ApiCall) => Response | undefined = () => undefined,
) {
  const calls = stubApi((call) => {
    if (call.method === 'GET' && call.path === '/usage/enhanced') return answer();
    return other(call);
  });
  return {
    usageCalls: () => calls.filter((c) => c.path === '/usage/enhanced'),
    writes: () => calls.filter((c) => c.method !== 'GET'),
  };
}

/** Where the page sent the user: path and query. */
function Destination() {
  const location = useLocation();
  return <div data-testid="destination">{`${location.pathname}${location.search}`}</div>;
}

/** An amount as the page formats it in English, with the currency code held to it by a no-break space. */
const egp = (amount: string) => `EGP\u00a0${amount}`;

const user = userEvent.setup({ delay: null });

const renderUsage = (language?: Language) =>
  renderPages({ '/usage': () => <UsagePage />, '/payment': () => <Destination /> }, '/usage', language);

beforeEach(() => {
  setTokens({ access: fakeAccessToken(), refresh: 'r' });
  setOrganizationId('org-1');
});

describe('usage page', { timeout: 15_000 }, () => {
  it('shows the plan, the credits, the storage, the limits and the extra purchases', async () => {
    fakeServer(() => jsonResponse(200, usage));
    await renderUsage();
    expect(await screen.findByTestId('usage-plan-name')).toHaveTextContent('Pro');
    expect(screen.getByTestId('page-title')).toHaveTextContent('Usage and billing');
    expect(screen.getByTestId('usage-plan-status')).toHaveTextContent('Trial');
    expect(screen.getByTestId('usage-plan-price')).toHaveTextContent('EGP 299.00 / month');
    expect(screen.getByTestId('usage-trial-ends')).toHaveTextContent('Trial endsMar 15, 2026');
    expect(screen.getByTestId('usage-period-ends')).toHaveTextContent('Current period endsApr 1, 2026');

    expect(screen.getByTestId('usage-credits-used')).toHaveTextContent('60 / 100');
    expect(within(screen.getByTestId('usage-credits-bar')).getByRole('progressbar')).toHaveAttribute(
      'aria-valuenow',
      '60',
    );
    expect(screen.getByTestId('usage-credits-remaining')).toHaveTextContent('Remaining45');
    expect(screen.getByTestId('usage-credits-extra')).toHaveTextContent('Extra credits5');
    expect(screen.getByTestId('usage-storage-used')).toHaveTextContent('12.5 MB / 1,124 MB');
    expect(screen.getByTestId('usage-storage-extra')).toHaveTextContent('Extra storage100 MB');

    expect(screen.getByTestId('usage-limits-customers')).toHaveTextContent('Customers12 / 2,000');
    expect(screen.getByTestId('usage-limits-items')).toHaveTextContent('Items40 / 10,000');
    expect(screen.getByTestId('usage-limits-invoices')).toHaveTextContent('Invoices this month7 / 2,000');

    const purchases = screen.getAllByTestId('usage-purchase');
    expect(purchases).toHaveLength(2);
    expect(purchases[0]).toHaveTextContent('Extra credits: 50');
    expect(purchases[0]).toHaveTextContent('Expires Mar 20, 2026');
    expect(purchases[1]).toHaveTextContent('Extra storage: 100 MB');
    expect(purchases[1]).toHaveTextContent('Does not expire');
    expect(screen.getByRole('button', { name: 'Remove Extra credits: 50' })).toBeEnabled();

    expect(screen.getByRole('button', { name: `Buy 10 credits for ${egp('10.00')}` })).toBeEnabled();
    expect(screen.getByRole('button', { name: `Buy 50 credits for ${egp('50.00')}` })).toBeEnabled();
    expect(screen.getByRole('button', { name: `Buy 100 MB for ${egp('10.00')}` })).toBeEnabled();
    expect(screen.getByRole('button', { name: `Buy 500 MB for ${egp('50.00')}` })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Buy Custom Amount' })).toBeEnabled();
    expect(screen.queryByTestId('usage-owner-only')).not.toBeInTheDocument();
    expect(screen.queryByTestId('usage-limit-banner')).not.toBeInTheDocument();
  });

  it('shows the plans with the current one marked and no way down', async () => {
    fakeServer(() => jsonResponse(200, usage));
    await renderUsage();
    const pro = await screen.findByTestId('usage-plan-card-pro');
    expect(pro).toHaveAttribute('aria-current', 'true');
    expect(pro).toHaveTextContent('ProMost popularCurrent plan');
    expect(within(pro).getByTestId('usage-plan-card-price')).toHaveTextContent('EGP 299.00 / month');
    expect(within(pro).getByTestId('usage-plan-card-price').querySelector('.money')).toHaveTextContent(
      /^EGP 299\.00$/,
    );
    expect(within(pro).getByTestId('usage-plan-card-unavailable')).toHaveTextContent('Your current plan');
    expect(within(pro).getByTestId('usage-plan-card-unavailable')).toBeDisabled();
    expect(screen.getAllByTestId('usage-plan-current')).toHaveLength(1);

    const free = screen.getByTestId('usage-plan-card-free');
    expect(free).toHaveTextContent('10 OCR credits a month');
    expect(free).toHaveTextContent('30 MB storage');
    expect(free).toHaveTextContent('Up to 25 customers');
    expect(within(free).getByRole('button', { name: 'Downgrade not available' })).toBeDisabled();

    const top = screen.getByTestId('usage-plan-card-enterprise');
    expect(top).toHaveTextContent('1,000 OCR credits a month');
    expect(top).toHaveTextContent('10 GB storage');
    expect(top).toHaveTextContent('Unlimited customers');
    expect(within(top).getByTestId('usage-plan-card-price')).toHaveTextContent('EGP 2,990.00 / month');
    await user.click(within(top).getByRole('button', { name: 'Upgrade to Enterprise' }));
    expect(await screen.findByTestId('destination')).toHaveTextContent(
      `/payment?type=plan&amount=2990.00&plan_id=${ids.enterprise}&billing_cycle=monthly`,
    );
  });

  it('offers the yearly price, what it saves and the year of credits at once', async () => {
    fakeServer(() => jsonResponse(200, usage));
    await renderUsage();
    const top = await screen.findByTestId('usage-plan-card-enterprise');
    await user.click(screen.getByRole('radio', { name: 'Yearly' }));
    expect(within(top).getByTestId('usage-plan-card-price')).toHaveTextContent('EGP 28,704.00 / year');
    expect(within(top).getByTestId('usage-plan-card-saving')).toHaveTextContent('Save 20%');
    expect(top).toHaveTextContent('12,000 OCR credits at once for the year');
    await user.click(within(top).getByRole('button', { name: 'Upgrade to Enterprise' }));
    expect(await screen.findByTestId('destination')).toHaveTextContent(
      `/payment?type=plan&amount=28704.00&plan_id=${ids.enterprise}&billing_cycle=yearly`,
    );
  });

  it('says Active for an active plan, unlimited limits, and nothing to remove', async () => {
    fakeServer(() => jsonResponse(200, { ...enterprise, extra_purchases: { active_purchases: [] } }));
    await renderUsage();
    expect(await screen.findByTestId('usage-plan-status')).toHaveTextContent('Active');
    expect(screen.queryByTestId('usage-trial-ends')).not.toBeInTheDocument();
    expect(screen.getByTestId('usage-limits-customers')).toHaveTextContent('Customers3,000 / Unlimited');
    expect(screen.getByTestId('usage-limits-invoices')).toHaveTextContent(
      'Invoices this month2,500 / Unlimited',
    );
    expect(screen.getByTestId('usage-purchases-empty')).toHaveTextContent('No active extra purchases.');
    // The top plan: nothing to upgrade to.
    expect(screen.queryAllByTestId('usage-plan-card-upgrade')).toHaveLength(0);
    expect(screen.getByTestId('usage-plan-card-enterprise')).toHaveAttribute('aria-current', 'true');
  });

  it.each([
    [`Buy 10 credits for ${egp('10.00')}`, '/payment?type=credits&amount=10.00&credits=10'],
    [`Buy 50 credits for ${egp('50.00')}`, '/payment?type=credits&amount=50.00&credits=50'],
    [`Buy 100 MB for ${egp('10.00')}`, '/payment?type=storage&amount=10.00&storage_mb=100'],
    [`Buy 500 MB for ${egp('50.00')}`, '/payment?type=storage&amount=50.00&storage_mb=500'],
  ])('%s leads to the payment page for that purchase', async (name, destination) => {
    fakeServer(() => jsonResponse(200, usage));
    await renderUsage();
    await user.click(await screen.findByRole('button', { name }));
    expect(await screen.findByTestId('destination')).toHaveTextContent(destination);
  });

  it('prices a custom amount as it is typed and buys only what is positive', async () => {
    fakeServer(() => jsonResponse(200, usage));
    await renderUsage();
    await user.click(await screen.findByRole('button', { name: 'Buy Custom Amount' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy Custom Amount' });
    const buy = within(dialog).getByRole('button', { name: 'Buy Now' });
    expect(buy).toBeDisabled();
    expect(within(dialog).getByTestId('usage-custom-total')).toHaveTextContent('EGP 0.00');
    expect(dialog).toHaveTextContent('Extras expire after the next billing cycle.');

    const storage = within(dialog).getByRole('textbox', { name: 'Extra storage (MB)' });
    await user.clear(storage);
    await user.type(storage, '250');
    expect(within(dialog).getByTestId('usage-custom-total')).toHaveTextContent('EGP 25.00');
    expect(buy).toBeEnabled();

    const credits = within(dialog).getByRole('textbox', { name: 'Extra credits' });
    await user.clear(credits);
    // Not a whole number: the decimal point is not taken.
    await user.type(credits, '20.5');
    expect(credits).toHaveValue('205');
    await user.clear(credits);
    await user.type(credits, '20');
    expect(within(dialog).getByTestId('usage-custom-total')).toHaveTextContent('EGP 45.00');

    await user.clear(storage);
    await user.clear(credits);
    expect(buy).toBeDisabled();
    await user.type(credits, '7');
    await user.click(buy);
    expect(await screen.findByTestId('destination')).toHaveTextContent(
      '/payment?type=credits&amount=7.00&credits=7',
    );
  });

  it('buys credits and storage together from the custom dialog', async () => {
    fakeServer(() => jsonResponse(200, usage));
    await renderUsage();
    await user.click(await screen.findByRole('button', { name: 'Buy Custom Amount' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy Custom Amount' });
    const credits = within(dialog).getByRole('textbox', { name: 'Extra credits' });
    const storage = within(dialog).getByRole('textbox', { name: 'Extra storage (MB)' });
    await user.clear(credits);
    await user.type(credits, '20');
    await user.clear(storage);
    await user.type(storage, '100');
    await user.click(within(dialog).getByRole('button', { name: 'Buy Now' }));
    expect(await screen.findByTestId('destination')).toHaveTextContent(
      '/payment?type=extras&amount=30.00&credits=20&storage_mb=100',
    );
  });

  it('removes a purchase after a confirmation and shows the figures again', async () => {
    let current = usage;
    const server = fakeServer(
      () => jsonResponse(200, current),
      (call) => {
        if (call.method === 'DELETE' && call.path === `/billing/extra-purchase/${ids.credits}/remove`) {
          current = {
            ...usage,
            credits: { ...usage.credits, remaining: 40, extra: 0 },
            extra_purchases: { active_purchases: [usage.extra_purchases.active_purchases[1]!] },
          };
          return new Response(null, { status: 204 });
        }
        return undefined;
      },
    );
    await renderUsage();
    await user.click(await screen.findByRole('button', { name: 'Remove Extra credits: 50' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove purchase' });
    expect(dialog).toHaveTextContent('Remove Extra credits: 50? This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.writes()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove Extra credits: 50' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove purchase' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    expect(await screen.findByText('Purchase removed')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('usage-purchase')).toHaveLength(1));
    expect(screen.getByTestId('usage-credits-remaining')).toHaveTextContent('Remaining40');
    expect(server.writes()).toEqual([
      expect.objectContaining({ method: 'DELETE', path: `/billing/extra-purchase/${ids.credits}/remove` }),
    ]);
  });

  it.each([
    [
      'en',
      'PURCHASE_IN_USE',
      409,
      'Remove Extra storage: 100 MB',
      'Remove purchase',
      'Failed to remove purchase',
      'your files do not fit in your storage without it',
    ],
    [
      'ar',
      'PURCHASE_IN_USE',
      409,
      'إزالة تخزين إضافي: 100 ميجابايت',
      'إزالة المشتريات',
      'فشل إزالة المشتريات',
      'لا تتسع ملفاتك في مساحة التخزين بدونه',
    ],
    [
      'en',
      'INTERNAL',
      500,
      'Remove Extra storage: 100 MB',
      'Remove purchase',
      'Failed to remove purchase',
      'Something went wrong',
    ],
  ] as const)(
    'explains a refused removal (%s, %s)',
    async (language, code, status, removeName, dialogName, title, reason) => {
      const server = fakeServer(
        () => jsonResponse(200, usage),
        (call) =>
          call.method === 'DELETE'
            ? jsonResponse(status, { detail: 'Something went wrong on our side.', code })
            : undefined,
      );
      await renderUsage(language);
      await user.click(await screen.findByRole('button', { name: removeName }));
      const dialog = await screen.findByRole('dialog', { name: dialogName });
      await user.click(within(dialog).getByTestId('usage-purchase-delete-confirm'));
      const error = await within(dialog).findByTestId('usage-purchase-delete-error');
      expect(error).toHaveTextContent(title);
      expect(error).toHaveTextContent(reason);
      expect(screen.getAllByTestId('usage-purchase')).toHaveLength(2);
      expect(server.writes()).toHaveLength(1);
    },
  );

  it('lets only the owner buy or remove, and says so', async () => {
    fakeServer(() => jsonResponse(200, { ...usage, can_purchase: false }));
    await renderUsage();
    expect(await screen.findByTestId('usage-owner-only')).toHaveTextContent(
      "Only the organization's owner can buy extras, upgrade the plan or remove purchases.",
    );
    expect(screen.getByRole('button', { name: `Buy 10 credits for ${egp('10.00')}` })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Buy Custom Amount' })).toBeDisabled();
    expect(screen.queryAllByTestId('usage-purchase-remove')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Upgrade to Enterprise' })).toBeDisabled();
  });

  it('shows the stored OCR refusal with its message and usage until it is dismissed', async () => {
    setUpgradeError(ocrRefusal);
    fakeServer(() => jsonResponse(200, activeFree));
    await renderUsage();
    const banner = await screen.findByTestId('usage-limit-banner');
    expect(banner).toHaveTextContent('OCR Limit Reached');
    expect(within(banner).getByTestId('usage-limit-message')).toHaveTextContent(
      'This needs 1 credit and 0 are left.',
    );
    expect(within(banner).getByTestId('usage-limit-usage')).toHaveTextContent('Current usage: 100 / 100');
    expect(await screen.findByTestId('usage-credits-remaining')).toHaveTextContent('Remaining0');
    expect(screen.getByTestId('usage-limits-customers')).toHaveTextContent('Customers25 / 25');

    await user.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('usage-limit-banner')).not.toBeInTheDocument();
    expect(getUpgradeError()).toBeNull();
    expect(screen.getByTestId('usage-credits-remaining')).toBeInTheDocument();
  });

  it.each([
    ['customers', 'Customer Limit Reached', 'Current usage: 25 / 25'],
    ['items', 'Item Limit Reached', 'Current usage: 25 / 25'],
    ['invoices', 'Invoice Limit Reached', 'Current usage: 25 / 25'],
    ['storage', 'Usage Limit Reached', 'Current usage: 29.5 MB / 30 MB'],
    [null, 'Usage Limit Reached', 'Current usage: 25 / 25'],
  ] as const)('titles a stored %s limit %s', async (limitType, title, usageText) => {
    const storage = limitType === 'storage';
    setUpgradeError({
      message: 'The limit was reached.',
      limitType,
      currentUsage: storage ? 29.5 : 25,
      limit: storage ? 30 : 25,
    });
    fakeServer(() => jsonResponse(200, usage));
    await renderUsage();
    const banner = await screen.findByTestId('usage-limit-banner');
    expect(within(banner).getByText(title)).toBeInTheDocument();
    expect(banner).toHaveTextContent('The limit was reached.');
    expect(within(banner).getByTestId('usage-limit-usage')).toHaveTextContent(usageText);
  });

  it('leaves the usage out of the banner when the refusal did not give it', async () => {
    setUpgradeError({ message: 'Limit reached.', limitType: 'ocr', currentUsage: null, limit: null });
    fakeServer(() => jsonResponse(200, usage));
    await renderUsage();
    const banner = await screen.findByTestId('usage-limit-banner');
    expect(banner).toHaveTextContent('Limit reached.');
    expect(within(banner).queryByTestId('usage-limit-usage')).not.toBeInTheDocument();
  });

  it.each([
    ['en', 'Error loading usage data'],
    ['ar', 'خطأ في تحميل بيانات الاستخدام'],
  ] as const)('says the data failed to load and tries again on request (%s)', async (language, message) => {
    let failing = true;
    const server = fakeServer(() =>
      failing
        ? jsonResponse(403, { detail: 'You are not a member of this organization', code: 'NOT_A_MEMBER' })
        : jsonResponse(200, usage),
    );
    await renderUsage(language);
    const alert = await screen.findByTestId('usage-error');
    expect(alert).toHaveTextContent(message);
    expect(screen.queryByTestId('usage-summary')).not.toBeInTheDocument();

    failing = false;
    await user.click(within(alert).getByTestId('usage-retry'));
    expect(await screen.findByTestId('usage-summary')).toBeInTheDocument();
    expect(screen.queryByTestId('usage-error')).not.toBeInTheDocument();
    expect(server.usageCalls()).toHaveLength(2);
  });

  it('says there is no usage data when the answer carries none', async () => {
    fakeServer(() => new Response(null, { status: 200 }));
    await renderUsage();
    const alert = await screen.findByTestId('usage-no-data');
    expect(alert).toHaveTextContent('No usage data');
    expect(screen.queryByTestId('usage-error')).not.toBeInTheDocument();
    expect(screen.queryByTestId('usage-summary')).not.toBeInTheDocument();
  });

  it('shows skeletons while the usage loads', async () => {
    let release: (response: Response) => void = () => {};
    const pending = new Promise<Response>((resolve) => {
      release = resolve;
    });
    fakeServer(() => pending);
    await renderUsage();
    expect(screen.getByTestId('usage-loading')).toBeInTheDocument();
    release(jsonResponse(200, usage));
    expect(await screen.findByTestId('usage-summary')).toBeInTheDocument();
    expect(screen.queryByTestId('usage-loading')).not.toBeInTheDocument();
  });

  it('is right to left in Arabic, with the texts and the refusal in Arabic', async () => {
    setUpgradeError(ocrRefusal);
    fakeServer(() => jsonResponse(200, usage));
    await renderUsage('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(await screen.findByTestId('usage-plan-name')).toHaveTextContent('الاحترافية');
    expect(screen.getByTestId('page-title')).toHaveTextContent('الاستخدام والفوترة');
    expect(screen.getByTestId('usage-plan-status')).toHaveTextContent('تجريبية');
    expect(screen.getByTestId('usage-credits')).toHaveTextContent('استخدام الأرصدة');
    expect(screen.getByTestId('usage-credits-used')).toHaveTextContent('60 / 100');
    expect(screen.getByTestId('usage-storage-used')).toHaveTextContent('12.5 ميجابايت / 1,124 ميجابايت');
    expect(screen.getByTestId('usage-limits-customers')).toHaveTextContent('العملاء12 / 2,000');
    expect(screen.getByTestId('usage-purchases')).toHaveTextContent('أرصدة إضافية: 50');
    expect(screen.getByTestId('usage-plan-card-enterprise')).toHaveTextContent('10 جيجابايت');
    expect(screen.getByTestId('usage-plan-card-enterprise')).toHaveTextContent('عدد غير محدود من العملاء');
    expect(screen.getByRole('button', { name: 'الترقية إلى المؤسسات' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'شراء كمية مخصصة' })).toBeEnabled();
    const quick = screen.getByTestId('usage-buy-credits-10');
    expect(quick).toHaveTextContent('10 رصيد');
    expect(quick.querySelector('.money')).toHaveTextContent(/10\.00/);

    const banner = screen.getByTestId('usage-limit-banner');
    expect(banner).toHaveTextContent('تم الوصول إلى حد التعرف الضوئي');
    expect(within(banner).getByTestId('usage-limit-message')).toHaveTextContent(
      'لا تكفي الأرصدة المتبقية لعملية التعرف الضوئي هذه.',
    );
    expect(within(banner).getByTestId('usage-limit-usage')).toHaveTextContent('الاستخدام الحالي: 100 / 100');
    await user.click(within(banner).getByRole('button', { name: 'إغلاق' }));
    expect(screen.queryByTestId('usage-limit-banner')).not.toBeInTheDocument();
  });

  it('prices a custom amount in Arabic', async () => {
    fakeServer(() => jsonResponse(200, usage));
    await renderUsage('ar');
    await user.click(await screen.findByRole('button', { name: 'شراء كمية مخصصة' }));
    const dialog = await screen.findByRole('dialog', { name: 'شراء كمية مخصصة' });
    expect(within(dialog).getByRole('button', { name: 'اشترِ الآن' })).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'أرصدة إضافية' }), '5');
    expect(within(dialog).getByTestId('usage-custom-total')).toHaveTextContent(/5\.00/);
    expect(within(dialog).getByRole('button', { name: 'اشترِ الآن' })).toBeEnabled();
    expect(dialog).toHaveTextContent('تنتهي صلاحية الإضافات بعد دورة الفوترة التالية.');
  });
});
