import type { PaymentFormField } from '@invoicing/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setGatewayNavigator } from '../../../lib/gateway-navigation';
import type { Language } from '../../../lib/storage';
import { getUpgradePayment, setOrganizationId, setTokens } from '../../../lib/storage';
import type { ApiCall } from '../../../test/render';
import { fakeAccessToken, jsonResponse, renderPages, stubApi } from '../../../test/render';
import { Destination, methods, paymentId, planIds, plans } from '../test/fixtures';
import { PaymentEnhancedPage } from './payment-enhanced-page';

const field = (
  overrides: Partial<PaymentFormField> & Pick<PaymentFormField, 'name' | 'label' | 'label_ar'>,
) => ({
  type: 'text' as const,
  required: true,
  placeholder: '',
  validation: null,
  options: [],
  ...overrides,
});

const formFields: Record<string, PaymentFormField[]> = {
  card_eg: [
    field({
      name: 'card_number',
      label: 'Card number',
      label_ar: 'رقم البطاقة',
      type: 'card_number',
      validation: 'card_number',
    }),
    field({
      name: 'expiry',
      label: 'Expiry date',
      label_ar: 'تاريخ الانتهاء',
      type: 'expiry',
      placeholder: 'MM/YY',
    }),
    field({ name: 'cvv', label: 'CVV', label_ar: 'رمز التحقق', type: 'cvv', validation: 'cvv' }),
    field({ name: 'holder', label: 'Name on card', label_ar: 'الاسم على البطاقة' }),
  ],
  wallet_eg: [
    field({
      name: 'phone',
      label: 'Wallet number',
      label_ar: 'رقم المحفظة',
      type: 'tel',
      validation: 'phone_eg',
    }),
    field({
      name: 'provider',
      label: 'Wallet',
      label_ar: 'المحفظة',
      type: 'select',
      required: false,
      options: [
        { value: 'vodafone', label: 'Vodafone Cash' },
        { value: 'etisalat', label: 'e& cash' },
      ],
    }),
  ],
  fawry: [],
  paypal: [],
};

const direct = (overrides: Record<string, unknown> = {}) =>
  jsonResponse(200, {
    success: true,
    payment_id: paymentId,
    requires_redirect: false,
    approval_url: null,
    requires_iframe: false,
    iframe_url: null,
    transaction_id: null,
    reference: null,
    message: null,
    amount: null,
    currency: null,
    error: null,
    ...overrides,
  });

function fakeServer(answer: (call: ApiCall) => Response | undefined = () => undefined) {
  const calls = stubApi((call) => {
    const answered = answer(call);
    if (answered) return answered;
    if (call.path === '/billing/payment-methods/') return jsonResponse(200, { methods });
    if (call.path === '/billing/registration/plans/') return jsonResponse(200, { plans });
    const fields = /^\/billing\/payment-form-fields\/(\w+)\/$/.exec(call.path);
    if (fields?.[1]) return jsonResponse(200, { form_fields: formFields[fields[1]] ?? [] });
    return undefined;
  });
  return {
    payments: () => calls.filter((c) => c.path === '/billing/payments/process-direct/'),
    fieldCalls: () => calls.filter((c) => c.path.startsWith('/billing/payment-form-fields/')),
  };
}

const user = userEvent.setup({ delay: null });
let leftFor: string[] = [];
let restoreNavigator = () => {};

const renderEnhanced = (query: string, language?: Language) =>
  renderPages(
    {
      '/payment/enhanced': () => <PaymentEnhancedPage />,
      '/usage': () => <Destination />,
      '/payment/success': () => <Destination />,
    },
    `/payment/enhanced?${query}`,
    language,
  );

const credits50 = 'type=credits&amount=50.00&credits=50';
const proYearly = `type=plan&amount=2870.40&plan_id=${planIds.pro}&billing_cycle=yearly`;

beforeEach(() => {
  setTokens({ access: fakeAccessToken(), refresh: 'r' });
  setOrganizationId('org-1');
  leftFor = [];
  restoreNavigator = setGatewayNavigator((url) => leftFor.push(url));
});

afterEach(() => restoreNavigator());

/** Puts a value in a field at once, as pasting does: fields are checked when paying, not as typed. */
async function fill(input: HTMLElement, value: string) {
  await user.clear(input);
  await user.click(input);
  await user.paste(value);
}

async function choose(name: string) {
  await user.click(await screen.findByRole('radio', { name }));
}

describe('enhanced payment page', { timeout: 30_000 }, () => {
  it('shows a method whose gateway charges more than the amount unavailable, as the payment page does', async () => {
    fakeServer();
    await renderEnhanced('type=storage&amount=10.00&storage_mb=100', 'ar');
    expect(await screen.findByTestId('payment-method-card_intl')).toBeDisabled();
    expect(screen.getByTestId('payment-method-minimum-card_intl')).toHaveTextContent('غير متاحة لهذا المبلغ');
    expect(screen.getByTestId('payment-method-mada')).toBeEnabled();
  });

  it('asks for the fields of the chosen method and says which are missing', async () => {
    const server = fakeServer();
    await renderEnhanced(credits50);
    expect(screen.getByTestId('page-title')).toHaveTextContent('Payment');
    expect(screen.getByTestId('payment-amount')).toHaveTextContent('EGP 50.00');
    await choose('Card (Visa, Mastercard, Meeza)');
    const card = await screen.findByRole('textbox', { name: 'Card number' });
    expect(screen.getByRole('textbox', { name: 'Expiry date' })).toHaveAttribute('placeholder', 'MM/YY');
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByText('Please fill in Card number')).toBeInTheDocument();
    expect(screen.getByText('Please fill in Expiry date')).toBeInTheDocument();
    expect(screen.getByText('Please fill in CVV')).toBeInTheDocument();
    expect(screen.getByText('Please fill in Name on card')).toBeInTheDocument();
    expect(card).toHaveAttribute('aria-invalid', 'true');
    expect(server.payments()).toHaveLength(0);
  });

  it('checks the card number and CVV, then pays with them without spaces', async () => {
    const server = fakeServer((call) =>
      call.path === '/billing/payments/process-direct/' ? direct() : undefined,
    );
    await renderEnhanced(credits50);
    await choose('Card (Visa, Mastercard, Meeza)');
    const field = (name: string) => screen.findByRole('textbox', { name });
    await fill(await field('Card number'), '4242 4242 424');
    await fill(await field('Expiry date'), '12/29');
    await fill(await field('CVV'), '12');
    await fill(await field('Name on card'), 'Mona Adel');
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByText('Invalid card number')).toBeInTheDocument();
    expect(screen.getByText('Invalid CVV')).toBeInTheDocument();
    expect(server.payments()).toHaveLength(0);

    await fill(await field('Card number'), '4242 4242 4242 4242');
    await fill(await field('CVV'), '123');
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByTestId('destination')).toHaveTextContent(
      `/payment/success?payment_id=${paymentId}`,
    );
    expect(server.payments()).toHaveLength(1);
    expect(server.payments()[0]?.body).toEqual({
      payment_method: 'card_eg',
      payment_type: 'credits',
      amount: '50.00',
      description: 'Extra credits: 50',
      credits: 50,
      storage_mb: 0,
      plan_id: null,
      billing_cycle: 'monthly',
      payment_details: {
        card_number: '4242424242424242',
        expiry: '12/29',
        cvv: '123',
        holder: 'Mona Adel',
      },
    });
  });

  it('checks an Egyptian wallet number and takes an optional choice', async () => {
    const server = fakeServer((call) =>
      call.path === '/billing/payments/process-direct/' ? direct() : undefined,
    );
    await renderEnhanced(credits50);
    await choose('Mobile wallet');
    const phone = await screen.findByRole('textbox', { name: 'Wallet number' });
    await fill(phone, '0101234567');
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByText('Invalid phone number format')).toBeInTheDocument();
    await fill(phone, '+20 101 234 5678');
    await user.click(screen.getByRole('combobox', { name: 'Wallet' }));
    await user.click(await screen.findByRole('option', { name: 'Vodafone Cash' }));
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(server.payments()).toHaveLength(1));
    expect(server.payments()[0]?.body).toMatchObject({
      payment_method: 'wallet_eg',
      payment_details: { phone: '+201012345678', provider: 'vodafone' },
    });
  });

  it('labels the fields and says their messages in Arabic', async () => {
    fakeServer();
    await renderEnhanced(credits50, 'ar');
    expect(document.documentElement.dir).toBe('rtl');
    await choose('بطاقة (فيزا، ماستركارد، ميزة)');
    const card = await screen.findByRole('textbox', { name: 'رقم البطاقة' });
    await user.click(screen.getByRole('button', { name: 'ادفع الآن' }));
    expect(await screen.findByText('يرجى إدخال رقم البطاقة')).toBeInTheDocument();
    expect(screen.getByText('يرجى إدخال رمز التحقق')).toBeInTheDocument();
    await fill(card, '1234');
    await fill(screen.getByRole('textbox', { name: 'رمز التحقق' }), '1');
    await user.click(screen.getByRole('button', { name: 'ادفع الآن' }));
    expect(await screen.findByText('رقم البطاقة غير صالح')).toBeInTheDocument();
    expect(screen.getByText('رمز CVV غير صالح')).toBeInTheDocument();
  });

  it('says a method that needs nothing more, and asks for a method first', async () => {
    const server = fakeServer((call) =>
      call.path === '/billing/payments/process-direct/'
        ? direct({ reference: '5566778899', message: 'Pay at Fawry' })
        : undefined,
    );
    await renderEnhanced(credits50);
    await screen.findByTestId('payment-region-egypt');
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByTestId('payment-error')).toHaveTextContent('Please select a payment method');
    expect(server.fieldCalls()).toHaveLength(0);

    await choose('Fawry');
    expect(await screen.findByTestId('payment-details-none')).toHaveTextContent(
      'No further details are needed for this method.',
    );
    expect(screen.queryByTestId('payment-error')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    const panel = await screen.findByTestId('payment-reference');
    expect(within(panel).getByTestId('payment-reference-code')).toHaveTextContent('5566778899');
    expect(within(panel).getByTestId('payment-reference-instructions')).toHaveTextContent(
      'Pay this amount at any Fawry outlet',
    );
  });

  it.each([
    ['en', 'Failed to load form fields'],
    ['ar', 'فشل تحميل حقول النموذج'],
  ] as const)('says the fields failed to load and loads them again (%s)', async (language, message) => {
    let failing = true;
    fakeServer((call) =>
      call.path.startsWith('/billing/payment-form-fields/') && failing
        ? jsonResponse(404, { detail: 'Not found', code: 'NOT_FOUND' })
        : undefined,
    );
    await renderEnhanced(credits50, language);
    await choose(language === 'en' ? 'Mobile wallet' : 'محفظة الهاتف');
    const alert = await screen.findByTestId('payment-fields-error');
    expect(alert).toHaveTextContent(message);
    expect(screen.getByTestId('payment-pay')).toBeDisabled();
    failing = false;
    await user.click(within(alert).getByTestId('payment-fields-retry'));
    expect(await screen.findByTestId('payment-field-phone')).toBeInTheDocument();
    expect(screen.getByTestId('payment-pay')).toBeEnabled();
  });

  it('shows what PayPal charges in dollars and asks before leaving for it', async () => {
    const server = fakeServer((call) =>
      call.path === '/billing/payments/process-direct/'
        ? direct({
            requires_redirect: true,
            approval_url: 'https://www.paypal.example/checkoutnow?token=EC-9',
          })
        : undefined,
    );
    await renderEnhanced(proYearly);
    expect(await screen.findByText('Pro plan, billed yearly')).toBeInTheDocument();
    await choose('PayPal');
    expect(screen.getByTestId('payment-paypal-notice')).toHaveTextContent(
      'PayPal charges in US dollars: EGP 2,870.40 is $59.70 at 1 EGP = 0.0208 USD.',
    );
    await screen.findByTestId('payment-details-none');
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    let dialog = await screen.findByRole('dialog', { name: 'Pay in US dollars' });
    expect(dialog).toHaveTextContent('PayPal will charge $59.70 for EGP 2,870.40. Continue to PayPal?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.payments()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    dialog = await screen.findByRole('dialog', { name: 'Pay in US dollars' });
    await user.click(within(dialog).getByRole('button', { name: 'Continue to PayPal' }));
    await waitFor(() => expect(leftFor).toEqual(['https://www.paypal.example/checkoutnow?token=EC-9']));
    expect(server.payments()[0]?.body).toMatchObject({
      payment_method: 'paypal',
      payment_type: 'plan',
      amount: '2870.40',
      plan_id: planIds.pro,
      billing_cycle: 'yearly',
      payment_details: {},
    });
    expect(getUpgradePayment()).toEqual({ paymentId, billingCycle: 'yearly' });
  });

  it('asks about dollars in Arabic', async () => {
    fakeServer();
    await renderEnhanced(proYearly, 'ar');
    await choose('باي بال');
    expect(screen.getByTestId('payment-paypal-notice')).toHaveTextContent(
      'يتم الدفع عبر PayPal بالدولار الأمريكي',
    );
    await screen.findByTestId('payment-details-none');
    await user.click(screen.getByRole('button', { name: 'ادفع الآن' }));
    const dialog = await screen.findByRole('dialog', { name: 'الدفع بالدولار الأمريكي' });
    expect(within(dialog).getByRole('button', { name: 'المتابعة إلى PayPal' })).toBeInTheDocument();
  });

  it('pays in the secure frame and goes to the result when it says it is complete', async () => {
    fakeServer((call) =>
      call.path === '/billing/payments/process-direct/'
        ? direct({ requires_iframe: true, iframe_url: 'https://accept.paymob.example/iframe/7' })
        : undefined,
    );
    await renderEnhanced(credits50);
    await choose('Mobile wallet');
    await fill(await screen.findByRole('textbox', { name: 'Wallet number' }), '01012345678');
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Secure payment' });
    expect(within(dialog).getByTitle('Secure payment form')).toHaveAttribute(
      'src',
      'https://accept.paymob.example/iframe/7',
    );
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', { data: 'payment-complete', origin: 'https://accept.paymob.example' }),
      );
    });
    expect(await screen.findByTestId('destination')).toHaveTextContent(
      `/payment/success?payment_id=${paymentId}`,
    );
  });

  it.each([
    [
      'en',
      () => direct({ success: false, payment_id: null, error: 'Insufficient funds' }),
      'Payment failed',
      'Insufficient funds',
    ],
    ['ar', () => direct({ success: false, payment_id: null, error: 'Insufficient funds' }), 'فشل الدفع', ''],
    [
      'en',
      () =>
        jsonResponse(502, {
          detail: 'The payment provider could not be reached.',
          code: 'PAYMENT_GATEWAY_ERROR',
        }),
      'Payment processing failed',
      'The payment provider could not be reached.',
    ],
    [
      'ar',
      () =>
        jsonResponse(502, {
          detail: 'The payment provider could not be reached.',
          code: 'PAYMENT_GATEWAY_ERROR',
        }),
      'فشلت معالجة الدفع',
      'تعذر',
    ],
  ] as const)('says why the payment did not go through (%s)', async (language, answer, title, detail) => {
    fakeServer((call) => (call.path === '/billing/payments/process-direct/' ? answer() : undefined));
    await renderEnhanced(credits50, language);
    await choose(language === 'en' ? 'Fawry' : 'فوري');
    await screen.findByTestId('payment-details-none');
    await user.click(screen.getByTestId('payment-pay'));
    const error = await screen.findByTestId('payment-error');
    expect(error).toHaveTextContent(title);
    if (detail) expect(error).toHaveTextContent(detail);
    else expect(error).not.toHaveTextContent('Insufficient');
    expect(leftFor).toHaveLength(0);
  });

  it('sends a user without a purchase in the address back to /usage', async () => {
    fakeServer();
    await renderEnhanced('type=plan&amount=299.00');
    expect(await screen.findByText('Invalid payment data')).toBeInTheDocument();
    expect(await screen.findByTestId('destination')).toHaveTextContent(/^\/usage$/);
  });
});
