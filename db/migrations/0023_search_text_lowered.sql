-- The search's text stored lower-cased (decision 058): LIKE on it with a lower-cased pattern is
-- what ILIKE does, without lower-casing each candidate row again. Filling it rewrites the table once.
DROP INDEX "contact_submissions_search_idx";--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(("contact_submissions"."name" || ' ' || coalesce("contact_submissions"."company", '') || ' ' || "contact_submissions"."email" || ' ' || "contact_submissions"."message" || ' ' || coalesce("contact_submissions"."admin_notes", '')))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "contact_submissions_search_idx" ON "contact_submissions" USING gin ("search_text" gin_trgm_ops);
