-- Hand-written (decision 056). The report triggers run on every statement that writes contact_submissions. A new
-- inquiry's counts are now added by statements planned once per connection, not parsed and planned at each call; an
-- update that changed none of the columns a trigger reads (a notification sent, a note saved, a lead read) ends after
-- one comparison of its rows. Deletes and the other updates go the way 0024 wrote them.
CREATE OR REPLACE FUNCTION report_rollup_changes() RETURNS trigger AS $$
DECLARE
  changes text := CASE TG_OP
    WHEN 'DELETE' THEN 'SELECT -1 AS delta, * FROM old_rows'
    ELSE 'SELECT -1 AS delta, * FROM old_rows UNION ALL SELECT 1, * FROM new_rows'
  END;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO report_week_counts AS c (week, interest, is_spam, held, status, source, count)
      SELECT report_uk_week(created_at), interest, is_spam, held, status, source, count(*)
      FROM new_rows
      GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ON CONSTRAINT report_week_counts_key DO UPDATE SET count = c.count + excluded.count;
    INSERT INTO report_week_sources AS c (week, is_spam, held, source, landing_page, referrer_host, utm_source, utm_medium, utm_campaign, count)
      SELECT report_uk_week(created_at), is_spam, held, source, landing_page, referrer_host, utm_source, utm_medium, utm_campaign, count(*)
      FROM new_rows
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9
    ON CONFLICT ON CONSTRAINT report_week_sources_key DO UPDATE SET count = c.count + excluded.count;
    RETURN NULL;
  END IF;
  -- Nested: a condition is planned whole, and a DELETE has no new_rows.
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (
      SELECT id, created_at, interest, is_spam, held, status, source, landing_page, referrer_host, utm_source, utm_medium, utm_campaign
      FROM old_rows
      EXCEPT ALL
      SELECT id, created_at, interest, is_spam, held, status, source, landing_page, referrer_host, utm_source, utm_medium, utm_campaign
      FROM new_rows
    ) THEN
      RETURN NULL;
    END IF;
  END IF;
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
  EXECUTE format($sql$
    DELETE FROM report_week_counts WHERE count = 0 AND week IN (SELECT report_uk_week(created_at) FROM (%1$s) AS changes)
  $sql$, changes);
  EXECUTE format($sql$
    DELETE FROM report_week_sources WHERE count = 0 AND week IN (SELECT report_uk_week(created_at) FROM (%1$s) AS changes)
  $sql$, changes);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_inquiries_touch() RETURNS trigger AS $$
DECLARE
  changes text := CASE TG_OP
    WHEN 'DELETE' THEN 'SELECT -1 AS delta, * FROM old_rows'
    ELSE 'SELECT -1 AS delta, * FROM old_rows UNION ALL SELECT 1, * FROM new_rows'
  END;
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_touch_weeks(array(
      SELECT report_uk_week(created_at) FROM new_rows
      UNION SELECT report_uk_week(m.sent_at) FROM inquiry_messages m
        WHERE m.kind = 'message' AND m.inquiry_id IN (SELECT id FROM new_rows)));
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (
      SELECT id, created_at, is_spam, held, first_replied_at, status, lost_reason FROM old_rows
      EXCEPT ALL
      SELECT id, created_at, is_spam, held, first_replied_at, status, lost_reason FROM new_rows
    ) THEN
      RETURN NULL;
    END IF;
  END IF;
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
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- In PL/pgSQL, so its statement is planned once per connection too (a SQL function's is planned at every call).
CREATE OR REPLACE FUNCTION report_touch_weeks(weeks date[]) RETURNS void AS $$
BEGIN
  INSERT INTO report_week_figures AS f (week, version)
    SELECT DISTINCT week, 1 FROM unnest(weeks) AS t(week) WHERE week IS NOT NULL ORDER BY 1
  ON CONFLICT (week) DO UPDATE SET version = f.version + 1, figures = NULL, figures_version = NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- The other touches: an insert (a message filed, a reply sent, a timeline event) takes the planned path too.
CREATE OR REPLACE FUNCTION report_messages_touch() RETURNS trigger AS $$
DECLARE
  changes text := CASE TG_OP
    WHEN 'DELETE' THEN 'SELECT * FROM old_rows'
    ELSE 'SELECT * FROM old_rows UNION ALL SELECT * FROM new_rows'
  END;
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_touch_weeks(array(SELECT report_uk_week(sent_at) FROM new_rows WHERE kind = 'message'));
    RETURN NULL;
  END IF;
  EXECUTE format($sql$
    SELECT report_touch_weeks(array(SELECT report_uk_week(sent_at) FROM (%s) AS changes WHERE kind = 'message'))
  $sql$, changes);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_replies_touch() RETURNS trigger AS $$
DECLARE
  changes text := CASE TG_OP
    WHEN 'DELETE' THEN 'SELECT * FROM old_rows'
    ELSE 'SELECT * FROM old_rows UNION ALL SELECT * FROM new_rows'
  END;
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_touch_weeks(array(
      SELECT report_uk_week(m.sent_at) FROM inquiry_messages m
      WHERE m.kind = 'message' AND m.inquiry_id IN (SELECT inquiry_id FROM new_rows)));
    RETURN NULL;
  END IF;
  EXECUTE format($sql$
    SELECT report_touch_weeks(array(
      SELECT report_uk_week(m.sent_at) FROM inquiry_messages m
      WHERE m.kind = 'message' AND m.inquiry_id IN (SELECT inquiry_id FROM (%s) AS changes)))
  $sql$, changes);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_events_touch() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_touch_weeks(array(
      SELECT report_uk_week(s.created_at) FROM contact_submissions s
      WHERE s.id IN (SELECT inquiry_id FROM new_rows WHERE kind = 'status-changed')));
    RETURN NULL;
  END IF;
  EXECUTE $sql$
    SELECT report_touch_weeks(array(
      SELECT report_uk_week(s.created_at) FROM contact_submissions s
      WHERE s.id IN (SELECT inquiry_id FROM old_rows WHERE kind = 'status-changed')))
  $sql$;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
