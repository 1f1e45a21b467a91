-- The list's other orders (last activity, deal size, status) over the default
-- view, read in order instead of sorting every genuine inquiry; the
-- expressions are the schema's (db/schema.ts), which the queries use.
CREATE INDEX "contact_submissions_activity_order_idx" ON "contact_submissions" USING btree (coalesce("last_action_at", "created_at") desc,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE not "contact_submissions"."is_spam";--> statement-breakpoint
CREATE INDEX "contact_submissions_deal_order_idx" ON "contact_submissions" USING btree ((case "deal_size" when 'over-5m' then 0 when '1m-5m' then 1 when '500k-1m' then 2 when '100k-500k' then 3 when 'under-100k' then 4 else 5 end),"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE not "contact_submissions"."is_spam";--> statement-breakpoint
CREATE INDEX "contact_submissions_status_order_idx" ON "contact_submissions" USING btree ((case "status" when 'new' then 0 when 'contacted' then 1 when 'qualified' then 2 when 'closed_won' then 3 when 'closed_lost' then 4 else 5 end),"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE not "contact_submissions"."is_spam";--> statement-breakpoint
-- An admin's saved views and layout are kept with the inbox's counts
-- (inbox-counts.server.ts): a change clears them on every instance.
CREATE TRIGGER "saved_views_notify_inbox" AFTER INSERT OR UPDATE OR DELETE ON "saved_views" FOR EACH STATEMENT EXECUTE FUNCTION "notify_inbox_changed"();--> statement-breakpoint
CREATE TRIGGER "workspace_preferences_notify_inbox" AFTER INSERT OR UPDATE OR DELETE ON "workspace_preferences" FOR EACH STATEMENT EXECUTE FUNCTION "notify_inbox_changed"();
