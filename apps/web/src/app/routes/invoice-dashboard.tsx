import { InvoiceDashboard } from '../../features/invoices/components/invoice-dashboard';

export function InvoiceDashboardPage() {
  return <InvoiceDashboard />;
}
