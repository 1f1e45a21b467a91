-- Trusted since PostgreSQL 13: the database owner may create it. PGlite loads it in db.server.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "contact_submissions_search_idx" ON "contact_submissions" USING gin ((("name" || ' ' || coalesce("company", '') || ' ' || "email" || ' ' || "message")) gin_trgm_ops);