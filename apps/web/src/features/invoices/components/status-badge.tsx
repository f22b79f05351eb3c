import type { ImageStatus, InvoiceStatus } from '@invoicing/contract';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const statusColors: Record<InvoiceStatus, string> = {
  DRAFT: 'gray',
  SENT: 'blue',
  PAID: 'teal',
  OVERDUE: 'orange',
  CANCELLED: 'red',
};

export function StatusBadge({ status }: { status: InvoiceStatus }) {
  const { t } = useTranslation('invoices');
  return (
    <Badge color={statusColors[status]} variant="light" data-testid="invoice-status-badge">
      {t(`statuses.${status}`)}
    </Badge>
  );
}

const imageColors: Record<ImageStatus, string> = { available: 'teal', deleted: 'orange', no_image: 'gray' };

export function ImageStatusBadge({ status }: { status: ImageStatus }) {
  const { t } = useTranslation('invoices');
  return (
    <Badge color={imageColors[status]} variant="dot" data-testid="invoice-image-badge">
      {t(`imageStatuses.${status}`)}
    </Badge>
  );
}
