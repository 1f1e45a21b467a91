import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { backupFileName } from "~/lib/backup/backup-files.server";
import { backupPostgres, backupStoppedPglite } from "~/lib/backup/backup.server";
import { takeScheduledBackup } from "~/lib/backup/backup-job.server";
import { resolveAuthSecret } from "~/lib/auth/auth-secret.server";
import { openDatabase } from "~/lib/db/db.server";
import { parseEnv } from "~/lib/env.server";
import { createMailSender } from "~/lib/mail/mail.server";
import {
  createScratchPostgresDatabase,
  dropScratchPostgresDatabase,
} from "../../../tests/support/scratch-postgres";
import { ensurePrivateDir, makeDirUnlessThere, UnusableDirectoryError } from "~/lib/ops/private-files.server";

vi.setConfig({ testTimeout: 120_000 });

const roots: string[] = [];
function tempRoot() {
  // A world-readable parent, as /var/lib or /srv are: only the modes written here protect the files.
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "private-files-"));
  fs.chmodSync(root, 0o755);
  roots.push(root);
  return root;
}
afterAll(() => {
  for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
});
const mode = (file: string) => fs.statSync(file).mode & 0o777;

describe("private files", () => {
  it("writes backups 0600 in a 0700 directory it creates, whatever the umask", async () => {
    const root = tempRoot();
    const dataDir = path.join(root, "data");
    const database = await openDatabase({ kind: "pglite", dataDir });
    await database.close();
    const backups = path.join(root, "backups");
    const file = path.join(backups, backupFileName("pglite"));
    await backupStoppedPglite(dataDir, file);
    expect(mode(backups)).toBe(0o700);
    expect(mode(file)).toBe(0o600);
  });

  it("takes scheduled backups 0600 and tightens an existing BACKUP_DIR to 0700", async () => {
    const root = tempRoot();
    const dir = path.join(root, "scheduled");
    fs.mkdirSync(dir, { mode: 0o755 });
    fs.chmodSync(dir, 0o755);
    const database = await openDatabase({ kind: "pglite", dataDir: path.join(root, "data") });
    try {
      const env = parseEnv({ BACKUP_DIR: dir, BACKUP_INTERVAL: "1d" });
      const file = await takeScheduledBackup(database, env);
      expect(mode(dir)).toBe(0o700);
      expect(mode(file!)).toBe(0o600);
    } finally {
      await database.close();
    }
  });

  if (process.env.TEST_DATABASE_URL)
    it("writes pg_dump's backups 0600", async () => {
      const url = await createScratchPostgresDatabase(process.env.TEST_DATABASE_URL!, "private_files");
      try {
        const file = path.join(tempRoot(), "pg", backupFileName("postgres"));
        await backupPostgres(url, tempRoot(), file);
        expect(mode(path.dirname(file))).toBe(0o700);
        expect(mode(file)).toBe(0o600);
      } finally {
        await dropScratchPostgresDatabase(process.env.TEST_DATABASE_URL!, url);
      }
    });

  it("generates the auth secret 0600 in a 0700 DATA_DIR, and tightens one left readable", () => {
    const dataDir = path.join(tempRoot(), "data");
    resolveAuthSecret(parseEnv({ DATA_DIR: dataDir }));
    expect(mode(dataDir)).toBe(0o700);
    const file = path.join(dataDir, "auth-secret");
    expect(mode(file)).toBe(0o600);
    fs.chmodSync(file, 0o644);
    resolveAuthSecret(parseEnv({ DATA_DIR: dataDir }));
    expect(mode(file)).toBe(0o600);
  });

  it("writes mail files 0600 in a 0700 DATA_DIR/mail", async () => {
    const mailDir = path.join(tempRoot(), "data", "mail");
    const sender = createMailSender({ mailDir, from: "site@example.test" });
    await sender.send({
      to: ["ama@example.test"],
      replyTo: null,
      subject: "Hello",
      text: "Hi",
      html: "<p>Hi</p>",
    });
    sender.close();
    const [name] = fs.readdirSync(mailDir);
    expect(name).toMatch(/\.eml$/);
    expect(mode(path.dirname(mailDir))).toBe(0o700);
    expect(mode(mailDir)).toBe(0o700);
    expect(mode(path.join(mailDir, name!))).toBe(0o600);
  });

  it("refuses a path under /proc at once, where Node's recursive mkdir never returns", () => {
    expect(() => ensurePrivateDir("/proc/x/y")).toThrow(UnusableDirectoryError);
    expect(() => ensurePrivateDir("/proc/x/y")).toThrow(/\/proc\/x\/y cannot be used: .*\(ENOENT\)$/);
  });

  it("uses a directory another instance made between its check and its mkdir, and still refuses a file", () => {
    // Two instances started at once on a new DATA_DIR: both find it missing,
    // the first makes it, and the second's mkdir meets EEXIST.
    const made = path.join(tempRoot(), "data");
    fs.mkdirSync(made, { mode: 0o700 });
    expect(() => makeDirUnlessThere(made)).not.toThrow();
    const file = path.join(tempRoot(), "file");
    fs.writeFileSync(file, "");
    expect(() => makeDirUnlessThere(file)).toThrow(/EEXIST/);
  });

  it("refuses a path through a file", () => {
    const file = path.join(tempRoot(), "file");
    fs.writeFileSync(file, "");
    expect(() => ensurePrivateDir(path.join(file, "data"))).toThrow(
      /is a file, not a directory \(ENOTDIR\)$/,
    );
    expect(
      execFileSync("ls", [path.dirname(file)])
        .toString()
        .trim(),
    ).toBe("file");
  });
});
