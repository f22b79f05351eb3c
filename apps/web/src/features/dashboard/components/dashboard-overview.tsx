import { SimpleGrid, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDashboardEvents } from '../api/dashboard-events';
import { useDashboardSummary } from '../api/get-dashboard-summary';
import { DashboardEmpty } from './dashboard-empty';
import { DashboardError } from './dashboard-error';
import { DashboardSkeleton } from './dashboard-skeleton';
import { OcrPerformanceCard, OcrResultsCard, StorageUsageCard } from './detail-cards';
import { MonthlyOcrChart } from './monthly-ocr-chart';
import { RecentExtractions, RecentFiles } from './recent-lists';
import { SummaryCards } from './summary-cards';

/** OCR activity, credits, storage and recent work of the selected organization (SPEC §2, /dashboard). */
export function DashboardOverview() {
  const { t } = useTranslation('dashboard');
  const summary = useDashboardSummary();
  useDashboardEvents();

  // Figures already shown stay when a later refresh fails; the error is for a page with nothing to show.
  if (summary.data === undefined) {
    if (summary.isError) {
      return (
        <DashboardError
          error={summary.error}
          onRetry={() => void summary.refetch()}
          retrying={summary.isFetching}
        />
      );
    }
    return <DashboardSkeleton />;
  }

  const data = summary.data;
  const isNew = data.ocr.total_extractions === 0;
  return (
    <Stack gap="lg" data-testid="dashboard-overview">
      <Title order={2} fz="xl">
        {t('overviewTitle')}
      </Title>
      <SummaryCards summary={data} />
      {isNew ? (
        <>
          <DashboardEmpty />
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <StorageUsageCard storage={data.storage} />
            <RecentFiles files={data.recent_activity.files} />
          </SimpleGrid>
        </>
      ) : (
        <>
          <MonthlyOcrChart months={data.monthly_ocr} />
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            <OcrResultsCard ocr={data.ocr} />
            <OcrPerformanceCard ocr={data.ocr} />
            <StorageUsageCard storage={data.storage} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <RecentExtractions extractions={data.recent_activity.ocr_extractions} />
            <RecentFiles files={data.recent_activity.files} />
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
