-- A closed lead that writes again awaits a reply (decision 057): the awaiting index keeps it.
DROP INDEX "contact_submissions_awaiting_idx";--> statement-breakpoint
CREATE INDEX "contact_submissions_awaiting_idx" ON "contact_submissions" USING btree ("awaiting_since","id") WHERE not "contact_submissions"."is_spam" and "contact_submissions"."awaiting_since" is not null and ("contact_submissions"."status" not in ('closed_won', 'closed_lost') or "contact_submissions"."awaiting_since" > coalesce("contact_submissions"."status_changed_at", "contact_submissions"."created_at"));
