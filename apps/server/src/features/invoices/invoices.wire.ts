import {
  fromScaled,
  invoiceStatuses,
  toMoney,
  toScaled,
  type Invoice,
  type InvoiceListItem,
  type InvoiceStats,
  type InvoiceStatus,
} from '@invoicing/contract';
import type { AttachmentLinker } from '../attachments/attachments.links';
import type { InvoiceImage, InvoiceLineRow, InvoiceRow } from './invoices.repository';
import type { ListRow } from './invoice-list-reads';

/** An invoice as the contract answers it; `link` signs the links of its image. */
export const toInvoice = (
  found: {
    row: InvoiceRow;
    customer: { id: string; name: string; email: string } | null;
    lines: InvoiceLineRow[];
    image: InvoiceImage | null;
    deletedByName: string | null;
  },
  link: AttachmentLinker,
): Invoice => {
  const { row, image } = found;
  // Links only while the image is shown: a deleted image's file is kept, but not served.
  const shown = row.imageStatus === 'available' ? image : null;
  const kept = row.imageStatus === 'no_image' ? null : image;
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    issue_date: row.issueDate,
    due_date: row.dueDate,
    currency: row.currency,
    subtotal: toMoney(row.subtotal),
    tax_rate: toMoney(row.taxRate),
    tax_amount: toMoney(row.taxAmount),
    total: toMoney(row.total),
    customer: found.customer,
    lines: found.lines.map((l) => ({
      id: l.id,
      item: l.itemId,
      description: l.description,
      quantity: l.quantity.replace(/\.?0+$/, '') || '0',
      unit_price: toMoney(l.unitPrice),
      total: toMoney(l.total),
    })),
    image_url: shown ? link(shown.attachmentId, 'original') : null,
    image_preview_url: shown?.hasPreview ? link(shown.attachmentId, 'preview') : null,
    image_mime: kept?.mime ?? null,
    image_name: kept?.name ?? null,
    image_status: row.imageStatus,
    image_deleted_at: row.imageDeletedAt ? row.imageDeletedAt.toISOString() : null,
    image_deleted_by_name: row.imageStatus === 'deleted' ? found.deletedByName : null,
    image_deletion_reason: row.imageStatus === 'deleted' ? row.imageDeletionReason : null,
    has_image: row.imageStatus === 'available',
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
};

/** A row of the invoice list as the contract answers it. */
export const toInvoiceListItem = (r: ListRow): InvoiceListItem => ({
  id: r.id,
  number: r.number,
  status: r.status,
  issue_date: r.issueDate,
  due_date: r.dueDate,
  currency: r.currency,
  total: toMoney(r.total),
  image_status: r.imageStatus,
  has_image: r.imageStatus === 'available',
  customer: r.customerId
    ? { id: r.customerId, name: r.customerName ?? '', email: r.customerEmail ?? '' }
    : null,
});

/** The figures by status of the invoices issued in the last `days` days, as the contract answers them. */
export const toInvoiceStats = (
  days: number,
  currency: string,
  rows: { status: InvoiceStatus; n: number; amount: string }[],
): InvoiceStats => {
  const byStatus = <T>(value: (status: InvoiceStatus) => T) =>
    Object.fromEntries(invoiceStatuses.map((s) => [s, value(s)])) as Record<InvoiceStatus, T>;
  const breakdown = byStatus(() => 0);
  const amounts = byStatus(() => 0n);
  for (const r of rows) {
    breakdown[r.status] = Number(r.n);
    amounts[r.status] = toScaled(r.amount, 2);
  }
  const money = (v: bigint) => fromScaled(v, 2);
  const totalCount = Object.values(breakdown).reduce((a, b) => a + b, 0);
  const totalAmount = amounts.DRAFT + amounts.SENT + amounts.PAID + amounts.OVERDUE;
  return {
    days,
    currency,
    total_invoices: totalCount,
    // Cancelled invoices are counted but not added to the amounts owed or earned.
    total_amount: money(totalAmount),
    paid_amount: money(amounts.PAID),
    pending_amount: money(amounts.SENT),
    overdue_amount: money(amounts.OVERDUE),
    draft_amount: money(amounts.DRAFT),
    status_breakdown: breakdown,
    amount_by_status: byStatus((s) => money(amounts[s])),
  };
};
