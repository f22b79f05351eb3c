CREATE TABLE "attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"original_name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"preview_key" text,
	"preview_size" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attachments_kind_check" CHECK ("attachments"."kind" in ('INVOICE_UPLOAD', 'INVOICE_IMAGE'))
);
--> statement-breakpoint
ALTER TABLE "attachments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "organization_storage" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"used_bytes" bigint DEFAULT 0 NOT NULL,
	"file_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "organization_storage_used_check" CHECK ("organization_storage"."used_bytes" >= 0 and "organization_storage"."file_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "organization_storage" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "credit_buckets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"source" text NOT NULL,
	"granted" integer NOT NULL,
	"remaining" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_buckets_remaining_check" CHECK ("credit_buckets"."remaining" >= 0 and "credit_buckets"."remaining" <= "credit_buckets"."granted"),
	CONSTRAINT "credit_buckets_source_check" CHECK ("credit_buckets"."source" in ('plan', 'extra'))
);
--> statement-breakpoint
ALTER TABLE "credit_buckets" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "credit_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"bucket_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"extraction_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_movements_kind_check" CHECK ("credit_movements"."kind" in ('plan_grant', 'extra_purchase', 'ocr_charge', 'refund'))
);
--> statement-breakpoint
ALTER TABLE "credit_movements" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "extraction_corrections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"extraction_id" uuid NOT NULL,
	"user_id" uuid,
	"changes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "extraction_corrections" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "ocr_extractions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"attachment_id" uuid NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"credits_charged" integer NOT NULL,
	"credits_refunded" integer DEFAULT 0 NOT NULL,
	"confidence_score" double precision,
	"has_invoice_data" boolean DEFAULT false NOT NULL,
	"fields_json" jsonb,
	"raw_text" text DEFAULT '' NOT NULL,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"progress" jsonb,
	"error_code" text,
	"error_message" text,
	"duration_ms" integer,
	"invoice_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "ocr_extractions_status_check" CHECK ("ocr_extractions"."status" in ('PROCESSING', 'DONE', 'FAILED')),
	CONSTRAINT "ocr_extractions_method_check" CHECK ("ocr_extractions"."method" in ('normal', 'advanced'))
);
--> statement-breakpoint
ALTER TABLE "ocr_extractions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_storage" ADD CONSTRAINT "organization_storage_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_buckets" ADD CONSTRAINT "credit_buckets_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_movements" ADD CONSTRAINT "credit_movements_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_movements" ADD CONSTRAINT "credit_movements_bucket_id_credit_buckets_id_fk" FOREIGN KEY ("bucket_id") REFERENCES "public"."credit_buckets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_movements" ADD CONSTRAINT "credit_movements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extraction_corrections" ADD CONSTRAINT "extraction_corrections_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extraction_corrections" ADD CONSTRAINT "extraction_corrections_extraction_id_ocr_extractions_id_fk" FOREIGN KEY ("extraction_id") REFERENCES "public"."ocr_extractions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extraction_corrections" ADD CONSTRAINT "extraction_corrections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ocr_extractions" ADD CONSTRAINT "ocr_extractions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ocr_extractions" ADD CONSTRAINT "ocr_extractions_attachment_id_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."attachments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ocr_extractions" ADD CONSTRAINT "ocr_extractions_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ocr_extractions" ADD CONSTRAINT "ocr_extractions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachments_organization_created_idx" ON "attachments" USING btree ("organization_id","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "attachments_organization_sha256_idx" ON "attachments" USING btree ("organization_id","sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_buckets_plan_period_key" ON "credit_buckets" USING btree ("organization_id","period_start") WHERE "credit_buckets"."source" = 'plan';--> statement-breakpoint
CREATE INDEX "credit_buckets_organization_expiry_idx" ON "credit_buckets" USING btree ("organization_id","expires_at");--> statement-breakpoint
CREATE INDEX "credit_movements_organization_created_idx" ON "credit_movements" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "credit_movements_extraction_idx" ON "credit_movements" USING btree ("organization_id","extraction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_movements_refund_key" ON "credit_movements" USING btree ("extraction_id","bucket_id") WHERE "credit_movements"."kind" = 'refund';--> statement-breakpoint
CREATE INDEX "extraction_corrections_extraction_idx" ON "extraction_corrections" USING btree ("organization_id","extraction_id","created_at");--> statement-breakpoint
CREATE INDEX "ocr_extractions_organization_created_idx" ON "ocr_extractions" USING btree ("organization_id","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "ocr_extractions_attachment_idx" ON "ocr_extractions" USING btree ("organization_id","attachment_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ocr_extractions_one_running_key" ON "ocr_extractions" USING btree ("attachment_id") WHERE "ocr_extractions"."status" = 'PROCESSING';--> statement-breakpoint
CREATE UNIQUE INDEX "ocr_extractions_invoice_key" ON "ocr_extractions" USING btree ("invoice_id");--> statement-breakpoint
CREATE POLICY "attachments_tenant_isolation" ON "attachments" AS PERMISSIVE FOR ALL TO "invoicing_tenant" USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "organization_storage_tenant_isolation" ON "organization_storage" AS PERMISSIVE FOR ALL TO "invoicing_tenant" USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "credit_buckets_tenant_isolation" ON "credit_buckets" AS PERMISSIVE FOR ALL TO "invoicing_tenant" USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "credit_movements_tenant_isolation" ON "credit_movements" AS PERMISSIVE FOR ALL TO "invoicing_tenant" USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "extraction_corrections_tenant_isolation" ON "extraction_corrections" AS PERMISSIVE FOR ALL TO "invoicing_tenant" USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "ocr_extractions_tenant_isolation" ON "ocr_extractions" AS PERMISSIVE FOR ALL TO "invoicing_tenant" USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);