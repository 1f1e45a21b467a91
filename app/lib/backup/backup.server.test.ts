import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { backupStoppedPglite, RestoreRefusedError, restoreBackup } from "./backup.server";
import { openDatabase } from "../db/db.server";

// Three PGlite boots per test on a shared 2-core machine.
vi.setConfig({ testTimeout: 180_000 });

/**
 * The newest migration (0011_inbox_count_indexes) redefines two indexes; the
 * test below undoes it by hand, putting back their definitions from 0000 and 0009.
 */
const NEWEST_MIGRATION = "0011_inbox_count_indexes";
const UNDO_NEWEST = [
  `drop index contact_submissions_unread_idx`,
  `drop index contact_submissions_assigned_idx`,
  `create index contact_submissions_unread_idx on contact_submissions (created_at desc) where read_at is null`,
  `create index contact_submissions_assigned_idx on contact_submissions (assigned_to, created_at desc, id desc)`,
];
/** Holds once the newest migration ran. */
const NEWEST_APPLIED = sql`select count(*)::int as count from pg_indexes
  where indexname = 'contact_submissions_unread_idx' and indexdef like '%is_spam%'`;

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  dirs = [];
});
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "restore-"));
  dirs.push(dir);
  return dir;
};

describe("restore", () => {
  it("applies the migrations an older backup lacks, and refuses a non-empty target without --force", async () => {
    const journal = JSON.parse(
      fs.readFileSync(path.join(import.meta.dirname, "../../../db/migrations/meta/_journal.json"), "utf8"),
    ) as { entries: { tag: string }[] };
    // A newer migration needs its own undo here.
    expect(journal.entries.at(-1)?.tag).toBe(NEWEST_MIGRATION);
    // A data directory as an older version left it: without the newest migration.
    const oldDir = tempDir();
    const old = await openDatabase({ kind: "pglite", dataDir: oldDir });
    for (const statement of UNDO_NEWEST) await old.db.execute(sql.raw(statement));
    expect((await old.db.execute<{ count: number }>(NEWEST_APPLIED)).rows[0]?.count).toBe(0);
    await old.db.execute(
      sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`,
    );
    await old.db.execute(
      sql`insert into contact_submissions (name, email, message) values ('Old', 'old@example.test', 'From before')`,
    );
    await old.close();
    const file = path.join(tempDir(), "old-backup.tar.gz");
    await backupStoppedPglite(oldDir, file);

    const newDir = tempDir();
    await restoreBackup({ file, force: false, dataDir: newDir, databaseUrl: undefined });
    const restored = await openDatabase({ kind: "pglite", dataDir: newDir });
    try {
      const applied = await restored.db.execute<{ count: number }>(NEWEST_APPLIED);
      expect(applied.rows[0]?.count).toBe(1);
      const rows = await restored.db.execute<{ message: string }>(
        sql`select message from contact_submissions`,
      );
      expect(rows.rows.map((row) => row.message)).toEqual(["From before"]);
    } finally {
      await restored.close();
    }

    await expect(
      restoreBackup({ file, force: false, dataDir: newDir, databaseUrl: undefined }),
    ).rejects.toThrow(RestoreRefusedError);
    await restoreBackup({ file, force: true, dataDir: newDir, databaseUrl: undefined });
  });
});
