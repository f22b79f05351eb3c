import type { DocumentDigits, DocumentLanguage } from '@invoicing/contract';
import { Alert, Anchor, Box, Button, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { isolate } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useInvoiceDocument, type DocumentChoice } from '../api/invoice-document';
import type { InvoiceRef } from './invoice-actions';

interface InvoicePreviewProps {
  invoice: InvoiceRef | null;
  choice: DocumentChoice;
  onChoice: (choice: DocumentChoice) => void;
  onClose: () => void;
  onDownload: (invoice: InvoiceRef, choice: DocumentChoice) => void;
  downloading: boolean;
  /** The editor has changes not saved: the document shows the invoice as last saved. */
  unsaved?: boolean;
}

/**
 * The invoice as the customer will receive it, in English, Arabic or both, with Western or Arabic-Indic
 * digits; printed from here, or downloaded as the server's PDF of the same page.
 */
export function InvoicePreview({ invoice, onClose, ...props }: InvoicePreviewProps) {
  const { t } = useTranslation('invoices');
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={invoice !== null}
      onClose={onClose}
      size="min(1000px, 100%)"
      fullScreen={phone}
      title={invoice ? t('preview.title', { number: isolate(invoice.number) }) : ''}
      data-testid="invoice-preview"
    >
      {invoice ? <PreviewBody key={invoice.id} invoice={invoice} {...props} /> : null}
    </Modal>
  );
}

function PreviewBody({
  invoice,
  choice,
  onChoice,
  onDownload,
  downloading,
  unsaved,
}: Omit<InvoicePreviewProps, 'invoice' | 'onClose'> & { invoice: InvoiceRef }) {
  const { t } = useTranslation('invoices');
  const frame = useRef<HTMLIFrameElement>(null);
  const document = useInvoiceDocument(invoice.id, choice);
  const print = () => frame.current?.contentWindow?.print();

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group gap="sm" align="flex-end">
          <SegmentedControl
            value={choice.language}
            onChange={(language) => onChoice({ ...choice, language: language as DocumentLanguage })}
            data={[
              { value: 'en', label: t('preview.languages.en') },
              { value: 'ar', label: t('preview.languages.ar') },
              { value: 'bilingual', label: t('preview.languages.bilingual') },
            ]}
            aria-label={t('preview.language')}
            data-testid="preview-language"
          />
          {choice.language !== 'en' ? (
            <SegmentedControl
              value={choice.digits}
              onChange={(digits) => onChoice({ ...choice, digits: digits as DocumentDigits })}
              data={[
                { value: 'latn', label: t('preview.digits.latn') },
                { value: 'arab', label: t('preview.digits.arab') },
              ]}
              aria-label={t('preview.digitsLabel')}
              data-testid="preview-digits"
            />
          ) : null}
        </Group>
        <Group gap="xs">
          <Button
            variant="default"
            onClick={print}
            disabled={!document.data || document.isPlaceholderData}
            data-testid="preview-print"
          >
            {t('preview.print')}
          </Button>
          <Button
            loading={downloading}
            onClick={() => onDownload(invoice, choice)}
            data-testid="preview-download"
          >
            {t('preview.download')}
          </Button>
        </Group>
      </Group>
      {unsaved ? (
        <Alert color="yellow" variant="light" data-testid="preview-unsaved">
          {t('preview.unsaved')}
        </Alert>
      ) : null}
      {document.data?.zatca_vat_number_missing ? (
        <Alert color="orange" variant="light" data-testid="preview-zatca-missing">
          <Text size="sm">
            {t('preview.zatcaMissing')}{' '}
            <Anchor component={Link} to={paths.organization} size="sm">
              {t('preview.organizationLink')}
            </Anchor>
          </Text>
        </Alert>
      ) : null}
      {document.isPending ? (
        <LoadingState />
      ) : document.isError ? (
        <ErrorState
          error={document.error}
          fallback={t('preview.loadFailed')}
          onRetry={() => void document.refetch()}
        />
      ) : (
        <Box
          component="iframe"
          ref={frame}
          title={t('preview.frameTitle', { number: isolate(invoice.number) })}
          srcDoc={document.data.html}
          // Nothing in it runs; the page may still print it (same origin, and the print dialog).
          sandbox="allow-same-origin allow-modals"
          data-testid="preview-frame"
          style={{
            inlineSize: '100%',
            blockSize: 'min(75vh, 1100px)',
            border: '1px solid var(--mantine-color-gray-3)',
            borderRadius: 'var(--mantine-radius-sm)',
            opacity: document.isPlaceholderData ? 0.5 : 1,
          }}
        />
      )}
    </Stack>
  );
}
