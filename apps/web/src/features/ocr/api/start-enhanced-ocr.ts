import { attachmentRoutes } from '@invoicing/contract';
import { callApi } from '../../../lib/api-client';

/** Advanced OCR of a file: 10 credits. */
export function startEnhancedOcr(attachmentId: string) {
  return callApi(attachmentRoutes.enhancedOcr, { params: { id: attachmentId } });
}
