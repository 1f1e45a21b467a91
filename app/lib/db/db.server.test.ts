import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { desc, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { contactSubmissions, user, userRoles } from "~db/schema";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { testBackends } from "../../../tests/support/test-database";
import { DataDirLockedError } from "~/lib/db/data-dir-lock.server";
import { RESYNC_PAYLOAD } from "~/lib/db/postgres-listener.server";
import {
  createScratchPostgresDatabase,
  dropScratchPostgresDatabase,
} from "../../../tests/support/scratch-postgres";
import { openDatabase } from "~/lib/db/db.server";

describe.each(testBackends)("database on %s", (backend) => {
  const database = useTestDatabase(backend);

  it("answers the readiness ping", async () => {
    expect(await database.ping(2_000)).toBe(true);
  });

  it("has applied the migrations: the spec's columns exist with their types", async () => {
    const result = await database.db.execute<{ column_name: string; data_type: string }>(
      sql`select column_name, data_type from information_schema.columns
          where table_name = 'contact_submissions' order by ordinal_position`,
    );
    // The spec's columns come first; triage columns follow.
    expect(result.rows.slice(0, 12).map((row) => [row.column_name, row.data_type])).toEqual([
      ["id", "uuid"],
      ["name", "text"],
      ["company", "text"],
      ["email", "text"],
      ["phone", "text"],
      ["whatsapp", "text"],
      ["interest", "text"],
      ["deal_size", "text"],
      ["message", "text"],
      ["created_at", "timestamp with time zone"],
      ["read_at", "timestamp with time zone"],
      ["admin_notes", "text"],
    ]);
  });

  it("stores an inquiry with generated id and timestamps, optional fields null, unread", async () => {
    const [row] = await database.db
      .insert(contactSubmissions)
      .values({ name: "Ama Mensah", email: "ama@example.test", message: "Hello" })
      .returning();
    expect(row).toMatchObject({ company: null, phone: null, read_at: null, admin_notes: null });
    expect(row?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(row?.created_at).toBeInstanceOf(Date);
  });

  it("lists newest first", async () => {
    await database.db.insert(contactSubmissions).values([
      { name: "Old", email: "o@example.test", message: "m", created_at: new Date("2020-01-01T00:00:00Z") },
      { name: "New", email: "n@example.test", message: "m", created_at: new Date("2030-01-01T00:00:00Z") },
    ]);
    const rows = await database.db
      .select()
      .from(contactSubmissions)
      .orderBy(desc(contactSubmissions.created_at));
    expect(rows[0]?.name).toBe("New");
    expect(rows.at(-1)?.name).toBe("Old");
  });

  it("keeps user roles unique per (user, role)", async () => {
    await database.db.insert(user).values([
      { id: "u1", name: "One", email: "one@example.test" },
      { id: "u2", name: "Two", email: "two@example.test" },
    ]);
    await database.db.insert(userRoles).values({ user_id: "u1", role: "admin" });
    await expect(database.db.insert(userRoles).values({ user_id: "u1", role: "admin" })).rejects.toThrow();
    await database.db.insert(userRoles).values({ user_id: "u2", role: "admin" });
  });
});

describe.each(testBackends)("LISTEN/NOTIFY on %s", (backend) => {
  const database = useTestDatabase(backend);

  const nextPayload = (received: string[], count: number) =>
    vi.waitFor(() => expect(received.length).toBeGreaterThanOrEqual(count), { timeout: 5_000 });

  it("delivers notifications to listeners until they unsubscribe", async () => {
    const received: string[] = [];
    const unsubscribe = await database.listen("inbox_test", (payload) => received.push(payload));
    await database.notify("inbox_test", "first");
    await nextPayload(received, 1);
    expect(received).toEqual(["first"]);
    await unsubscribe();
    await database.notify("inbox_test", "second");
    await database.notify("other_channel", "x");
    // A later notification on a channel still listened to proves delivery has happened.
    const control: string[] = [];
    const stop = await database.listen("control", (payload) => control.push(payload));
    await database.notify("control", "done");
    await nextPayload(control, 1);
    await stop();
    expect(received).toEqual(["first"]);
  });

  it("rejects channel names that are not plain identifiers", async () => {
    await expect(database.listen('x"; drop table user_roles; --', () => {})).rejects.toThrow(
      /invalid channel/,
    );
    await expect(database.notify("Bad-Name", "x")).rejects.toThrow(/invalid channel/);
  });

  if (backend === "postgres") {
    it("reaches listeners on another connection to the same database", async () => {
      const other = await openDatabase({ kind: "postgres", url: database.url!, poolSize: 1 });
      try {
        const received: string[] = [];
        await other.listen("cross_instance", (payload) => received.push(payload));
        await database.notify("cross_instance", "hello");
        await nextPayload(received, 1);
        expect(received).toEqual(["hello"]);
      } finally {
        await other.close();
      }
    });

    it("after its connection is lost, listens again and tells listeners to resync", async () => {
      const received: string[] = [];
      const stop = await database.listen("resync_test", (payload) => received.push(payload));
      try {
        // What a Postgres restart does to the listening connection.
        await database.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity
              where datname = current_database() and query like 'listen "resync_test"%'`,
        );
        await vi.waitFor(() => expect(received).toEqual([RESYNC_PAYLOAD]), { timeout: 15_000 });
        await database.notify("resync_test", "after");
        await nextPayload(received, 2);
        expect(received).toEqual([RESYNC_PAYLOAD, "after"]);
      } finally {
        await stop();
      }
    });
  }
});

describe("embedded database in a data directory", () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "db-test-"));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  // Each opens an embedded database in a directory, migrations included: on a loaded
  // 2-core machine that alone can take longer than the default 30 s.
  it("persists data across a close and reopen, and holds the lock while open", async () => {
    const dataDir = tempDir();
    const first = await openDatabase({ kind: "pglite", dataDir });
    await first.db.insert(contactSubmissions).values({ name: "Kept", email: "k@example.test", message: "m" });

    const second = openDatabase({ kind: "pglite", dataDir });
    await expect(second).rejects.toThrow(DataDirLockedError);
    await expect(second).rejects.toThrow(`in use by PID ${process.pid}`);

    await first.close();
    expect(fs.existsSync(path.join(dataDir, "pglite.lock"))).toBe(false);

    const reopened = await openDatabase({ kind: "pglite", dataDir });
    const rows = await reopened.db.select().from(contactSubmissions);
    expect(rows.map((row) => row.name)).toEqual(["Kept"]);
    await reopened.close();
  }, 90_000);

  it("finishes a running query before closing", async () => {
    const database = await openDatabase({ kind: "pglite", dataDir: tempDir() });
    const slow = database.db.execute(sql`select pg_sleep(0.3), 42 as answer`);
    const closing = database.close();
    const result = await slow;
    expect(result.rows[0]).toMatchObject({ answer: 42 });
    await closing;
  }, 90_000);
});

if (process.env.TEST_DATABASE_URL)
  describe("Postgres connections lost while idle in the pool", () => {
    const serverUrl = process.env.TEST_DATABASE_URL ?? "";
    let url: string;
    beforeAll(async () => {
      url = await createScratchPostgresDatabase(serverUrl, "test_pool");
    });
    afterAll(async () => {
      await dropScratchPostgresDatabase(serverUrl, url);
    });

    it("gives the pool its slot back when a transaction cannot even begin", async () => {
      // One connection: a single slot lost for good would stop the app.
      const victim = await openDatabase({ kind: "postgres", url, poolSize: 1 });
      const killer = await openDatabase({ kind: "postgres", url, poolSize: 1 });
      try {
        for (let round = 0; round < 5; round++) {
          await victim.db.execute(sql`select 1`); // an idle, connected client in the pool
          // A server restart, as the client sees it: its backend is gone.
          await killer.db.execute(
            sql`select pg_terminate_backend(pid) from pg_stat_activity
                where datname = current_database() and pid <> pg_backend_pid()`,
          );
          // Straight away, before the client has noticed: BEGIN meets a dead connection.
          await victim.db.transaction((tx) => tx.execute(sql`select 1`)).catch(() => {});
        }
        expect(await victim.ping(10_000)).toBe(true);
      } finally {
        await killer.close();
        await victim.close();
      }
    });
  });
