CREATE TABLE "inquiry_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"inquiry_id" uuid NOT NULL,
	"awaited_since" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "contact_submissions_awaiting_idx";--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "awaiting_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "last_message_by" text DEFAULT 'lead' NOT NULL;--> statement-breakpoint
ALTER TABLE "inquiry_responses" ADD CONSTRAINT "inquiry_responses_inquiry_id_contact_submissions_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."contact_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inquiry_responses_awaited_idx" ON "inquiry_responses" USING btree ("awaited_since");--> statement-breakpoint
CREATE INDEX "inquiry_responses_inquiry_idx" ON "inquiry_responses" USING btree ("inquiry_id");--> statement-breakpoint
CREATE INDEX "contact_submissions_awaiting_idx" ON "contact_submissions" USING btree ("awaiting_since","id") WHERE not "contact_submissions"."is_spam" and "contact_submissions"."awaiting_since" is not null and "contact_submissions"."status" not in ('closed_won', 'closed_lost');--> statement-breakpoint
-- The clock of existing inquiries: an unanswered one waits since it arrived; an answered one is the desk's turn, and its first reply is one answered wait for the metrics.
UPDATE "contact_submissions" SET "awaiting_since" = "created_at" WHERE "first_replied_at" IS NULL;--> statement-breakpoint
UPDATE "contact_submissions" SET "last_message_by" = 'desk' WHERE "first_replied_at" IS NOT NULL;--> statement-breakpoint
INSERT INTO "inquiry_responses" ("inquiry_id", "awaited_since", "answered_at")
  SELECT "id", "created_at", "first_replied_at" FROM "contact_submissions" WHERE "first_replied_at" IS NOT NULL;--> statement-breakpoint
-- A new inquiry waits from its arrival, whoever inserts it (the form, a mail, a seed, an import), unless it comes answered.
CREATE OR REPLACE FUNCTION contact_submissions_start_clock() RETURNS trigger AS $$
BEGIN
  IF NEW.awaiting_since IS NULL AND NEW.first_replied_at IS NULL THEN
    NEW.awaiting_since := NEW.created_at;
  END IF;
  IF NEW.first_replied_at IS NOT NULL AND NEW.awaiting_since IS NULL THEN
    NEW.last_message_by := 'desk';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER contact_submissions_start_clock BEFORE INSERT ON "contact_submissions"
  FOR EACH ROW EXECUTE FUNCTION contact_submissions_start_clock();
--> statement-breakpoint
-- A row inserted already answered (a seed, an import) counts for the reply metrics as the backfill above counts existing ones.
CREATE OR REPLACE FUNCTION contact_submissions_record_first_response() RETURNS trigger AS $$
BEGIN
  IF NEW.first_replied_at IS NOT NULL AND NEW.awaiting_since IS NULL THEN
    INSERT INTO "inquiry_responses" ("inquiry_id", "awaited_since", "answered_at")
      VALUES (NEW.id, NEW.created_at, NEW.first_replied_at);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER contact_submissions_record_first_response AFTER INSERT ON "contact_submissions"
  FOR EACH ROW EXECUTE FUNCTION contact_submissions_record_first_response();
