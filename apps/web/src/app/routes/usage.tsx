import { useTranslation } from 'react-i18next';
import { SectionPlaceholder } from '../../components/section-placeholder';

export function UsagePage() {
  const { t } = useTranslation('pages');
  return <SectionPlaceholder title={t('usage')} testId="page-usage" />;
}
