import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type DatabaseHandle, openDatabase } from "~/lib/db/db.server";
import { createScratchPostgresDatabase, dropScratchPostgresDatabase } from "./scratch-postgres";

export type Backend = "pglite" | "postgres";

/**
 * Integration tests run on PGlite always, and also on Postgres when
 * TEST_DATABASE_URL points at a server (CI sets it).
 */
export const testBackends: Backend[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

export interface TestDatabase extends DatabaseHandle {
  /** For Postgres, the URL of this test's own database. */
  readonly url: string | null;
  dispose(): Promise<void>;
}

/**
 * A new data directory for the embedded database. Under Vitest it is a copy
 * of the run's migrated template (tests/support/pglite-template.ts), which
 * opens in a fraction of the time a migration from scratch takes; elsewhere
 * it is empty and opening it migrates.
 */
export function createPgliteDataDir(prefix = "pglite-test-"): string {
  return copyOf(process.env.PGLITE_TEMPLATE_DIR, prefix);
}

/**
 * A data directory as the previous version left it: every migration but the
 * newest (tests/support/older-migrations.ts), to open with that older
 * folder. Under Vitest it is a copy of the run's older template; elsewhere
 * it is empty, and opening it with the older folder migrates.
 */
export function createOlderPgliteDataDir(prefix = "pglite-older-"): string {
  return copyOf(process.env.PGLITE_OLDER_TEMPLATE_DIR, prefix);
}

function copyOf(template: string | undefined, prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  // cp copies the template's 40 MB for a fraction of the CPU fs.cpSync spends on it.
  if (template) execFileSync("cp", ["-r", `${template}/.`, dir]);
  return dir;
}

/**
 * A migrated, empty database of its own: embedded PGlite or a new Postgres
 * database (under Vitest, both copied from the run's migrated templates).
 */
export async function createTestDatabase(backend: Backend): Promise<TestDatabase> {
  if (backend === "pglite") {
    const dataDir = createPgliteDataDir();
    const handle = await openDatabase({ kind: "pglite", dataDir });
    return {
      ...handle,
      url: null,
      async dispose() {
        await handle.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_DATABASE_URL is not set");
  // A copy of the run's migrated template when there is one (tests/support/postgres-template.ts).
  const url = await createScratchPostgresDatabase(serverUrl, "test", process.env.POSTGRES_TEMPLATE_DATABASE);
  const handle = await openDatabase({ kind: "postgres", url, poolSize: 4 });
  return {
    ...handle,
    url,
    async dispose() {
      await handle.close();
      await dropScratchPostgresDatabase(serverUrl, url);
    },
  };
}
