import { useTranslation } from 'react-i18next';
import { SectionPlaceholder } from '../../components/section-placeholder';

export function CustomersPage() {
  const { t } = useTranslation('pages');
  return <SectionPlaceholder title={t('customers')} testId="page-customers" />;
}
