import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it, vi } from "vitest";
import { createPgliteDataDir } from "../tests/support/test-database";

// A PGlite dump in a child process on a shared 2-core machine.
vi.setConfig({ testTimeout: 120_000 });

const run = promisify(execFile);
const TSX = path.resolve("node_modules/.bin/tsx");
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe("npm run backup into BACKUP_DIR (as volta-backup.timer runs it)", () => {
  it("keeps the newest BACKUP_KEEP backups there and leaves other files alone", async () => {
    const dataDir = createPgliteDataDir("backup-keep-");
    const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), "backup-keep-dir-"));
    dirs.push(dataDir, backupDir);
    const older = ["backup-2026-01-01T02-30-00Z-pglite.tar.gz", "backup-2026-01-02T02-30-00Z-pglite.tar.gz"];
    for (const name of [...older, "notes.txt"]) fs.writeFileSync(path.join(backupDir, name), "x");

    const { stdout } = await run(TSX, ["scripts/backup.ts"], {
      env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir, BACKUP_DIR: backupDir, BACKUP_KEEP: "2" },
    });
    expect(stdout).toContain("Backup written");
    const left = fs.readdirSync(backupDir).sort();
    expect(left).toHaveLength(3);
    expect(left.slice(0, 2)).toEqual([older[1], expect.stringMatching(/^backup-.*Z-pglite\.tar\.gz$/)]);
    expect(left[2]).toBe("notes.txt");
  });
});
