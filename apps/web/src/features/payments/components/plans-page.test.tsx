import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setGatewayNavigator } from '../../../lib/gateway-navigation';
import type { Language } from '../../../lib/storage';
import { getUpgradePayment, setOrganizationId, setTokens } from '../../../lib/storage';
import type { ApiCall } from '../../../test/render';
import { fakeAccessToken, jsonResponse, renderPages, stubApi } from '../../../test/render';
import { Destination, methods, paymentId, planIds, plans } from '../test/fixtures';
import { PlansPage } from './plans-page';

const organization = (role: string, planName = 'Pro') => ({
  id: 'org-1',
  name: 'Nile Trading',
  currency: 'EGP',
  country: null,
  tax_id: '',
  address: '',
  role,
  subscription: { plan_name: planName, status: 'ACTIVE', trial_ends_at: null },
});

function fakeServer(answer: (call: ApiCall) => Response | undefined = () => undefined, role = 'OWNER') {
  const calls = stubApi((call) => {
    const answered = answer(call);
    if (answered) return answered;
    if (call.path === '/billing/registration/plans/') return jsonResponse(200, { plans });
    if (call.path === '/billing/payment-methods/') return jsonResponse(200, { methods });
    if (call.path === '/orgs/current/') return jsonResponse(200, organization(role));
    return undefined;
  });
  return {
    upgrades: () => calls.filter((c) => c.path === '/billing/registration/payment/'),
    planCalls: () => calls.filter((c) => c.path === '/billing/registration/plans/'),
  };
}

const user = userEvent.setup({ delay: null });
let leftFor: string[] = [];
let restoreNavigator = () => {};

const renderPlans = (language?: Language) =>
  renderPages(
    { '/plans': () => <PlansPage />, '/payment': () => <Destination />, '/dashboard': () => <Destination /> },
    '/plans',
    language,
  );

beforeEach(() => {
  setTokens({ access: fakeAccessToken(), refresh: 'r' });
  setOrganizationId('org-1');
  leftFor = [];
  restoreNavigator = setGatewayNavigator((url) => leftFor.push(url));
});

afterEach(() => restoreNavigator());

describe('plans page', { timeout: 20_000 }, () => {
  it('shows the plans, the current one marked, and leads a higher one to the payment page at its price', async () => {
    fakeServer();
    await renderPlans();
    expect(screen.getByTestId('page-title')).toHaveTextContent('Upgrade Plan');
    const pro = await screen.findByTestId('plan-card-pro');
    await waitFor(() => expect(pro).toHaveAttribute('aria-current', 'true'));
    expect(within(pro).getByTestId('plan-card-price')).toHaveTextContent('EGP 299.00 / month');
    expect(within(pro).getByRole('button', { name: 'Your current plan' })).toBeDisabled();
    expect(
      within(screen.getByTestId('plan-card-free')).getByRole('button', { name: 'Downgrade not available' }),
    ).toBeDisabled();

    const top = screen.getByTestId('plan-card-enterprise');
    expect(within(top).getByTestId('plan-card-price')).toHaveTextContent('EGP 2,990.00 / month');
    await user.click(within(top).getByRole('button', { name: 'Upgrade to Enterprise' }));
    expect(await screen.findByTestId('destination')).toHaveTextContent(
      `/payment?type=plan&amount=2990.00&plan_id=${planIds.enterprise}&billing_cycle=monthly`,
    );
  });

  it('charges the yearly price for a yearly upgrade', async () => {
    fakeServer();
    await renderPlans();
    const top = await screen.findByTestId('plan-card-enterprise');
    await user.click(screen.getByRole('radio', { name: 'Yearly' }));
    expect(within(top).getByTestId('plan-card-price')).toHaveTextContent('EGP 28,704.00 / year');
    expect(within(top).getByTestId('plan-card-saving')).toHaveTextContent('Save 20%');
    await user.click(within(top).getByRole('button', { name: 'Upgrade to Enterprise' }));
    expect(await screen.findByTestId('destination')).toHaveTextContent(
      `/payment?type=plan&amount=28704.00&plan_id=${planIds.enterprise}&billing_cycle=yearly`,
    );
  });

  it('leads back to the dashboard', async () => {
    fakeServer();
    await renderPlans();
    await user.click(screen.getByRole('link', { name: 'Back to dashboard' }));
    expect(await screen.findByTestId('destination')).toHaveTextContent(/^\/dashboard$/);
  });

  it('upgrades with PayPal: remembers the payment and its cycle, then leaves for PayPal', async () => {
    const server = fakeServer((call) =>
      call.path === '/billing/registration/payment/'
        ? jsonResponse(200, {
            payment_url: 'https://www.paypal.example/checkoutnow?token=EC-5',
            payment_id: paymentId,
          })
        : undefined,
    );
    await renderPlans();
    await screen.findByTestId('plan-card-enterprise');
    await user.click(screen.getByRole('radio', { name: 'Yearly' }));
    await user.click(await screen.findByRole('button', { name: 'Pay for Enterprise with PayPal' }));
    await waitFor(() => expect(leftFor).toEqual(['https://www.paypal.example/checkoutnow?token=EC-5']));
    expect(server.upgrades().map((c) => c.body)).toEqual([
      { plan_id: planIds.enterprise, billing_cycle: 'yearly', payment_method: 'paypal' },
    ]);
    expect(getUpgradePayment()).toEqual({ paymentId, billingCycle: 'yearly' });
  });

  it.each([
    [
      'en',
      () => jsonResponse(200, { payment_url: '', payment_id: paymentId }),
      'Payment URL not available. Please try again.',
    ],
    [
      'en',
      () => jsonResponse(409, { detail: 'You can only move to a higher plan.', code: 'NOT_AN_UPGRADE' }),
      'Failed to upgrade plan. Please try again.',
    ],
    [
      'ar',
      () => jsonResponse(409, { detail: 'You can only move to a higher plan.', code: 'NOT_AN_UPGRADE' }),
      'فشلت ترقية الخطة. يرجى المحاولة مرة أخرى.',
    ],
    [
      'ar',
      () => jsonResponse(200, { payment_url: '', payment_id: paymentId }),
      'رابط الدفع غير متاح. يرجى المحاولة مرة أخرى.',
    ],
  ] as const)('says why a PayPal upgrade could not start (%s)', async (language, answer, message) => {
    fakeServer((call) => (call.path === '/billing/registration/payment/' ? answer() : undefined));
    await renderPlans(language);
    await user.click(
      await screen.findByRole('button', {
        name: language === 'en' ? 'Pay for Enterprise with PayPal' : 'دفع المؤسسات عبر PayPal',
      }),
    );
    expect(await screen.findByTestId('plans-upgrade-error')).toHaveTextContent(message);
    expect(leftFor).toHaveLength(0);
    expect(getUpgradePayment()).toBeNull();
  });

  it('offers no PayPal when it is not enabled', async () => {
    fakeServer((call) =>
      call.path === '/billing/payment-methods/'
        ? jsonResponse(200, { methods: methods.filter((m) => m.name !== 'paypal') })
        : undefined,
    );
    await renderPlans();
    await screen.findByRole('button', { name: 'Upgrade to Enterprise' });
    expect(screen.queryByTestId('plan-card-paypal')).not.toBeInTheDocument();
  });

  it('tells a member who is not the owner why nothing can be bought', async () => {
    fakeServer(undefined, 'USER');
    await renderPlans();
    expect(await screen.findByTestId('plans-owner-only')).toHaveTextContent(
      "Only the organization's owner can upgrade the plan.",
    );
    expect(await screen.findByRole('button', { name: 'Upgrade to Enterprise' })).toBeDisabled();
    expect(screen.queryByTestId('plan-card-paypal')).not.toBeInTheDocument();
  });

  it('asks for the plans again when the server fails for a moment', async () => {
    let failures = 1;
    const server = fakeServer((call) => {
      if (call.path === '/billing/registration/plans/' && failures > 0) {
        failures -= 1;
        return jsonResponse(503, { detail: 'Something went wrong on our side.', code: 'INTERNAL' });
      }
      return undefined;
    });
    await renderPlans();
    expect(await screen.findByTestId('plan-card-pro')).toBeInTheDocument();
    expect(server.planCalls()).toHaveLength(2);
  });

  it.each([
    ['en', 'Failed to load plans'],
    ['ar', 'فشل تحميل الخطط'],
  ] as const)('says the plans failed to load and loads them again (%s)', async (language, message) => {
    let failing = true;
    fakeServer((call) =>
      call.path === '/billing/registration/plans/' && failing
        ? jsonResponse(404, { detail: 'Not found', code: 'NOT_FOUND' })
        : undefined,
    );
    await renderPlans(language);
    const alert = await screen.findByTestId('plans-load-error');
    expect(alert).toHaveTextContent(message);
    failing = false;
    await user.click(within(alert).getByTestId('plans-load-retry'));
    expect(await screen.findByTestId('plan-card-pro')).toBeInTheDocument();
  });

  it('is right to left in Arabic', async () => {
    fakeServer();
    await renderPlans('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByTestId('page-title')).toHaveTextContent('ترقية الخطة');
    const top = await screen.findByTestId('plan-card-enterprise');
    expect(top).toHaveTextContent('المؤسسات');
    expect(top).toHaveTextContent('عدد غير محدود من العملاء');
    expect(within(top).getByTestId('plan-card-price')).toHaveTextContent(/2,990\.00.*شهريًا/);
    expect(screen.getByRole('link', { name: 'العودة إلى لوحة التحكم' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'سنوي' }));
    expect(within(top).getByTestId('plan-card-saving')).toHaveTextContent('وفّر 20%');
    expect(await within(top).findByRole('button', { name: 'الترقية إلى المؤسسات' })).toBeEnabled();
  });
});
