import { useTranslation } from 'react-i18next';
import { SectionPlaceholder } from '../../components/section-placeholder';

export function PaymentFailurePage() {
  const { t } = useTranslation('pages');
  return <SectionPlaceholder title={t('paymentFailure')} testId="page-payment-failure" backTo="usage" />;
}
