import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const statusColors: Record<string, string> = { PROCESSING: 'blue', DONE: 'green', FAILED: 'red' };

/** A status the page does not know yet (a newer server) still shows, in a neutral colour. */
export function ExtractionStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('dashboard');
  const known = Object.hasOwn(statusColors, status);
  return (
    <Badge
      color={known ? statusColors[status] : 'gray'}
      variant="light"
      data-testid="extraction-status"
      data-status={status}
    >
      {known ? t(`statuses.${status}`) : t('statuses.unknown')}
    </Badge>
  );
}
