ALTER TABLE "attachments" ALTER COLUMN "sha256" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "image_attachment_id" uuid;--> statement-breakpoint
-- Every stored invoice image becomes an attachment of its organization, its deletion state staying on the
-- invoice. Its files keep the keys they were written under (the attachment records them), so no file moves.
-- What the invoice did not record stays unknown rather than made up: the content's SHA-256 (the files cannot
-- be read from here), who uploaded it, the preview's size (0, as for any file whose preview is not counted).
-- The invoice's last change is the latest moment the image can have been stored.
UPDATE "invoices" SET "image_attachment_id" = gen_random_uuid() WHERE "image_key" IS NOT NULL;--> statement-breakpoint
WITH moved AS (
  INSERT INTO "attachments" ("id", "organization_id", "kind", "original_name", "mime", "size", "sha256",
    "storage_key", "preview_key", "preview_size", "created_by", "created_at")
  SELECT "image_attachment_id", "organization_id", 'INVOICE_IMAGE', coalesce(nullif("image_name", ''), 'invoice'),
    coalesce("image_mime", 'application/octet-stream'), coalesce("image_size", 0), NULL, "image_key",
    "image_preview_key", 0, NULL, "updated_at"
  FROM "invoices" WHERE "image_attachment_id" IS NOT NULL
  RETURNING "organization_id", "size"
)
-- Their bytes count in the organization's storage from now on, as every stored file's do (an organization
-- may find itself past its quota: it then frees space or buys more before storing another file).
INSERT INTO "organization_storage" ("organization_id", "used_bytes", "file_count")
SELECT "organization_id", sum("size"), count(*) FROM moved GROUP BY "organization_id"
ON CONFLICT ("organization_id") DO UPDATE SET
  "used_bytes" = "organization_storage"."used_bytes" + excluded."used_bytes",
  "file_count" = "organization_storage"."file_count" + excluded."file_count";--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_image_attachment_id_attachments_id_fk" FOREIGN KEY ("image_attachment_id") REFERENCES "public"."attachments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_image_attachment_key" ON "invoices" USING btree ("image_attachment_id");--> statement-breakpoint
ALTER TABLE "invoices" DROP COLUMN "image_key";--> statement-breakpoint
ALTER TABLE "invoices" DROP COLUMN "image_preview_key";--> statement-breakpoint
ALTER TABLE "invoices" DROP COLUMN "image_mime";--> statement-breakpoint
ALTER TABLE "invoices" DROP COLUMN "image_name";--> statement-breakpoint
ALTER TABLE "invoices" DROP COLUMN "image_size";--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_sha256_check" CHECK ("attachments"."kind" = 'INVOICE_IMAGE' or "attachments"."sha256" is not null);
