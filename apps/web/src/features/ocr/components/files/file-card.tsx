import type { Attachment } from '@invoicing/contract';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconTrash } from '../../../../components/icons';
import { formatDateTime } from '../../../../lib/format';
import { formatMb } from '../../hooks/ocr-format';
import { failureMessage } from '../../hooks/ocr-messages';
import { useCreateInvoice } from '../../hooks/use-create-invoice';
import { useStartOcr } from '../../hooks/use-start-ocr';
import { FileThumb } from '../file-thumb';
import { ExtractionStatusBadge } from '../status-badge';
import { href, paths } from '../../../../lib/paths';

interface FileCardProps {
  file: Attachment;
  onDelete: (file: Attachment) => void;
  onShowResults: (extractionId: string) => void;
}

export function FileCard({ file, onDelete, onShowResults }: FileCardProps) {
  const { t, i18n } = useTranslation('ocr');
  const language = i18n.language;
  const ocr = useStartOcr();
  const invoice = useCreateInvoice();
  const pending = ocr.pending?.method;

  async function start(method: 'normal' | 'advanced') {
    const started = await ocr.start(file.id, method, method === 'normal' ? 'start' : 'advanced');
    if (started) onShowResults(started.extraction_id);
  }

  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      data-testid="file-card"
      data-status={file.extraction_status ?? 'none'}
    >
      <Stack gap="sm" h="100%">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <FileThumb name={file.original_name} mime={file.mime} src={file.preview_url} size={72} />
          <Stack gap={2} style={{ minInlineSize: 0, flexGrow: 1 }}>
            <Text fw={600} truncate="end" data-testid="file-name">
              <bdi>{file.original_name}</bdi>
            </Text>
            <Text size="xs" c="dimmed" data-testid="file-size">
              {formatMb(file.size_mb, t, language)}
            </Text>
            <Text size="xs" c="dimmed">
              {t('files.uploadedOn', { when: formatDateTime(file.created_at, language) })}
            </Text>
            <Group gap={6} mt={4}>
              <ExtractionStatusBadge status={file.extraction_status} />
            </Group>
          </Stack>
        </Group>

        {file.extraction_status === 'FAILED' ? <FailedNote file={file} /> : null}

        <Group gap="xs" mt="auto">
          {!file.has_extraction ? (
            <>
              <Button
                size="xs"
                loading={pending === 'normal'}
                disabled={pending === 'advanced'}
                onClick={() => void start('normal')}
                data-testid="file-start-ocr"
              >
                {t('files.startOcr')}
              </Button>
              <Button
                size="xs"
                variant="light"
                color="grape"
                loading={pending === 'advanced'}
                disabled={pending === 'normal'}
                onClick={() => void start('advanced')}
                data-testid="file-start-advanced"
              >
                {t('files.startAdvanced')}
              </Button>
            </>
          ) : file.extraction_id ? (
            <Button
              size="xs"
              variant="light"
              onClick={() => onShowResults(file.extraction_id!)}
              data-testid="file-results"
            >
              {t('files.results')}
            </Button>
          ) : null}
          {file.extraction_status === 'DONE' &&
          file.extraction_id &&
          (file.invoice_id || file.extraction_has_invoice_data) ? (
            file.invoice_id ? (
              <Button
                size="xs"
                component={Link}
                to={href(paths.invoice, { id: file.invoice_id })}
                data-testid="file-open-invoice"
              >
                {file.invoice_number
                  ? t('results.openInvoiceNumber', { number: file.invoice_number })
                  : t('results.openInvoice')}
              </Button>
            ) : (
              <Button
                size="xs"
                loading={invoice.pendingId === file.extraction_id}
                onClick={() => void invoice.create(file.extraction_id!)}
                data-testid="file-create-invoice"
              >
                {t('results.createInvoice')}
              </Button>
            )
          ) : null}
          <Button
            size="xs"
            variant="subtle"
            component="a"
            href={file.file_url}
            target="_blank"
            rel="noreferrer"
            data-testid="file-view"
          >
            {t('files.view')}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} />}
            onClick={() => onDelete(file)}
            data-testid="file-delete"
          >
            {t('files.delete')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** SPEC §2: the failure's message, 'Processing failed' when the run left none. */
function FailedNote({ file }: { file: Attachment }) {
  const { t, i18n } = useTranslation('ocr');
  const run = { error_code: file.extraction_error_code, error_message: file.extraction_error_message };
  const message = run.error_message?.trim()
    ? failureMessage(run, t, i18n.language)
    : t('files.processingFailed');
  return (
    <Text size="sm" c="red.7" data-testid="file-error">
      {message}
    </Text>
  );
}
