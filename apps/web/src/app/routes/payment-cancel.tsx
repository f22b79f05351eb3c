import { useTranslation } from 'react-i18next';
import { SectionPlaceholder } from '../../components/section-placeholder';

export function PaymentCancelPage() {
  const { t } = useTranslation('pages');
  return <SectionPlaceholder title={t('paymentCancel')} testId="page-payment-cancel" backTo="home" />;
}
