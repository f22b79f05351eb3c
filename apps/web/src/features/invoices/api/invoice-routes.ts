/**
 * The contract's invoice routes and schemas (with zod), loaded when an action first calls one: the list page
 * shows its rows without them, and its actions (delete, duplicate, download) bring them when used.
 */
export async function loadInvoiceRoutes() {
  const { invoiceRoutes } = await import('@invoicing/contract/invoices');
  return invoiceRoutes;
}
