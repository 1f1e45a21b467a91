import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { inquiryReplies, jobs } from "~db/schema";
import { runMailJobs } from "../../../tests/support/job-rows";
import { olderMigrations } from "../../../tests/support/older-migrations";
import { useSmtpSink } from "../../../tests/support/suite-smtp-sink";
import { openDatabase } from "~/lib/db/db.server";
import { createMailSender } from "~/lib/mail/mail.server";
import { webhookJob } from "~/lib/webhook/webhook-job.server";

// Two PGlite boots, each migrating, on a shared 2-core machine.
vi.setConfig({ testTimeout: 120_000 });

/** The last migration before the job queue: two outbox tables. */
const BEFORE_JOBS = "0013_admin_long_password";

const INQUIRY = "6f1c2d3e-0000-4000-8000-000000000001";
const PENDING_MAIL = "6f1c2d3e-0000-4000-8000-0000000000a1";
const SENT_REPLY = "6f1c2d3e-0000-4000-8000-0000000000a2";
const FAILED_MAIL = "6f1c2d3e-0000-4000-8000-0000000000a3";
const PENDING_CALL = "6f1c2d3e-0000-4000-8000-0000000000b1";
const SENT_CALL = "6f1c2d3e-0000-4000-8000-0000000000b2";

describe("the migration to one jobs table", () => {
  const older = olderMigrations(BEFORE_JOBS);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "jobs-migration-"));
  afterAll(() => {
    older.remove();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const smtp = useSmtpSink();

  it("moves every outbox row into jobs, keeping ids, state and the reply's link, and drops the outboxes", async () => {
    // A database as the version before left it, with mail and calls in every state.
    const old = await openDatabase({ kind: "pglite", dataDir, migrationsFolder: older.folder });
    try {
      await old.db.execute(sql`
        insert into contact_submissions (id, name, email, message)
        values (${INQUIRY}, 'Kofi', 'kofi@example.test', 'Excavator?')`);
      await old.db.execute(sql`
        insert into mail_outbox (id, kind, "to", reply_to, subject, text, html, inquiry_id, attempts, last_error, sent_at, failed_at)
        values
          (${PENDING_MAIL}, 'inquiry-notification', '["ops@example.test"]', 'kofi@example.test', 'New inquiry', 'Plain', '<p>Html</p>', ${INQUIRY}, 2, 'Mailbox unavailable', null, null),
          (${SENT_REPLY}, 'inquiry-reply', '["kofi@example.test"]', 'deals@example.test', 'Your inquiry', 'Reply', '<p>Reply</p>', ${INQUIRY}, 1, null, now() - interval '1 day', null),
          (${FAILED_MAIL}, 'auth-verify-email', '["new@example.test"]', null, 'Verify', 'Link', '<p>Link</p>', null, 8, 'gone', null, now())`);
      await old.db.execute(sql`
        insert into inquiry_replies (inquiry_id, "to", subject, body, outbox_id, delivered_at)
        values (${INQUIRY}, 'kofi@example.test', 'Your inquiry', 'Reply', ${SENT_REPLY}, now() - interval '1 day')`);
      await old.db.execute(sql`
        insert into webhook_outbox (id, kind, url, body, inquiry_id, sent_at)
        values
          (${PENDING_CALL}, 'inquiry.received', 'https://hooks.example.test/a', '{"id":"pending"}', ${INQUIRY}, null),
          (${SENT_CALL}, 'inquiry.overdue', 'https://hooks.example.test/a', '{"id":"sent"}', null, now())`);
    } finally {
      await old.close();
    }

    // The next start applies the job queue's migrations.
    const migrated = await openDatabase({ kind: "pglite", dataDir });
    try {
      const rows = await migrated.db.select().from(jobs).orderBy(jobs.id);
      expect(rows.map((row) => [row.id, row.kind])).toEqual([
        [PENDING_MAIL, "mail"],
        [SENT_REPLY, "mail"],
        [FAILED_MAIL, "mail"],
        [PENDING_CALL, "webhook"],
        [SENT_CALL, "webhook"],
      ]);
      const byId = new Map(rows.map((row) => [row.id, row]));
      expect(byId.get(PENDING_MAIL)).toMatchObject({
        payload: {
          purpose: "inquiry-notification",
          to: ["ops@example.test"],
          replyTo: "kofi@example.test",
          subject: "New inquiry",
          text: "Plain",
          html: "<p>Html</p>",
        },
        inquiry_id: INQUIRY,
        attempts: 2,
        last_error: "Mailbox unavailable",
        done_at: null,
        failed_at: null,
      });
      expect(byId.get(SENT_REPLY)?.done_at).toBeInstanceOf(Date);
      expect(byId.get(FAILED_MAIL)).toMatchObject({ attempts: 8, done_at: null, inquiry_id: null });
      expect(byId.get(FAILED_MAIL)?.failed_at).toBeInstanceOf(Date);
      expect(byId.get(PENDING_CALL)).toMatchObject({
        payload: { event: "inquiry.received", url: "https://hooks.example.test/a", body: '{"id":"pending"}' },
        inquiry_id: INQUIRY,
        done_at: null,
      });
      expect(byId.get(SENT_CALL)?.done_at).toBeInstanceOf(Date);
      // Every moved call is a valid payload of its kind.
      for (const id of [PENDING_CALL, SENT_CALL])
        expect(() => webhookJob.parse(byId.get(id)?.payload)).not.toThrow();

      const [reply] = await migrated.db.select().from(inquiryReplies);
      expect(reply?.job_id).toBe(SENT_REPLY);
      const { rows: tables } = await migrated.db.execute<{ mail: string | null; webhook: string | null }>(
        sql`select to_regclass('mail_outbox')::text as mail, to_regclass('webhook_outbox')::text as webhook`,
      );
      expect(tables[0]).toEqual({ mail: null, webhook: null });

      // The pending mail is sent from its new row, and its delivery lands on the inquiry.
      const mailer = createMailSender({
        smtpUrl: smtp.url,
        mailDir: "/nonexistent",
        from: "Site <s@example.test>",
      });
      expect(await runMailJobs(migrated.db, mailer)).toBe(1);
      const mail = await smtp.waitFor((received) => received.to.includes("ops@example.test"));
      expect(mail.headers["subject"]).toBe("New inquiry");
      const { rows: inquiry } = await migrated.db.execute<{ notified: boolean }>(
        sql`select notified_at is not null as notified from contact_submissions where id = ${INQUIRY}`,
      );
      expect(inquiry[0]?.notified).toBe(true);
    } finally {
      await migrated.close();
    }
  });
});
