ALTER TABLE "payments" DROP CONSTRAINT "payments_organization_id_organizations_id_fk";
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "organization_name" text;