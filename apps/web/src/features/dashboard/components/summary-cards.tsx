import type { DashboardSummary } from '@invoicing/contract';
import { Card, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDashboardFormat } from '../hooks/use-dashboard-format';

interface SummaryCardProps {
  testId: string;
  title: string;
  value: string;
  detail: string;
}

function SummaryCard({ testId, title, value, detail }: SummaryCardProps) {
  return (
    <Card withBorder radius="md" padding="md" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {title}
      </Text>
      <Text fw={700} fz={28} lh={1.3} data-testid={`${testId}-value`}>
        {value}
      </Text>
      <Text size="sm" c="dimmed" data-testid={`${testId}-detail`}>
        {detail}
      </Text>
    </Card>
  );
}

export function SummaryCards({ summary }: { summary: DashboardSummary }) {
  const { t } = useTranslation('dashboard');
  const format = useDashboardFormat();
  const { ocr, credits, storage } = summary;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} data-testid="dashboard-cards">
      <SummaryCard
        testId="card-ocr"
        title={t('cards.ocr.title')}
        value={format.number(ocr.total_extractions)}
        detail={t('cards.ocr.detail', { rate: format.percent(ocr.success_rate) })}
      />
      <SummaryCard
        testId="card-credits"
        title={t('cards.credits.title')}
        value={format.number(credits.used)}
        detail={t('cards.credits.detail', { remaining: format.number(credits.remaining) })}
      />
      <SummaryCard
        testId="card-storage"
        title={t('cards.storage.title')}
        value={format.megabytes(storage.used_mb)}
        detail={t('cards.storage.detail', { remaining: format.megabytes(storage.remaining_mb) })}
      />
      <SummaryCard
        testId="card-files"
        title={t('cards.files.title')}
        value={format.number(storage.total_files)}
        detail={t('cards.files.detail', { total: format.megabytes(storage.total_mb) })}
      />
    </SimpleGrid>
  );
}
