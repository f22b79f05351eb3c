import { useTranslation } from 'react-i18next';
import { SectionPlaceholder } from '../../components/section-placeholder';

export function FileManagerPage() {
  const { t } = useTranslation('pages');
  return <SectionPlaceholder title={t('fileManager')} testId="page-file-manager" />;
}
