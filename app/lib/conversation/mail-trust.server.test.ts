import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { contactSubmissions, inquiryMessages, jobs, sentMessageIds, user } from "~db/schema";
import { mailLimits } from "~/content/mail-limits";
import { answeredInquiry } from "../../../tests/support/answered-inquiry";
import { seedDeskUsers } from "../../../tests/support/desk-users";
import { mailJobs, webhookJobs } from "../../../tests/support/job-rows";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { testBackends } from "../../../tests/support/test-database";
import { getInquiry } from "~/lib/inquiries/inquiries.server";
import { createInquiry, INQUIRY_ACKNOWLEDGEMENT } from "~/lib/inquiries/intake.server";
import { setInquiryStatus, releaseInquiry } from "~/lib/inquiries/inquiry-actions.server";
import { INQUIRY_NOTIFICATION } from "~/lib/mail/mail-job.server";
import {
  createReceivedMailFiler,
  type ReceivedMailConfig,
} from "~/lib/conversation/file-received-mail.server";
import { confirmHeldMessage } from "~/lib/conversation/held-messages.server";
import { MESSAGE_RECEIVED_NOTICE } from "~/lib/conversation/received-mail-effects.server";
import type { ReceivedMail } from "~/lib/conversation/received-mail";

/**
 * Direct mail is trusted no more than the form: what the receiving server
 * found out about the sender decides, and one sender (or domain) cannot
 * make the desk mail or call out without limit.
 */
const AUTHSERV = "mx.volta.example";
const LEAD = "kofi@buyer.example.test";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mail-trust-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const config: ReceivedMailConfig = {
  dataDir,
  ownAddresses: ["Volta Meridian <desk@voltameridian.co.uk>"],
  acknowledge: true,
  adminEmails: [],
  siteUrl: "https://site.example.test",
  webhookUrl: "https://hooks.example.test/desk",
  authservId: AUTHSERV,
};

const passed = (domain: string) =>
  `${AUTHSERV}; spf=pass smtp.mailfrom=${domain}; dkim=pass header.d=${domain}; dmarc=pass header.from=${domain}`;

let sequence = 0;
function mail(from: string, overrides: Partial<ReceivedMail> = {}): ReceivedMail {
  sequence += 1;
  const domain = from.split("@")[1]!;
  return {
    mailbox: "imap://deals@imap.example.test/INBOX",
    messageId: `t${sequence}.${Date.now()}@${domain}`,
    inReplyTo: null,
    references: [],
    from: { address: from, name: null },
    to: ["deals@voltameridian.co.uk"],
    cc: [],
    subject: "Gold purchase",
    text: "We would like to buy 20 kg.",
    date: new Date(Date.now() - 60_000),
    headers: { "authentication-results": passed(domain) },
    attachments: [],
    size: 1000,
    ...overrides,
  };
}

describe.each(testBackends)("trusting received mail on %s", (backend) => {
  const database = useTestDatabase(backend, [jobs, contactSubmissions, user]);
  beforeEach(async () => {
    await seedDeskUsers(database.db);
  });

  const fileWith = (filerConfig: ReceivedMailConfig) => {
    const filer = createReceivedMailFiler(filerConfig);
    return (message: ReceivedMail) => database.db.transaction((tx) => filer(tx, message));
  };
  const file = fileWith(config);
  const inquiries = () => database.db.select().from(contactSubmissions);
  const messagesOf = (inquiryId: string) =>
    database.db.select().from(inquiryMessages).where(eq(inquiryMessages.inquiry_id, inquiryId));
  const hooks = async (event: string) =>
    (await webhookJobs(database.db)).filter((job) => job.event === event);

  it("forged direct mail: one whose DMARC failed is held, acknowledged to nobody and sent to no webhook", async () => {
    await file(
      mail("ceo@bank.example.test", {
        headers: {
          "authentication-results": `${AUTHSERV}; spf=fail smtp.mailfrom=bank.example.test; dkim=none; dmarc=fail header.from=bank.example.test`,
        },
      }),
    );
    const [inquiry] = await inquiries();
    // Still a lead an admin sees: held for review, as a too-fast form is.
    expect(inquiry).toMatchObject({ source: "email", held: true, is_spam: true, announced_at: null });
    expect(await mailJobs(database.db, INQUIRY_ACKNOWLEDGEMENT)).toHaveLength(0);
    expect(await hooks("inquiry.received")).toHaveLength(0);
    const [notice] = await mailJobs(database.db, INQUIRY_NOTIFICATION);
    expect(notice!.subject).toMatch(/^\[Held for review\]/);
    // An admin takes it for a lead: announced then, but a person answers it, not the acknowledgement.
    await releaseInquiry(database.db, inquiry!.id, "ama", {
      acknowledge: true,
      adminEmails: [],
      siteUrl: config.siteUrl,
      webhookUrl: config.webhookUrl,
    });
    expect(await hooks("inquiry.received")).toHaveLength(1);
    expect(await mailJobs(database.db, INQUIRY_ACKNOWLEDGEMENT)).toHaveLength(0);
  });

  it("forged direct mail: twenty +tag and dotted variants of one address get at most the caps", async () => {
    for (let index = 0; index < 20; index += 1) {
      const address = index % 2 === 0 ? `victim+${index}@gmail.com` : `Vic.Tim+${index}@googlemail.com`;
      await file(mail(address, { headers: { "authentication-results": passed(address.split("@")[1]!) } }));
    }
    const all = await inquiries();
    // Every one is filed: nothing is lost, the rest waits in the held view.
    expect(all).toHaveLength(20);
    expect(await mailJobs(database.db, INQUIRY_ACKNOWLEDGEMENT)).toHaveLength(
      mailLimits.acknowledgementsPerAddress.max,
    );
    expect(all.filter((row) => !row.is_spam)).toHaveLength(mailLimits.announcedPerSender.max);
    expect(await hooks("inquiry.received")).toHaveLength(mailLimits.announcedPerSender.max);
    // Past the limit, held without a notice each: the digest and the held view show them.
    expect(await mailJobs(database.db, INQUIRY_NOTIFICATION)).toHaveLength(mailLimits.announcedPerSender.max);
  });

  it("forged direct mail: the form's acknowledgement cap counts +tag variants as one address", async () => {
    for (let index = 0; index < 6; index += 1) {
      await createInquiry(
        database.db,
        {
          name: "V",
          company: null,
          email: `Victim+${index}@Example.test`,
          phone: null,
          whatsapp: null,
          interest: null,
          deal_size: null,
          message: "m",
        },
        {
          isSpam: false,
          acknowledge: true,
          adminEmails: [],
          siteUrl: config.siteUrl,
          submissionKey: `f${index}`,
        },
      );
    }
    expect(await mailJobs(database.db, INQUIRY_ACKNOWLEDGEMENT)).toHaveLength(
      mailLimits.acknowledgementsPerAddress.max,
    );
  });

  it("forged direct mail: without a verdict of our own server nothing is acknowledged, but the lead is filed", async () => {
    // No MAIL_AUTHSERV_ID: no header can be told from a forgery.
    await fileWith({ ...config, authservId: null })(mail("esi@rental.example.test"));
    // Configured, but the only header is another server's (or the sender's own).
    await file(
      mail("yaw@rental2.example.test", {
        headers: {
          "authentication-results": "evil.example; spf=pass smtp.mailfrom=rental2.example.test; dmarc=pass",
        },
      }),
    );
    expect((await inquiries()).map((row) => row.is_spam)).toEqual([false, false]);
    expect(await hooks("inquiry.received")).toHaveLength(2);
    expect(await mailJobs(database.db, INQUIRY_ACKNOWLEDGEMENT)).toHaveLength(0);
  });

  it("forged direct mail: the site's acknowledgement budget stops acknowledgements past it", async () => {
    const [other] = await database.db
      .insert(contactSubmissions)
      .values({ name: "Earlier", email: "earlier@example.test", message: "m" })
      .returning();
    await database.db.insert(sentMessageIds).values(
      Array.from({ length: mailLimits.acknowledgementsInAll.max }, (_, index) => ({
        message_id: `ack-${index}@voltameridian.co.uk`,
        inquiry_id: other!.id,
        kind: "acknowledgement",
      })),
    );
    await file(mail("esi@rental.example.test"));
    expect(await mailJobs(database.db, INQUIRY_ACKNOWLEDGEMENT)).toHaveLength(0);
    expect((await inquiries()).filter((row) => row.source === "email" && !row.is_spam)).toHaveLength(1);
  });

  it("forged direct mail: one domain's mail past its limit is filed and held without a notice", async () => {
    const limit = mailLimits.announcedPerDomain.max;
    for (let index = 0; index <= limit; index += 1) await file(mail(`buyer${index}@bulk.example.test`));
    const all = await inquiries();
    expect(all).toHaveLength(limit + 1);
    expect(all.filter((row) => row.held)).toHaveLength(1);
    expect(await hooks("inquiry.received")).toHaveLength(limit);
  });

  it("forged direct mail: messages on a lead past its sender's limit are filed without a notice", async () => {
    const lead = await answeredInquiry(database.db, LEAD, { acknowledge: false });
    const count = mailLimits.announcedPerSender.max + 1;
    for (let index = 0; index < count; index += 1) {
      await file(mail(LEAD, { inReplyTo: lead.replyMessageId, subject: `Re ${index}` }));
    }
    expect(await messagesOf(lead.id)).toHaveLength(count);
    expect(await mailJobs(database.db, MESSAGE_RECEIVED_NOTICE)).toHaveLength(count - 1);
    expect(await hooks("inquiry.message_received")).toHaveLength(count - 1);
  });

  it("spoofable badges: only our server's own Authentication-Results, outside comments and quotes, are believed", async () => {
    const lead = await answeredInquiry(database.db, LEAD, { acknowledge: false });
    await file(
      mail(LEAD, {
        inReplyTo: lead.replyMessageId,
        headers: {
          // Ours (topmost) says it failed; the sender's words in comments and quotes say otherwise.
          "authentication-results": [
            `${AUTHSERV}; spf=fail (sender says "dkim=pass") smtp.mailfrom=buyer.example.test; dkim=none (dmarc=pass); dmarc=fail header.from=buyer.example.test`,
            "mx.volta.example.evil; spf=pass; dkim=pass; dmarc=pass",
          ].join("\n"),
        },
      }),
    );
    await file(
      mail(LEAD, {
        inReplyTo: lead.replyMessageId,
        headers: { "authentication-results": "mx.forged.example; spf=pass; dkim=pass; dmarc=pass" },
      }),
    );
    const verdicts = (await messagesOf(lead.id)).map((message) => message.authentication);
    expect(verdicts).toEqual(expect.arrayContaining([{ spf: "fail", dkim: "none", dmarc: "fail" }, {}]));
    expect(verdicts).toHaveLength(2);
  });

  it("threading: a stranger holding the thread's Message-ID is held and neither reopens the lead nor restarts its clock until an admin confirms", async () => {
    const lead = await answeredInquiry(database.db, LEAD, { acknowledge: false });
    await setInquiryStatus(database.db, {
      inquiryId: lead.id,
      status: "closed_lost",
      lostReason: "Went elsewhere",
      actorId: "ama",
    });
    await database.db
      .update(contactSubmissions)
      .set({ read_at: new Date() })
      .where(eq(contactSubmissions.id, lead.id));
    await file(
      mail("mallory@attacker.example.test", {
        inReplyTo: lead.replyMessageId,
        references: [lead.replyMessageId],
        text: "Please send the contract to this address instead.",
      }),
    );
    const [message] = await messagesOf(lead.id);
    expect(message).toMatchObject({
      from_address: "mallory@attacker.example.test",
      held_reason: "not-the-lead",
    });
    expect(await getInquiry(database.db, lead.id)).toMatchObject({
      awaitingSince: null,
      lastMessageBy: "desk",
      // Unread again, so that someone looks at it.
      readAt: null,
    });
    expect(await hooks("inquiry.message_received")).toHaveLength(0);
    const [notice] = await mailJobs(database.db, MESSAGE_RECEIVED_NOTICE);
    expect(notice!.subject).toMatch(/^\[Held for review\]/);

    expect(
      await confirmHeldMessage(database.db, { inquiryId: lead.id, messageId: message!.id, adminId: "ama" }),
    ).toBe(true);
    expect(await getInquiry(database.db, lead.id)).toMatchObject({
      lastMessageBy: "lead",
      status: "closed_lost",
    });
    expect((await getInquiry(database.db, lead.id))!.awaitingSince).not.toBeNull();
    // A second click (or a colleague's) confirms nothing more.
    expect(
      await confirmHeldMessage(database.db, { inquiryId: lead.id, messageId: message!.id, adminId: "ben" }),
    ).toBe(false);
  });

  it("threading: the lead in another spelling and the team are not held; the lead's address with failed DMARC is", async () => {
    const lead = await answeredInquiry(database.db, LEAD, { acknowledge: false });
    await file(mail("Kofi+desk@Buyer.example.test", { inReplyTo: lead.replyMessageId }));
    await file(mail("ama@example.test", { inReplyTo: lead.replyMessageId }));
    await file(
      mail(LEAD, {
        inReplyTo: lead.replyMessageId,
        headers: {
          "authentication-results": `${AUTHSERV}; spf=softfail smtp.mailfrom=buyer.example.test; dmarc=fail`,
        },
      }),
    );
    const held = (await messagesOf(lead.id)).map((row) => [row.from_address, row.held_reason]);
    expect(held).toEqual(
      expect.arrayContaining([
        ["kofi+desk@buyer.example.test", null],
        ["ama@example.test", null],
        [LEAD, "authentication-failed"],
      ]),
    );
  });
});
