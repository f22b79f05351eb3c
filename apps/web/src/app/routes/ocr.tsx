import { useTranslation } from 'react-i18next';
import { SectionPlaceholder } from '../../components/section-placeholder';

export function OcrPage() {
  const { t } = useTranslation('pages');
  return <SectionPlaceholder title={t('ocr')} testId="page-ocr" />;
}
