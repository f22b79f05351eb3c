import type { InvoiceStatus } from '@invoicing/contract';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDelete, useDeletion } from '../../../components/list/confirm-delete';
import { ApiError } from '../../../lib/api-client';
import { describeError } from '../../../lib/api-errors';
import { isolate } from '../../../lib/format';
import { href, paths } from '../../../lib/paths';
import { showToast } from '../../../lib/toast';
import { useDeleteInvoiceMutation } from '../api/delete-invoice';
import { useDownloadInvoicePdfMutation } from '../api/download-invoice-pdf';
import { useDuplicateInvoiceMutation } from '../api/duplicate-invoice';
import type { DocumentChoice } from '../api/invoice-document';
import { useOnceTrue } from '../../../lib/use-once-true';

// The preview's code (its dialog, the document's frame) is loaded when a preview is first asked for.
const InvoicePreview = lazy(() =>
  import('./invoice-preview').then((module) => ({ default: module.InvoicePreview })),
);

/** The document's language first offered: the page's. */
export const defaultDocumentChoice = (pageLanguage: string): DocumentChoice => ({
  language: pageLanguage === 'ar' ? 'ar' : 'en',
  digits: 'latn',
});

/** What the actions need of an invoice: the list's rows and the editor's invoice both have it. */
export interface InvoiceRef {
  id: string;
  number: string;
  status: InvoiceStatus;
}

export interface InvoiceActions {
  /** Opens the document's preview (print and download are there too). */
  preview: (invoice: InvoiceRef) => void;
  /** Downloads the PDF in the language last chosen in the preview (at first, the page's). */
  download: (invoice: InvoiceRef) => void;
  downloading: string | null;
  askDelete: (invoice: InvoiceRef) => void;
  duplicate: (invoice: InvoiceRef) => Promise<void>;
  duplicating: string | null;
  /** The dialogs the actions open; rendered once by the page. */
  dialogs: ReactNode;
}

/**
 * What can be done with a saved invoice, shared by the list and the editor: preview, print and download it
 * as PDF, duplicate it, delete a draft (after a confirmation). `onDeleted` runs once a deletion went through
 * (the editor leaves the deleted invoice); `unsaved` says the editor has changes the document lacks.
 */
export function useInvoiceActions(
  options: { onDeleted?: () => void; unsaved?: boolean } = {},
): InvoiceActions {
  const { t, i18n } = useTranslation(['invoices', 'errors']);
  const navigate = useNavigate();
  const [previewing, setPreviewing] = useState<InvoiceRef | null>(null);
  const previewWanted = useOnceTrue(previewing !== null);
  const [choice, setChoice] = useState<DocumentChoice>(() => defaultDocumentChoice(i18n.language));
  const pdf = useDownloadInvoicePdfMutation();
  const download = (invoice: InvoiceRef, chosen: DocumentChoice = choice) => {
    pdf.mutate(
      { id: invoice.id, number: invoice.number, choice: chosen },
      {
        onError: (error) => {
          const message = describeError(error, t, i18n.language, t('errors:generic'));
          showToast(t('preview.downloadFailed', { message }), 'error');
        },
      },
    );
  };
  const remove = useDeleteInvoiceMutation();
  const copy = useDuplicateInvoiceMutation();
  const deletion = useDeletion<InvoiceRef>(remove, t('actions.deleted'), () => options.onDeleted?.());

  const duplicate = async (invoice: InvoiceRef) => {
    try {
      const made = await copy.mutateAsync(invoice.id);
      showToast(t('actions.duplicated', { number: isolate(made.number) }), 'success');
      await navigate(href(paths.invoice, { id: made.id }));
    } catch (error) {
      // A plan limit takes the user to the usage page, which says why.
      if (error instanceof ApiError && error.code === 'PLAN_LIMIT_REACHED') return;
      const message = describeError(error, t, i18n.language, t('errors:generic'));
      showToast(t('actions.duplicateFailed', { message }), 'error');
    }
  };

  return {
    preview: setPreviewing,
    download: (invoice) => download(invoice),
    downloading: pdf.isPending ? (pdf.variables?.id ?? null) : null,
    askDelete: deletion.ask,
    duplicate,
    duplicating: copy.isPending ? (copy.variables ?? null) : null,
    dialogs: (
      <>
        {previewWanted ? (
          <Suspense fallback={null}>
            <InvoicePreview
              invoice={previewing}
              choice={choice}
              onChoice={setChoice}
              onClose={() => setPreviewing(null)}
              onDownload={download}
              downloading={pdf.isPending}
              unsaved={options.unsaved}
            />
          </Suspense>
        ) : null}
        <ConfirmDelete
          deletion={deletion}
          title={t('actions.deleteTitle')}
          question={t('actions.deleteQuestion', { number: isolate(deletion.target?.number ?? '') })}
          cancelLabel={t('actions.cancel')}
          deleteLabel={t('actions.delete')}
          failed={t('actions.deleteFailed')}
          testIdPrefix="invoice"
        />
      </>
    ),
  };
}
