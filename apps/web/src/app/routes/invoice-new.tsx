import { InvoiceEditorPage } from '../../features/invoices/components/invoice-editor';

export function InvoiceNewPage() {
  return <InvoiceEditorPage />;
}
