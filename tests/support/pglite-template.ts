/**
 * Vitest global setup: one embedded database, migrated once per run, that
 * test files copy (tests/support/test-database.ts) instead of replaying
 * every migration themselves. Its path travels in PGLITE_TEMPLATE_DIR, which
 * the test workers inherit.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "~/lib/db/db.server";

export async function setup(): Promise<(() => void) | undefined> {
  // Each Vitest project runs the global setup; the first one made the template.
  if (process.env.PGLITE_TEMPLATE_DIR) return undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pglite-template-"));
  const database = await openDatabase({ kind: "pglite", dataDir: dir });
  await database.close();
  process.env.PGLITE_TEMPLATE_DIR = dir;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
