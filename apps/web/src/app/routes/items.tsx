import { useTranslation } from 'react-i18next';
import { SectionPlaceholder } from '../../components/section-placeholder';

export function ItemsPage() {
  const { t } = useTranslation('pages');
  return <SectionPlaceholder title={t('items')} testId="page-items" />;
}
