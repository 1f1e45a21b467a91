DROP INDEX "contact_submissions_unread_idx";--> statement-breakpoint
DROP INDEX "contact_submissions_assigned_idx";--> statement-breakpoint
CREATE INDEX "contact_submissions_unread_idx" ON "contact_submissions" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE not "contact_submissions"."is_spam" and "contact_submissions"."read_at" is null;--> statement-breakpoint
CREATE INDEX "contact_submissions_assigned_idx" ON "contact_submissions" USING btree ("assigned_to","is_spam","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);