import { Card, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { useExtractions } from '../api/list-extractions';
import { ExtractionCard } from './extraction-card';
import { ListPagination } from '../../../components/list/list-pagination';

const pageSize = 10;

/** The OCR runs, newest first; a running one moves on its own as the server pushes its progress. */
export function ExtractionResults() {
  const { t } = useTranslation('ocr');
  const [page, setPage] = useState(1);
  const query = useExtractions({ page, pageSize });
  const totalPages = query.data ? Math.max(1, Math.ceil(query.data.count / pageSize)) : 1;
  return (
    <Stack gap="sm" data-testid="ocr-results">
      <Title order={2} size="h4">
        {t('results.title')}
      </Title>
      {query.isPending ? (
        <LoadingState testId="ocr-results-loading" />
      ) : query.isError ? (
        <ErrorState
          error={query.error}
          fallback={t('results.loadFailed')}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.results.length === 0 ? (
        <Card withBorder radius="md" padding="lg" data-testid="ocr-results-empty">
          <Text c="dimmed">{t('results.empty')}</Text>
        </Card>
      ) : (
        <Stack gap="sm">
          {query.data.results.map((item) => (
            <ExtractionCard key={item.id} item={item} />
          ))}
          <ListPagination
            totalPages={totalPages}
            page={page}
            onChange={setPage}
            testId="ocr-results-pagination"
          />
        </Stack>
      )}
    </Stack>
  );
}
