CREATE TABLE "mail_not_filed" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mailbox" text NOT NULL,
	"uid_validity" bigint NOT NULL,
	"uid" bigint NOT NULL,
	"size" bigint,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "mail_not_filed_message_idx" ON "mail_not_filed" USING btree ("mailbox","uid_validity","uid");--> statement-breakpoint
CREATE INDEX "mail_not_filed_created_idx" ON "mail_not_filed" USING btree ("created_at");--> statement-breakpoint
-- The searched mail text of an inquiry costs the same to keep for every message (decision 074):
-- of each body the first 16384 characters, of the inquiry the newest 131072 in all
-- (app/content/received-mail-limits.ts: searchedBodyChars, searchedMailChars). Before, every
-- insert re-aggregated and re-indexed every body of the thread, so each message cost more.
CREATE OR REPLACE FUNCTION inquiry_mail_text(inquiry uuid) RETURNS text AS $$
  SELECT right(coalesce(string_agg(lower(left(body, 16384)), E'\x01' ORDER BY created_at, id), ''), 131072)
  FROM (
    SELECT body, created_at, id FROM inquiry_replies WHERE inquiry_id = inquiry
    UNION ALL SELECT body, created_at, id FROM inquiry_messages WHERE inquiry_id = inquiry
  ) AS mail
$$ LANGUAGE sql STABLE;--> statement-breakpoint
-- An insert appends the new bodies to the kept text (bounded); an update of a body or a delete,
-- which only erasure and corrections make, collects the inquiry's bodies again.
CREATE OR REPLACE FUNCTION contact_submissions_refresh_mail_text() RETURNS trigger AS $$
DECLARE
  changes text := CASE TG_OP
    WHEN 'DELETE' THEN 'SELECT inquiry_id FROM old_rows'
    ELSE '(SELECT inquiry_id, body FROM old_rows EXCEPT ALL SELECT inquiry_id, body FROM new_rows)
          UNION ALL (SELECT inquiry_id, body FROM new_rows EXCEPT ALL SELECT inquiry_id, body FROM old_rows)'
  END;
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE contact_submissions c
    SET mail_text = right(CASE WHEN c.mail_text = '' THEN added.text ELSE c.mail_text || E'\x01' || added.text END, 131072)
    FROM (SELECT inquiry_id AS id, string_agg(lower(left(body, 16384)), E'\x01' ORDER BY created_at, id) AS text
          FROM new_rows GROUP BY inquiry_id) AS added
    WHERE c.id = added.id;
    RETURN NULL;
  END IF;
  EXECUTE format($sql$
    UPDATE contact_submissions c SET mail_text = kept.text
    FROM (SELECT id, inquiry_mail_text(id) AS text
          FROM (SELECT DISTINCT inquiry_id AS id FROM (%s) AS changes) AS changed) AS kept
    WHERE c.id = kept.id AND c.mail_text IS DISTINCT FROM kept.text
  $sql$, changes);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
