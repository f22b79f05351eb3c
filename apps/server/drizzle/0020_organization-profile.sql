ALTER TABLE "organizations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "tax_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "address" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE POLICY "organizations_tenant_read" ON "organizations" AS PERMISSIVE FOR SELECT TO "invoicing_tenant" USING (true);--> statement-breakpoint
CREATE POLICY "organizations_tenant_update" ON "organizations" AS PERMISSIVE FOR UPDATE TO "invoicing_tenant" USING (id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (id = nullif(current_setting('app.organization_id', true), '')::uuid);