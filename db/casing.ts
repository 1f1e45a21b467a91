/**
 * The schema's one naming rule: SQL names are snake_case, derived by Drizzle
 * from the property names, never written by hand. The site's tables use the
 * product spec's field names (deal_size, created_at), Better Auth's tables
 * its field names (emailVerified); both come out snake_case in SQL. The
 * database client (app/lib/db/db.server.ts) and drizzle-kit
 * (drizzle.config.ts) read it from here, so queries and migrations agree.
 */
export const SCHEMA_CASING = "snake_case" as const;
