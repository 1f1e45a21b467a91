import fs from "node:fs";
import path from "node:path";

/** What runs a query on the connection that is about to migrate. */
type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

/**
 * The committed migrations the database has not applied yet, by tag
 * (`0014_jobs`), in order. Drizzle's migrator applies every migration newer
 * than the newest one it recorded; an empty list on a database without the
 * migration log too, where there is nothing to lose (a new database).
 */
export async function findPendingMigrations(query: Query, migrationsFolder: string): Promise<string[]> {
  const { rows } = await query("select to_regclass('drizzle.__drizzle_migrations') is not null as logged");
  if (!rows[0]?.logged) return [];
  const applied = await query("select max(created_at)::text as newest from drizzle.__drizzle_migrations");
  const newest = Number(applied.rows[0]?.newest ?? 0);
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8"),
  ) as { entries: { when: number; tag: string }[] };
  return journal.entries.filter((entry) => entry.when > newest).map((entry) => entry.tag);
}

/**
 * Called once a database with data has migrations to apply, before they are
 * applied (under the migration lock on Postgres, so one instance does it).
 * `dumpPglite` is the open embedded database's dump; throwing stops the start.
 */
export type BeforeMigrations = (pending: {
  migrations: string[];
  dumpPglite?: () => Promise<Blob>;
}) => Promise<void>;
