import { useTranslation } from 'react-i18next';
import { SectionPlaceholder } from '../../components/section-placeholder';

export function PaymentPage() {
  const { t } = useTranslation('pages');
  return <SectionPlaceholder title={t('payment')} testId="page-payment" />;
}
