import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { backupStoppedPglite, RestoreRefusedError, restoreBackup } from "~/lib/backup/backup.server";
import { openDatabase } from "~/lib/db/db.server";
import { migrationTags, olderMigrations } from "../../../tests/support/older-migrations";
import { createOlderPgliteDataDir, createPgliteDataDir } from "../../../tests/support/test-database";

// Three PGlite boots per test on a shared 2-core machine.
vi.setConfig({ testTimeout: 180_000 });

/** How many migrations the database has run. */
const APPLIED = sql`select count(*)::int as count from drizzle.__drizzle_migrations`;

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
    // A data directory as an older version left it: without the newest migration.
    const tags = migrationTags();
    const older = olderMigrations(tags.at(-2)!);
    // A copy of the run's database at that migration (no replay of the others).
    const oldDir = createOlderPgliteDataDir("restore-");
    dirs.push(oldDir);
    const old = await openDatabase({ kind: "pglite", dataDir: oldDir, migrationsFolder: older.folder });
    older.remove();
    expect((await old.db.execute<{ count: number }>(APPLIED)).rows[0]?.count).toBe(tags.length - 1);
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
      const applied = await restored.db.execute<{ count: number }>(APPLIED);
      expect(applied.rows[0]?.count).toBe(tags.length);
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

  it("keeps the catalogue's photos, kept outside DATA_DIR too, and a restore brings them back", async () => {
    const dataDir = createPgliteDataDir("photos-backup-");
    dirs.push(dataDir);
    await (await openDatabase({ kind: "pglite", dataDir })).close();
    const photos = tempDir();
    const rendition = `${"ab".repeat(16)}-480.webp`;
    fs.writeFileSync(path.join(photos, rendition), "a photo's bytes");
    fs.writeFileSync(path.join(photos, "notes.txt"), "not a rendition");
    const file = path.join(tempDir(), "backup.tar.gz");
    await backupStoppedPglite(dataDir, file, photos);

    const target = tempDir();
    const restoredPhotos = path.join(tempDir(), "photos");
    await restoreBackup({
      file,
      force: false,
      dataDir: target,
      databaseUrl: undefined,
      photosDir: restoredPhotos,
    });
    expect(fs.readdirSync(restoredPhotos)).toEqual([rendition]);
    expect(fs.readFileSync(path.join(restoredPhotos, rendition), "utf8")).toBe("a photo's bytes");
  });
});
