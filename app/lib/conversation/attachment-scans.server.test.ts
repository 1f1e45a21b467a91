import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactSubmissions, inquiryAttachments, inquiryEvents, jobs } from "~db/schema";
import { type Clamd, EICAR_PDF, startClamd } from "../../../tests/support/clamd";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { TEST_ENV } from "../../../tests/support/test-context";
import { testBackends } from "../../../tests/support/test-database";
import { attachmentPath } from "~/lib/conversation/attachment-files.server";
import { openCleanAttachment } from "~/lib/conversation/attachment-downloads.server";
import {
  type AttachmentSettings,
  attachmentSettingsFromEnv,
  scanWaitingAttachments,
} from "~/lib/conversation/attachment-scans.server";
import { createReceivedMailFiler } from "~/lib/conversation/file-received-mail.server";
import { parseEnv } from "~/lib/env.server";
import { scheduledKinds } from "~/lib/jobs/job-scheduler.server";
import { enqueueJob } from "~/lib/jobs/job-queue.server";
import { runDueJobs } from "~/lib/jobs/job-worker.server";
import { uploadScansJob } from "~/lib/uploads/upload-scan-job.server";

const PDF = Buffer.from("%PDF-1.7\n1 0 obj << /Title (CERTIFICATE-OF-INCORPORATION) >> endobj\n%%EOF\n");

let clamd: Clamd;
beforeAll(async () => {
  clamd = await startClamd();
});
afterAll(async () => {
  await clamd.dispose();
});

describe.each(testBackends)("scanning received attachments on %s", (backend) => {
  const database = useTestDatabase(backend, [jobs, contactSubmissions]);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "attachment-scans-"));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  // No UPLOAD_KEY: mail must still be kept, and scanned all the same.
  const env = () => parseEnv({ ...TEST_ENV, DATA_DIR: dataDir, CLAMD_ADDRESS: clamd.address });
  const settings = (): AttachmentSettings => attachmentSettingsFromEnv(env());

  async function fileMail(filename: string, content: Buffer) {
    const file = createReceivedMailFiler({
      dataDir,
      ownAddresses: [],
      acknowledge: false,
      adminEmails: [],
      siteUrl: "https://site.example.test",
    });
    const messageId = `${crypto.randomUUID()}@buyer.example.test`;
    await database.db.transaction((tx) =>
      file(tx, {
        mailbox: "imap://deals@imap.example.test/INBOX",
        messageId,
        inReplyTo: null,
        references: [],
        from: { address: "esi@buyer.example.test", name: "Esi" },
        to: ["deals@voltameridian.co.uk"],
        cc: [],
        subject: "Documents",
        text: "Attached.",
        date: new Date(),
        headers: {},
        attachments: [{ filename, contentType: "application/pdf", size: content.length, content }],
        size: 1000,
      }),
    );
    const [row] = await database.db
      .select()
      .from(inquiryAttachments)
      .where(eq(inquiryAttachments.filename, filename));
    return row!;
  }

  /** One run of the scheduled kind, as the scheduler enqueues it each minute with these settings. */
  async function runScheduledScan() {
    const [scheduled] = scheduledKinds([uploadScansJob], env());
    expect(scheduled?.schedule.cron).toBe("* * * * *");
    await enqueueJob(database.db, uploadScansJob, { scheduledFor: new Date().toISOString() });
    expect(await runDueJobs(database.db, [uploadScansJob], { env: env(), database })).toBe(1);
  }

  it("while clamd is down an attachment waits unscanned and is never served; the minute's scan takes it when clamd is back, without UPLOAD_KEY", async () => {
    let row;
    await clamd.stop();
    try {
      row = await fileMail("assay.pdf", PDF);
      expect(row).toMatchObject({ scan: "pending", encrypted: false });
      expect(await scanWaitingAttachments(database.db, settings(), { inquiryId: row.inquiry_id })).toBe(1);
      const ids = { inquiryId: row.inquiry_id, attachmentId: row.id };
      expect(await openCleanAttachment(database.db, settings(), ids)).toBeNull();
      await runScheduledScan();
      expect(await openCleanAttachment(database.db, settings(), ids)).toBeNull();
    } finally {
      await clamd.start();
    }
    await runScheduledScan();
    const [scanned] = await database.db
      .select()
      .from(inquiryAttachments)
      .where(eq(inquiryAttachments.id, row.id));
    expect(scanned).toMatchObject({ scan: "clean", scan_signature: null });
    const opened = await openCleanAttachment(database.db, settings(), {
      inquiryId: row.inquiry_id,
      attachmentId: row.id,
    });
    const parts: Buffer[] = [];
    for await (const part of opened!.content) parts.push(part);
    expect(Buffer.concat(parts)).toEqual(PDF);
  });

  it("files that cannot be scanned never hold back the one after them", async () => {
    const kept = await fileMail("kept-under-a-key.pdf", PDF);
    // More than a pass once took: files kept under UPLOAD_KEY, which is no longer set, older than the next mail's.
    const { id: _id, ...copy } = kept;
    await database.db.insert(inquiryAttachments).values(
      Array.from({ length: 60 }, () => ({
        ...copy,
        encrypted: true,
        created_at: new Date(Date.now() - 3_600_000),
      })),
    );
    await database.db.delete(inquiryAttachments).where(eq(inquiryAttachments.id, kept.id));
    const row = await fileMail("bank-letter.pdf", PDF);

    expect(await scanWaitingAttachments(database.db, { ...settings(), clamdAddress: "127.0.0.1:1" })).toBe(
      61,
    );
    expect(await scanWaitingAttachments(database.db, settings())).toBe(60);
    const [scanned] = await database.db
      .select()
      .from(inquiryAttachments)
      .where(eq(inquiryAttachments.id, row.id));
    expect(scanned).toMatchObject({ scan: "clean" });
  });

  it("two scans of one infected file at once refuse it once: one timeline entry, the file gone", async () => {
    const row = await fileMail("proof-of-funds.pdf", EICAR_PDF);
    await Promise.all([
      scanWaitingAttachments(database.db, settings()),
      scanWaitingAttachments(database.db, settings(), { inquiryId: row.inquiry_id }),
    ]);
    expect(fs.existsSync(attachmentPath(dataDir, row.stored_as!)!)).toBe(false);
    const events = await database.db
      .select({ kind: inquiryEvents.kind })
      .from(inquiryEvents)
      .where(eq(inquiryEvents.inquiry_id, row.inquiry_id));
    expect(events.filter(({ kind }) => kind === "attachment-refused")).toHaveLength(1);
    const [refused] = await database.db
      .select()
      .from(inquiryAttachments)
      .where(eq(inquiryAttachments.id, row.id));
    expect(refused).toMatchObject({ scan: "infected", scan_signature: "Local.Eicar-Test-File.UNOFFICIAL" });
  });
});
