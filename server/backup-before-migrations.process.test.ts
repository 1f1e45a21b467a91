import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { BACKUP_BEFORE_MIGRATIONS_MESSAGE } from "~/lib/backup/backup-before-migrations.server";
import { sql } from "drizzle-orm";
import { type DatabaseOptions, findMigrationsFolder, openDatabase } from "~/lib/db/db.server";
import {
  createScratchPostgresDatabase,
  dropScratchPostgresDatabase,
} from "../tests/support/scratch-postgres";
import { type ServerProcess, spawnServer } from "../tests/support/server-process";
import { createOlderPgliteDataDir, testBackends } from "../tests/support/test-database";

vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const tempDirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "premigration-"));
  tempDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});
function olderPgliteDataDir() {
  const dir = createOlderPgliteDataDir("premigration-");
  tempDirs.push(dir);
  return dir;
}

/** The committed migrations without the newest: the database an older version left. */
function olderMigrationsFolder(): { folder: string; newest: string } {
  const folder = path.join(tempDir(), "migrations");
  fs.cpSync(findMigrationsFolder(), folder, { recursive: true });
  const journalFile = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  const newest = journal.entries.pop()!.tag;
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return { folder, newest };
}

const INQUIRY = `insert into contact_submissions (name, email, interest, message)
  values ('Ama Mensah', 'ama@example.test', 'consultation', 'Kept across the upgrade.')`;

function logLines(server: ServerProcess): Record<string, unknown>[] {
  return server
    .stdout()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe.each(testBackends)("a start with migrations to apply, on %s", (backend) => {
  it("takes a backup first (0600), says where, and the next start takes none", async () => {
    const { folder, newest } = olderMigrationsFolder();
    // On PGlite, a copy of the run's database at the same migration (no replay of the others).
    const dataDir = backend === "pglite" ? olderPgliteDataDir() : path.join(tempDir(), "data");
    const backupDir = path.join(tempDir(), "backups");
    let env: Record<string, string> = { DATA_DIR: dataDir, BACKUP_DIR: backupDir };
    let cleanup = async () => {};
    let options: DatabaseOptions = { kind: "pglite", dataDir };
    if (backend === "postgres") {
      const serverUrl = process.env.TEST_DATABASE_URL!;
      const url = await createScratchPostgresDatabase(serverUrl, "premigration");
      cleanup = () => dropScratchPostgresDatabase(serverUrl, url);
      options = { kind: "postgres", url, poolSize: 1 };
      env = { ...env, DATABASE_URL: url, BETTER_AUTH_SECRET: "s".repeat(40) };
    }
    const older = await openDatabase({ ...options, migrationsFolder: folder });
    await older.db.execute(sql.raw(INQUIRY));
    await older.close();
    try {
      const server = await spawnServer(env);
      await server.stop();
      const line = logLines(server).find((entry) => entry.msg === BACKUP_BEFORE_MIGRATIONS_MESSAGE);
      expect(line).toMatchObject({ level: 30, migrations: [newest] });
      const file = String(line?.file);
      expect(path.dirname(file)).toBe(backupDir);
      expect(path.basename(file)).toMatch(backend === "pglite" ? /-pglite\.tar\.gz$/ : /-postgres\.tar\.gz$/);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(fs.statSync(backupDir).mode & 0o777).toBe(0o700);
      expect(fs.statSync(file).size).toBeGreaterThan(1_000);

      // Nothing left to apply: no second backup.
      const again = await spawnServer(env);
      await again.stop();
      expect(logLines(again).some((entry) => entry.msg === BACKUP_BEFORE_MIGRATIONS_MESSAGE)).toBe(false);
      expect(fs.readdirSync(backupDir)).toEqual([path.basename(file)]);
    } finally {
      await cleanup();
    }
  });
});

describe("a new, empty database", () => {
  it("is migrated without a backup: there is nothing to lose", async () => {
    const dataDir = path.join(tempDir(), "data");
    // Migrating a new embedded database from scratch is slow on a busy machine.
    const server = await spawnServer({ DATA_DIR: dataDir }, { readyTimeoutMs: 170_000 });
    await server.stop();
    expect(logLines(server).some((entry) => entry.msg === BACKUP_BEFORE_MIGRATIONS_MESSAGE)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, "backups"))).toBe(false);
  });
});
