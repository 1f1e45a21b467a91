import { beforeEach, describe, expect, it } from "vitest";
import { contactSubmissions, inquiryReplies, jobs, user } from "~db/schema";
import { company } from "~/content/company";
import type { Interest } from "~/content/inquiry-options";
import { runMailJobs } from "../../../tests/support/job-rows";
import { useSmtpSink } from "../../../tests/support/suite-smtp-sink";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { testBackends } from "../../../tests/support/test-database";
import { MAX_ATTEMPTS, retryDelayMs } from "~/lib/jobs/job-claim.server";
import { createMailSender } from "~/lib/mail/mail.server";
import { NoMailAddressError, sendDeskReply } from "~/lib/inquiries/replies.server";
import { createInquiry } from "~/lib/inquiries/intake.server";
import { draftReply } from "~/lib/inquiries/reply-text";
import { listTimeline } from "~/lib/inquiries/timeline.server";

const MAIL_FROM = "Volta Meridian <no-reply@site.example.test>";

describe.each(testBackends)("a reply from the desk over SMTP on %s", (backend) => {
  const database = useTestDatabase(backend, [jobs, contactSubmissions, user]);
  const smtp = useSmtpSink();
  beforeEach(async () => {
    await database.db.insert(user).values({ id: "ama", name: "Ama Admin", email: "ama@example.test" });
  });

  const sender = () => createMailSender({ smtpUrl: smtp.url, mailDir: "/nonexistent", from: MAIL_FROM });
  const submit = (interest: Interest = "equipment-rental") =>
    createInquiry(
      database.db,
      {
        name: "Kofi Mensah",
        company: null,
        email: "kofi@example.test",
        phone: null,
        whatsapp: null,
        interest,
        deal_size: null,
        message: "Excavator?",
      },
      {
        isSpam: false,
        acknowledge: false,
        adminEmails: ["ops@example.test"],
        siteUrl: "https://s.test",
        submissionKey: crypto.randomUUID(),
      },
    );

  it("goes from MAIL_FROM to the inquirer with Reply-To the team address, markup as text; delivery lands on the reply and the timeline", async () => {
    const inquiry = await submit();
    const draft = draftReply({ name: "Kofi Mensah", reference: inquiry.reference, senderName: "Ama Admin" });
    expect(draft.body).toContain("Dear Kofi,");
    expect(draft.body).toContain(inquiry.reference);
    const body = draft.body.replace(
      "[[Your reply]]",
      "The <script>alert(1)</script> excavator is free in May.",
    );
    // An ASCII subject, so the header reads as sent (the draft's own subject is tested with the draft).
    const subject = `Your inquiry ${inquiry.reference}`;
    await sendDeskReply(database.db, { inquiryId: inquiry.id, subject, body, actorId: "ama" });

    expect(await runMailJobs(database.db, sender())).toBe(2);
    const mail = await smtp.waitFor((received) => received.to.includes("kofi@example.test"));
    expect(mail.to).toEqual(["kofi@example.test"]);
    expect(mail.headers["from"]).toBe(MAIL_FROM);
    expect(mail.headers["reply-to"]).toBe(company.emails.general.address);
    expect(mail.headers["subject"]).toBe(subject);
    expect(mail.decoded).toContain(inquiry.reference);
    // The plain part says what was written; the HTML part shows markup as text.
    const htmlPart = mail.decoded.slice(mail.decoded.indexOf("Content-Type: text/html"));
    expect(htmlPart).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(htmlPart).not.toContain("<script>");

    const [reply] = await database.db.select().from(inquiryReplies);
    expect(reply?.delivered_at).toBeInstanceOf(Date);
    expect((await listTimeline(database.db, inquiry.id)).map((entry) => entry.kind)).toEqual([
      "received",
      "reply-sent",
      "status-changed",
      "notified",
      "reply-delivered",
    ]);
  });

  it("a reply to a gold lead asks the inquirer to write back to the deals address", async () => {
    const inquiry = await submit("gold-selling");
    await database.db.delete(jobs);
    await sendDeskReply(database.db, {
      inquiryId: inquiry.id,
      subject: "Assay",
      body: "Text",
      actorId: "ama",
    });
    expect(await runMailJobs(database.db, sender())).toBe(1);
    const mail = await smtp.waitFor((received) => received.to.includes("kofi@example.test"));
    expect(mail.headers["reply-to"]).toBe(company.emails.deals.address);
  });

  it("a reply the mail server keeps refusing is marked failed on the reply and the timeline, once", async () => {
    const inquiry = await submit();
    await database.db.delete(jobs);
    await sendDeskReply(database.db, {
      inquiryId: inquiry.id,
      subject: "Hello",
      body: "Text",
      actorId: "ama",
    });
    smtp.setFailing(true);
    // A millisecond on: the database stamped the job in microseconds.
    let now = Date.now() + 1;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await runMailJobs(database.db, sender(), new Date(now));
      now += retryDelayMs(attempt) + 1_000;
      const [reply] = await database.db.select().from(inquiryReplies);
      expect(reply?.delivery_error).toContain("Mailbox unavailable");
      expect(reply?.failed_at === null).toBe(attempt < MAX_ATTEMPTS);
    }
    const kinds = (await listTimeline(database.db, inquiry.id)).map((entry) => entry.kind);
    expect(kinds.filter((kind) => kind === "reply-failed")).toHaveLength(1);
    expect(kinds).not.toContain("reply-delivered");
  });

  it("a lead with no e-mail address (one who wrote on WhatsApp) gets no mail reply, and nothing is stored", async () => {
    const inquiry = await submit();
    await database.db.update(contactSubmissions).set({ email: "" });
    const jobsBefore = await database.db.$count(jobs);
    await expect(
      sendDeskReply(database.db, {
        inquiryId: inquiry.id,
        subject: "Your inquiry",
        body: "Hello",
        actorId: "ama",
      }),
    ).rejects.toThrow(NoMailAddressError);
    expect(await database.db.$count(inquiryReplies)).toBe(0);
    expect(await database.db.$count(jobs)).toBe(jobsBefore);
  });
});
