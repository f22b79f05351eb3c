import type { Attachment } from '@invoicing/contract';
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { formatDateTime } from '../../../lib/format';
import { useAttachments } from '../api/list-attachments';
import { formatMb } from '../hooks/ocr-format';
import { useStartOcr } from '../hooks/use-start-ocr';
import { FileThumb } from './file-thumb';
import { ExtractionStatusBadge } from './status-badge';

/** SPEC §9: the OCR page shows the six newest files. */
const recentCount = 6;

export function RecentFiles() {
  const { t } = useTranslation('ocr');
  const query = useAttachments({ page: 1, pageSize: recentCount });
  return (
    <Stack gap="sm" data-testid="ocr-recent-files">
      <Title order={2} size="h4">
        {t('recent.title')}
      </Title>
      {query.isPending ? (
        <LoadingState testId="recent-files-loading" />
      ) : query.isError ? (
        <ErrorState
          error={query.error}
          fallback={t('recent.loadFailed')}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.results.length === 0 ? (
        <Card withBorder radius="md" padding="lg" data-testid="recent-files-empty">
          <Text c="dimmed">{t('recent.empty')}</Text>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {query.data.results.slice(0, recentCount).map((file) => (
            <RecentFile key={file.id} file={file} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function RecentFile({ file }: { file: Attachment }) {
  const { t, i18n } = useTranslation('ocr');
  const language = i18n.language;
  const ocr = useStartOcr();
  const pending = ocr.pending?.method;
  return (
    <Card withBorder radius="md" padding="sm" data-testid="recent-file">
      <Stack gap="xs">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <FileThumb name={file.original_name} mime={file.mime} src={file.preview_url} size={48} />
          <Stack gap={0} style={{ minInlineSize: 0, flexGrow: 1 }}>
            <Text size="sm" fw={600} truncate="end" data-testid="recent-file-name">
              <bdi>{file.original_name}</bdi>
            </Text>
            <Text size="xs" c="dimmed">
              {formatMb(file.size_mb, t, language)} · {formatDateTime(file.created_at, language)}
            </Text>
          </Stack>
        </Group>
        <Group gap="xs" justify="space-between">
          {file.has_extraction ? (
            <ExtractionStatusBadge status={file.extraction_status} />
          ) : (
            <Group gap="xs">
              <Button
                size="compact-sm"
                variant="light"
                loading={pending === 'normal'}
                disabled={pending === 'advanced'}
                onClick={() => void ocr.start(file.id, 'normal')}
                data-testid="recent-ocr-normal"
              >
                {t('recent.normal')}
              </Button>
              <Button
                size="compact-sm"
                variant="light"
                color="grape"
                loading={pending === 'advanced'}
                disabled={pending === 'normal'}
                onClick={() => void ocr.start(file.id, 'advanced')}
                data-testid="recent-ocr-advanced"
              >
                {t('recent.advanced')}
              </Button>
            </Group>
          )}
          <Button
            component="a"
            href={file.file_url}
            target="_blank"
            rel="noreferrer"
            size="compact-sm"
            variant="subtle"
            data-testid="recent-file-view"
          >
            {t('recent.view')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
