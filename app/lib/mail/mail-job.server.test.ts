import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contactSubmissions, jobs } from "~db/schema";
import { mailJobs, runMailJobs } from "../../../tests/support/job-rows";
import { useSmtpSink } from "../../../tests/support/suite-smtp-sink";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { testBackends } from "../../../tests/support/test-database";
import { MAX_ATTEMPTS, retryDelayMs } from "~/lib/jobs/job-claim.server";
import { startJobWorker } from "~/lib/jobs/job-worker.server";
import { INQUIRY_ACKNOWLEDGEMENT } from "~/lib/inquiries/intake.server";
import { INQUIRY_NOTIFICATION, INQUIRY_REPLY, mailJob } from "~/lib/mail/mail-job.server";
import { createMailSender, enqueueMail } from "~/lib/mail/mail.server";

describe.each(testBackends)("mail jobs on %s", (backend) => {
  const database = useTestDatabase(backend, [jobs]);
  const smtp = useSmtpSink();

  /** A plain message with nothing but a recipient and a subject. */
  const enqueueTestMail = (to: string, subject: string) =>
    enqueueMail(database.db, { kind: "test", to, subject, text: "t", html: "h" });

  const sender = () =>
    createMailSender({ smtpUrl: smtp.url, mailDir: "/nonexistent", from: "Site <site@example.test>" });

  it("delivers enqueued mail over SMTP with both parts, Reply-To and no header injection", async () => {
    await enqueueMail(database.db, {
      kind: "test",
      to: ["ops@example.test"],
      replyTo: "visitor@example.test\r\nBcc: victim@example.test",
      subject: "Hello\r\nBcc: victim@example.test",
      text: "Plain body",
      html: "<p>HTML body</p>",
    });
    expect(await runMailJobs(database.db, sender())).toBe(1);
    const mail = await smtp.waitFor(() => true);
    expect(mail.to).toEqual(["ops@example.test"]);
    expect(mail.headers["subject"]).toBe("Hello Bcc: victim@example.test");
    expect(mail.headers["reply-to"]).toContain("visitor@example.test");
    expect(mail.headers["bcc"]).toBeUndefined();
    expect(mail.raw).toContain("text/plain");
    expect(mail.raw).toContain("text/html");
    const [row] = await mailJobs(database.db);
    expect(row?.done_at).toBeInstanceOf(Date);
    expect(await runMailJobs(database.db, sender())).toBe(0);
  });

  it("records a failure, schedules a retry with backoff, and records the outcome on the inquiry", async () => {
    const [inquiry] = await database.db
      .insert(contactSubmissions)
      .values({ name: "A", email: "a@example.test", message: "m" })
      .returning();
    await enqueueMail(database.db, {
      kind: INQUIRY_NOTIFICATION,
      to: "ops@example.test",
      subject: "New inquiry",
      text: "t",
      html: "h",
      inquiryId: inquiry?.id,
    });
    smtp.setFailing(true);
    const before = Date.now();
    await runMailJobs(database.db, sender());
    let [row] = await mailJobs(database.db);
    expect(row).toMatchObject({ attempts: 1, done_at: null, failed_at: null });
    expect(row?.last_error).toContain("Mailbox unavailable");
    expect(row!.next_attempt_at.getTime()).toBeGreaterThanOrEqual(before + retryDelayMs(1) - 1_000);
    let [stored] = await database.db
      .select()
      .from(contactSubmissions)
      .where(eq(contactSubmissions.id, inquiry!.id));
    expect(stored?.notify_error).toContain("Mailbox unavailable");
    expect(stored?.notified_at).toBeNull();

    // Not due yet: nothing is tried.
    expect(await runMailJobs(database.db, sender())).toBe(0);

    smtp.setFailing(false);
    await runMailJobs(database.db, sender(), new Date(row!.next_attempt_at.getTime() + 1));
    [row] = await mailJobs(database.db);
    expect(row).toMatchObject({ attempts: 2, last_error: null });
    [stored] = await database.db
      .select()
      .from(contactSubmissions)
      .where(eq(contactSubmissions.id, inquiry!.id));
    expect(stored?.notified_at).toBeInstanceOf(Date);
    expect(stored?.notify_error).toBeNull();
  });

  it("gives up after the maximum number of attempts", async () => {
    await enqueueTestMail("ops@example.test", "s");
    smtp.setFailing(true);
    // A millisecond on: the database stamped the job in microseconds.
    let now = Date.now() + 1;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS + 1; attempt++) {
      await runMailJobs(database.db, sender(), new Date(now));
      now += retryDelayMs(attempt) + 1_000;
    }
    const [row] = await mailJobs(database.db);
    expect(row?.attempts).toBe(MAX_ATTEMPTS);
    expect(row?.failed_at).toBeInstanceOf(Date);
  });

  it("delivers in the background once started, including mail enqueued earlier", async () => {
    await enqueueTestMail("early@example.test", "early");
    // A poll far beyond the test: the enqueue's commit wakes the worker.
    const worker = await startJobWorker(database, [mailJob], { mailer: sender(), database }, 60_000);
    try {
      await smtp.waitFor((mail) => mail.to.includes("early@example.test"));
      await database.db.transaction((tx) =>
        enqueueMail(tx, { kind: "test", to: "late@example.test", subject: "late", text: "t", html: "h" }),
      );
      await smtp.waitFor((mail) => mail.to.includes("late@example.test"));
    } finally {
      await worker.stop();
    }
  });

  it("automatic mail: an acknowledgement of mail says Auto-Submitted: auto-replied, a notice auto-generated, a desk reply nothing", async () => {
    const mail = (kind: string, to: string, threading?: { messageId: string; inReplyTo: string | null }) =>
      enqueueMail(database.db, { kind, to, subject: kind, text: "t", html: "h", threading });
    await mail(INQUIRY_ACKNOWLEDGEMENT, "lead@example.test", {
      messageId: "a@site.test",
      inReplyTo: "m@lead.test",
    });
    await mail(INQUIRY_ACKNOWLEDGEMENT, "visitor@example.test", {
      messageId: "b@site.test",
      inReplyTo: null,
    });
    await mail(INQUIRY_NOTIFICATION, "ops@example.test");
    await mail(INQUIRY_REPLY, "reply@example.test", { messageId: "c@site.test", inReplyTo: "m@lead.test" });
    expect(await runMailJobs(database.db, sender())).toBe(4);
    const headersTo = async (to: string) => (await smtp.waitFor((sent) => sent.to.includes(to))).headers;
    expect((await headersTo("lead@example.test"))["auto-submitted"]).toBe("auto-replied");
    expect((await headersTo("visitor@example.test"))["auto-submitted"]).toBe("auto-generated");
    const notice = await headersTo("ops@example.test");
    expect(notice["auto-submitted"]).toBe("auto-generated");
    expect(notice["x-auto-response-suppress"]).toBe("All");
    expect((await headersTo("reply@example.test"))["auto-submitted"]).toBeUndefined();
  });
});

describe("mail without SMTP_URL", () => {
  it("writes each message as an .eml file", async () => {
    const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), "mail-test-"));
    try {
      const sender = createMailSender({ mailDir, from: "Site <site@example.test>" });
      await sender.send({
        to: ["a@example.test"],
        replyTo: null,
        subject: "Filed",
        text: "Body text",
        html: "<p>x</p>",
      });
      const files = fs.readdirSync(mailDir);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const content = fs.readFileSync(path.join(mailDir, files[0]!), "utf8");
      expect(content).toContain("Subject: Filed");
      expect(content).toContain("Body text");
    } finally {
      fs.rmSync(mailDir, { recursive: true, force: true });
    }
  });
});
