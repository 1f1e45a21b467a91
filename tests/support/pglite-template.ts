/**
 * Vitest global setup: one embedded database, migrated once per run, that
 * test files copy (tests/support/test-database.ts) instead of replaying
 * every migration themselves. Its path travels in PGLITE_TEMPLATE_DIR, which
 * the test workers inherit. It is migrated in two steps: first to what the
 * previous version left (every migration but the newest), kept as
 * PGLITE_OLDER_TEMPLATE_DIR for the tests of upgrades and of older backups,
 * then a copy of that brought up to date.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "~/lib/db/db.server";
import { migrationTags, olderMigrations } from "./older-migrations";

export async function setup(): Promise<(() => void) | undefined> {
  // Each Vitest project runs the global setup; the first one made the templates.
  if (process.env.PGLITE_TEMPLATE_DIR) return undefined;
  const olderDir = fs.mkdtempSync(path.join(os.tmpdir(), "pglite-template-older-"));
  const older = olderMigrations(migrationTags().at(-2)!);
  try {
    const database = await openDatabase({
      kind: "pglite",
      dataDir: olderDir,
      migrationsFolder: older.folder,
    });
    await database.close();
  } finally {
    older.remove();
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pglite-template-"));
  execFileSync("cp", ["-r", `${olderDir}/.`, dir]);
  const database = await openDatabase({ kind: "pglite", dataDir: dir });
  await database.close();
  process.env.PGLITE_OLDER_TEMPLATE_DIR = olderDir;
  process.env.PGLITE_TEMPLATE_DIR = dir;
  return () => {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(olderDir, { recursive: true, force: true });
  };
}
