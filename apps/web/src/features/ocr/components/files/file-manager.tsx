import type { Attachment } from '@invoicing/contract';
import { Button, Card, Container, Group, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconFileText } from '../../../../components/icons';
import { ConfirmDelete, useDeletion } from '../../../../components/list/confirm-delete';
import { PagedList } from '../../../../components/list/paged-list';
import { cardPageSize, useListControls } from '../../../../components/list/use-list-controls';
import { PageHeader } from '../../../../components/page-header';
import { formatNumber, isolate } from '../../../../lib/format';
import { paths } from '../../../../lib/paths';
import { useDeleteAttachmentMutation } from '../../api/delete-attachment';
import { useStorageUsage } from '../../api/get-storage-usage';
import { useAttachments } from '../../api/list-attachments';
import { useOcrEvents } from '../../api/ocr-events';
import { formatMb } from '../../hooks/ocr-format';
import { serverErrorOr } from '../../hooks/ocr-messages';
import { FileCard } from './file-card';
import { ResultsDialog } from './results-dialog';

/** SPEC §9: the file manager's bar is scaled against 100 MB, whatever the plan. */
const barScaleMb = 100;

/** SPEC §2, File manager: every uploaded file, the space taken, OCR and invoices from them. */
export function FileManagerPage() {
  const { t, i18n } = useTranslation(['ocr', 'errors']);
  useOcrEvents();
  const controls = useListControls({ pageSize: cardPageSize });
  const query = useAttachments({ q: controls.q, page: controls.page, pageSize: controls.pageSize });
  const [resultsId, setResultsId] = useState<string | null>(null);
  const deletion = useDeletion<Attachment>(useDeleteAttachmentMutation(), t('ocr:files.deleted'));
  const uploadLink = (testId: string, variant?: 'light') => (
    <Button component={Link} to={paths.ocr} variant={variant} data-testid={testId}>
      {t('ocr:files.uploadFiles')}
    </Button>
  );

  return (
    <Container size="lg" data-testid="page-file-manager">
      <PageHeader title={t('ocr:files.title')} subtitle={t('ocr:files.subtitle')} />
      <Stack gap="lg">
        <StorageSummary />
        <PagedList
          controls={controls}
          query={query}
          texts={{
            search: t('ocr:files.search'),
            loadFailed: t('ocr:files.loadFailed'),
            empty: t('ocr:files.empty'),
            emptySearch: t('ocr:files.emptySearch'),
          }}
          testIds={{
            search: 'file-search',
            empty: 'files-empty',
            list: 'file-list',
            pagination: 'file-pagination',
          }}
          actions={uploadLink('file-manager-upload', 'light')}
          emptyIcon={<IconFileText size={28} />}
          emptyActions={uploadLink('files-empty-upload')}
          layout={{
            grid: (file) => (
              <FileCard key={file.id} file={file} onDelete={deletion.ask} onShowResults={setResultsId} />
            ),
          }}
        />
      </Stack>
      <ConfirmDelete
        deletion={deletion}
        title={t('ocr:files.deleteTitle')}
        question={t('ocr:files.deleteConfirm', { name: isolate(deletion.target?.original_name ?? '') })}
        note={
          deletion.target?.invoice_id ? (
            <Text size="sm" c="dimmed">
              {t('ocr:files.deleteInvoiceNote')}
            </Text>
          ) : null
        }
        cancelLabel={t('ocr:files.cancel')}
        deleteLabel={t('ocr:files.delete')}
        failed={t('ocr:files.deleteFailed')}
        describe={(error) => {
          const fallback = t('ocr:files.deleteFailed');
          const message = serverErrorOr(error, fallback, t, i18n.language);
          return message === fallback ? fallback : `${fallback}: ${message}`;
        }}
        testIdPrefix="file"
      />
      <ResultsDialog extractionId={resultsId} onClose={() => setResultsId(null)} />
    </Container>
  );
}

function StorageSummary() {
  const { t, i18n } = useTranslation('ocr');
  const language = i18n.language;
  const query = useStorageUsage();
  const usedMb = query.data?.total_size_mb ?? 0;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="file-storage">
      <Stack gap="sm">
        <Group gap="xl">
          <div>
            <Text size="sm" c="dimmed">
              {t('files.totalFiles')}
            </Text>
            <Text fz={24} fw={700} data-testid="file-total-count">
              {query.data ? formatNumber(query.data.total_files, language) : '—'}
            </Text>
          </div>
          <div>
            <Text size="sm" c="dimmed">
              {t('files.used')}
            </Text>
            <Text fz={24} fw={700} data-testid="file-total-mb">
              {query.data ? formatMb(usedMb, t, language) : '—'}
            </Text>
          </div>
        </Group>
        <Progress
          value={Math.min(100, (usedMb / barScaleMb) * 100)}
          size="lg"
          aria-label={t('files.storageBar')}
          data-testid="file-storage-bar"
        />
        <Text size="xs" c="dimmed">
          {t('files.usedOf', { used: formatMb(usedMb, t, language), max: formatMb(barScaleMb, t, language) })}
        </Text>
        <Text size="sm" c="dimmed" data-testid="file-plans-note">
          {t('files.plansNote')}
        </Text>
      </Stack>
    </Card>
  );
}
