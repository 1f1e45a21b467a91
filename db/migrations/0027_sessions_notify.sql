-- Every change to what a signed-in request's session read returns (the
-- session, its user, the user's roles) is announced, so a process that keeps
-- those reads (app/lib/auth/session-cache.server.ts) drops them when the
-- transaction commits. Statement-level, as the inbox's triggers: one
-- notification however many rows.
CREATE FUNCTION "notify_sessions_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sessions_changed', lower(TG_OP));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "session_notify_sessions" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "session" FOR EACH STATEMENT EXECUTE FUNCTION "notify_sessions_changed"();--> statement-breakpoint
CREATE TRIGGER "user_notify_sessions" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user" FOR EACH STATEMENT EXECUTE FUNCTION "notify_sessions_changed"();--> statement-breakpoint
CREATE TRIGGER "user_roles_notify_sessions" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_roles" FOR EACH STATEMENT EXECUTE FUNCTION "notify_sessions_changed"();
