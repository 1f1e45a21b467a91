import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { freePort } from "../../../tests/support/server-process";
import { createTestDatabase, testBackends } from "../../../tests/support/test-database";
import { isDatabaseUnavailable } from "~/lib/db/database-unavailable.server";
import { openDatabase } from "~/lib/db/db.server";

// Real failures from real drivers: the patterns must match what they raise.
describe("isDatabaseUnavailable", () => {
  it("recognises a server that refuses connections", async () => {
    const url = `postgres://postgres@127.0.0.1:${await freePort()}/none`;
    const error = await openDatabase({ kind: "postgres", url }).then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each(testBackends)("does not take a fault in a query for an outage (%s)", async (backend) => {
    const database = await createTestDatabase(backend);
    try {
      const error = await database.db.execute(sql`select * from no_such_table`).then(
        () => null,
        (reason: unknown) => reason,
      );
      expect(error).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(error)).toBe(false);
    } finally {
      await database.dispose();
    }
  });

  it.each(testBackends.filter((backend) => backend === "postgres"))(
    "recognises a connection the server ended (%s)",
    async (backend) => {
      const database = await createTestDatabase(backend);
      try {
        // What every connection sees when Postgres shuts down: FATAL 57P01.
        const error = await database.db.execute(sql`select pg_terminate_backend(pg_backend_pid())`).then(
          () => null,
          (reason: unknown) => reason,
        );
        expect(error).toBeInstanceOf(Error);
        expect(isDatabaseUnavailable(error)).toBe(true);
        // The pool replaces the lost connection by itself.
        expect(await database.ping(2_000)).toBe(true);
      } finally {
        await database.dispose();
      }
    },
  );

  it("ignores what is not an error", () => {
    expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
