import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setGatewayNavigator } from '../../../lib/gateway-navigation';
import type { Language } from '../../../lib/storage';
import { getUpgradePayment, setOrganizationId, setTokens } from '../../../lib/storage';
import type { ApiCall } from '../../../test/render';
import { fakeAccessToken, jsonResponse, renderPages, stubApi } from '../../../test/render';
import { Destination, methods, paymentId, paymentView, planIds, plans } from '../test/fixtures';
import { PaymentPage } from './payment-page';

const created = (next: unknown, overrides: Record<string, unknown> = {}) =>
  jsonResponse(200, {
    success: true,
    payment_id: paymentId,
    gateway_url: null,
    next,
    error: null,
    ...overrides,
  });

/** The payment methods and plans; the creation and anything else from `answer`. */
function fakeServer(answer: (call: ApiCall) => Response | undefined = () => undefined) {
  const calls = stubApi((call) => {
    const answered = answer(call);
    if (answered) return answered;
    if (call.path === '/billing/payment-methods/') return jsonResponse(200, { methods });
    if (call.path === '/billing/registration/plans/') return jsonResponse(200, { plans });
    return undefined;
  });
  return {
    creations: () => calls.filter((c) => c.path === '/billing/payments/create/'),
    verifications: () => calls.filter((c) => c.path === `/billing/payments/${paymentId}/verify/`),
  };
}

const user = userEvent.setup({ delay: null });
let leftFor: string[] = [];
let restoreNavigator = () => {};

const renderPayment = (query: string, language?: Language) =>
  renderPages(
    {
      '/payment': () => <PaymentPage />,
      '/usage': () => <Destination />,
      '/payment/success': () => <Destination />,
    },
    `/payment?${query}`,
    language,
  );

const credits50 = 'type=credits&amount=50.00&credits=50';

beforeEach(() => {
  setTokens({ access: fakeAccessToken(), refresh: 'r' });
  setOrganizationId('org-1');
  leftFor = [];
  restoreNavigator = setGatewayNavigator((url) => leftFor.push(url));
});

afterEach(() => restoreNavigator());

async function choose(name: string) {
  await user.click(await screen.findByRole('radio', { name }));
}

describe('payment page', { timeout: 15_000 }, () => {
  it('shows the amount, what it buys, and the methods that can pay for it by region', async () => {
    fakeServer();
    await renderPayment(credits50);
    expect(screen.getByTestId('page-title')).toHaveTextContent('Payment');
    expect(screen.getByTestId('payment-amount')).toHaveTextContent('EGP 50.00');
    expect(screen.getByTestId('payment-amount')).toHaveClass('money');
    expect(screen.getByTestId('payment-purchase')).toHaveTextContent('Extra credits: 50');

    const egypt = await screen.findByTestId('payment-region-egypt');
    expect(egypt).toHaveTextContent('Egypt');
    expect(
      within(egypt)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['card_eg', 'wallet_eg', 'kiosk_eg', 'valu', 'fawry']);
    expect(within(screen.getByTestId('payment-region-gulf')).getAllByRole('radio')).toHaveLength(4);
    const international = screen.getByTestId('payment-region-international');
    expect(international).toHaveTextContent('International');
    // PayPal pays for plans only.
    expect(
      within(international)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['card_intl']);
    expect(screen.queryByRole('radio', { name: 'PayPal' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('payment-method-description')).not.toBeInTheDocument();

    await choose('Fawry');
    expect(screen.getByTestId('payment-method-description')).toHaveTextContent(
      'FawryPay with a reference code at any Fawry outlet.',
    );
    await choose('KNET');
    expect(screen.getByTestId('payment-method-description')).toHaveTextContent('Charged in KWD');
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
  });

  it('is right to left in Arabic, with the methods named and described in Arabic', async () => {
    fakeServer();
    await renderPayment('type=storage&amount=10.00&storage_mb=100', 'ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByTestId('page-title')).toHaveTextContent('الدفع');
    expect(screen.getByTestId('payment-summary')).toHaveTextContent('المبلغ المطلوب');
    expect(screen.getByTestId('payment-amount')).toHaveTextContent(/10\.00/);
    expect(screen.getByTestId('payment-purchase')).toHaveTextContent('تخزين إضافي: 100 ميجابايت');
    expect(await screen.findByTestId('payment-region-egypt')).toHaveTextContent('مصر');
    expect(screen.getByTestId('payment-region-gulf')).toHaveTextContent('الخليج');
    expect(screen.getByTestId('payment-region-international')).toHaveTextContent('دولي');
    await choose('فوري');
    expect(screen.getByTestId('payment-method-description')).toHaveTextContent(
      'ادفع برقم مرجعي في أي منفذ فوري.',
    );
    expect(screen.getByRole('button', { name: 'ادفع الآن' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'إلغاء' })).toBeEnabled();
  });

  it.each([
    ['en', 'Not for this amount: it takes at least EGP 23.80 ($0.50).'],
    ['ar', 'غير متاحة لهذا المبلغ: أقل مبلغ تقبله هو'],
  ] as const)(
    '(%s) shows a method whose gateway charges more than the amount unavailable, and why',
    async (language, reason) => {
      fakeServer();
      await renderPayment('type=credits&amount=10.00&credits=10', language);
      const card = await screen.findByTestId('payment-method-card_intl');
      expect(card).toBeDisabled();
      expect(screen.getByTestId('payment-method-minimum-card_intl')).toHaveTextContent(reason);
      expect(screen.getByTestId('payment-method-card_eg')).toBeEnabled();
      expect(screen.queryByTestId('payment-method-minimum-card_eg')).not.toBeInTheDocument();
    },
  );

  it('offers that method for an amount at its minimum', async () => {
    const server = fakeServer((call) =>
      call.path === '/billing/payments/create/'
        ? created({ kind: 'redirect', url: 'https://checkout.example/cs_1' })
        : undefined,
    );
    await renderPayment('type=credits&amount=24.00&credits=24');
    expect(await screen.findByTestId('payment-method-card_intl')).toBeEnabled();
    expect(screen.queryByTestId('payment-method-minimum-card_intl')).not.toBeInTheDocument();
    await choose('International card');
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(leftFor).toEqual(['https://checkout.example/cs_1']));
    expect(server.creations()[0]?.body).toMatchObject({ payment_method: 'card_intl', amount: '24.00' });
  });

  it.each([
    ['en', 'type=credits', 'Invalid payment data'],
    ['en', 'amount=10.00&credits=10', 'Invalid payment data'],
    ['ar', 'type=credits&amount=abc&credits=10', 'بيانات دفع غير صالحة'],
  ] as const)('sends a %s user with "%s" back to /usage', async (language, query, message) => {
    const server = fakeServer();
    await renderPayment(query, language);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(await screen.findByTestId('destination')).toHaveTextContent(/^\/usage$/);
    expect(server.creations()).toHaveLength(0);
  });

  it.each([
    ['en', 'Please select a payment method', 'Pay Now'],
    ['ar', 'يرجى اختيار طريقة دفع', 'ادفع الآن'],
  ] as const)('asks for a method before paying (%s)', async (language, message, pay) => {
    const server = fakeServer();
    await renderPayment(credits50, language);
    await screen.findByTestId('payment-region-egypt');
    await user.click(screen.getByRole('button', { name: pay }));
    expect(screen.getByTestId('payment-error')).toHaveTextContent(message);
    expect(server.creations()).toHaveLength(0);
  });

  it.each([
    ['en', 'No payment methods are currently available. Please contact support.'],
    ['ar', 'لا توجد طرق دفع متاحة حاليًا. يرجى التواصل مع الدعم.'],
  ] as const)('says when no method is available (%s)', async (language, message) => {
    fakeServer((call) =>
      call.path === '/billing/payment-methods/'
        ? jsonResponse(200, { methods: methods.map((m) => ({ ...m, is_active: m.name === 'paypal' })) })
        : undefined,
    );
    await renderPayment(credits50, language);
    expect(await screen.findByTestId('payment-methods-empty')).toHaveTextContent(message);
    expect(screen.getByTestId('payment-pay')).toBeDisabled();
  });

  it.each([
    ['en', 'Failed to load payment methods'],
    ['ar', 'فشل تحميل طرق الدفع'],
  ] as const)('says the methods failed to load and loads them again (%s)', async (language, message) => {
    let failing = true;
    fakeServer((call) =>
      call.path === '/billing/payment-methods/' && failing
        ? jsonResponse(403, { detail: 'You are not a member of this organization', code: 'NOT_A_MEMBER' })
        : undefined,
    );
    await renderPayment(credits50, language);
    const alert = await screen.findByTestId('payment-methods-error');
    expect(alert).toHaveTextContent(message);
    failing = false;
    await user.click(within(alert).getByTestId('payment-methods-retry'));
    expect(await screen.findByTestId('payment-region-egypt')).toBeInTheDocument();
  });

  it('creates the payment and leaves for the gateway it names', async () => {
    const server = fakeServer((call) =>
      call.path === '/billing/payments/create/'
        ? created({ kind: 'redirect', url: 'https://accept.paymob.example/pay/123' })
        : undefined,
    );
    await renderPayment('type=extras&amount=30.00&credits=20&storage_mb=100');
    expect(screen.getByTestId('payment-purchase')).toHaveTextContent(
      'Extra credits: 20, extra storage: 100 MB',
    );
    await choose('Card (Visa, Mastercard, Meeza)');
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(leftFor).toEqual(['https://accept.paymob.example/pay/123']));
    expect(server.creations()).toHaveLength(1);
    expect(server.creations()[0]?.body).toEqual({
      payment_method: 'card_eg',
      payment_type: 'extras',
      amount: '30.00',
      description: 'Extra credits: 20, extra storage: 100 MB',
      credits: 20,
      storage_mb: 100,
      plan_id: null,
      billing_cycle: 'monthly',
      return_url: expect.stringMatching(/^http.*\/payment\/success$/) as unknown,
      cancel_url: expect.stringMatching(/^http.*\/payment\/cancel$/) as unknown,
    });
    // Nothing was bought yet: no upgrade is remembered for a purchase of extras.
    expect(getUpgradePayment()).toBeNull();
  });

  it('leaves for the gateway URL of an answer that names no next step', async () => {
    fakeServer((call) =>
      call.path === '/billing/payments/create/'
        ? created(null, { gateway_url: 'https://checkout.stripe.example/c/1' })
        : undefined,
    );
    await renderPayment(credits50);
    await choose('International card');
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(leftFor).toEqual(['https://checkout.stripe.example/c/1']));
  });

  it('shows a reference code to copy, when to pay by, and checks whether it was paid', async () => {
    let status = 'PENDING';
    const server = fakeServer((call) => {
      if (call.path === '/billing/payments/create/') {
        return created({ kind: 'reference', reference: '7712 3456 89', expires_at: '2026-03-03T10:00:00Z' });
      }
      if (call.path === `/billing/payments/${paymentId}/verify/`) {
        return jsonResponse(200, paymentView({ status: status as 'PENDING', payment_method: 'fawry' }));
      }
      return undefined;
    });
    await renderPayment(credits50);
    await choose('Fawry');
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    const panel = await screen.findByTestId('payment-reference');
    expect(panel).toHaveTextContent('Your payment reference');
    expect(within(panel).getByTestId('payment-reference-code')).toHaveTextContent('7712 3456 89');
    expect(within(panel).getByTestId('payment-reference-amount')).toHaveTextContent('EGP 50.00');
    expect(within(panel).getByTestId('payment-reference-expires')).toHaveTextContent(
      /^Pay before Mar 3, 2026/,
    );
    expect(within(panel).getByTestId('payment-reference-instructions')).toHaveTextContent(
      'Pay this amount at any Fawry outlet',
    );
    await user.click(within(panel).getByRole('button', { name: 'Copy the reference code' }));
    expect(await navigator.clipboard.readText()).toBe('7712 3456 89');
    expect(within(panel).getByTestId('payment-reference-copy')).toHaveTextContent('Copied');

    await user.click(within(panel).getByRole('button', { name: 'Check payment status' }));
    expect(await within(panel).findByTestId('payment-reference-status')).toHaveTextContent(
      'We have not received this payment yet.',
    );
    status = 'SUCCEEDED';
    await user.click(within(panel).getByRole('button', { name: 'Check payment status' }));
    expect(await screen.findByTestId('destination')).toHaveTextContent(
      `/payment/success?payment_id=${paymentId}`,
    );
    expect(server.verifications()).toHaveLength(2);
  });

  it.each([
    ['EXPIRED', 'This reference code has expired. Start a new payment.'],
    ['FAILED', 'This payment was not completed. Start a new payment.'],
  ] as const)('says a reference %s was not paid', async (status, message) => {
    fakeServer((call) => {
      if (call.path === '/billing/payments/create/') {
        return created({ kind: 'reference', reference: '998877', expires_at: null });
      }
      if (call.path.endsWith('/verify/')) return jsonResponse(200, paymentView({ status }));
      return undefined;
    });
    await renderPayment(credits50);
    await choose('Aman / Masary');
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    const panel = await screen.findByTestId('payment-reference');
    expect(within(panel).getByTestId('payment-reference-instructions')).toHaveTextContent(
      'Pay this amount at any Aman or Masary outlet with this reference code.',
    );
    expect(within(panel).queryByTestId('payment-reference-expires')).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Check payment status' }));
    expect(await within(panel).findByTestId('payment-reference-status')).toHaveTextContent(message);
  });

  it('shows the reference in Arabic', async () => {
    fakeServer((call) =>
      call.path === '/billing/payments/create/'
        ? created({ kind: 'reference', reference: '7712345689', expires_at: '2026-03-03T10:00:00Z' })
        : undefined,
    );
    await renderPayment(credits50, 'ar');
    await choose('فوري');
    await user.click(screen.getByRole('button', { name: 'ادفع الآن' }));
    const panel = await screen.findByTestId('payment-reference');
    expect(panel).toHaveTextContent('الرقم المرجعي للدفع');
    expect(within(panel).getByTestId('payment-reference-expires')).toHaveTextContent(/^ادفع قبل/);
    expect(within(panel).getByRole('button', { name: 'نسخ الرقم المرجعي' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'التحقق من حالة الدفع' })).toBeInTheDocument();
  });

  it('pays in the gateway frame and goes to the result when the frame says it is complete', async () => {
    fakeServer((call) =>
      call.path === '/billing/payments/create/'
        ? created({ kind: 'iframe', url: 'https://accept.paymob.example/iframe/42?token=t' })
        : undefined,
    );
    await renderPayment(credits50);
    await choose('ValU');
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Secure payment' });
    const frame = within(dialog).getByTitle('Secure payment form');
    expect(frame).toHaveAttribute('src', 'https://accept.paymob.example/iframe/42?token=t');

    // A message from anywhere else is not the frame's.
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', { data: 'payment-complete', origin: 'https://evil.example' }),
      );
    });
    expect(screen.getByRole('dialog', { name: 'Secure payment' })).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', { data: { type: 'other' }, origin: 'https://accept.paymob.example' }),
      );
    });
    expect(screen.getByRole('dialog', { name: 'Secure payment' })).toBeInTheDocument();

    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type: 'payment-complete' },
          origin: 'https://accept.paymob.example',
        }),
      );
    });
    expect(await screen.findByTestId('destination')).toHaveTextContent(
      `/payment/success?payment_id=${paymentId}`,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes the frame when the payer closes it, and stays', async () => {
    fakeServer((call) =>
      call.path === '/billing/payments/create/'
        ? created({ kind: 'iframe', url: 'https://pay.example/frame' })
        : undefined,
    );
    await renderPayment(credits50, 'ar');
    await choose('فاليو');
    await user.click(screen.getByRole('button', { name: 'ادفع الآن' }));
    const dialog = await screen.findByRole('dialog', { name: 'دفع آمن' });
    expect(within(dialog).getByTitle('نموذج الدفع الآمن')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('page-payment')).toBeInTheDocument();
  });

  it('goes to the result page of a payment completed at once', async () => {
    fakeServer((call) => (call.path === '/billing/payments/create/' ? created({ kind: 'done' }) : undefined));
    await renderPayment(credits50);
    await choose('Apple Pay');
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByTestId('destination')).toHaveTextContent(
      `/payment/success?payment_id=${paymentId}`,
    );
  });

  it.each([
    [
      'en',
      'Mobile wallet',
      'Mobile wallet number',
      'Pay Now',
      'Please fill in Mobile wallet number',
      'Invalid phone number format',
    ],
    [
      'ar',
      'محفظة الهاتف',
      'رقم محفظة الهاتف',
      'ادفع الآن',
      'يرجى إدخال رقم محفظة الهاتف',
      'صيغة رقم الهاتف غير صالحة',
    ],
  ] as const)(
    'asks a mobile wallet for its number (%s)',
    async (language, wallet, label, pay, missing, invalid) => {
      const server = fakeServer((call) =>
        call.path === '/billing/payments/create/'
          ? created({ kind: 'redirect', url: 'https://accept.paymob.example/wallet/1' })
          : undefined,
      );
      await renderPayment(credits50, language);
      await choose(wallet);
      const phone = screen.getByRole('textbox', { name: label });
      await user.click(screen.getByRole('button', { name: pay }));
      expect(await screen.findByText(missing)).toBeInTheDocument();
      await user.click(phone);
      await user.paste('0101234');
      await user.click(screen.getByRole('button', { name: pay }));
      expect(await screen.findByText(invalid)).toBeInTheDocument();
      expect(server.creations()).toHaveLength(0);
      await user.clear(phone);
      await user.paste('010 1234 5678');
      await user.click(screen.getByRole('button', { name: pay }));
      await waitFor(() => expect(leftFor).toEqual(['https://accept.paymob.example/wallet/1']));
      expect(server.creations()[0]?.body).toMatchObject({
        payment_method: 'wallet_eg',
        phone: '01012345678',
      });
    },
  );

  it.each([
    [
      'en',
      () => created(null, { success: false, payment_id: null, error: 'The card was declined' }),
      'Payment creation failed',
      'The card was declined',
    ],
    [
      'en',
      () => jsonResponse(409, { detail: 'The amount does not match the price.', code: 'AMOUNT_MISMATCH' }),
      'Payment creation failed',
      'The amount does not match the price.',
    ],
    [
      'ar',
      () => created(null, { success: false, payment_id: null, error: 'The card was declined' }),
      'فشل إنشاء عملية الدفع',
      '',
    ],
    [
      // The rate changed since the page read the method's minimum: the server's refusal, in Arabic.
      'ar',
      () =>
        jsonResponse(400, {
          detail: 'This payment method cannot charge less than 0.50 USD (25.00 EGP).',
          code: 'AMOUNT_BELOW_MINIMUM',
        }),
      'فشل إنشاء عملية الدفع',
      'هذا المبلغ أقل من أدنى مبلغ تقبله طريقة الدفع هذه. اختر طريقة أخرى أو اشترِ كمية أكبر.',
    ],
  ] as const)('says why a payment was not created (%s)', async (language, answer, title, detail) => {
    fakeServer((call) => (call.path === '/billing/payments/create/' ? answer() : undefined));
    await renderPayment(credits50, language);
    await choose(language === 'en' ? 'International card' : 'بطاقة دولية');
    await user.click(screen.getByTestId('payment-pay'));
    const error = await screen.findByTestId('payment-error');
    expect(error).toHaveTextContent(title);
    if (detail) expect(error).toHaveTextContent(detail);
    // The gateway's English words are not shown on an Arabic page.
    else expect(error).not.toHaveTextContent('declined');
    expect(leftFor).toHaveLength(0);
    expect(screen.queryByTestId('destination')).not.toBeInTheDocument();
  });

  it('pays for a plan by its name, offers PayPal in dollars, and remembers the upgrade', async () => {
    const server = fakeServer((call) =>
      call.path === '/billing/payments/create/'
        ? created({ kind: 'redirect', url: 'https://www.paypal.example/checkoutnow?token=EC-1' })
        : undefined,
    );
    await renderPayment(`type=plan&amount=2870.40&plan_id=${planIds.pro}&billing_cycle=yearly`);
    expect(await screen.findByText('Pro plan, billed yearly')).toBeInTheDocument();
    expect(screen.getByTestId('payment-amount')).toHaveTextContent('EGP 2,870.40');
    await choose('PayPal');
    expect(screen.getByTestId('payment-paypal-notice')).toHaveTextContent(
      'PayPal charges in US dollars: EGP 2,870.40 is $59.70 at 1 EGP = 0.0208 USD.',
    );
    expect(
      [...screen.getByTestId('payment-paypal-notice').querySelectorAll('.money')].map((m) => m.textContent),
    ).toEqual(['EGP\u00a02,870.40', '$59.70']);
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(leftFor).toEqual(['https://www.paypal.example/checkoutnow?token=EC-1']));
    expect(server.creations()[0]?.body).toMatchObject({
      payment_method: 'paypal',
      payment_type: 'plan',
      amount: '2870.40',
      plan_id: planIds.pro,
      billing_cycle: 'yearly',
    });
    expect(getUpgradePayment()).toEqual({ paymentId, billingCycle: 'yearly' });
  });

  it('tells a member who is not the owner that only the owner pays', async () => {
    fakeServer((call) =>
      call.path === '/orgs/current/'
        ? jsonResponse(200, {
            id: 'org-1',
            name: 'Nile',
            currency: 'EGP',
            country: null,
            tax_id: '',
            address: '',
            role: 'ADMIN',
            subscription: null,
          })
        : undefined,
    );
    await renderPayment(credits50);
    expect(await screen.findByTestId('payment-owner-only')).toHaveTextContent(
      "Only the organization's owner can make payments.",
    );
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeDisabled();
  });

  it('goes back to the usage page on Cancel', async () => {
    fakeServer();
    await renderPayment(credits50);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByTestId('destination')).toHaveTextContent(/^\/usage$/);
  });
});
