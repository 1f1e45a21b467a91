/**
 * Vitest global setup: with TEST_DATABASE_URL, one Postgres database migrated
 * once per run, which createTestDatabase("postgres") copies (CREATE DATABASE
 * … TEMPLATE) instead of replaying every migration into each new database.
 * Its name travels in POSTGRES_TEMPLATE_DATABASE, which the test workers
 * inherit. The copy still opens through openDatabase, whose migration step
 * then finds nothing to do.
 */
import { openDatabase } from "~/lib/db/db.server";
import { createScratchPostgresDatabase, dropScratchPostgresDatabase } from "./scratch-postgres";

export async function setup(): Promise<(() => Promise<void>) | undefined> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  // Each Vitest project runs the global setup; the first one made the template.
  if (!serverUrl || process.env.POSTGRES_TEMPLATE_DATABASE) return undefined;
  const url = await createScratchPostgresDatabase(serverUrl, "template");
  const database = await openDatabase({ kind: "postgres", url, poolSize: 1 });
  // A template takes copies only while no session is connected to it.
  await database.close();
  process.env.POSTGRES_TEMPLATE_DATABASE = decodeURIComponent(new URL(url).pathname.slice(1));
  return () => dropScratchPostgresDatabase(serverUrl, url);
}
