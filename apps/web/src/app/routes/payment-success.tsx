import { useTranslation } from 'react-i18next';
import { SectionPlaceholder } from '../../components/section-placeholder';

export function PaymentSuccessPage() {
  const { t } = useTranslation('pages');
  return <SectionPlaceholder title={t('paymentSuccess')} testId="page-payment-success" backTo="usage" />;
}
