CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"inquiry_id" uuid,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"done_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inquiry_replies" ADD COLUMN "job_id" uuid;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_inquiry_id_contact_submissions_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."contact_submissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_pending_idx" ON "jobs" USING btree ("next_attempt_at") WHERE "jobs"."done_at" is null and "jobs"."failed_at" is null;--> statement-breakpoint
CREATE INDEX "jobs_inquiry_idx" ON "jobs" USING btree ("inquiry_id");--> statement-breakpoint
CREATE INDEX "jobs_kind_created_idx" ON "jobs" USING btree ("kind","created_at");--> statement-breakpoint
ALTER TABLE "inquiry_replies" ADD CONSTRAINT "inquiry_replies_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inquiry_replies_job_idx" ON "inquiry_replies" USING btree ("job_id");--> statement-breakpoint
-- Every outbox row moves, not only the pending ones: the privacy export's
-- mail log, the acknowledgement limit and retention read delivered and
-- given-up mail too. Ids are kept: a reply's job, a webhook's delivery id.
INSERT INTO "jobs" ("id", "kind", "payload", "inquiry_id", "attempts", "next_attempt_at", "locked_until", "last_error", "done_at", "failed_at", "created_at")
SELECT "id", 'mail',
  jsonb_build_object('purpose', "kind", 'to', "to", 'replyTo', "reply_to", 'subject', "subject", 'text', "text", 'html', "html"),
  "inquiry_id", "attempts", "next_attempt_at", "locked_until", "last_error", "sent_at", "failed_at", "created_at"
FROM "mail_outbox";--> statement-breakpoint
INSERT INTO "jobs" ("id", "kind", "payload", "inquiry_id", "attempts", "next_attempt_at", "locked_until", "last_error", "done_at", "failed_at", "created_at")
SELECT "id", 'webhook',
  jsonb_build_object('event', "kind", 'url', "url", 'body', "body"),
  "inquiry_id", "attempts", "next_attempt_at", "locked_until", "last_error", "sent_at", "failed_at", "created_at"
FROM "webhook_outbox";--> statement-breakpoint
UPDATE "inquiry_replies" SET "job_id" = "outbox_id" WHERE "outbox_id" IS NOT NULL;--> statement-breakpoint
-- A new job wakes the workers of every instance once its transaction commits
-- (NOTIFY is delivered at commit); the poll remains for retries.
CREATE FUNCTION "notify_jobs_enqueued"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('jobs_enqueued', '');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "jobs_notify_enqueued" AFTER INSERT ON "jobs" FOR EACH STATEMENT EXECUTE FUNCTION "notify_jobs_enqueued"();
--> statement-breakpoint
-- The reply's link goes first: dropping mail_outbox would take its constraint with it.
ALTER TABLE "inquiry_replies" DROP CONSTRAINT "inquiry_replies_outbox_id_mail_outbox_id_fk";--> statement-breakpoint
DROP INDEX "inquiry_replies_outbox_idx";--> statement-breakpoint
ALTER TABLE "inquiry_replies" DROP COLUMN "outbox_id";--> statement-breakpoint
DROP TABLE "mail_outbox";--> statement-breakpoint
DROP TABLE "webhook_outbox";
