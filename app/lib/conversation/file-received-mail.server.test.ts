import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import {
  contactSubmissions,
  inquiryAttachments,
  inquiryMessages,
  inquiryReplies,
  jobs,
  sentMessageIds,
  user,
} from "~db/schema";
import { answeredInquiry } from "../../../tests/support/answered-inquiry";
import { seedDeskUsers } from "../../../tests/support/desk-users";
import { mailJobs, webhookJobs } from "../../../tests/support/job-rows";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { testBackends } from "../../../tests/support/test-database";
import { sendDeskReply } from "~/lib/inquiries/replies.server";
import { InboxFilterSchema } from "~/forms/inbox";
import { getInquiry } from "~/lib/inquiries/inquiries.server";
import { listInquiries, listOverdueInquiries } from "~/lib/inquiries/counts.server";
import { setInquiryStatus } from "~/lib/inquiries/inquiry-actions.server";
import { replyState, formatInquiryReference } from "~/lib/inquiries/inquiry";
import { INQUIRY_ACKNOWLEDGEMENT } from "~/lib/inquiries/intake.server";
import { INQUIRY_REPLY } from "~/lib/mail/mail-job.server";
import { attachmentPath } from "~/lib/conversation/attachment-files.server";
import { createReceivedMailFiler } from "~/lib/conversation/file-received-mail.server";
import { MESSAGE_RECEIVED_NOTICE } from "~/lib/conversation/received-mail-effects.server";
import type { ReceivedMail } from "~/lib/conversation/received-mail";

const SITE = "https://site.example.test";
const WEBHOOK = "https://hooks.example.test/desk";
const LEAD = "kofi@buyer.example.test";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "received-mail-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const config = {
  dataDir,
  ownAddresses: ["Volta Meridian <desk@voltameridian.co.uk>"],
  acknowledge: true,
  adminEmails: [],
  siteUrl: SITE,
  webhookUrl: WEBHOOK,
  authservId: "mx.example",
};
const fileMail = createReceivedMailFiler(config);

let sequence = 0;
/** A plain message from the lead; each call a new Message-ID unless given. */
function mail(overrides: Partial<ReceivedMail> = {}): ReceivedMail {
  sequence += 1;
  return {
    mailbox: "imap://deals@imap.example.test/INBOX",
    messageId: `m${sequence}.${Date.now()}@buyer.example.test`,
    inReplyTo: null,
    references: [],
    from: { address: LEAD, name: "Kofi Mensah" },
    to: ["deals@voltameridian.co.uk"],
    cc: [],
    subject: "Gold purchase",
    text: "We would like to buy 20 kg.",
    date: new Date(Date.now() - 60_000),
    headers: {
      "authentication-results":
        "mx.example; spf=pass smtp.mailfrom=buyer.example.test; dkim=fail; dmarc=pass",
    },
    attachments: [],
    size: 1000,
    ...overrides,
  };
}

describe.each(testBackends)("filing received mail on %s", (backend) => {
  const database = useTestDatabase(backend, [jobs, contactSubmissions, user]);
  beforeEach(async () => {
    await seedDeskUsers(database.db);
  });

  const file = (message: ReceivedMail) => database.db.transaction((tx) => fileMail(tx, message));
  const messagesOf = (inquiryId: string) =>
    database.db.select().from(inquiryMessages).where(eq(inquiryMessages.inquiry_id, inquiryId));

  it("threads a reply to a desk reply by its headers and restarts the lead's clock", async () => {
    const lead = await answeredInquiry(database.db, LEAD);
    expect(await getInquiry(database.db, lead.id)).toMatchObject({
      awaitingSince: null,
      lastMessageBy: "desk",
    });
    const before = new Date();
    await file(
      mail({ inReplyTo: lead.replyMessageId, references: [lead.replyMessageId], subject: "Re: thanks" }),
    );
    const [message] = await messagesOf(lead.id);
    expect(message).toMatchObject({
      kind: "message",
      from_address: LEAD,
      authentication: { spf: "pass", dkim: "fail", dmarc: "pass" },
    });
    const item = (await getInquiry(database.db, lead.id))!;
    expect(item.lastMessageBy).toBe("lead");
    expect(item.awaitingSince!.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    expect(item.readAt).toBeNull();
    // The owner is nobody: every admin is told, the webhook gets the reference and link, never the text.
    const [notice] = await mailJobs(database.db, MESSAGE_RECEIVED_NOTICE);
    expect(notice!.to).toEqual(["ama@example.test", "ben@example.test"]);
    expect(notice!.text).not.toContain("20 kg");
    const hooks = (await webhookJobs(database.db)).filter((job) => job.event === "inquiry.message_received");
    expect(hooks).toHaveLength(1);
    expect(JSON.stringify(hooks[0]!.payload)).not.toContain("20 kg");
    expect(JSON.stringify(hooks[0]!.payload)).toContain(formatInquiryReference(lead.id));
  });

  it("threads a message with only the reference in its subject, and tells the owner alone", async () => {
    const lead = await answeredInquiry(database.db, LEAD);
    await database.db
      .update(contactSubmissions)
      .set({ assigned_to: "ben" })
      .where(eq(contactSubmissions.id, lead.id));
    await file(mail({ subject: `About ${formatInquiryReference(lead.id)} – documents` }));
    expect(await messagesOf(lead.id)).toHaveLength(1);
    expect((await mailJobs(database.db, MESSAGE_RECEIVED_NOTICE)).map((job) => job.to)).toEqual([
      ["ben@example.test"],
    ]);
  });

  it("starts an inquiry from a direct mail, acknowledged in its thread", async () => {
    const direct = mail({ subject: "Equipment rental", text: "Do you rent excavators?" });
    await file(direct);
    const [row] = await database.db
      .select()
      .from(contactSubmissions)
      .where(eq(contactSubmissions.email, LEAD));
    expect(row).toMatchObject({
      source: "email",
      name: "Kofi Mensah",
      message: "Do you rent excavators?",
      interest: null,
      is_spam: false,
      last_message_by: "lead",
    });
    expect(row!.awaiting_since).toEqual(row!.created_at);
    expect(await messagesOf(row!.id)).toHaveLength(1);
    const [ack] = await mailJobs(database.db, INQUIRY_ACKNOWLEDGEMENT);
    expect(ack!.to).toEqual([LEAD]);
    expect(ack!.threading).toMatchObject({ inReplyTo: direct.messageId });
    const [sent] = await database.db
      .select()
      .from(sentMessageIds)
      .where(eq(sentMessageIds.inquiry_id, row!.id));
    expect(sent).toMatchObject({ kind: "acknowledgement", message_id: ack!.threading!.messageId });
  });

  it("a closed lead that writes again awaits a reply, its status kept, until the desk answers", async () => {
    const lead = await answeredInquiry(database.db, LEAD);
    // Lost while its first message still waited: closing ended that wait.
    await database.db
      .update(contactSubmissions)
      .set({ awaiting_since: new Date(Date.now() - 3 * 86_400_000) })
      .where(eq(contactSubmissions.id, lead.id));
    await setInquiryStatus(database.db, {
      inquiryId: lead.id,
      status: "closed_lost",
      lostReason: "Went elsewhere",
      actorId: "ama",
    });
    const awaiting = async () =>
      (await listInquiries(database.db, InboxFilterSchema.parse({ status: "awaiting" }))).items.map(
        (item) => item.id,
      );
    expect(await getInquiry(database.db, lead.id)).toMatchObject({ awaitingSince: null });
    expect(await awaiting()).toEqual([]);

    const before = Date.now();
    await file(mail({ inReplyTo: lead.replyMessageId, text: "We are back: 10 kg after all?" }));
    const item = (await getInquiry(database.db, lead.id))!;
    // The outcome stays on record (reports count it); the conversation is open again.
    expect(item).toMatchObject({ status: "closed_lost", lastMessageBy: "lead" });
    // The clock counts from this message, not from the wait the close ended.
    expect(item.awaitingSince!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(replyState(item, new Date())).toBe("on-time");
    expect(await awaiting()).toEqual([lead.id]);
    expect(await mailJobs(database.db, MESSAGE_RECEIVED_NOTICE)).toHaveLength(1);
    // Overdue a day later, like any lead.
    const overdue = await listOverdueInquiries(database.db, new Date(Date.now() + 25 * 3_600_000));
    expect(overdue.map((entry) => entry.id)).toEqual([lead.id]);

    await sendDeskReply(database.db, { inquiryId: lead.id, subject: "Re", body: "Yes", actorId: "ama" });
    expect(await awaiting()).toEqual([]);
    expect((await getInquiry(database.db, lead.id))!.status).toBe("closed_lost");
  });

  it("records an out-of-office reply without acknowledging it or restarting the clock", async () => {
    const lead = await answeredInquiry(database.db, LEAD);
    const acknowledgements = (await mailJobs(database.db, INQUIRY_ACKNOWLEDGEMENT)).length;
    await file(
      mail({
        inReplyTo: lead.replyMessageId,
        subject: "Out of office",
        headers: { "auto-submitted": "auto-replied" },
      }),
    );
    const [message] = await messagesOf(lead.id);
    expect(message!.kind).toBe("auto-reply");
    expect(await getInquiry(database.db, lead.id)).toMatchObject({
      awaitingSince: null,
      lastMessageBy: "desk",
    });
    expect(await mailJobs(database.db, INQUIRY_ACKNOWLEDGEMENT)).toHaveLength(acknowledgements);
    expect(await mailJobs(database.db, MESSAGE_RECEIVED_NOTICE)).toHaveLength(0);
  });

  it("never answers an automatic mail on no conversation (RFC 3834)", async () => {
    for (const headers of <Record<string, string>[]>[
      { precedence: "bulk" },
      { "list-id": "<news.example.test>" },
      { "return-path": "<>" },
      { "auto-submitted": "auto-generated" },
    ]) {
      await file(mail({ headers }));
    }
    expect(await database.db.select().from(contactSubmissions)).toHaveLength(0);
    expect(await mailJobs(database.db)).toHaveLength(0);
  });

  it("marks the reply a delivery failure report is about as failed", async () => {
    const lead = await answeredInquiry(database.db, LEAD);
    await file(
      mail({
        from: { address: "mailer-daemon@mx.buyer.example.test", name: "Mail Delivery System" },
        subject: "Undelivered Mail Returned to Sender",
        text: "This is the mail system. Your message could not be delivered.",
        headers: { "content-type": 'multipart/report; report-type="delivery-status"; boundary="b"' },
        attachments: [
          {
            filename: "details.txt",
            contentType: "message/delivery-status",
            size: 100,
            content: Buffer.from(
              "Reporting-MTA: dns; mx\n\nAction: failed\nStatus: 5.1.1\nDiagnostic-Code: smtp; 550 5.1.1 no such user\n",
            ),
          },
          {
            filename: "headers.txt",
            contentType: "text/rfc822-headers",
            size: 100,
            content: Buffer.from(`Message-ID: <${lead.replyMessageId}>\nSubject: Your inquiry\n`),
          },
        ],
      }),
    );
    const [reply] = await database.db
      .select()
      .from(inquiryReplies)
      .where(eq(inquiryReplies.id, lead.replyId));
    expect(reply!.failed_at).toBeInstanceOf(Date);
    expect(reply!.delivery_error).toContain("550 5.1.1 no such user");
    const [message] = await messagesOf(lead.id);
    expect(message).toMatchObject({ kind: "delivery-report", reply_id: lead.replyId });
    // A bounce is not the lead writing: no clock, no acknowledgement, no new inquiry.
    expect(await getInquiry(database.db, lead.id)).toMatchObject({ awaitingSince: null });
    expect(await database.db.select().from(contactSubmissions)).toHaveLength(1);
  });

  it("files one message once, however many mailboxes hold it (with or without a Message-ID)", async () => {
    const lead = await answeredInquiry(database.db, LEAD);
    const copy = mail({ inReplyTo: lead.replyMessageId });
    await file(copy);
    await file({ ...copy, mailbox: "imap://info@imap.example.test/INBOX" });
    const bare = mail({
      messageId: null,
      inReplyTo: lead.replyMessageId,
      headers: { subject: "x", date: "today" },
    });
    await file(bare);
    await file({ ...bare, mailbox: "imap://info@imap.example.test/Archive" });
    // Two messages, each filed and announced once.
    expect(await messagesOf(lead.id)).toHaveLength(2);
    expect(await mailJobs(database.db, MESSAGE_RECEIVED_NOTICE)).toHaveLength(2);
  });

  it("does not file our own mail seen again", async () => {
    const lead = await answeredInquiry(database.db, LEAD);
    await file(
      mail({ messageId: lead.replyMessageId, subject: `Your inquiry ${formatInquiryReference(lead.id)}` }),
    );
    await file(mail({ from: { address: "desk@voltameridian.co.uk", name: null }, subject: "Copy" }));
    expect(await messagesOf(lead.id)).toHaveLength(0);
    expect(await database.db.select().from(contactSubmissions)).toHaveLength(1);
  });

  it("keeps attachments within the limits as private files and lists the others as not kept", async () => {
    const lead = await answeredInquiry(database.db, LEAD);
    await file(
      mail({
        inReplyTo: lead.replyMessageId,
        attachments: [
          {
            filename: "passport.pdf",
            contentType: "application/pdf",
            size: 5,
            content: Buffer.from("%PDF-"),
          },
          { filename: "video.mp4", contentType: "video/mp4", size: 90_000_000, content: null },
        ],
      }),
    );
    const rows = await database.db
      .select()
      .from(inquiryAttachments)
      .where(eq(inquiryAttachments.inquiry_id, lead.id))
      .orderBy(inquiryAttachments.filename);
    expect(rows.map((row) => [row.filename, row.not_kept_reason])).toEqual([
      ["passport.pdf", null],
      ["video.mp4", "too-large"],
    ]);
    expect(rows[1]).toMatchObject({ stored_as: null, scan: null });
    // Without UPLOAD_KEY the file is kept plain, and waits for its scan like any other.
    expect(rows[0]).toMatchObject({ encrypted: false, scan: "pending" });
    const scans = await database.db.select().from(jobs).where(eq(jobs.kind, "attachment-scan"));
    expect(scans.map((job) => [job.inquiry_id, job.payload])).toEqual([[lead.id, { inquiryId: lead.id }]]);
    const kept = attachmentPath(dataDir, rows[0]!.stored_as!)!;
    expect(fs.readFileSync(kept, "utf8")).toBe("%PDF-");
    expect(fs.statSync(kept).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(kept)).mode & 0o777).toBe(0o700);
  });

  it("gives a desk reply In-Reply-To and References to the lead's last message, and the reference in its subject", async () => {
    const lead = await answeredInquiry(database.db, LEAD);
    const answer = mail({ inReplyTo: lead.replyMessageId });
    await file(answer);
    await sendDeskReply(database.db, {
      inquiryId: lead.id,
      subject: "Next steps",
      body: "Call?",
      actorId: "ama",
    });
    const replies = await mailJobs(database.db, INQUIRY_REPLY);
    const last = replies.at(-1)!;
    expect(last.subject).toBe(`Next steps [${formatInquiryReference(lead.id)}]`);
    expect(last.threading!.inReplyTo).toBe(answer.messageId);
    expect(last.threading!.references).toContain(lead.replyMessageId);
    expect(last.threading!.references!.at(-1)).toBe(answer.messageId);
    // Answered: the clock stops again.
    expect(await getInquiry(database.db, lead.id)).toMatchObject({
      awaitingSince: null,
      lastMessageBy: "desk",
    });
  });
});
