import type { PaymentMethod, PaymentView, PublicPlan } from '@invoicing/contract';
import { useLocation } from 'react-router';

export const planIds = {
  free: '0a000000-0000-4000-8000-000000000001',
  pro: '0a000000-0000-4000-8000-000000000002',
  enterprise: '0a000000-0000-4000-8000-000000000003',
};

export const paymentId = '0c000000-0000-4000-8000-000000000001';

const plan = { description: '', currency: 'EGP', features: [], is_popular: false };

export const plans: PublicPlan[] = [
  {
    ...plan,
    id: planIds.free,
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
    id: planIds.pro,
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
    id: planIds.enterprise,
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

let order = 0;
function method(
  name: PaymentMethod['name'],
  region: PaymentMethod['region'],
  names: [string, string],
  descriptions: [string, string],
  overrides: Partial<PaymentMethod> = {},
): PaymentMethod {
  order += 1;
  return {
    id: `m-${name}`,
    name,
    display_name: names[0],
    display_name_ar: names[1],
    description: descriptions[0],
    description_ar: descriptions[1],
    region,
    gateway: 'sandbox',
    currency: 'EGP',
    payment_types: ['credits', 'storage', 'extras', 'plan'],
    minimum_amount: null,
    minimum_charge: null,
    is_active: true,
    sort_order: order,
    total_transactions: 0,
    successful_transactions: 0,
    success_rate: 0,
    ...overrides,
  };
}

/** The methods the product ships, as GET /billing/payment-methods/ answers them. */
export const methods: PaymentMethod[] = [
  method(
    'card_eg',
    'egypt',
    ['Card (Visa, Mastercard, Meeza)', 'بطاقة (فيزا، ماستركارد، ميزة)'],
    ['Pay with a bank card issued in Egypt.', 'ادفع ببطاقة بنكية صادرة في مصر.'],
  ),
  method(
    'wallet_eg',
    'egypt',
    ['Mobile wallet', 'محفظة الهاتف'],
    ['Vodafone Cash and other mobile wallets.', 'فودافون كاش ومحافظ الهاتف الأخرى.'],
  ),
  method(
    'kiosk_eg',
    'egypt',
    ['Aman / Masary', 'أمان / مصاري'],
    ['Pay cash at an Aman or Masary outlet.', 'ادفع نقدًا في منفذ أمان أو مصاري.'],
  ),
  method('valu', 'egypt', ['ValU', 'فاليو'], ['Pay in installments with ValU.', 'قسّط مع فاليو.']),
  method(
    'fawry',
    'egypt',
    ['Fawry', 'فوري'],
    ['Pay with a reference code at any Fawry outlet.', 'ادفع برقم مرجعي في أي منفذ فوري.'],
  ),
  method('mada', 'gulf', ['mada', 'مدى'], ['Saudi debit cards.', 'بطاقات مدى السعودية.'], {
    currency: 'SAR',
  }),
  method('stc_pay', 'gulf', ['STC Pay', 'إس تي سي باي'], ['The STC Pay wallet.', 'محفظة إس تي سي باي.'], {
    currency: 'SAR',
  }),
  method('apple_pay', 'gulf', ['Apple Pay', 'أبل باي'], ['Apple Pay in the Gulf.', 'أبل باي في الخليج.'], {
    currency: 'SAR',
  }),
  method('knet', 'gulf', ['KNET', 'كي نت'], ['Kuwaiti debit cards.', 'بطاقات كي نت الكويتية.'], {
    currency: 'KWD',
  }),
  method(
    'card_intl',
    'international',
    ['International card', 'بطاقة دولية'],
    ['Visa and Mastercard from anywhere.', 'فيزا وماستركارد من أي مكان.'],
    // Stripe charges no less than 0.50 USD: 23.80 EGP at the default rate.
    { gateway: 'stripe', currency: 'USD', minimum_amount: '23.80', minimum_charge: '0.50' },
  ),
  method(
    'paypal',
    'international',
    ['PayPal', 'باي بال'],
    ['Pay with your PayPal account.', 'ادفع بحساب باي بال.'],
    {
      currency: 'USD',
      payment_types: ['plan'],
    },
  ),
];

export function paymentView(overrides: Partial<PaymentView> = {}): PaymentView {
  return {
    id: paymentId,
    payment_method: 'card_eg',
    payment_type: 'credits',
    status: 'SUCCEEDED',
    amount: '50.00',
    charged_currency: 'EGP',
    charged_amount: '50.00',
    credits: 50,
    storage_mb: 0,
    plan_name: null,
    billing_cycle: null,
    reference: null,
    created_at: '2026-03-01T10:00:00Z',
    fulfilled_at: '2026-03-01T10:01:00Z',
    ...overrides,
  };
}

/** Where a page sent the user: its path and query. */
export function Destination() {
  const location = useLocation();
  return <div data-testid="destination">{`${location.pathname}${location.search}`}</div>;
}

/** An amount as the pages format it in English: the currency code held to it by a no-break space. */
export const money = (currency: string, amount: string) => `${currency}\u00a0${amount}`;
