import type { OcrMethod, StartedOcr } from '@invoicing/contract';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast';
import { useStartOcrMutation } from '../api/start-ocr';
import { creditsLabel, ocrStartErrorMessage } from './ocr-messages';

/**
 * Starts OCR of a file and tells the user how it went: what it cost, or why it was refused (SPEC §8).
 * `from` names the button for the fallback message: a method's own button, or a plain Start OCR.
 */
export function useStartOcr() {
  const { t, i18n } = useTranslation(['ocr', 'errors']);
  const mutation = useStartOcrMutation();

  async function start(
    attachmentId: string,
    method: OcrMethod,
    from: OcrMethod | 'start' = method,
  ): Promise<StartedOcr | null> {
    try {
      const started = await mutation.mutateAsync({ attachmentId, method });
      showToast(
        t('ocr:errors.started', {
          method: t(`ocr:methods.${started.method_used}`),
          credits: creditsLabel(started.credits_charged, t, i18n.language),
        }),
        'success',
      );
      return started;
    } catch (error) {
      showToast(ocrStartErrorMessage(error, from, t, i18n.language), 'error');
      return null;
    }
  }

  return {
    start,
    /** The file and method being started, to show that one button busy. */
    pending: mutation.isPending ? mutation.variables : null,
  };
}
