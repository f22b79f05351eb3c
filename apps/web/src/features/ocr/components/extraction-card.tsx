import type { ExtractionListItem } from '@invoicing/contract';
import { ocrCredits } from '@invoicing/contract';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { formatConfidence } from '../hooks/ocr-format';
import { creditsLabel } from '../hooks/ocr-messages';
import { useCreateInvoice } from '../hooks/use-create-invoice';
import { useStartOcr } from '../hooks/use-start-ocr';
import { ExtractionFields } from './extraction-fields';
import { ExtractionProgress } from './extraction-progress';
import { FailureDetails } from './failure-details';
import { FileThumb } from './file-thumb';
import { ExtractionStatusBadge } from './status-badge';
import { href, paths } from '../../../lib/paths';

/** One OCR run on the OCR page: live progress, the result, or the failure with retries. */
export function ExtractionCard({ item }: { item: ExtractionListItem }) {
  const { t, i18n } = useTranslation('ocr');
  const language = i18n.language;
  const ocr = useStartOcr();
  const invoice = useCreateInvoice();
  const info = item.attachment_info;
  const retrying = ocr.pending?.method;

  return (
    <Card withBorder radius="md" padding="md" data-testid="ocr-result" data-status={item.status}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" style={{ minInlineSize: 0 }}>
            <FileThumb name={info.original_name} mime={info.mime} src={info.preview_url} size={48} />
            <Stack gap={0} style={{ minInlineSize: 0 }}>
              <Text fw={600} truncate="end" data-testid="ocr-result-name">
                <bdi>{info.original_name}</bdi>
              </Text>
              <Text size="xs" c="dimmed">
                {t('results.method', {
                  method: t(`methods.${item.method_used}`),
                  credits: creditsLabel(item.credits_charged, t, language),
                })}{' '}
                · {formatDateTime(item.created_at, language)}
              </Text>
            </Stack>
          </Group>
          <ExtractionStatusBadge status={item.status} />
        </Group>

        {item.status === 'PROCESSING' ? <ExtractionProgress progress={item.progress} /> : null}

        {item.status === 'DONE' ? (
          <Stack gap="sm">
            <Group gap="lg">
              <Text size="sm">
                {t('results.confidence')}:{' '}
                <Text span fw={600} data-testid="ocr-confidence">
                  {item.confidence_score === null ? '—' : formatConfidence(item.confidence_score, language)}
                </Text>
              </Text>
              <Text size="sm">
                {t('results.invoiceData')}:{' '}
                <Text span fw={600} data-testid="ocr-has-invoice-data">
                  {item.has_invoice_data ? t('results.yes') : t('results.no')}
                </Text>
              </Text>
            </Group>
            <ExtractionFields fields={item.fields_json} />
            <Group gap="xs">
              <Button
                component={Link}
                to={href(paths.ocrReview, { id: item.id })}
                size="xs"
                variant="light"
                data-testid="ocr-review"
              >
                {t('results.review')}
              </Button>
              {item.invoice_id ? (
                <Button
                  component={Link}
                  to={href(paths.invoice, { id: item.invoice_id })}
                  size="xs"
                  data-testid="ocr-open-invoice"
                >
                  {item.invoice_number
                    ? t('results.openInvoiceNumber', { number: item.invoice_number })
                    : t('results.openInvoice')}
                </Button>
              ) : item.has_invoice_data ? (
                <Button
                  size="xs"
                  loading={invoice.pendingId === item.id}
                  onClick={() => void invoice.create(item.id)}
                  data-testid="ocr-create-invoice"
                >
                  {t('results.createInvoice')}
                </Button>
              ) : null}
            </Group>
          </Stack>
        ) : null}

        {item.status === 'FAILED' ? (
          <Stack gap="sm">
            <FailureDetails run={item} />
            <Group gap="xs">
              <Button
                size="xs"
                variant="light"
                loading={retrying === 'normal'}
                disabled={retrying !== undefined && retrying !== 'normal'}
                onClick={() => void ocr.start(item.attachment, 'normal')}
                data-testid="ocr-retry-normal"
              >
                {t('results.retryNormal')} ({creditsLabel(ocrCredits.normal, t, language)})
              </Button>
              <Button
                size="xs"
                variant="light"
                color="grape"
                loading={retrying === 'advanced'}
                disabled={retrying !== undefined && retrying !== 'advanced'}
                onClick={() => void ocr.start(item.attachment, 'advanced')}
                data-testid="ocr-retry-advanced"
              >
                {t('results.retryAdvanced')} ({creditsLabel(ocrCredits.advanced, t, language)})
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}
