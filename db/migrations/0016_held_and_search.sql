DROP INDEX "contact_submissions_search_idx";--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "announced_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "contact_submissions_held_idx" ON "contact_submissions" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "contact_submissions"."held";--> statement-breakpoint
CREATE INDEX "contact_submissions_phone_digits_idx" ON "contact_submissions" USING gin (((regexp_replace(coalesce("phone", ''), '[^0-9]', '', 'g') || ' ' || regexp_replace(coalesce("whatsapp", ''), '[^0-9]', '', 'g'))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inquiry_replies_body_search_idx" ON "inquiry_replies" USING gin ("body" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inquiry_messages_body_search_idx" ON "inquiry_messages" USING gin ("body" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_submissions_search_idx" ON "contact_submissions" USING gin ((("name" || ' ' || coalesce("company", '') || ' ' || "email" || ' ' || "message" || ' ' || coalesce("admin_notes", ''))) gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD CONSTRAINT "contact_submissions_held_check" CHECK (not "contact_submissions"."held" or "contact_submissions"."is_spam");--> statement-breakpoint
-- Inquiries stored before announced_at existed: every genuine one was announced on arrival, and
-- so was one an admin marked as spam later (its "received" entry carries no spam flag).
UPDATE "contact_submissions" AS cs SET "announced_at" = cs."created_at"
WHERE NOT cs."is_spam"
  OR NOT EXISTS (
    SELECT 1 FROM "inquiry_events" AS e
    WHERE e."inquiry_id" = cs."id" AND e."kind" = 'received' AND e."details" ? 'spam'
  );
