CREATE INDEX "contact_submissions_interest_idx" ON "contact_submissions" USING btree ("interest","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contact_submissions_deal_size_idx" ON "contact_submissions" USING btree ("deal_size","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contact_submissions_inbox_idx" ON "contact_submissions" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE not "contact_submissions"."is_spam";--> statement-breakpoint
CREATE INDEX "contact_submissions_spam_idx" ON "contact_submissions" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "contact_submissions"."is_spam";--> statement-breakpoint
-- The admin inbox refreshes live: every statement that changes inquiries
-- notifies channel "inbox_changed", whatever code path made the change.
CREATE FUNCTION "notify_inbox_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('inbox_changed', lower(TG_OP));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "contact_submissions_notify_inbox" AFTER INSERT OR UPDATE OR DELETE ON "contact_submissions" FOR EACH STATEMENT EXECUTE FUNCTION "notify_inbox_changed"();
