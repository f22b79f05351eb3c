import { useTranslation } from 'react-i18next';
import { SectionPlaceholder } from '../../components/section-placeholder';

export function InvoiceDetailPage() {
  const { t } = useTranslation('pages');
  return <SectionPlaceholder title={t('invoiceDetail')} testId="page-invoice-detail" />;
}
