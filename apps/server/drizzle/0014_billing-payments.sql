CREATE TABLE "payment_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"display_name" text NOT NULL,
	"display_name_ar" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"description_ar" text DEFAULT '' NOT NULL,
	"region" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_methods_code_check" CHECK ("payment_methods"."code" in ('card_eg', 'wallet_eg', 'kiosk_eg', 'valu', 'fawry', 'mada', 'stc_pay', 'apple_pay', 'knet', 'card_intl', 'paypal')),
	CONSTRAINT "payment_methods_region_check" CHECK ("payment_methods"."region" in ('egypt', 'gulf', 'international')),
	CONSTRAINT "payment_methods_sort_order_check" CHECK ("payment_methods"."sort_order" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid,
	"method" text NOT NULL,
	"gateway" text NOT NULL,
	"payment_type" text NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"storage_mb" integer DEFAULT 0 NOT NULL,
	"plan_id" uuid,
	"billing_cycle" text,
	"amount" numeric(14, 2) NOT NULL,
	"charged_currency" text NOT NULL,
	"charged_amount_minor" bigint NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"gateway_ref" text,
	"reference" text,
	"reference_expires_at" timestamp with time zone,
	"description" text DEFAULT '' NOT NULL,
	"fulfilled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_method_check" CHECK ("payments"."method" in ('card_eg', 'wallet_eg', 'kiosk_eg', 'valu', 'fawry', 'mada', 'stc_pay', 'apple_pay', 'knet', 'card_intl', 'paypal')),
	CONSTRAINT "payments_type_check" CHECK ("payments"."payment_type" in ('credits', 'storage', 'extras', 'plan')),
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('PENDING', 'SUCCEEDED', 'FAILED', 'CANCELLED', 'EXPIRED')),
	CONSTRAINT "payments_quantities_check" CHECK ("payments"."credits" >= 0 and "payments"."storage_mb" >= 0),
	CONSTRAINT "payments_amounts_check" CHECK ("payments"."amount" > 0 and "payments"."charged_amount_minor" > 0),
	CONSTRAINT "payments_fulfilled_check" CHECK ("payments"."fulfilled_at" is null or "payments"."status" = 'SUCCEEDED')
);
--> statement-breakpoint
ALTER TABLE "payments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "storage_purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"storage_mb" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	CONSTRAINT "storage_purchases_mb_check" CHECK ("storage_purchases"."storage_mb" > 0)
);
--> statement-breakpoint
ALTER TABLE "storage_purchases" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "sandbox_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" uuid NOT NULL,
	"method" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reference" text,
	"transaction_id" text,
	"return_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"notify_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_buckets" ADD COLUMN "payment_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_purchases" ADD CONSTRAINT "storage_purchases_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_purchases" ADD CONSTRAINT "storage_purchases_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_code_key" ON "payment_methods" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_gateway_ref_key" ON "payments" USING btree ("gateway","gateway_ref");--> statement-breakpoint
CREATE INDEX "payments_organization_created_idx" ON "payments" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_pending_idx" ON "payments" USING btree ("created_at") WHERE "payments"."status" = 'PENDING';--> statement-breakpoint
CREATE UNIQUE INDEX "storage_purchases_payment_key" ON "storage_purchases" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "storage_purchases_organization_idx" ON "storage_purchases" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "sandbox_charges_payment_idx" ON "sandbox_charges" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "sandbox_charges_transaction_idx" ON "sandbox_charges" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_buckets_payment_key" ON "credit_buckets" USING btree ("payment_id") WHERE "credit_buckets"."payment_id" is not null;--> statement-breakpoint
CREATE POLICY "payments_tenant_isolation" ON "payments" AS PERMISSIVE FOR ALL TO "invoicing_tenant" USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "storage_purchases_tenant_isolation" ON "storage_purchases" AS PERMISSIVE FOR ALL TO "invoicing_tenant" USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid) WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid);