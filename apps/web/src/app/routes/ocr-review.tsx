import { useParams } from 'react-router';
import { ReviewPage } from '../../features/ocr/components/review/review-page';

export function OcrReviewPage() {
  const { id = '' } = useParams();
  return <ReviewPage key={id} id={id} />;
}
