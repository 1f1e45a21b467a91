import fs from "node:fs";
import path from "node:path";

/**
 * The committed migrations newer than the newest one Drizzle recorded, by tag; none on a database without the
 * migration log (a new database, nothing to lose).
 */
export async function findPendingMigrations(
  query: (text: string) => Promise<{ rows: Record<string, unknown>[] }>,
  migrationsFolder: string,
): Promise<string[]> {
  const { rows } = await query("select to_regclass('drizzle.__drizzle_migrations') is not null as logged");
  if (!rows[0]?.logged) return [];
  const applied = await query("select max(created_at)::text as newest from drizzle.__drizzle_migrations");
  const newest = Number(applied.rows[0]?.newest ?? 0);
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8"),
  ) as { entries: { when: number; tag: string }[] };
  return journal.entries.filter((entry) => entry.when > newest).map((entry) => entry.tag);
}

/** Runs before a database with data is migrated, under the migration lock; throwing stops the start. */
export type BeforeMigrations = (pending: {
  migrations: string[];
  dumpPglite?: () => Promise<Blob>;
}) => Promise<void>;
