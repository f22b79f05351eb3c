CREATE TABLE "invoice_daily_totals" (
	"organization_id" uuid NOT NULL,
	"issue_date" date NOT NULL,
	"status" text NOT NULL,
	"due_date" date NOT NULL,
	"invoice_count" integer NOT NULL,
	"total_amount" numeric(16, 2) NOT NULL,
	CONSTRAINT "invoice_daily_totals_organization_id_issue_date_status_due_date_pk" PRIMARY KEY("organization_id","issue_date","status","due_date")
);
--> statement-breakpoint
ALTER TABLE "invoice_daily_totals" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "invoice_status_counts" (
	"organization_id" uuid NOT NULL,
	"draft" integer DEFAULT 0 NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"paid" integer DEFAULT 0 NOT NULL,
	"overdue" integer DEFAULT 0 NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_status_counts_organization_id_pk" PRIMARY KEY("organization_id")
);
--> statement-breakpoint
ALTER TABLE "invoice_status_counts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "invoice_daily_totals" ADD CONSTRAINT "invoice_daily_totals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_status_counts" ADD CONSTRAINT "invoice_status_counts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_number_trgm_idx" ON "invoices" USING gin ("number" gin_trgm_ops);--> statement-breakpoint
CREATE POLICY "invoice_daily_totals_tenant_isolation" ON "invoice_daily_totals" AS PERMISSIVE FOR ALL TO "invoicing_tenant" USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "invoice_status_counts_tenant_isolation" ON "invoice_status_counts" AS PERMISSIVE FOR ALL TO "invoicing_tenant" USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);