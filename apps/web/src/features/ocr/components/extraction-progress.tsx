import type { OcrProgress } from '@invoicing/contract';
import { Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { formatPercent } from '../hooks/ocr-format';

/** A run's live progress as the server pushes it: the stage by name, the page, and a bar. */
export function ExtractionProgress({ progress }: { progress: OcrProgress | null }) {
  const { t, i18n } = useTranslation('ocr');
  const language = i18n.language;
  const percent = progress ? Math.max(0, Math.min(100, progress.percent)) : 0;
  const stage = progress
    ? t(`stages.${progress.stage}`, { defaultValue: t('stages.unknown') })
    : t('progress.queued');
  return (
    <Stack gap={6} data-testid="ocr-progress" role="status" aria-live="polite">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={500} data-testid="ocr-progress-stage">
          {stage}
        </Text>
        <Text size="sm" c="dimmed" data-testid="ocr-progress-percent">
          {formatPercent(percent, language)}
        </Text>
      </Group>
      <Progress value={percent} animated striped aria-label={t('progress.label')} />
      {progress && progress.pages > 0 && progress.page > 0 ? (
        <Text size="xs" c="dimmed" data-testid="ocr-progress-page">
          {t('progress.page', {
            page: formatNumber(progress.page, language),
            pages: formatNumber(progress.pages, language),
          })}
        </Text>
      ) : null}
    </Stack>
  );
}
