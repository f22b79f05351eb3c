import type { UsageSummary } from '@invoicing/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '../../../lib/storage';
import { getUpgradeError, setOrganizationId, setTokens, setUpgradeError } from '../../../lib/storage';
import { fakeAccessToken, jsonResponse, renderPages } from '../../../test/render';
import { UsagePage } from './usage-page';

const summary: UsageSummary = {
  credits: { remaining: 45, used: 60, max: 100, extra: 5 },
  storage: { used_mb: 12.5, remaining_mb: 1011.5, max_mb: 1024, extra_mb: 0 },
  plan: { name: 'Pro', description: 'For growing businesses.', currency: 'EGP', price_monthly: '299.00' },
  status: 'TRIAL',
  trial_ends_at: '2026-03-15T12:00:00Z',
  current_period_end: '2026-04-01T12:00:00Z',
  extra_purchases: {
    active_purchases: [{ id: 'p1', type: 'credits', quantity: 50, expires_at: '2026-03-20T12:00:00Z' }],
  },
};

const activeFree: UsageSummary = {
  ...summary,
  credits: { remaining: 0, used: 10, max: 10, extra: 0 },
  storage: { used_mb: 29.5, remaining_mb: 0.5, max_mb: 30, extra_mb: 0 },
  plan: { ...summary.plan, name: 'Free', price_monthly: '0.00' },
  status: 'ACTIVE',
  trial_ends_at: null,
  extra_purchases: { active_purchases: [] },
};

const ocrRefusal = {
  message: 'This needs 1 credit and 0 are left.',
  limitType: 'ocr',
  currentUsage: 100,
  limit: 100,
};

/** Answers the usage summary with `answer()` each time it is asked. */
function fakeServer(answer: () => Response | Promise<Response>) {
  const summaryCalls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api\/v1/, '');
      if (path === '/usage/summary/') {
        summaryCalls.push(path);
        return answer();
      }
      return jsonResponse(404, { detail: 'Not found', code: 'NOT_FOUND' });
    }),
  );
  return { summaryCalls };
}

const user = userEvent.setup({ delay: null });

const renderUsage = (language?: Language) =>
  renderPages({ '/usage': () => <UsagePage /> }, '/usage', language);

beforeEach(() => {
  setTokens({ access: fakeAccessToken(), refresh: 'r' });
  setOrganizationId('org-1');
});

describe('usage page', { timeout: 15_000 }, () => {
  it('shows the plan, the credits, the storage and the extra purchases of the summary', async () => {
    fakeServer(() => jsonResponse(200, summary));
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

    expect(screen.getByTestId('usage-storage-used')).toHaveTextContent('12.5 MB / 1,024 MB');
    expect(screen.getByTestId('usage-storage-remaining')).toHaveTextContent('Remaining1,011.5 MB');
    expect(screen.getByTestId('usage-storage-extra')).toHaveTextContent('Extra storage0 MB');

    const purchases = screen.getAllByTestId('usage-purchase');
    expect(purchases).toHaveLength(1);
    expect(purchases[0]).toHaveTextContent('Extra credits: 50');
    expect(purchases[0]).toHaveTextContent('Expires Mar 20, 2026');

    expect(screen.getByTestId('usage-plan-card-free')).toHaveTextContent(
      'Free10 OCR credits a month30 MB storage',
    );
    expect(screen.getByTestId('usage-plan-card-pro')).toHaveTextContent(
      'ProCurrent plan100 OCR credits a month1 GB storage',
    );
    expect(screen.getByTestId('usage-plan-card-enterprise')).toHaveTextContent(
      'Enterprise1,000 OCR credits a month10 GB storage',
    );
    expect(screen.getAllByTestId('usage-plan-current')).toHaveLength(1);
    expect(screen.getByTestId('usage-plan-card-pro')).toHaveAttribute('aria-current', 'true');
    // Nothing can be bought yet: the page offers no button that would do nothing.
    expect(screen.getByTestId('usage-plans-note')).toBeInTheDocument();
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(screen.queryByTestId('usage-limit-banner')).not.toBeInTheDocument();
  });

  it('says Active for an active plan and that there are no extra purchases', async () => {
    fakeServer(() => jsonResponse(200, activeFree));
    await renderUsage();
    expect(await screen.findByTestId('usage-plan-status')).toHaveTextContent('Active');
    expect(screen.getByTestId('usage-plan-price')).toHaveTextContent('EGP 0.00 / month');
    expect(screen.queryByTestId('usage-trial-ends')).not.toBeInTheDocument();
    expect(screen.getByTestId('usage-credits-used')).toHaveTextContent('10 / 10');
    expect(screen.getByTestId('usage-credits-remaining')).toHaveTextContent('Remaining0');
    expect(screen.getByTestId('usage-storage-remaining')).toHaveTextContent('Remaining0.5 MB');
    expect(screen.getByTestId('usage-purchases-empty')).toHaveTextContent('No active extra purchases.');
    expect(screen.queryAllByTestId('usage-purchase')).toHaveLength(0);
    expect(screen.getByTestId('usage-plan-card-free')).toHaveAttribute('aria-current', 'true');
    expect(screen.getByTestId('usage-plan-card-pro')).not.toHaveAttribute('aria-current');
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
  ] as const)('titles a stored %s limit %s', async (limitType, title, usage) => {
    const storage = limitType === 'storage';
    setUpgradeError({
      message: 'The limit was reached.',
      limitType,
      currentUsage: storage ? 29.5 : 25,
      limit: storage ? 30 : 25,
    });
    fakeServer(() => jsonResponse(200, summary));
    await renderUsage();
    const banner = await screen.findByTestId('usage-limit-banner');
    expect(within(banner).getByText(title)).toBeInTheDocument();
    expect(banner).toHaveTextContent('The limit was reached.');
    expect(within(banner).getByTestId('usage-limit-usage')).toHaveTextContent(usage);
  });

  it('leaves the usage out of the banner when the refusal did not give it', async () => {
    setUpgradeError({ message: 'Limit reached.', limitType: 'ocr', currentUsage: null, limit: null });
    fakeServer(() => jsonResponse(200, summary));
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
        : jsonResponse(200, summary),
    );
    await renderUsage(language);
    const alert = await screen.findByTestId('usage-error');
    expect(alert).toHaveTextContent(message);
    expect(screen.queryByTestId('usage-summary')).not.toBeInTheDocument();

    failing = false;
    await user.click(within(alert).getByTestId('usage-retry'));
    expect(await screen.findByTestId('usage-summary')).toBeInTheDocument();
    expect(screen.queryByTestId('usage-error')).not.toBeInTheDocument();
    expect(server.summaryCalls).toHaveLength(2);
  });

  it('says there is no usage data when the answer carries none', async () => {
    fakeServer(() => new Response(null, { status: 200 }));
    await renderUsage();
    const alert = await screen.findByTestId('usage-no-data');
    expect(alert).toHaveTextContent('No usage data');
    expect(screen.queryByTestId('usage-error')).not.toBeInTheDocument();
    expect(screen.queryByTestId('usage-summary')).not.toBeInTheDocument();
  });

  it('shows skeletons while the summary loads', async () => {
    let release: (response: Response) => void = () => {};
    const pending = new Promise<Response>((resolve) => {
      release = resolve;
    });
    fakeServer(() => pending);
    await renderUsage();
    expect(screen.getByTestId('usage-loading')).toBeInTheDocument();
    release(jsonResponse(200, summary));
    expect(await screen.findByTestId('usage-summary')).toBeInTheDocument();
    expect(screen.queryByTestId('usage-loading')).not.toBeInTheDocument();
  });

  it('is right to left in Arabic, with the texts and the refusal in Arabic', async () => {
    setUpgradeError(ocrRefusal);
    fakeServer(() => jsonResponse(200, summary));
    await renderUsage('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(await screen.findByTestId('usage-plan-name')).toHaveTextContent('الاحترافية');
    expect(screen.getByTestId('page-title')).toHaveTextContent('الاستخدام والفوترة');
    expect(screen.getByTestId('usage-plan-status')).toHaveTextContent('تجريبية');
    expect(screen.getByTestId('usage-credits')).toHaveTextContent('استخدام الأرصدة');
    expect(screen.getByTestId('usage-credits-used')).toHaveTextContent('60 / 100');
    expect(screen.getByTestId('usage-storage-used')).toHaveTextContent('12.5 ميجابايت / 1,024 ميجابايت');
    expect(screen.getByTestId('usage-purchases')).toHaveTextContent('أرصدة إضافية: 50');
    expect(screen.getByTestId('usage-plan-card-enterprise')).toHaveTextContent('10 جيجابايت');

    const banner = screen.getByTestId('usage-limit-banner');
    expect(banner).toHaveTextContent('تم الوصول إلى حد التعرف الضوئي');
    expect(within(banner).getByTestId('usage-limit-message')).toHaveTextContent(
      'لا تكفي الأرصدة المتبقية لعملية التعرف الضوئي هذه.',
    );
    expect(within(banner).getByTestId('usage-limit-usage')).toHaveTextContent('الاستخدام الحالي: 100 / 100');
    await user.click(within(banner).getByRole('button', { name: 'إغلاق' }));
    expect(screen.queryByTestId('usage-limit-banner')).not.toBeInTheDocument();
  });
});
