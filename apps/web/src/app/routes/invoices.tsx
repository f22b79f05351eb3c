import { InvoiceList } from '../../features/invoices/components/invoice-list';

export function InvoicesPage() {
  return <InvoiceList />;
}
