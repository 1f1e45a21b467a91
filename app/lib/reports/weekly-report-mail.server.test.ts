import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { contactSubmissions, jobs, user } from "~db/schema";
import { mailJobs, runMailJobs, scheduledDeps, startAndRunScheduled } from "../../../tests/support/job-rows";
import { useSmtpSink } from "../../../tests/support/suite-smtp-sink";
import { insertInquiry, seedAdminAma, useTwoInstances } from "../../../tests/support/desk-fixtures";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { testBackends } from "../../../tests/support/test-database";
import { type DatabaseHandle } from "~/lib/db/db.server";
import { parseEnv } from "~/lib/env.server";
import { scheduledKinds } from "~/lib/jobs/job-scheduler.server";
import { createMailSender } from "~/lib/mail/mail.server";
import { WEEKLY_REPORT_MAIL, weeklyReportJob } from "~/lib/reports/weekly-report-mail.server";

const SITE = "https://site.example.test";
const HOUR = 60 * 60 * 1000;
/** Monday 17 June 2030, 08:00 BST: the report is due from here. */
const DUE = new Date("2030-06-17T07:00:00Z");
const WEEKLY = scheduledKinds([weeklyReportJob], parseEnv({ BETTER_AUTH_SECRET: "x".repeat(32) }));

describe.each(testBackends)("the weekly report mail on %s", (backend) => {
  const database = useTestDatabase(backend, [jobs, contactSubmissions, user]);
  const smtp = useSmtpSink();
  const bothInstances = useTwoInstances(database);
  beforeEach(() => seedAdminAma(database.db));
  const instances = () => bothInstances().map((handle) => handle.db);
  const deps = (db: DatabaseHandle = database) =>
    scheduledDeps(db, { SITE_URL: SITE, ADMIN_EMAILS: "ops@example.test" });
  /** One instance starting (or its scheduler ticking) at `now`, and its worker running what is due. */
  const startAt = (now: Date, db: DatabaseHandle = database) =>
    startAndRunScheduled(db.db, WEEKLY, deps(db), now);
  const sender = () =>
    createMailSender({ smtpUrl: smtp.url, mailDir: "/nonexistent", from: "Desk <desk@site.example.test>" });

  const inquiry = (values: Partial<typeof contactSubmissions.$inferInsert>) =>
    insertInquiry(database.db, values);

  it("mails last week's figures once across two instances, from Monday 08:00 UK time, over SMTP", async () => {
    // Last week (Monday 10 June 2030, from 2030-06-09T23:00Z): one answered in 3 hours, one overdue, one spam.
    await inquiry({
      created_at: new Date("2030-06-10T09:00:00Z"),
      interest: "consultation",
      first_replied_at: new Date("2030-06-10T12:00:00Z"),
      status: "contacted",
    });
    const late = await inquiry({ created_at: new Date("2030-06-12T10:00:00Z"), interest: "gold-buying" });
    await inquiry({ created_at: new Date("2030-06-13T10:00:00Z"), is_spam: true });
    // This week: not in last week's figures, not yet overdue.
    await inquiry({ created_at: new Date("2030-06-17T06:00:00Z"), interest: "gold-selling" });

    expect(await startAt(new Date(DUE.getTime() - 60_000))).toBe(0);
    const ran = await Promise.all(
      bothInstances().flatMap((db) => [startAt(DUE, db), startAt(new Date(DUE.getTime() + 2 * HOUR), db)]),
    );
    expect(ran.reduce((sum, n) => sum + n, 0)).toBe(1);
    // Later in the week: still once.
    expect(await startAt(new Date(DUE.getTime() + 48 * HOUR))).toBe(0);

    const queued = await mailJobs(database.db, WEEKLY_REPORT_MAIL);
    expect(queued).toHaveLength(1);
    const delivered = await Promise.all(instances().map((db) => runMailJobs(db, sender())));
    expect(delivered.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(1);
    const mail = await smtp.waitFor((received) => received.decoded.includes("Weekly report"));
    const reports = smtp.messages.filter((received) => received.decoded.includes("Weekly report"));
    expect(reports).toHaveLength(1);
    expect(mail.headers.subject).toBe(
      "Weekly report, week of 2030-06-10: 2 inquiries, 50% answered within 24 hours",
    );
    expect(mail.to.sort()).toEqual(["ama@example.test", "ops@example.test"]);
    for (const text of [
      "Inquiries",
      "Gold Buying 1, Consultation 1",
      "Spam",
      "1 of 2",
      "3.0 hours",
      "50% (1 of 2 due)",
      "Overdue now (1)",
      `${SITE}/dashboard?inquiry=${late}`,
      `${SITE}/dashboard/reports?range=12`,
    ]) {
      expect(mail.decoded).toContain(text);
    }
    // Leads by reference only: never a visitor's details.
    expect(mail.decoded).not.toContain("lead@example.test");

    // The next week, once more.
    expect(await startAt(new Date(DUE.getTime() + 7 * 24 * HOUR))).toBe(1);
  });

  it("a report missed while the server was down runs once at start, later that UK week, and never for a week gone by", async () => {
    // Down over Monday morning, started on Wednesday: the week's report goes then, once.
    expect(await startAt(new Date(DUE.getTime() + 50 * HOUR))).toBe(1);
    expect(await startAt(new Date(DUE.getTime() + 51 * HOUR))).toBe(0);
    // Down from Sunday into the next Monday, started at 07:59 UK time: last week's is not sent late.
    expect(await startAt(new Date(DUE.getTime() + 7 * 24 * HOUR - 60_000))).toBe(0);
    expect(await mailJobs(database.db, WEEKLY_REPORT_MAIL)).toHaveLength(1);
  });

  it("crosses the clock change: due at 08:00 GMT on the Monday after the clocks go back", async () => {
    // Monday 28 October 2030 is in GMT: 08:00 UK time is 08:00Z.
    expect(await startAt(new Date("2030-10-28T07:59:00Z"))).toBe(0);
    expect(await startAt(new Date("2030-10-28T08:00:00Z"))).toBe(1);
    const [run] = await database.db.select().from(jobs).where(eq(jobs.kind, "weekly-report"));
    expect(run).toMatchObject({ unique_key: "weekly-report:2030-10-28T08:00Z", last_error: null });
    const [mail] = await mailJobs(database.db, WEEKLY_REPORT_MAIL);
    expect(mail?.subject).toBe(
      "Weekly report, week of 2030-10-21: 0 inquiries, nothing due answered within 24 hours",
    );
  });
});
