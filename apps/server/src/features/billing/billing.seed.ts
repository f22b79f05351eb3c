import type { SystemAccess } from '../../platform/db/system-access';
import { paymentMethodsRepository } from './billing.repository';

/** The payment methods of DECISIONS.md (Payments), in English and Arabic, in the order pages list them. */
const defaultMethods = [
  {
    code: 'card_eg',
    region: 'egypt',
    displayName: 'Card (Visa, Mastercard, Meeza)',
    displayNameAr: 'بطاقة (فيزا، ماستركارد، ميزة)',
    description: 'Pay with a Visa, Mastercard or Meeza card issued in Egypt.',
    descriptionAr: 'ادفع ببطاقة فيزا أو ماستركارد أو ميزة صادرة في مصر.',
  },
  {
    code: 'wallet_eg',
    region: 'egypt',
    displayName: 'Mobile wallet (Vodafone Cash, Etisalat Cash, Orange Cash, WE Pay)',
    displayNameAr: 'محفظة الهاتف المحمول (فودافون كاش، اتصالات كاش، أورنج كاش، وي باي)',
    description: 'Pay from your mobile wallet and confirm the payment on your phone.',
    descriptionAr: 'ادفع من محفظة هاتفك المحمول وأكّد الدفع من هاتفك.',
  },
  {
    code: 'kiosk_eg',
    region: 'egypt',
    displayName: 'Aman / Masary kiosk',
    displayNameAr: 'أمان / مصاري',
    description: 'Get a reference code and pay in cash at any Aman or Masary outlet.',
    descriptionAr: 'احصل على رقم مرجعي وادفع نقدًا في أي منفذ أمان أو مصاري.',
  },
  {
    code: 'valu',
    region: 'egypt',
    displayName: 'ValU',
    displayNameAr: 'فاليو',
    description: 'Buy now and pay in instalments with ValU.',
    descriptionAr: 'اشترِ الآن وادفع على أقساط مع فاليو.',
  },
  {
    code: 'fawry',
    region: 'egypt',
    displayName: 'Fawry reference code',
    displayNameAr: 'رقم مرجعي من فوري',
    description: 'Get a Fawry reference code and pay at any Fawry outlet, ATM or in the Fawry app.',
    descriptionAr: 'احصل على رقم مرجعي من فوري وادفع في أي منفذ فوري أو ماكينة صراف آلي أو في تطبيق فوري.',
  },
  {
    code: 'mada',
    region: 'gulf',
    displayName: 'mada',
    displayNameAr: 'مدى',
    description: 'Pay with a Saudi mada debit card.',
    descriptionAr: 'ادفع ببطاقة مدى السعودية.',
  },
  {
    code: 'stc_pay',
    region: 'gulf',
    displayName: 'STC Pay',
    displayNameAr: 'STC Pay',
    description: 'Pay from your STC Pay wallet.',
    descriptionAr: 'ادفع من محفظة STC Pay.',
  },
  {
    code: 'apple_pay',
    region: 'gulf',
    displayName: 'Apple Pay',
    displayNameAr: 'Apple Pay',
    description: 'Pay with Apple Pay on a device that supports it.',
    descriptionAr: 'ادفع باستخدام Apple Pay على جهاز يدعمه.',
  },
  {
    code: 'knet',
    region: 'gulf',
    displayName: 'KNET',
    displayNameAr: 'كي نت',
    description: 'Pay with a Kuwaiti KNET debit card.',
    descriptionAr: 'ادفع ببطاقة كي نت الكويتية.',
  },
  {
    code: 'card_intl',
    region: 'international',
    displayName: 'International card',
    displayNameAr: 'بطاقة دولية',
    description: 'Pay with a Visa or Mastercard card issued outside Egypt.',
    descriptionAr: 'ادفع ببطاقة فيزا أو ماستركارد صادرة خارج مصر.',
  },
  {
    code: 'paypal',
    region: 'international',
    displayName: 'PayPal',
    displayNameAr: 'باي بال',
    description: 'Pay for a plan upgrade with your PayPal account, charged in US dollars.',
    descriptionAr: 'ادفع ترقية الخطة بحساب باي بال، بالدولار الأمريكي.',
  },
] as const;

/** Inserts the payment methods not there yet, enabled; existing ones keep the superuser's edits. */
export const seedPaymentMethods = async (system: SystemAccess): Promise<void> => {
  await paymentMethodsRepository(system.db).insertMissing(
    defaultMethods.map((m, i) => ({ ...m, isActive: true, sortOrder: i + 1 })),
  );
};
