import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import {
  backupFileName,
  detectBackupKind,
  listBackups,
  pruneBackups,
} from "~/lib/backup/backup-files.server";
import { BACKUP_LOCK_ID, takeScheduledBackup } from "~/lib/backup/backup-job.server";
import { parseEnv } from "~/lib/env.server";
import { withPostgresAdvisoryLock } from "~/lib/backup/postgres-backup.server";

// A database and a dump of it per test, on a shared 2-core machine.
vi.setConfig({ testTimeout: 120_000 });

let dirs: string[] = [];
let databases: TestDatabase[] = [];
afterEach(async () => {
  for (const database of databases) await database.dispose();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  dirs = [];
  databases = [];
});

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "backups-"));
  dirs.push(dir);
  return dir;
}

describe("backup files", () => {
  it("are named by UTC time and kind, so they sort by time", () => {
    expect(backupFileName("pglite", new Date("2026-11-22T10:00:00.123Z"))).toBe(
      "backup-2026-11-22T10-00-00Z-pglite.tar.gz",
    );
    expect(backupFileName("postgres", new Date("2026-01-02T03:04:05Z"))).toBe(
      "backup-2026-01-02T03-04-05Z-postgres.tar.gz",
    );
  });

  it("keeps the newest BACKUP_KEEP and leaves other files alone", () => {
    const dir = tempDir();
    const names = [1, 2, 3, 4].map((day) => backupFileName("pglite", new Date(Date.UTC(2026, 0, day))));
    for (const name of [...names, "notes.txt", "backup-manual.tar.gz"])
      fs.writeFileSync(path.join(dir, name), "x");
    expect(pruneBackups(dir, 2).map((file) => path.basename(file))).toEqual(names.slice(0, 2));
    expect(fs.readdirSync(dir).sort()).toEqual(
      ["backup-manual.tar.gz", "notes.txt", ...names.slice(2)].sort(),
    );
  });

  it("refuses a file that is not a backup", () => {
    const file = path.join(tempDir(), "not-a-backup");
    fs.writeFileSync(file, "hello");
    expect(() => detectBackupKind(file)).toThrow(/not a backup/);
  });
});

describe("scheduled backups", () => {
  it("on the embedded database: writes a PGlite tarball into BACKUP_DIR and prunes to BACKUP_KEEP", async () => {
    const database = await createTestDatabase("pglite");
    databases.push(database);
    const dir = tempDir();
    const old = path.join(dir, backupFileName("pglite", new Date("2020-01-01T00:00:00Z")));
    fs.writeFileSync(old, "old");
    const env = parseEnv({ BACKUP_DIR: dir, BACKUP_INTERVAL: "1h", BACKUP_KEEP: "1" });

    const file = await takeScheduledBackup(database, env);
    expect(file).not.toBeNull();
    expect(detectBackupKind(file!)).toBe("pglite");
    expect(listBackups(dir)).toEqual([file]);
  });

  it("rejects BACKUP_INTERVAL without BACKUP_DIR, and bad periods", () => {
    expect(() => parseEnv({ BACKUP_INTERVAL: "6h" })).toThrow(
      /BACKUP_DIR: required when BACKUP_INTERVAL is set/,
    );
    expect(() => parseEnv({ BACKUP_DIR: "/tmp", BACKUP_INTERVAL: "6 hours" })).toThrow(/BACKUP_INTERVAL/);
    expect(parseEnv({}).BACKUP_INTERVAL).toBeNull();
  });

  describe.skipIf(!process.env.TEST_DATABASE_URL)("on PostgreSQL", () => {
    it("skips its turn while another instance holds the backup lock, and dumps once it is free", async () => {
      const database = await createTestDatabase("postgres");
      databases.push(database);
      const dir = tempDir();
      const env = parseEnv({
        DATABASE_URL: database.url!,
        BACKUP_DIR: dir,
        BACKUP_INTERVAL: "1h",
        BETTER_AUTH_SECRET: "x".repeat(32),
      });
      const whileHeld = await withPostgresAdvisoryLock(database.url!, BACKUP_LOCK_ID, () =>
        takeScheduledBackup(database, env),
      );
      expect(whileHeld).toBeNull();
      expect(listBackups(dir)).toEqual([]);

      const file = await takeScheduledBackup(database, env);
      expect(file && detectBackupKind(file)).toBe("postgres");
      // Another instance sharing BACKUP_DIR, a moment later: this period is done.
      expect(await takeScheduledBackup(database, env)).toBeNull();
    });
  });
});
