import { useTranslation } from 'react-i18next';
import { SectionPlaceholder } from '../../components/section-placeholder';

export function InvoiceDashboardPage() {
  const { t } = useTranslation('pages');
  return <SectionPlaceholder title={t('invoiceDashboard')} testId="page-invoice-dashboard" />;
}
