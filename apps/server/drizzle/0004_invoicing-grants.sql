GRANT SELECT, INSERT, UPDATE, DELETE ON customers, items, invoices, invoice_lines, invoice_number_sequences TO invoicing_tenant;
