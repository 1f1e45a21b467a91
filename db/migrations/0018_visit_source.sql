ALTER TABLE "contact_submissions" ADD COLUMN "landing_page" text;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "referrer_host" text;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "utm_source" text;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "utm_medium" text;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "utm_campaign" text;--> statement-breakpoint
-- Hand-written (drizzle's index builder has no INCLUDE): the reports page's scans of a range of weeks read this index alone, since it holds every column they group or filter by (decision 054).
CREATE INDEX "contact_submissions_reports_idx" ON "contact_submissions" USING btree ("created_at") INCLUDE ("is_spam", "interest", "status", "source", "first_replied_at", "landing_page", "referrer_host", "utm_source", "utm_medium", "utm_campaign", "lost_reason");
