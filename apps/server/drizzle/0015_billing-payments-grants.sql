-- Tenant transactions read the payment methods (global, edited by superusers), and read and write their
-- organization's payments and storage purchases (row-level security keeps them to it). The sandbox
-- gateway's records are the gateway's, never a tenant's.
GRANT SELECT ON payment_methods TO invoicing_tenant;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON payments, storage_purchases TO invoicing_tenant;
