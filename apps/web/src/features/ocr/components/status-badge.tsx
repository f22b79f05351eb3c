import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const colors: Record<string, string> = { PROCESSING: 'blue', DONE: 'teal', FAILED: 'red' };

/** An extraction's status; a status this page does not know gets a neutral style (SPEC §4). */
export function ExtractionStatusBadge({ status }: { status: string | null }) {
  const { t } = useTranslation('ocr');
  if (status === null) {
    return (
      <Badge color="gray" variant="outline" data-testid="ocr-status-badge" data-status="none">
        {t('status.none')}
      </Badge>
    );
  }
  return (
    <Badge
      color={colors[status] ?? 'gray'}
      variant="light"
      data-testid="ocr-status-badge"
      data-status={status}
    >
      {t(`status.${status}`, { defaultValue: status })}
    </Badge>
  );
}
