import type { Attachment } from '@invoicing/contract';
import {
  Alert,
  Button,
  Card,
  Container,
  EmptyState,
  Group,
  Modal,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { IconFileText } from '../../../../components/icons';
import { PageHeader } from '../../../../components/page-header';
import { ErrorState, LoadingState } from '../../../../components/query-state';
import { formatNumber, isolate } from '../../../../lib/format';
import { showToast } from '../../../../lib/toast';
import { useDeleteAttachmentMutation } from '../../api/delete-attachment';
import { useStorageUsage } from '../../api/get-storage-usage';
import { useAttachments } from '../../api/list-attachments';
import { useOcrEvents } from '../../api/ocr-events';
import { formatMb } from '../../hooks/ocr-format';
import { serverErrorOr } from '../../hooks/ocr-messages';
import { FileCard } from './file-card';
import { ResultsDialog } from './results-dialog';
import { ListPagination } from '../../../../components/list-pagination';
import { paths } from '../../../../lib/paths';

const pageSize = 12;
/** SPEC §9: the file manager's bar is scaled against 100 MB, whatever the plan. */
const barScaleMb = 100;

/** SPEC §2, File manager: every uploaded file, the space taken, OCR and invoices from them. */
export function FileManagerPage() {
  const { t, i18n } = useTranslation(['ocr', 'errors']);
  useOcrEvents();
  const [params] = useSearchParams();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const query = useAttachments({ q, page, pageSize });
  const [toDelete, setToDelete] = useState<Attachment | null>(null);
  const [resultsId, setResultsId] = useState<string | null>(null);
  const remove = useDeleteAttachmentMutation();

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      showToast(t('ocr:files.deleted'), 'success');
      setToDelete(null);
    } catch {
      // Shown in the dialog.
    }
  }

  const totalPages = query.data ? Math.max(1, Math.ceil(query.data.count / pageSize)) : 1;

  return (
    <Container size="lg" data-testid="page-file-manager">
      <PageHeader title={t('ocr:files.title')} subtitle={t('ocr:files.subtitle')} />
      <Stack gap="lg">
        <StorageSummary />
        <Group justify="space-between" wrap="wrap">
          <TextInput
            placeholder={t('ocr:files.search')}
            aria-label={t('ocr:files.search')}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            style={{ flexGrow: 1, maxInlineSize: 420 }}
            data-testid="file-search"
          />
          <Button component={Link} to={paths.ocr} variant="light" data-testid="file-manager-upload">
            {t('ocr:files.uploadFiles')}
          </Button>
        </Group>
        {query.isPending ? (
          <LoadingState />
        ) : query.isError ? (
          <ErrorState
            error={query.error}
            fallback={t('ocr:files.loadFailed')}
            onRetry={() => void query.refetch()}
          />
        ) : query.data.results.length === 0 ? (
          <Card withBorder padding="xl" radius="md" data-testid="files-empty">
            <EmptyState
              title={q ? t('ocr:files.emptySearch') : t('ocr:files.empty')}
              icon={<IconFileText size={28} />}
              withIndicatorBackground
            >
              {q ? null : (
                <EmptyState.Actions>
                  <Button component={Link} to={paths.ocr} data-testid="files-empty-upload">
                    {t('ocr:files.uploadFiles')}
                  </Button>
                </EmptyState.Actions>
              )}
            </EmptyState>
          </Card>
        ) : (
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} data-testid="file-list">
              {query.data.results.map((file) => (
                <FileCard
                  key={file.id}
                  file={file}
                  onDelete={(chosen) => {
                    remove.reset();
                    setToDelete(chosen);
                  }}
                  onShowResults={setResultsId}
                />
              ))}
            </SimpleGrid>
            <ListPagination totalPages={totalPages} page={page} onChange={setPage} testId="file-pagination" />
          </Stack>
        )}
      </Stack>

      <Modal
        opened={toDelete !== null}
        onClose={() => setToDelete(null)}
        title={t('ocr:files.deleteTitle')}
        data-testid="file-delete-dialog"
      >
        <Stack>
          <Text>{t('ocr:files.deleteConfirm', { name: isolate(toDelete?.original_name ?? '') })}</Text>
          {toDelete?.invoice_id ? (
            <Text size="sm" c="dimmed">
              {t('ocr:files.deleteInvoiceNote')}
            </Text>
          ) : null}
          {remove.error ? (
            <Alert color="red" variant="light" role="alert" data-testid="file-delete-error">
              {(() => {
                const fallback = t('ocr:files.deleteFailed');
                const message = serverErrorOr(remove.error, fallback, t, i18n.language);
                return message === fallback ? fallback : `${fallback}: ${message}`;
              })()}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setToDelete(null)}>
              {t('ocr:files.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => void confirmDelete()}
              data-testid="file-delete-confirm"
            >
              {t('ocr:files.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
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
