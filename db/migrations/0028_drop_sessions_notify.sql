-- Sessions are read through Better Auth on every request again, with nothing
-- kept between requests, so nobody listens for changes to sessions, users or
-- roles any more: migration 0027's triggers and their function go.
DROP TRIGGER IF EXISTS "session_notify_sessions" ON "session";--> statement-breakpoint
DROP TRIGGER IF EXISTS "user_notify_sessions" ON "user";--> statement-breakpoint
DROP TRIGGER IF EXISTS "user_roles_notify_sessions" ON "user_roles";--> statement-breakpoint
DROP FUNCTION IF EXISTS "notify_sessions_changed"();
