DROP TABLE "daily_job_runs" CASCADE;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "unique_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_unique_key_idx" ON "jobs" USING btree ("unique_key");