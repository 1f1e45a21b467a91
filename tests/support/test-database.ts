import {
  createScratchPostgresDatabase,
  type DatabaseHandle,
  dropScratchPostgresDatabase,
  openDatabase,
} from "~/lib/db.server";

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

/** A migrated, empty database of its own: in-memory PGlite or a new Postgres database. */
export async function createTestDatabase(backend: Backend): Promise<TestDatabase> {
  if (backend === "pglite") {
    const handle = await openDatabase({ kind: "pglite", dataDir: null });
    return { ...handle, url: null, dispose: () => handle.close() };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_DATABASE_URL is not set");
  const url = await createScratchPostgresDatabase(serverUrl, "test");
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
