import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '../../../lib/storage';
import { getUpgradePayment, setOrganizationId, setTokens, setUpgradePayment } from '../../../lib/storage';
import type { ApiCall } from '../../../test/render';
import { fakeAccessToken, jsonResponse, renderPages, stubApi } from '../../../test/render';
import { Destination, paymentId, paymentView } from '../test/fixtures';
import { PaymentCancelPage } from './payment-cancel-page';
import { PaymentFailurePage } from './payment-failure-page';
import { PaymentSuccessPage } from './payment-success-page';
import { PaymobReturnPage } from './paymob-return-page';

const user = userEvent.setup({ delay: null });

const renderResult = (path: string, language?: Language) =>
  renderPages(
    {
      '/payment/success': () => <PaymentSuccessPage />,
      '/payment/failure': () => <PaymentFailurePage />,
      '/payment/cancel': () => <PaymentCancelPage />,
      '/payment/paymob/return': () => <PaymobReturnPage />,
      '/usage': () => <Destination />,
      '/dashboard': () => <Destination />,
    },
    path,
    language,
  );

function fakeServer(answer: (call: ApiCall) => Response | undefined) {
  const calls = stubApi(answer);
  return {
    verifications: () => calls.filter((c) => c.path.endsWith('/verify/')),
    captures: () => calls.filter((c) => c.path === '/billing/payments/capture-paymob/'),
  };
}

const verifyAnswers = (...views: ReturnType<typeof paymentView>[]) => {
  let index = 0;
  return fakeServer((call) => {
    if (call.method === 'POST' && call.path === `/billing/payments/${paymentId}/verify/`) {
      const view = views[Math.min(index, views.length - 1)];
      index += 1;
      return jsonResponse(200, view);
    }
    return undefined;
  });
};

const signIn = () => {
  setTokens({ access: fakeAccessToken(), refresh: 'r' });
  setOrganizationId('org-1');
};

describe('payment success page', { timeout: 30_000 }, () => {
  beforeEach(signIn);

  it('confirms the payment with the server and returns to the account 2 seconds later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setUpgradePayment({ paymentId, billingCycle: 'monthly' });
    const server = verifyAnswers(paymentView());
    await renderResult(`/payment/success?payment_id=${paymentId}`);
    const page = await screen.findByTestId('page-payment-success');
    await waitFor(() => expect(page).toHaveAttribute('data-status', 'succeeded'));
    expect(screen.getByTestId('page-title')).toHaveTextContent('Payment successful');
    expect(screen.getByTestId('payment-success-details')).toHaveTextContent('Extra credits: 50');
    expect(screen.getByTestId('payment-success-amount')).toHaveTextContent('EGP 50.00');
    expect(screen.queryByTestId('payment-success-charged')).not.toBeInTheDocument();
    expect(screen.getByTestId('payment-success-message')).toHaveTextContent(
      'Your payment is confirmed. Returning to your account…',
    );
    expect(server.verifications()).toHaveLength(1);
    expect(getUpgradePayment()).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(screen.queryByTestId('destination')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(await screen.findByTestId('destination')).toHaveTextContent(/^\/usage$/);
  });

  it('names the plan bought and what PayPal charged in dollars', async () => {
    verifyAnswers(
      paymentView({
        payment_method: 'paypal',
        payment_type: 'plan',
        amount: '2870.40',
        charged_currency: 'USD',
        charged_amount: '59.70',
        credits: 0,
        plan_name: 'Pro',
        billing_cycle: 'yearly',
      }),
    );
    await renderResult(`/payment/success?payment_id=${paymentId}`);
    const details = await screen.findByTestId('payment-success-details');
    expect(details).toHaveTextContent('Pro plan, billed yearly');
    expect(screen.getByTestId('payment-success-amount')).toHaveTextContent('EGP 2,870.40');
    expect(screen.getByTestId('payment-success-charged')).toHaveTextContent('$59.70');
  });

  it('says a pending payment is still processing and checks again until it is confirmed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = verifyAnswers(paymentView({ status: 'PENDING' }), paymentView());
    await renderResult(`/payment/success?payment_id=${paymentId}`);
    const page = await screen.findByTestId('page-payment-success');
    await waitFor(() => expect(page).toHaveAttribute('data-status', 'pending'));
    expect(screen.getByTestId('page-title')).toHaveTextContent('Payment in progress');
    expect(screen.getByTestId('payment-success-message')).toHaveTextContent(
      'Your payment is still being processed. This page checks again by itself.',
    );
    await act(() => vi.advanceTimersByTimeAsync(3000));
    await waitFor(() => expect(page).toHaveAttribute('data-status', 'succeeded'));
    expect(server.verifications()).toHaveLength(2);
  });

  it('stops checking after a few times and lets the payer check again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = verifyAnswers(paymentView({ status: 'PENDING' }));
    await renderResult(`/payment/success?payment_id=${paymentId}`);
    const page = await screen.findByTestId('page-payment-success');
    await waitFor(() => expect(page).toHaveAttribute('data-status', 'pending'));
    for (let check = 0; check < 6; check += 1) await act(() => vi.advanceTimersByTimeAsync(3000));
    await waitFor(() =>
      expect(screen.getByTestId('payment-success-message')).toHaveTextContent(
        'Your account is updated as soon as it is confirmed.',
      ),
    );
    expect(server.verifications()).toHaveLength(5);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(server.verifications()).toHaveLength(5);
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(server.verifications()).toHaveLength(6));
    expect(screen.queryByTestId('destination')).not.toBeInTheDocument();
  });

  it.each(['FAILED', 'EXPIRED'] as const)('says a %s payment was not completed', async (status) => {
    verifyAnswers(paymentView({ status }));
    await renderResult(`/payment/success?payment_id=${paymentId}`);
    const page = await screen.findByTestId('page-payment-success');
    await waitFor(() => expect(page).toHaveAttribute('data-status', 'failed'));
    expect(screen.getByTestId('page-title')).toHaveTextContent('Payment failed');
    expect(screen.getByTestId('payment-success-message')).toHaveTextContent(
      'This payment was not completed. Nothing was added to your account.',
    );
    await user.click(screen.getByRole('link', { name: 'Try Again' }));
    expect(await screen.findByTestId('destination')).toHaveTextContent(/^\/usage$/);
  });

  it.each([
    ['en', 'Payment cancelled', 'No charge was made.'],
    ['ar', 'تم إلغاء الدفع', 'لم يتم خصم أي مبلغ.'],
  ] as const)(
    'shows the cancel page for a payment the payer cancelled at the gateway (%s)',
    async (language, title, text) => {
      const server = verifyAnswers(paymentView({ status: 'CANCELLED' }));
      await renderResult(`/payment/success?payment_id=${paymentId}`, language);
      const page = await screen.findByTestId('page-payment-cancel');
      expect(screen.getByTestId('page-title')).toHaveTextContent(title);
      expect(page).toHaveTextContent(text);
      expect(screen.queryByTestId('page-payment-success')).not.toBeInTheDocument();
      expect(server.verifications()).toHaveLength(1);
    },
  );

  it('says when the payment could not be checked, and checks again on request', async () => {
    let failing = true;
    const server = fakeServer((call) => {
      if (!call.path.endsWith('/verify/')) return undefined;
      return failing
        ? jsonResponse(404, { detail: 'Not found', code: 'NOT_FOUND' })
        : jsonResponse(200, paymentView());
    });
    await renderResult(`/payment/success?payment_id=${paymentId}`, 'ar');
    const page = await screen.findByTestId('page-payment-success');
    await waitFor(() => expect(page).toHaveAttribute('data-status', 'error'));
    expect(screen.getByTestId('page-title')).toHaveTextContent('حالة الدفع غير معروفة');
    failing = false;
    await user.click(screen.getByRole('button', { name: 'تحقق مرة أخرى' }));
    await waitFor(() => expect(page).toHaveAttribute('data-status', 'succeeded'));
    expect(screen.getByTestId('page-title')).toHaveTextContent('تم الدفع بنجاح');
    expect(screen.getByTestId('payment-success-message')).toHaveTextContent('تم تأكيد الدفع');
    expect(server.verifications()).toHaveLength(2);
  });

  it('asks about the upgrade kept before leaving when the address names no payment', async () => {
    setUpgradePayment({ paymentId, billingCycle: 'yearly' });
    const server = verifyAnswers(
      paymentView({ payment_type: 'plan', plan_name: 'Enterprise', billing_cycle: 'yearly' }),
    );
    await renderResult('/payment/success?token=EC-5&PayerID=P1', 'ar');
    expect(await screen.findByTestId('payment-success-details')).toHaveTextContent(
      'الخطة المؤسسات، بفوترة سنوية',
    );
    expect(server.verifications()).toHaveLength(1);
  });

  it('thanks a payer it cannot ask about, and returns to the account', async () => {
    setTokens({ access: fakeAccessToken(), refresh: 'r' });
    setOrganizationId(null);
    const server = verifyAnswers(paymentView());
    await renderResult(`/payment/success?payment_id=${paymentId}`);
    const page = screen.getByTestId('page-payment-success');
    expect(page).toHaveAttribute('data-status', 'unverified');
    expect(screen.getByTestId('page-title')).toHaveTextContent('Payment successful');
    expect(screen.getByTestId('payment-success-message')).toHaveTextContent(
      'Thank you. Your payment was received',
    );
    expect(await screen.findByTestId('destination')).toHaveTextContent(/^\/usage$/);
    expect(server.verifications()).toHaveLength(0);
  });
});

describe('payment failure and cancel pages', { timeout: 15_000 }, () => {
  it.each([
    ['en', 'Payment failed', 'Your payment could not be completed.', 'Try Again', 'Back to Account'],
    ['ar', 'فشل الدفع', 'تعذر إتمام الدفع.', 'حاول مرة أخرى', 'العودة إلى الحساب'],
  ] as const)(
    'failure (%s): both buttons lead to the usage page',
    async (language, title, text, retry, back) => {
      await renderResult('/payment/failure', language);
      expect(screen.getByTestId('page-title')).toHaveTextContent(title);
      expect(screen.getByTestId('page-payment-failure')).toHaveTextContent(text);
      expect(screen.getByRole('link', { name: retry })).toHaveAttribute('href', '/usage');
      await user.click(screen.getByRole('link', { name: back }));
      expect(await screen.findByTestId('destination')).toHaveTextContent(/^\/usage$/);
    },
  );

  it.each([
    ['en', 'Payment cancelled', 'No charge was made.', 'Try Again', 'Go to Dashboard'],
    ['ar', 'تم إلغاء الدفع', 'لم يتم خصم أي مبلغ.', 'حاول مرة أخرى', 'الذهاب إلى لوحة التحكم'],
  ] as const)(
    'cancel (%s): no charge, Try Again to usage, the dashboard',
    async (language, title, text, retry, dashboard) => {
      await renderResult('/payment/cancel', language);
      expect(screen.getByTestId('page-title')).toHaveTextContent(title);
      expect(screen.getByTestId('page-payment-cancel')).toHaveTextContent(text);
      expect(screen.getByRole('link', { name: retry })).toHaveAttribute('href', '/usage');
      await user.click(screen.getByRole('link', { name: dashboard }));
      expect(await screen.findByTestId('destination')).toHaveTextContent(/^\/dashboard$/);
    },
  );
});

describe('Paymob return page', { timeout: 15_000 }, () => {
  beforeEach(signIn);

  it('asks the server once to capture the transaction and returns to the account', async () => {
    const server = fakeServer((call) =>
      call.path === '/billing/payments/capture-paymob/'
        ? jsonResponse(200, { success: true, error: null })
        : undefined,
    );
    await renderResult(
      '/payment/paymob/return?id=1234567&success=true&amount_cents=29900&currency=EGP&hmac=x',
    );
    expect(await screen.findByTestId('destination')).toHaveTextContent(/^\/usage$/);
    expect(await screen.findByText('Payment successful')).toBeInTheDocument();
    expect(server.captures().map((c) => c.body)).toEqual([
      { transaction_id: '1234567', amount: '299.00', currency: 'EGP' },
    ]);
  });

  it.each([
    ['en', 'Payment was not successful'],
    ['ar', 'لم تنجح عملية الدفع'],
  ] as const)('says a transaction that was not paid (%s)', async (language, message) => {
    const server = fakeServer((call) =>
      call.path === '/billing/payments/capture-paymob/'
        ? jsonResponse(200, { success: false, error: 'Transaction declined' })
        : undefined,
    );
    await renderResult('/payment/paymob/return?id=99&success=false', language);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(await screen.findByTestId('destination')).toHaveTextContent(/^\/usage$/);
    expect(server.captures().map((c) => c.body)).toEqual([{ transaction_id: '99' }]);
  });

  it.each([
    ['en', 'No transaction ID found'],
    ['ar', 'لم يتم العثور على رقم المعاملة'],
  ] as const)('asks nothing without a transaction (%s)', async (language, message) => {
    const server = fakeServer(() => undefined);
    await renderResult('/payment/paymob/return?success=true', language);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(await screen.findByTestId('destination')).toHaveTextContent(/^\/usage$/);
    expect(server.captures()).toHaveLength(0);
  });

  it('says a refused capture with its reason', async () => {
    fakeServer((call) =>
      call.path === '/billing/payments/capture-paymob/'
        ? jsonResponse(429, {
            detail: 'Too many attempts. Please wait and try again.',
            code: 'TOO_MANY_ATTEMPTS',
          })
        : undefined,
    );
    await renderResult('/payment/paymob/return?id=5');
    expect(await screen.findByText(/^Payment was not successful: Too many attempts/)).toBeInTheDocument();
    expect(await screen.findByTestId('destination')).toHaveTextContent(/^\/usage$/);
  });
});
