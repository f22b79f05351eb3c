import type { DashboardSummary } from '@invoicing/contract';
import { Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDashboardFormat } from '../hooks/use-dashboard-format';

function Row({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </Group>
  );
}

function DetailCard({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" data-testid={testId}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <Stack gap="xs">{children}</Stack>
    </Card>
  );
}

export function OcrResultsCard({ ocr }: { ocr: DashboardSummary['ocr'] }) {
  const { t } = useTranslation('dashboard');
  const format = useDashboardFormat();
  return (
    <DetailCard title={t('results.title')} testId="ocr-results">
      <Row label={t('results.successful')} value={format.number(ocr.successful)} testId="ocr-successful" />
      <Row label={t('results.failed')} value={format.number(ocr.failed)} testId="ocr-failed" />
      {ocr.processing > 0 ? (
        <Row label={t('results.processing')} value={format.number(ocr.processing)} testId="ocr-processing" />
      ) : null}
      <Row label={t('results.lastWeek')} value={format.number(ocr.recent_activity)} testId="ocr-last-week" />
      <Text size="xs" c="dimmed" ta="end" data-testid="ocr-last-week-detail">
        {t('results.lastWeekDetail', {
          successful: format.number(ocr.recent_successful),
          failed: format.number(ocr.recent_failed),
        })}
      </Text>
    </DetailCard>
  );
}

export function OcrPerformanceCard({ ocr }: { ocr: DashboardSummary['ocr'] }) {
  const { t } = useTranslation('dashboard');
  const format = useDashboardFormat();
  const rate = Math.min(100, Math.max(0, ocr.success_rate));
  return (
    <DetailCard title={t('performance.title')} testId="ocr-performance">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" c="dimmed" id="success-rate-label">
          {t('performance.successRate')}
        </Text>
        <Text fw={700} fz="xl" data-testid="success-rate">
          {format.percent(ocr.success_rate)}
        </Text>
      </Group>
      <Progress
        value={rate}
        color={rate >= 80 ? 'teal' : rate >= 50 ? 'yellow' : 'red'}
        size="lg"
        radius="xl"
        aria-labelledby="success-rate-label"
        aria-valuetext={format.percent(ocr.success_rate)}
        data-testid="success-rate-bar"
      />
      <Text size="sm" c="dimmed">
        {t('performance.finished', { total: format.number(ocr.successful + ocr.failed) })}
      </Text>
    </DetailCard>
  );
}

export function StorageUsageCard({ storage }: { storage: DashboardSummary['storage'] }) {
  const { t } = useTranslation('dashboard');
  const format = useDashboardFormat();
  const share = storage.max_mb > 0 ? Math.min(100, (storage.used_mb / storage.max_mb) * 100) : 0;
  return (
    <DetailCard title={t('storage.title')} testId="storage-usage">
      <Progress
        value={share}
        color={share >= 90 ? 'red' : share >= 75 ? 'yellow' : 'indigo'}
        size="lg"
        radius="xl"
        aria-label={t('storage.title')}
        aria-valuetext={t('storage.usedShare', {
          used: format.megabytes(storage.used_mb),
          max: format.megabytes(storage.max_mb),
        })}
        data-testid="storage-bar"
      />
      <Row label={t('storage.used')} value={format.megabytes(storage.used_mb)} testId="storage-used" />
      <Row
        label={t('storage.remaining')}
        value={format.megabytes(storage.remaining_mb)}
        testId="storage-remaining"
      />
      <Row label={t('storage.limit')} value={format.megabytes(storage.max_mb)} testId="storage-limit" />
      <Row
        label={t('storage.averageFile')}
        value={format.megabytes(storage.average_file_mb)}
        testId="storage-average"
      />
    </DetailCard>
  );
}
