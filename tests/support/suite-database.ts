import type { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { type Backend, createTestDatabase, type TestDatabase } from "./test-database";

/**
 * A Vitest suite's own database: created before its tests and disposed after
 * them; the `clear` tables are emptied, in that order (children before
 * parents), before each test. The handle it returns reads through to the
 * database once it is open, so a suite can declare it at the top.
 */
export function useTestDatabase(backend: Backend, clear: readonly PgTable[] = []): TestDatabase {
  let database: TestDatabase | undefined;
  const current = () => {
    if (!database) throw new Error("the suite's database opens in beforeAll");
    return database;
  };
  beforeAll(async () => {
    database = await createTestDatabase(backend);
  });
  afterAll(async () => {
    await database?.dispose();
  });
  if (clear.length > 0) {
    beforeEach(async () => {
      for (const table of clear) await current().db.delete(table);
    });
  }
  return readThrough(current);
}

/** An object that reads through to `current()`: a suite's handle, declared before its hooks open it. */
export function readThrough<T extends object>(current: () => T): T {
  return new Proxy({} as T, {
    get(_, key) {
      const value: unknown = Reflect.get(current(), key);
      return typeof value === "function" ? value.bind(current()) : value;
    },
  });
}
