import { useTranslation } from 'react-i18next';
import { SectionPlaceholder } from '../../components/section-placeholder';

export function PaymentEnhancedPage() {
  const { t } = useTranslation('pages');
  return <SectionPlaceholder title={t('paymentEnhanced')} testId="page-payment-enhanced" />;
}
