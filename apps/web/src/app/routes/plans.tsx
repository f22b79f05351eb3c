import { useTranslation } from 'react-i18next';
import { SectionPlaceholder } from '../../components/section-placeholder';

export function PlansPage() {
  const { t } = useTranslation('pages');
  return <SectionPlaceholder title={t('plans')} testId="page-plans" />;
}
