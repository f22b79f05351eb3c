import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showToast } from '../../../lib/toast';
import { useApplyExtractionMutation } from '../api/apply-extraction';
import { serverErrorOr } from './ocr-messages';
import { href, paths } from '../../../lib/paths';

/** Makes a draft invoice from an extraction and opens it in the editor. */
export function useCreateInvoice() {
  const { t, i18n } = useTranslation(['ocr', 'errors']);
  const navigate = useNavigate();
  const mutation = useApplyExtractionMutation();

  async function create(extractionId: string): Promise<boolean> {
    try {
      const applied = await mutation.mutateAsync(extractionId);
      await navigate(href(paths.invoice, { id: applied.invoice_id }));
      return true;
    } catch (error) {
      const fallback = t('ocr:errors.createFailed');
      const message = serverErrorOr(error, fallback, t, i18n.language);
      showToast(message === fallback ? fallback : `${fallback}: ${message}`, 'error');
      return false;
    }
  }

  return { create, pendingId: mutation.isPending ? mutation.variables : null };
}
