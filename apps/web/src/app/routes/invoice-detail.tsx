import { useParams } from 'react-router';
import { InvoiceEditorPage } from '../../features/invoices/components/invoice-editor';

/** /invoices/:id and /invoices/:id/edit render the same editor. */
export function InvoiceDetailPage() {
  const { id } = useParams();
  return <InvoiceEditorPage key={id} id={id} />;
}
