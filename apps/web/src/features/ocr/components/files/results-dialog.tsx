import { Button, Group, Modal, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState, LoadingState } from '../../../../components/query-state';
import { useExtraction } from '../../api/get-extraction';
import { formatConfidence } from '../../hooks/ocr-format';
import { useCreateInvoice } from '../../hooks/use-create-invoice';
import { ExtractionFields } from '../extraction-fields';
import { ExtractionProgress } from '../extraction-progress';
import { FailureDetails } from '../failure-details';
import { ExtractionStatusBadge } from '../status-badge';
import { href, paths } from '../../../../lib/paths';

interface ResultsDialogProps {
  extractionId: string | null;
  onClose: () => void;
}

/** One run of a file: its progress while it runs, then what it read (SPEC §2, File manager). */
export function ResultsDialog({ extractionId, onClose }: ResultsDialogProps) {
  const { t } = useTranslation('ocr');
  const query = useExtraction(extractionId);
  return (
    <Modal
      opened={extractionId !== null}
      onClose={onClose}
      size="lg"
      title={
        query.data
          ? t('files.dialogTitle', { name: query.data.attachment_info.original_name })
          : t('results.title')
      }
      data-testid="results-dialog"
    >
      {query.isPending ? (
        <LoadingState testId="results-dialog-loading" />
      ) : query.isError ? (
        <ErrorState
          error={query.error}
          fallback={t('review.loadFailed')}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <DialogBody extraction={query.data} onClose={onClose} />
      )}
    </Modal>
  );
}

function DialogBody({
  extraction,
  onClose,
}: {
  extraction: NonNullable<ReturnType<typeof useExtraction>['data']>;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('ocr');
  const invoice = useCreateInvoice();
  return (
    <Stack gap="md" data-testid="results-dialog-body" data-status={extraction.status}>
      <ExtractionStatusBadge status={extraction.status} />
      {extraction.status === 'PROCESSING' ? <ExtractionProgress progress={extraction.progress} /> : null}
      {extraction.status === 'FAILED' ? <FailureDetails run={extraction} /> : null}
      {extraction.status === 'DONE' ? (
        <>
          <Group gap="lg">
            <Text size="sm">
              {t('results.confidence')}:{' '}
              <Text span fw={600} data-testid="results-dialog-confidence">
                {extraction.confidence_score === null
                  ? '—'
                  : formatConfidence(extraction.confidence_score, i18n.language)}
              </Text>
            </Text>
            <Text size="sm">
              {t('results.invoiceData')}:{' '}
              <Text span fw={600} data-testid="results-dialog-invoice-data">
                {extraction.has_invoice_data ? t('results.yes') : t('results.no')}
              </Text>
            </Text>
          </Group>
          <ExtractionFields fields={extraction.fields_json} />
          <div>
            <Title order={3} size="h6" mb={4}>
              {t('review.rawText')}
            </Title>
            <ScrollArea.Autosize mah={220} type="auto" offsetScrollbars="y">
              <Text
                component="pre"
                size="xs"
                dir="auto"
                style={{ whiteSpace: 'pre-wrap', margin: 0 }}
                data-testid="results-dialog-raw-text"
              >
                {extraction.raw_text || t('review.rawTextEmpty')}
              </Text>
            </ScrollArea.Autosize>
          </div>
          <Group justify="flex-end" gap="xs">
            <Button
              component={Link}
              to={href(paths.ocrReview, { id: extraction.id })}
              variant="light"
              onClick={onClose}
            >
              {t('results.review')}
            </Button>
            {extraction.invoice_id ? (
              <Button
                component={Link}
                to={href(paths.invoice, { id: extraction.invoice_id })}
                onClick={onClose}
                data-testid="results-dialog-open-invoice"
              >
                {t('review.openInvoice')}
              </Button>
            ) : (
              <Button
                loading={invoice.pendingId === extraction.id}
                onClick={() => void invoice.create(extraction.id)}
                data-testid="results-dialog-create-invoice"
              >
                {t('review.createInvoice')}
              </Button>
            )}
          </Group>
        </>
      ) : null}
    </Stack>
  );
}
