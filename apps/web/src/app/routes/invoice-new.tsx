import { useTranslation } from 'react-i18next';
import { SectionPlaceholder } from '../../components/section-placeholder';

export function InvoiceNewPage() {
  const { t } = useTranslation('pages');
  return <SectionPlaceholder title={t('invoiceNew')} testId="page-invoice-new" />;
}
