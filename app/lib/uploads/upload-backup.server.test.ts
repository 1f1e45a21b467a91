import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { uploads } from "~db/schema";
import {
  backupPostgres,
  backupStoppedPglite,
  RestoreRefusedError,
  restoreBackup,
} from "~/lib/backup/backup.server";
import { type DatabaseHandle, openDatabase } from "~/lib/db/db.server";
import { uploadPath } from "~/lib/uploads/upload-files.server";
import { openCleanUpload, receiveUpload, type UploadSettings } from "~/lib/uploads/uploads.server";
import { type Clamd, startClamd } from "../../../tests/support/clamd";
import { insertInquiry } from "../../../tests/support/desk-fixtures";
import {
  createScratchPostgresDatabase,
  dropScratchPostgresDatabase,
} from "../../../tests/support/scratch-postgres";
import { createPgliteDataDir, testBackends } from "../../../tests/support/test-database";

// PGlite boots, dumps and restores on a shared 2-core machine.
vi.setConfig({ testTimeout: 180_000 });

const PASSPORT = Buffer.from("%PDF-1.7\n1 0 obj << /Title (PASSPORT-GB-555) >> endobj\n%%EOF\n");
const KEY = crypto.randomBytes(32);

let clamd: Clamd;
beforeAll(async () => {
  clamd = await startClamd();
});
afterAll(async () => {
  await clamd.dispose();
});
let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "upload-backup-"));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
};

async function collect(source: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of source) parts.push(part);
  return Buffer.concat(parts);
}

async function uploadPassport(database: DatabaseHandle, dataDir: string) {
  const settings: UploadSettings = { dataDir, key: KEY, clamdAddress: clamd.address };
  const inquiryId = await insertInquiry(database.db);
  async function* content() {
    yield PASSPORT;
  }
  const received = await receiveUpload(database.db, settings, {
    inquiryId,
    purpose: "kyc",
    fileName: "passport.pdf",
    formats: ["pdf"],
    content: content(),
  });
  if (!received.received) throw new Error("not received");
  return { inquiryId, uploadId: received.uploadId };
}

describe.each(testBackends)("uploaded files in a backup on %s", (backend) => {
  it("a backup restored on another machine, with the key supplied, opens the documents; the backup holds no plaintext", async () => {
    const site = createPgliteDataDir("upload-backup-");
    cleanups.push(() => fs.rmSync(site, { recursive: true, force: true }));
    const file = path.join(tempDir(), "backup.tar.gz");
    let ids: { inquiryId: string; uploadId: string };
    let target: { dataDir: string; databaseUrl: string | undefined };
    if (backend === "pglite") {
      const database = await openDatabase({ kind: "pglite", dataDir: site });
      ids = await uploadPassport(database, site);
      await database.close();
      await backupStoppedPglite(site, file);
      target = { dataDir: tempDir(), databaseUrl: undefined };
    } else {
      const serverUrl = process.env.TEST_DATABASE_URL!;
      const url = await createScratchPostgresDatabase(
        serverUrl,
        "upload_backup",
        process.env.POSTGRES_TEMPLATE_DATABASE,
      );
      cleanups.push(() => dropScratchPostgresDatabase(serverUrl, url));
      const database = await openDatabase({ kind: "postgres", url, poolSize: 1 });
      ids = await uploadPassport(database, site).finally(() => database.close());
      await backupPostgres(url, site, file);
      const restoredUrl = await createScratchPostgresDatabase(serverUrl, "upload_restored");
      cleanups.push(() => dropScratchPostgresDatabase(serverUrl, restoredUrl));
      target = { dataDir: tempDir(), databaseUrl: restoredUrl };
    }
    // The tar inside the gzip holds the stored (encrypted) form: no document text in it.
    expect(zlib.gunzipSync(fs.readFileSync(file)).includes("PASSPORT-GB-555")).toBe(false);
    fs.rmSync(site, { recursive: true, force: true });

    await restoreBackup({ file, force: false, ...target });
    const restored = uploadPath(target.dataDir, ids);
    expect(fs.statSync(restored).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(restored).includes("PASSPORT-GB-555")).toBe(false);
    const database = target.databaseUrl
      ? await openDatabase({ kind: "postgres", url: target.databaseUrl, poolSize: 1 })
      : await openDatabase({ kind: "pglite", dataDir: target.dataDir });
    try {
      expect(await database.db.select().from(uploads)).toHaveLength(1);
      const settings = { dataDir: target.dataDir, key: KEY, clamdAddress: clamd.address };
      const opened = await openCleanUpload(database.db, settings, ids);
      expect(await collect(opened!.content)).toEqual(PASSPORT);
      const withoutKey = await openCleanUpload(
        database.db,
        { ...settings, key: crypto.randomBytes(32) },
        ids,
      );
      await expect(collect(withoutKey!.content)).rejects.toThrow();
    } finally {
      await database.close();
    }
  });
});

describe("a restore that would wipe uploads", () => {
  it("is refused unless forced, before anything changes, and replaces them when forced", async () => {
    const site = createPgliteDataDir("upload-backup-");
    cleanups.push(() => fs.rmSync(site, { recursive: true, force: true }));
    const file = path.join(tempDir(), "backup.tar.gz");
    const database = await openDatabase({ kind: "pglite", dataDir: site });
    const ids = await uploadPassport(database, site);
    await database.close();
    await backupStoppedPglite(site, file);
    const target = { dataDir: tempDir(), databaseUrl: undefined };
    // Another site's document, where the restore would put this one's.
    const stranger = uploadPath(target.dataDir, {
      inquiryId: crypto.randomUUID(),
      uploadId: crypto.randomUUID(),
    });
    fs.mkdirSync(path.dirname(stranger), { recursive: true });
    fs.writeFileSync(stranger, "someone else's");

    await expect(restoreBackup({ file, force: false, ...target })).rejects.toThrow(RestoreRefusedError);
    expect(fs.existsSync(path.join(target.dataDir, "pglite"))).toBe(false);
    expect(fs.existsSync(stranger)).toBe(true);

    await restoreBackup({ file, force: true, ...target });
    expect(fs.existsSync(stranger)).toBe(false);
    expect(fs.existsSync(uploadPath(target.dataDir, ids))).toBe(true);
  });
});
