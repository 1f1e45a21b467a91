ALTER TABLE "inquiry_attachments" ADD COLUMN "encrypted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "inquiry_attachments" ADD COLUMN "scan" text;--> statement-breakpoint
ALTER TABLE "inquiry_attachments" ADD COLUMN "scan_signature" text;--> statement-breakpoint
ALTER TABLE "inquiry_attachments" ADD COLUMN "scanned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD COLUMN "media_encrypted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD COLUMN "media_scan" text;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD COLUMN "media_scan_signature" text;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD COLUMN "media_scanned_at" timestamp with time zone;--> statement-breakpoint
-- Files kept before this were written plain and never scanned: each is scanned now, by the upload-scans
-- job, before it can be downloaded again. An attachment or media item without a file has nothing to scan.
UPDATE "inquiry_attachments" SET "scan" = 'pending' WHERE "stored_as" IS NOT NULL;--> statement-breakpoint
UPDATE "whatsapp_messages" SET "media_scan" = 'pending' WHERE "media_stored_as" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "inquiry_attachments_pending_idx" ON "inquiry_attachments" USING btree ("created_at") WHERE "inquiry_attachments"."scan" = 'pending';--> statement-breakpoint
CREATE INDEX "whatsapp_messages_media_pending_idx" ON "whatsapp_messages" USING btree ("created_at") WHERE "whatsapp_messages"."media_scan" = 'pending';--> statement-breakpoint
ALTER TABLE "inquiry_attachments" ADD CONSTRAINT "inquiry_attachments_scan_check" CHECK ("inquiry_attachments"."scan" in ('pending', 'clean', 'infected'));--> statement-breakpoint
ALTER TABLE "inquiry_attachments" ADD CONSTRAINT "inquiry_attachments_scan_kept_check" CHECK (("inquiry_attachments"."stored_as" is null) = ("inquiry_attachments"."scan" is null));--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_media_scan_check" CHECK ("whatsapp_messages"."media_scan" in ('pending', 'clean', 'infected'));--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_media_scan_kept_check" CHECK (("whatsapp_messages"."media_stored_as" is null) = ("whatsapp_messages"."media_scan" is null));
