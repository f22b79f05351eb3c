-- Tenant transactions read and write files, storage counts, credits and extractions of their organization
-- (row-level security keeps them to it). The ledger is only ever added to.
GRANT SELECT, INSERT, UPDATE, DELETE ON attachments, organization_storage, credit_buckets, ocr_extractions,
  extraction_corrections TO invoicing_tenant;
--> statement-breakpoint
GRANT SELECT, INSERT ON credit_movements TO invoicing_tenant;
