import { Button, Group, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InvoiceActions, InvoiceRef } from './invoice-actions';

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
