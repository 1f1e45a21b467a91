import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
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

const fileMail = createReceivedMailFiler({
  dataDir,
  ownAddresses: ["desk@voltameridian.co.uk"],
  acknowledge: false,
  adminEmails: ["admin@example.test"],
  siteUrl: "https://site.example.test",
});

describe.each(testBackends)("attachment files go with their inquiry on %s", (backend) => {
  const database = useTestDatabase(backend, [jobs, contactSubmissions, user]);
  beforeEach(() => fs.rmSync(attachmentsDir(dataDir), { recursive: true, force: true }));

  /** A direct mail from `email` with one kept attachment: a new inquiry, its file on disk. */
  async function inquiryWithAttachment(email: string): Promise<string> {
    await database.db.transaction((tx) =>
      fileMail(tx, {
        mailbox: "imap://deals@imap.example.test/INBOX",
        messageId: `${email}.${Date.now()}@example.test`,
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
      .where(eq(contactSubmissions.email, email));
    return row!.id;
  }

  it("exports and erases a lead's attachment files with its inquiry", async () => {
    const id = await inquiryWithAttachment("lead@buyer.example.test");
    const exported = await exportPersonalData(database.db, "lead@buyer.example.test", "all", dirs);
    expect(exported.attachmentFiles).toEqual([
      { file: expect.stringMatching(new RegExp(`^${id}/`)), bytes: 3 },
    ]);
    const counts = await erasePersonalData(
      database.db,
      "lead@buyer.example.test",
      "all",
      { erasedBy: "admin", kind: "rights-request" },
      dirs,
    );
    expect(counts["attachment files"]).toBe(1);
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
