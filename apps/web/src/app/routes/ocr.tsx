import { OcrPage as OcrFeaturePage } from '../../features/ocr/components/ocr-page';

export function OcrPage() {
  return <OcrFeaturePage />;
}
