import type { InvoiceStatus } from '@invoicing/contract';
import { ActionIcon, Button, Group, Menu, Tooltip } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { IconDots } from '../../../components/icons';
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
import { defaultDocumentChoice, InvoicePreview } from './invoice-preview';

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
        <InvoicePreview
          invoice={previewing}
          choice={choice}
          onChoice={setChoice}
          onClose={() => setPreviewing(null)}
          onDownload={download}
          downloading={pdf.isPending}
          unsaved={options.unsaved}
        />
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

/** The editor's buttons for a saved invoice. Only a draft can be deleted: otherwise the button says why not. */
export function InvoiceActionBar({ invoice, actions }: { invoice: InvoiceRef; actions: InvoiceActions }) {
  const { t } = useTranslation('invoices');
  const draft = invoice.status === 'DRAFT';
  const deleteButton = (
    <Button
      variant="light"
      color="red"
      disabled={!draft}
      onClick={() => actions.askDelete(invoice)}
      data-testid="invoice-delete"
    >
      {t('actions.delete')}
    </Button>
  );
  return (
    <Group gap="xs" data-testid="invoice-actions">
      <Button variant="light" onClick={() => actions.preview(invoice)} data-testid="invoice-preview-open">
        {t('actions.preview')}
      </Button>
      <Button
        variant="default"
        loading={actions.downloading === invoice.id}
        onClick={() => actions.download(invoice)}
        data-testid="invoice-download"
      >
        {t('actions.download')}
      </Button>
      <Button
        variant="default"
        loading={actions.duplicating === invoice.id}
        onClick={() => void actions.duplicate(invoice)}
        data-testid="invoice-duplicate"
      >
        {t('actions.duplicate')}
      </Button>
      {draft ? (
        deleteButton
      ) : (
        <Tooltip label={t('actions.onlyDrafts')} events={{ hover: true, focus: true, touch: true }}>
          {/* A disabled button gets no pointer events: its wrapper shows the reason. */}
          <span tabIndex={0} data-testid="invoice-delete-reason" aria-label={t('actions.onlyDrafts')}>
            {deleteButton}
          </span>
        </Tooltip>
      )}
    </Group>
  );
}

/** The list row's menu: preview, download, duplicate, and delete for a draft. */
export function InvoiceRowMenu({ invoice, actions }: { invoice: InvoiceRef; actions: InvoiceActions }) {
  const { t } = useTranslation('invoices');
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('actions.menu', { number: isolate(invoice.number) })}
          data-testid="invoice-menu"
        >
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => actions.preview(invoice)} data-testid="invoice-menu-preview">
          {t('actions.preview')}
        </Menu.Item>
        <Menu.Item onClick={() => actions.download(invoice)} data-testid="invoice-menu-download">
          {t('actions.download')}
        </Menu.Item>
        <Menu.Item onClick={() => void actions.duplicate(invoice)} data-testid="invoice-menu-duplicate">
          {t('actions.duplicate')}
        </Menu.Item>
        {invoice.status === 'DRAFT' ? (
          <Menu.Item color="red" onClick={() => actions.askDelete(invoice)} data-testid="invoice-menu-delete">
            {t('actions.delete')}
          </Menu.Item>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}
