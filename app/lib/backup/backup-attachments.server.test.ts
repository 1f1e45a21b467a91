import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { contactSubmissions, inquiryAttachments } from "~db/schema";
import {
  createScratchPostgresDatabase,
  dropScratchPostgresDatabase,
} from "../../../tests/support/scratch-postgres";
import { createPgliteDataDir, testBackends } from "../../../tests/support/test-database";
import { attachmentPath } from "~/lib/conversation/attachment-files.server";
import { createReceivedMailFiler } from "~/lib/conversation/file-received-mail.server";
import type { ReceivedMail } from "~/lib/conversation/received-mail";
import { type DatabaseHandle, dumpStoppedPglite, openDatabase } from "~/lib/db/db.server";
import { readManifest } from "~/lib/backup/backup-files.server";
import {
  backupPostgres,
  backupStoppedPglite,
  RestoreRefusedError,
  restoreBackup,
  writeBlob,
} from "~/lib/backup/backup.server";

// PGlite boots, dumps and restores on a shared 2-core machine.
vi.setConfig({ testTimeout: 180_000 });

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "backup-attachments-"));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
};

/** A DATA_DIR whose embedded database is migrated already (a copy of the run's template). */
const migratedDataDir = () => {
  const dir = createPgliteDataDir("backup-attachments-");
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
};

const PASSPORT = Buffer.from("%PDF-1.7 passport scan\n");

/** A buyer's direct mail with a KYC document, filed as the fetcher files it: its file under DATA_DIR. */
async function fileMailWithAttachment(database: DatabaseHandle, dataDir: string): Promise<void> {
  const file = createReceivedMailFiler({
    dataDir,
    ownAddresses: ["desk@site.example.test"],
    acknowledge: false,
    adminEmails: ["ops@example.test"],
    siteUrl: "https://site.example.test",
  });
  const mail: ReceivedMail = {
    mailbox: "deals@imap.example.test/INBOX",
    messageId: "kyc@buyer.example.test",
    inReplyTo: null,
    references: [],
    from: { address: "kofi@buyer.example.test", name: "Kofi Mensah" },
    to: ["deals@site.example.test"],
    cc: [],
    subject: "KYC documents",
    text: "Our passport scan is attached.",
    date: new Date(),
    headers: {},
    attachments: [
      { filename: "passport.pdf", contentType: "application/pdf", size: PASSPORT.length, content: PASSPORT },
    ],
    size: 2000,
  };
  await database.db.transaction((tx) => file(tx, mail));
}

/** The restored attachment: its row, and its file read back from the restored DATA_DIR. */
async function restoredAttachment(database: DatabaseHandle, dataDir: string) {
  const [row] = await database.db.select().from(inquiryAttachments);
  const file = attachmentPath(dataDir, row!.stored_as!)!;
  return { row: row!, file, content: fs.readFileSync(file), mode: fs.statSync(file).mode & 0o777 };
}

describe.each(testBackends)("a backup on %s", (backend) => {
  /** A site's database and DATA_DIR, with one filed attachment. */
  async function siteWithAttachment() {
    const dataDir = migratedDataDir();
    if (backend === "pglite") {
      const database = await openDatabase({ kind: "pglite", dataDir });
      await fileMailWithAttachment(database, dataDir);
      await database.close();
      return { dataDir, databaseUrl: undefined };
    }
    const serverUrl = process.env.TEST_DATABASE_URL!;
    // A copy of the run's migrated template: only the restore target must start empty.
    const url = await createScratchPostgresDatabase(
      serverUrl,
      "backup_attachments",
      process.env.POSTGRES_TEMPLATE_DATABASE,
    );
    cleanups.push(() => dropScratchPostgresDatabase(serverUrl, url));
    const database = await openDatabase({ kind: "postgres", url, poolSize: 1 });
    await fileMailWithAttachment(database, dataDir).finally(() => database.close());
    return { dataDir, databaseUrl: url };
  }

  async function emptyTarget() {
    const dataDir = tempDir();
    if (backend === "pglite") return { dataDir, databaseUrl: undefined };
    const serverUrl = process.env.TEST_DATABASE_URL!;
    const url = await createScratchPostgresDatabase(serverUrl, "backup_restored");
    cleanups.push(() => dropScratchPostgresDatabase(serverUrl, url));
    return { dataDir, databaseUrl: url };
  }

  const open = (target: { dataDir: string; databaseUrl: string | undefined }) =>
    target.databaseUrl
      ? openDatabase({ kind: "postgres", url: target.databaseUrl, poolSize: 1 })
      : openDatabase({ kind: "pglite", dataDir: target.dataDir });

  it("holds the attachment files, and restore puts them back beside their rows, private", async () => {
    const site = await siteWithAttachment();
    const file = path.join(tempDir(), "backups", "backup.tar.gz");
    if (site.databaseUrl) await backupPostgres(site.databaseUrl, site.dataDir, file);
    else await backupStoppedPglite(site.dataDir, file);
    expect(readManifest(file)).toMatchObject({ format: 1, kind: backend, attachments: 1 });

    // The site is lost: only the backup is left.
    fs.rmSync(site.dataDir, { recursive: true, force: true });
    const target = await emptyTarget();
    const restored = await restoreBackup({ file, force: false, ...target });
    expect(restored).toEqual({ kind: backend, attachments: 1 });

    const database = await open(target);
    try {
      const attachment = await restoredAttachment(database, target.dataDir);
      expect(attachment.row).toMatchObject({ filename: "passport.pdf", not_kept_reason: null });
      expect(attachment.content.equals(PASSPORT)).toBe(true);
      expect(attachment.mode).toBe(0o600);
      expect(fs.statSync(path.dirname(attachment.file)).mode & 0o777).toBe(0o700);
      expect(await database.db.select().from(contactSubmissions)).toHaveLength(1);
    } finally {
      await database.close();
    }
    // Nothing the restore unpacked is left lying in DATA_DIR.
    expect(fs.readdirSync(target.dataDir).filter((name) => name.startsWith("."))).toEqual([]);
  });

  it("refuses to mix its attachment files into a DATA_DIR that holds others, unless forced", async () => {
    const site = await siteWithAttachment();
    const file = path.join(tempDir(), "backup.tar.gz");
    if (site.databaseUrl) await backupPostgres(site.databaseUrl, site.dataDir, file);
    else await backupStoppedPglite(site.dataDir, file);
    const target = await emptyTarget();
    // Another site's document in the target's DATA_DIR.
    const stranger = path.join(target.dataDir, "attachments", crypto.randomUUID(), crypto.randomUUID());
    fs.mkdirSync(path.dirname(stranger), { recursive: true });
    fs.writeFileSync(stranger, "someone else's");

    await expect(restoreBackup({ file, force: false, ...target })).rejects.toThrow(RestoreRefusedError);
    // Refused before anything changed: the target database is still empty.
    if (backend === "pglite") expect(fs.existsSync(path.join(target.dataDir, "pglite"))).toBe(false);
    expect(fs.existsSync(stranger)).toBe(true);

    expect(await restoreBackup({ file, force: true, ...target })).toEqual({ kind: backend, attachments: 1 });
    expect(fs.existsSync(stranger)).toBe(false);
    const database = await open(target);
    try {
      expect((await restoredAttachment(database, target.dataDir)).content.equals(PASSPORT)).toBe(true);
    } finally {
      await database.close();
    }
  });
});

describe("an older backup (the database dump alone)", () => {
  it("still restores, and says it held no attachment files", async () => {
    const dataDir = migratedDataDir();
    const database = await openDatabase({ kind: "pglite", dataDir });
    await fileMailWithAttachment(database, dataDir);
    await database.close();
    const file = path.join(tempDir(), "backup-2026-01-01T00-00-00Z-pglite.tar.gz");
    await writeBlob(await dumpStoppedPglite(dataDir), file);
    expect(readManifest(file)).toBeNull();

    const target = tempDir();
    expect(await restoreBackup({ file, force: false, dataDir: target, databaseUrl: undefined })).toEqual({
      kind: "pglite",
      attachments: null,
    });
  });
});
