import { useTranslation } from 'react-i18next';
import { SectionPlaceholder } from '../../components/section-placeholder';

export function InvoicesPage() {
  const { t } = useTranslation('pages');
  return <SectionPlaceholder title={t('invoices')} testId="page-invoices" />;
}
