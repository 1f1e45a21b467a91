-- The text of the replies and the mail received, kept on the inquiry's row (decision 061): the
-- search matches it through one trigram index on contact_submissions instead of collecting the
-- matching mails' inquiry ids. Their own trigram indexes are no longer read.
DROP INDEX "inquiry_replies_body_search_idx";--> statement-breakpoint
DROP INDEX "inquiry_messages_body_search_idx";--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "mail_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Each body lower-cased alone (what ILIKE compares), parted by U+0001, so no match runs from one
-- body into the next unless the search itself holds that character (searchCondition then reads
-- the bodies).
CREATE OR REPLACE FUNCTION inquiry_mail_text(inquiry uuid) RETURNS text AS $$
  SELECT coalesce(string_agg(lower(body), E'\x01' ORDER BY created_at, id), '')
  FROM (
    SELECT body, created_at, id FROM inquiry_replies WHERE inquiry_id = inquiry
    UNION ALL SELECT body, created_at, id FROM inquiry_messages WHERE inquiry_id = inquiry
  ) AS mail
$$ LANGUAGE sql STABLE;--> statement-breakpoint
-- After a statement on inquiry_replies or inquiry_messages: the text of each inquiry whose bodies
-- changed, written only where it differs (an update of a delivery time leaves the row alone).
CREATE OR REPLACE FUNCTION contact_submissions_refresh_mail_text() RETURNS trigger AS $$
DECLARE
  changes text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT inquiry_id FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT inquiry_id FROM old_rows'
    ELSE '(SELECT inquiry_id, body FROM old_rows EXCEPT ALL SELECT inquiry_id, body FROM new_rows)
          UNION ALL (SELECT inquiry_id, body FROM new_rows EXCEPT ALL SELECT inquiry_id, body FROM old_rows)'
  END;
BEGIN
  EXECUTE format($sql$
    UPDATE contact_submissions c SET mail_text = kept.text
    FROM (SELECT id, inquiry_mail_text(id) AS text
          FROM (SELECT DISTINCT inquiry_id AS id FROM (%s) AS changes) AS changed) AS kept
    WHERE c.id = kept.id AND c.mail_text IS DISTINCT FROM kept.text
  $sql$, changes);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER inquiry_replies_mail_text_insert AFTER INSERT ON "inquiry_replies"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contact_submissions_refresh_mail_text();--> statement-breakpoint
CREATE TRIGGER inquiry_replies_mail_text_update AFTER UPDATE ON "inquiry_replies"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contact_submissions_refresh_mail_text();--> statement-breakpoint
CREATE TRIGGER inquiry_replies_mail_text_delete AFTER DELETE ON "inquiry_replies"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION contact_submissions_refresh_mail_text();--> statement-breakpoint
CREATE TRIGGER inquiry_messages_mail_text_insert AFTER INSERT ON "inquiry_messages"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contact_submissions_refresh_mail_text();--> statement-breakpoint
CREATE TRIGGER inquiry_messages_mail_text_update AFTER UPDATE ON "inquiry_messages"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contact_submissions_refresh_mail_text();--> statement-breakpoint
CREATE TRIGGER inquiry_messages_mail_text_delete AFTER DELETE ON "inquiry_messages"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION contact_submissions_refresh_mail_text();--> statement-breakpoint
-- The mail already stored, in one pass (before the index, which is then built once).
UPDATE contact_submissions c SET mail_text = mail.text
FROM (
  SELECT inquiry_id, string_agg(lower(body), E'\x01' ORDER BY created_at, id) AS text
  FROM (
    SELECT inquiry_id, body, created_at, id FROM inquiry_replies
    UNION ALL SELECT inquiry_id, body, created_at, id FROM inquiry_messages
  ) AS bodies
  GROUP BY inquiry_id
) AS mail
WHERE c.id = mail.inquiry_id;--> statement-breakpoint
CREATE INDEX "contact_submissions_mail_search_idx" ON "contact_submissions" USING gin ("mail_text" gin_trgm_ops);
