-- The generated part holds only this migration's tables and index: the snapshot of 0021 lagged the schema (0022's snapshot is whole again).
CREATE TABLE "report_week_counts" (
	"week" date NOT NULL,
	"interest" text,
	"is_spam" boolean NOT NULL,
	"held" boolean NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "report_week_counts_key" UNIQUE NULLS NOT DISTINCT("week","interest","is_spam","held","status","source")
);
--> statement-breakpoint
CREATE TABLE "report_week_sources" (
	"week" date NOT NULL,
	"is_spam" boolean NOT NULL,
	"held" boolean NOT NULL,
	"source" text NOT NULL,
	"landing_page" text,
	"referrer_host" text,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"count" integer NOT NULL,
	CONSTRAINT "report_week_sources_key" UNIQUE NULLS NOT DISTINCT("week","is_spam","held","source","landing_page","referrer_host","utm_source","utm_medium","utm_campaign")
);
--> statement-breakpoint
CREATE INDEX "inquiry_messages_reports_idx" ON "inquiry_messages" USING btree ("sent_at","inquiry_id") WHERE "inquiry_messages"."kind" = 'message';--> statement-breakpoint
-- Hand-written from here (decision 056). The UK week of an instant, named by its Monday's London date, as app/lib/reports/uk-weeks.ts names it.
CREATE OR REPLACE FUNCTION report_uk_week(instant timestamptz) RETURNS date AS $$
  SELECT date_trunc('week', instant AT TIME ZONE 'Europe/London')::date
$$ LANGUAGE sql IMMUTABLE PARALLEL SAFE;--> statement-breakpoint
-- The reports' rollup follows every change of contact_submissions in its own statement: the rows an
-- INSERT, UPDATE or DELETE changed are counted out of their old combination and into their new one
-- (in one sorted pass, so concurrent statements lock the counts in the same order), and a combination
-- left at zero is deleted, so an erased or expired inquiry leaves no row behind.
CREATE OR REPLACE FUNCTION report_rollup_changes() RETURNS trigger AS $$
DECLARE
  changes text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS delta, * FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT -1 AS delta, * FROM old_rows'
    ELSE 'SELECT -1 AS delta, * FROM old_rows UNION ALL SELECT 1, * FROM new_rows'
  END;
BEGIN
  EXECUTE format($sql$
    INSERT INTO report_week_counts AS c (week, interest, is_spam, held, status, source, count)
    SELECT report_uk_week(created_at), interest, is_spam, held, status, source, sum(delta)
    FROM (%s) AS changes
    GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ON CONSTRAINT report_week_counts_key DO UPDATE SET count = c.count + excluded.count
  $sql$, changes);
  EXECUTE format($sql$
    INSERT INTO report_week_sources AS c (week, is_spam, held, source, landing_page, referrer_host, utm_source, utm_medium, utm_campaign, count)
    SELECT report_uk_week(created_at), is_spam, held, source, landing_page, referrer_host, utm_source, utm_medium, utm_campaign, sum(delta)
    FROM (%s) AS changes
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9
    ON CONFLICT ON CONSTRAINT report_week_sources_key DO UPDATE SET count = c.count + excluded.count
  $sql$, changes);
  IF TG_OP <> 'INSERT' THEN
    EXECUTE format($sql$
      DELETE FROM report_week_counts WHERE count = 0 AND week IN (SELECT report_uk_week(created_at) FROM (%1$s) AS changes)
    $sql$, changes);
    EXECUTE format($sql$
      DELETE FROM report_week_sources WHERE count = 0 AND week IN (SELECT report_uk_week(created_at) FROM (%1$s) AS changes)
    $sql$, changes);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_rollup_truncate() RETURNS trigger AS $$
BEGIN
  DELETE FROM report_week_counts;
  DELETE FROM report_week_sources;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER contact_submissions_report_insert AFTER INSERT ON "contact_submissions"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_changes();--> statement-breakpoint
CREATE TRIGGER contact_submissions_report_update AFTER UPDATE ON "contact_submissions"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_changes();--> statement-breakpoint
CREATE TRIGGER contact_submissions_report_delete AFTER DELETE ON "contact_submissions"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_changes();--> statement-breakpoint
CREATE TRIGGER contact_submissions_report_truncate AFTER TRUNCATE ON "contact_submissions"
  FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_truncate();--> statement-breakpoint
-- The inquiries stored so far; the triggers above (created first, in this transaction) count every later change.
INSERT INTO report_week_counts (week, interest, is_spam, held, status, source, count)
  SELECT report_uk_week(created_at), interest, is_spam, held, status, source, count(*)
  FROM "contact_submissions" GROUP BY 1, 2, 3, 4, 5, 6;--> statement-breakpoint
INSERT INTO report_week_sources (week, is_spam, held, source, landing_page, referrer_host, utm_source, utm_medium, utm_campaign, count)
  SELECT report_uk_week(created_at), is_spam, held, source, landing_page, referrer_host, utm_source, utm_medium, utm_campaign, count(*)
  FROM "contact_submissions" GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9;--> statement-breakpoint
-- What the live queries still read: the response times (every inquiry of the range) and the lost leads.
-- Covering (INCLUDE, which drizzle's index builder lacks), so each is an index-only scan.
DROP INDEX "contact_submissions_reports_idx";--> statement-breakpoint
CREATE INDEX "contact_submissions_reports_idx" ON "contact_submissions" USING btree ("created_at") INCLUDE ("is_spam", "held", "first_replied_at");--> statement-breakpoint
CREATE INDEX "contact_submissions_lost_idx" ON "contact_submissions" USING btree ("created_at") INCLUDE ("id", "is_spam", "held", "first_replied_at", "lost_reason") WHERE "status" = 'closed_lost';
