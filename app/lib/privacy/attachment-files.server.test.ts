import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { contactSubmissions, jobs, user } from "~db/schema";
import { retention } from "~/content/retention";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { testBackends } from "../../../tests/support/test-database";
import { attachmentsDir, inquiriesWithAttachments } from "~/lib/conversation/attachment-files.server";
import { createReceivedMailFiler } from "~/lib/conversation/file-received-mail.server";
import { erasePersonalData, exportPersonalData } from "~/lib/privacy/personal-data.server";
import { runRetention } from "~/lib/privacy/retention.server";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "attachment-files-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const dirs = { dataDir };

const config = {
  dataDir,
  ownAddresses: ["desk@voltameridian.co.uk"],
  acknowledge: false,
  adminEmails: ["admin@example.test"],
  siteUrl: "https://site.example.test",
};
const fileMail = createReceivedMailFiler(config);
const fileMailEncrypted = createReceivedMailFiler({ ...config, uploadKey: crypto.randomBytes(32) });

describe.each(testBackends)("attachment files go with their inquiry on %s", (backend) => {
  const database = useTestDatabase(backend, [jobs, contactSubmissions, user]);
  beforeEach(() => fs.rmSync(attachmentsDir(dataDir), { recursive: true, force: true }));

  /** A direct mail from `email` with one kept attachment: a new inquiry, its file on disk. */
  async function inquiryWithAttachment(email: string, file = fileMail): Promise<string> {
    await database.db.transaction((tx) =>
      file(tx, {
        mailbox: "imap://deals@imap.example.test/INBOX",
        messageId: `${email}.${crypto.randomUUID()}@example.test`,
        inReplyTo: null,
        references: [],
        from: { address: email, name: "A Buyer" },
        to: ["deals@voltameridian.co.uk"],
        cc: [],
        subject: "KYC",
        text: "Documents attached.",
        date: new Date(),
        headers: {},
        attachments: [
          { filename: "id.pdf", contentType: "application/pdf", size: 3, content: Buffer.from("pdf") },
        ],
        size: 100,
      }),
    );
    const [row] = await database.db
      .select({ id: contactSubmissions.id })
      .from(contactSubmissions)
      .where(eq(contactSubmissions.email, email))
      .orderBy(desc(contactSubmissions.created_at))
      .limit(1);
    return row!.id;
  }

  it("exports and erases a lead's attachment files with its inquiry", async () => {
    const id = await inquiryWithAttachment("lead@buyer.example.test");
    const encrypted = await inquiryWithAttachment("lead@buyer.example.test", fileMailEncrypted);
    const exported = await exportPersonalData(database.db, "lead@buyer.example.test", "all", dirs);
    // The size of what was sent, whether or not it is kept encrypted, and which it is.
    expect(exported.attachmentFiles).toEqual(
      expect.arrayContaining([
        { file: expect.stringMatching(new RegExp(`^${id}/`)), bytes: 3, encrypted: false },
        { file: expect.stringMatching(new RegExp(`^${encrypted}/`)), bytes: 3, encrypted: true },
      ]),
    );
    expect(exported.attachmentFiles).toHaveLength(2);
    const counts = await erasePersonalData(
      database.db,
      "lead@buyer.example.test",
      "all",
      { erasedBy: "admin", kind: "rights-request" },
      dirs,
    );
    expect(counts["attachment files"]).toBe(2);
    expect(inquiriesWithAttachments(dataDir)).toEqual([]);
  });

  it("deletes the files when retention deletes the inquiry, and keeps those of inquiries it keeps", async () => {
    const old = await inquiryWithAttachment("old@buyer.example.test");
    const kept = await inquiryWithAttachment("new@buyer.example.test");
    const later = new Date(Date.now() + (retention.inquiryMonths * 31 + 1) * 24 * 60 * 60 * 1000);
    // Only the old inquiry is past its period: the other had activity just now, in the test's future.
    await database.db
      .update(contactSubmissions)
      .set({ last_action_at: later })
      .where(eq(contactSubmissions.id, kept));
    const { counts } = await runRetention(database.db, {
      now: later,
      siteUrl: "https://site.example.test",
      dirs,
    });
    expect(counts["attachment files"]).toBe(1);
    expect(inquiriesWithAttachments(dataDir)).toEqual([kept]);
    expect(old).not.toBe(kept);
  });
});
