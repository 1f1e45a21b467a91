import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { contactSubmissions, inquiryMessages, inquiryReplies, jobs, mailboxCursors, user } from "~db/schema";
import { answeredInquiry } from "../../../tests/support/answered-inquiry";
import { seedDeskUsers } from "../../../tests/support/desk-users";
import {
  bounceOf,
  DESK_FROM,
  fetchIntoDesk,
  rawMail,
  smtpSender,
  unbracketed,
  dovecotDeskForSuite,
} from "../../../tests/support/dovecot-desk";
import { mailJobs, runMailJobs } from "../../../tests/support/job-rows";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { useSmtpSink } from "../../../tests/support/suite-smtp-sink";
import { testBackends } from "../../../tests/support/test-database";
import { getInquiry } from "~/lib/inquiries/inquiries.server";
import { INQUIRY_ACKNOWLEDGEMENT } from "~/lib/inquiries/intake.server";
import { MESSAGE_RECEIVED_NOTICE } from "~/lib/conversation/received-mail-effects.server";

/**
 * The whole way a lead's mail takes: the desk's mail goes out over SMTP,
 * the answer is delivered into a real IMAP server (Dovecot, by APPEND), and
 * the server's own fetcher and filer put it on the lead. Nothing between
 * the mailbox and the database is a stand-in.
 */
const LEAD = "kofi@buyer.example.test";
const { imap, config } = dovecotDeskForSuite();

describe.each(testBackends)("mail from Dovecot to the desk (%s)", (backend) => {
  const database = useTestDatabase(backend, [jobs, contactSubmissions, user, mailboxCursors]);
  const smtp = useSmtpSink();
  const running: { stop(): Promise<void> }[] = [];
  beforeEach(async () => {
    await seedDeskUsers(database.db);
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((fetcher) => fetcher.stop()));
  });

  let folders = 0;
  /** A folder of its own for each test (the cursor is per folder), fetched into the desk. */
  async function deliverAndFetch(messages: string[]) {
    const folder = `${backend}-${++folders}`;
    await imap.createFolder("deals", folder);
    for (const raw of messages) await imap.append("deals", folder, raw);
    const fetcher = fetchIntoDesk(database.db, imap, { user: "deals", folder, config });
    running.push(fetcher);
    await fetcher.taken(messages.length);
    return fetcher;
  }

  /** A form inquiry answered from the desk, both mails delivered over SMTP: what the lead's client holds. */
  async function answeredLead() {
    const lead = await answeredInquiry(database.db, LEAD, {
      message: "20 kg in May?",
      reply: { subject: "Your gold inquiry", body: "May works. Which refinery?" },
    });
    await runMailJobs(database.db, smtpSender(smtp.url));
    const delivered = await smtp.waitFor(
      (mail) => mail.to.includes(LEAD) && mail.headers["subject"]?.startsWith("Your gold inquiry") === true,
    );
    const acknowledgement = await smtp.waitFor(
      (mail) => mail.to.includes(LEAD) && mail.headers["message-id"] !== delivered.headers["message-id"],
    );
    return {
      ...lead,
      replySubject: delivered.headers["subject"]!,
      replyMessageId: unbracketed(delivered.headers["message-id"]),
      acknowledgementId: unbracketed(acknowledgement.headers["message-id"]),
    };
  }

  const messagesOf = (inquiryId: string) =>
    database.db.select().from(inquiryMessages).where(eq(inquiryMessages.inquiry_id, inquiryId));
  const inquiryCount = async () => (await database.db.select().from(contactSubmissions)).length;

  it("a lead's answer to a desk reply threads by In-Reply-To/References, and the lead awaits a reply again", async () => {
    const lead = await answeredLead();
    expect(await getInquiry(database.db, lead.id)).toMatchObject({
      awaitingSince: null,
      lastMessageBy: "desk",
    });
    const before = Date.now();
    // The subject lost the reference (some clients rewrite it): only the headers can thread it.
    await deliverAndFetch([
      rawMail({
        from: `"Kofi Mensah" <${LEAD}>`,
        subject: "Re: refinery",
        messageId: `answer-${backend}@buyer.example.test`,
        inReplyTo: lead.replyMessageId,
        references: [lead.acknowledgementId, lead.replyMessageId],
        body: "The Accra refinery, please.\n\nOn Tuesday the desk wrote:\n> Which refinery?",
      }),
    ]);
    const [message] = await messagesOf(lead.id);
    expect(message).toMatchObject({ kind: "message", from_address: LEAD, in_reply_to: lead.replyMessageId });
    expect(message!.body).toContain("The Accra refinery, please.");
    const item = (await getInquiry(database.db, lead.id))!;
    expect(item.lastMessageBy).toBe("lead");
    expect(item.awaitingSince!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await inquiryCount()).toBe(1);
    expect(await mailJobs(database.db, MESSAGE_RECEIVED_NOTICE)).toHaveLength(1);
  });

  it("a mail with only the reference in its subject threads by the subject", async () => {
    const lead = await answeredLead();
    const reference = /VM-[0-9A-F]{8}/.exec(lead.replySubject)![0];
    await deliverAndFetch([
      rawMail({
        from: `Kofi <${LEAD}>`,
        subject: `Documents for ${reference}`,
        messageId: `documents-${backend}@buyer.example.test`,
        body: "Our licence is attached in the next mail.",
      }),
    ]);
    expect((await messagesOf(lead.id)).map((message) => message.subject)).toEqual([
      `Documents for ${reference}`,
    ]);
    expect(await inquiryCount()).toBe(1);
    expect((await getInquiry(database.db, lead.id))!.awaitingSince).not.toBeNull();
  });

  it("a direct mail to deals@ becomes a new inquiry, acknowledged over SMTP in its thread", async () => {
    const messageId = `direct-${backend}@rental.example.test`;
    await deliverAndFetch([
      rawMail({
        from: `"Esi Owusu" <esi@rental.example.test>`,
        subject: "Excavator rental",
        messageId,
        body: "Do you rent a 30-tonne excavator for June?",
      }),
    ]);
    const [inquiry] = await database.db.select().from(contactSubmissions);
    expect(inquiry).toMatchObject({
      source: "email",
      name: "Esi Owusu",
      email: "esi@rental.example.test",
      message: "Do you rent a 30-tonne excavator for June?",
      is_spam: false,
    });
    expect(inquiry!.awaiting_since).not.toBeNull();
    // The form's path: the admins' notification and the acknowledgement, through the outbox.
    expect(await runMailJobs(database.db, smtpSender(smtp.url))).toBe(2);
    const acknowledgement = await smtp.waitFor((mail) => mail.to.includes("esi@rental.example.test"));
    expect(acknowledgement.headers["from"]).toBe(DESK_FROM);
    expect(acknowledgement.headers["in-reply-to"]).toBe(`<${messageId}>`);
    await smtp.waitFor((mail) => mail.to.includes("ama@example.test"));
  });

  it("an out-of-office reply is recorded without an acknowledgement or a new clock; one on no conversation is not filed", async () => {
    const lead = await answeredLead();
    await deliverAndFetch([
      rawMail({
        from: `Kofi <${LEAD}>`,
        subject: `Automatic reply: ${lead.replySubject}`,
        messageId: `ooo-${backend}@buyer.example.test`,
        inReplyTo: lead.replyMessageId,
        headers: ["Auto-Submitted: auto-replied", "X-Auto-Response-Suppress: All"],
        body: "I am out of the office until Monday.",
      }),
      rawMail({
        from: "Someone <away@elsewhere.example.test>",
        subject: "Out of office",
        messageId: `ooo-stranger-${backend}@elsewhere.example.test`,
        headers: ["Auto-Submitted: auto-replied"],
        body: "Away.",
      }),
    ]);
    expect((await messagesOf(lead.id)).map((message) => message.kind)).toEqual(["auto-reply"]);
    expect(await getInquiry(database.db, lead.id)).toMatchObject({
      awaitingSince: null,
      lastMessageBy: "desk",
    });
    expect(await inquiryCount()).toBe(1);
    // Nothing new is queued: no acknowledgement, no notice, to anyone.
    expect(await runMailJobs(database.db, smtpSender(smtp.url))).toBe(0);
    expect(await mailJobs(database.db, INQUIRY_ACKNOWLEDGEMENT)).toHaveLength(1);
  });

  it("a bounce (DSN) of a desk reply marks that reply failed", async () => {
    const lead = await answeredLead();
    await deliverAndFetch([
      bounceOf({ to: LEAD, messageId: lead.replyMessageId, subject: lead.replySubject }, `bounce-${backend}`),
    ]);
    const [reply] = await database.db
      .select()
      .from(inquiryReplies)
      .where(eq(inquiryReplies.id, lead.replyId));
    expect(reply!.failed_at).toBeInstanceOf(Date);
    expect(reply!.delivery_error).toContain("550 5.1.1");
    expect((await messagesOf(lead.id)).map((message) => message.kind)).toEqual(["delivery-report"]);
    expect(await getInquiry(database.db, lead.id)).toMatchObject({ awaitingSince: null });
    expect(await inquiryCount()).toBe(1);
  });
});
