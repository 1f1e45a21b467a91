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
CREATE TABLE "report_week_figures" (
	"week" date PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"figures_version" bigint,
	"figures" jsonb
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
  UPDATE report_week_figures SET version = version + 1, figures = NULL, figures_version = NULL;
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
--> statement-breakpoint
-- The weeks whose kept figures (report_week_figures) a change makes stale: their version goes up, in sorted order,
-- and the figures go at once (a lost reason is free text: an erased inquiry's must not stay behind in them).
CREATE OR REPLACE FUNCTION report_touch_weeks(weeks date[]) RETURNS void AS $$
  INSERT INTO report_week_figures AS f (week, version)
    SELECT DISTINCT week, 1 FROM unnest(weeks) AS t(week) WHERE week IS NOT NULL ORDER BY 1
  ON CONFLICT (week) DO UPDATE SET version = f.version + 1, figures = NULL, figures_version = NULL
$$ LANGUAGE sql;--> statement-breakpoint
-- An inquiry whose arrival, spam or held flag, first reply, status or lost reason changed: its week, and the weeks of its messages.
CREATE OR REPLACE FUNCTION report_inquiries_touch() RETURNS trigger AS $$
DECLARE
  changes text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS delta, * FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT -1 AS delta, * FROM old_rows'
    ELSE 'SELECT -1 AS delta, * FROM old_rows UNION ALL SELECT 1, * FROM new_rows'
  END;
BEGIN
  EXECUTE format($sql$
    WITH changed AS (
      SELECT id, created_at FROM (%s) AS changes
      GROUP BY id, created_at, is_spam, held, first_replied_at, status, lost_reason HAVING sum(delta) <> 0
    )
    SELECT report_touch_weeks(array(
      SELECT report_uk_week(created_at) FROM changed
      UNION SELECT report_uk_week(m.sent_at) FROM inquiry_messages m
        WHERE m.kind = 'message' AND m.inquiry_id IN (SELECT id FROM changed)))
  $sql$, changes);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
-- A message from a lead: its week.
CREATE OR REPLACE FUNCTION report_messages_touch() RETURNS trigger AS $$
DECLARE
  changes text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT * FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT * FROM old_rows'
    ELSE 'SELECT * FROM old_rows UNION ALL SELECT * FROM new_rows'
  END;
BEGIN
  EXECUTE format($sql$
    SELECT report_touch_weeks(array(SELECT report_uk_week(sent_at) FROM (%s) AS changes WHERE kind = 'message'))
  $sql$, changes);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
-- A reply of the desk: the weeks of the messages of its inquiry (it may be the answer to any of them).
CREATE OR REPLACE FUNCTION report_replies_touch() RETURNS trigger AS $$
DECLARE
  changes text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT * FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT * FROM old_rows'
    ELSE 'SELECT * FROM old_rows UNION ALL SELECT * FROM new_rows'
  END;
BEGIN
  EXECUTE format($sql$
    SELECT report_touch_weeks(array(
      SELECT report_uk_week(m.sent_at) FROM inquiry_messages m
      WHERE m.kind = 'message' AND m.inquiry_id IN (SELECT inquiry_id FROM (%s) AS changes)))
  $sql$, changes);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
-- A status change on the timeline: the week of its inquiry (how far a lost lead got).
CREATE OR REPLACE FUNCTION report_events_touch() RETURNS trigger AS $$
DECLARE
  changes text := CASE TG_OP WHEN 'INSERT' THEN 'SELECT * FROM new_rows' ELSE 'SELECT * FROM old_rows' END;
BEGIN
  EXECUTE format($sql$
    SELECT report_touch_weeks(array(
      SELECT report_uk_week(s.created_at) FROM contact_submissions s
      WHERE s.id IN (SELECT inquiry_id FROM (%s) AS changes WHERE kind = 'status-changed')))
  $sql$, changes);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER contact_submissions_report_touch_insert AFTER INSERT ON "contact_submissions"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_inquiries_touch();--> statement-breakpoint
CREATE TRIGGER contact_submissions_report_touch_update AFTER UPDATE ON "contact_submissions"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_inquiries_touch();--> statement-breakpoint
CREATE TRIGGER contact_submissions_report_touch_delete AFTER DELETE ON "contact_submissions"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_inquiries_touch();--> statement-breakpoint
CREATE TRIGGER inquiry_messages_report_touch_insert AFTER INSERT ON "inquiry_messages"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_messages_touch();--> statement-breakpoint
CREATE TRIGGER inquiry_messages_report_touch_update AFTER UPDATE ON "inquiry_messages"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_messages_touch();--> statement-breakpoint
CREATE TRIGGER inquiry_messages_report_touch_delete AFTER DELETE ON "inquiry_messages"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_messages_touch();--> statement-breakpoint
CREATE TRIGGER inquiry_replies_report_touch_insert AFTER INSERT ON "inquiry_replies"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_replies_touch();--> statement-breakpoint
CREATE TRIGGER inquiry_replies_report_touch_update AFTER UPDATE ON "inquiry_replies"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_replies_touch();--> statement-breakpoint
CREATE TRIGGER inquiry_replies_report_touch_delete AFTER DELETE ON "inquiry_replies"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_replies_touch();--> statement-breakpoint
CREATE TRIGGER inquiry_events_report_touch_insert AFTER INSERT ON "inquiry_events"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_events_touch();--> statement-breakpoint
CREATE TRIGGER inquiry_events_report_touch_delete AFTER DELETE ON "inquiry_events"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_events_touch();
