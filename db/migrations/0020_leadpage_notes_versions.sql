CREATE TABLE "inquiry_notes_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"inquiry_id" uuid NOT NULL,
	"notes" text,
	"author_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inquiry_notes_versions" ADD CONSTRAINT "inquiry_notes_versions_inquiry_id_contact_submissions_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."contact_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_notes_versions" ADD CONSTRAINT "inquiry_notes_versions_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inquiry_notes_versions_inquiry_idx" ON "inquiry_notes_versions" USING btree ("inquiry_id","created_at");--> statement-breakpoint
-- The notes stored before versions were kept become each inquiry's first version, so the next edit loses nothing.
-- inquiry_events is append-only: the lead page shows a version no entry names at its own time.
INSERT INTO "inquiry_notes_versions" ("inquiry_id", "notes", "author_id", "created_at")
SELECT "id", "admin_notes", "notes_updated_by", coalesce("notes_updated_at", "created_at")
FROM "contact_submissions" WHERE "admin_notes" IS NOT NULL;
