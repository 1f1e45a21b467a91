import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { contactSubmissions, inquiryEvents, jobs, user } from "~db/schema";
import { mailJobs, scheduledDeps, startAndRunScheduled, webhookJobs } from "../../../tests/support/job-rows";
import { insertInquiry, seedAdminAma, useTwoInstances } from "../../../tests/support/desk-fixtures";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { testBackends } from "../../../tests/support/test-database";
import { type DatabaseHandle } from "~/lib/db/db.server";
import { parseEnv } from "~/lib/env.server";
import { scheduledKinds } from "~/lib/jobs/job-scheduler.server";
import {
  morningDigestJob,
  MORNING_DIGEST_MAIL,
  sendMorningDigest,
  alertOverdueInquiries,
  OVERDUE_ALERT_LOOKBACK_DAYS,
} from "~/lib/inquiries/desk-schedule.server";

const SITE = "https://site.example.test";
const WEBHOOK = "https://hooks.example.test/lead-desk";
const HOUR = 60 * 60 * 1000;
/** Monday 17 June 2030, 08:00 BST: the digest's time that day. */
const MORNING = new Date("2030-06-17T07:00:00Z");
const before = (ms: number) => new Date(MORNING.getTime() - ms);
const after = (ms: number) => new Date(MORNING.getTime() + ms);
const DIGEST = scheduledKinds([morningDigestJob], parseEnv({ BETTER_AUTH_SECRET: "x".repeat(32) }));

describe.each(testBackends)("desk jobs on %s", (backend) => {
  const database = useTestDatabase(backend, [jobs, contactSubmissions, user]);
  const bothInstances = useTwoInstances(database);
  beforeEach(() => seedAdminAma(database.db));

  const inquiry = (name: string, values: Partial<typeof contactSubmissions.$inferInsert>) =>
    insertInquiry(database.db, { name, email: `${name}@example.test`, interest: "consultation", ...values });
  const instances = () => bothInstances().map((handle) => handle.db);
  const options = { siteUrl: SITE, adminEmails: ["ops@example.test"], webhookUrl: WEBHOOK };

  it("announces each overdue inquiry once, across instances and runs, and never the others", async () => {
    const overdue = await inquiry("late", { created_at: before(25 * HOUR) });
    const dueSoon = await inquiry("soon", { created_at: before(21 * HOUR) });
    await inquiry("answered", { created_at: before(30 * HOUR), first_replied_at: before(29 * HOUR) });
    await inquiry("closed", { created_at: before(30 * HOUR), status: "closed_lost", lost_reason: "no" });
    await inquiry("spam", { created_at: before(30 * HOUR), is_spam: true });
    await inquiry("ancient", { created_at: before((OVERDUE_ALERT_LOOKBACK_DAYS * 24 + 1) * HOUR) });
    for (let i = 0; i < 20; i++) await inquiry(`flood-${i}`, { created_at: before((26 + i) * HOUR) });

    const runs = await Promise.all(
      instances().map((db) => alertOverdueInquiries(db, { now: MORNING, ...options })),
    );
    expect(runs.reduce((sum, count) => sum + count, 0)).toBe(21);
    expect(await alertOverdueInquiries(database.db, { now: MORNING, ...options })).toBe(0);

    const calls = await webhookJobs(database.db);
    expect(calls).toHaveLength(21);
    expect(new Set(calls.map((call) => call.inquiry_id)).size).toBe(21);
    expect(calls.every((call) => call.event === "inquiry.overdue" && call.url === WEBHOOK)).toBe(true);
    expect(calls.some((call) => call.inquiry_id === overdue)).toBe(true);
    expect(calls.some((call) => call.inquiry_id === dueSoon)).toBe(false);
    const events = await database.db
      .select()
      .from(inquiryEvents)
      .where(eq(inquiryEvents.kind, "overdue-alerted"));
    expect(events).toHaveLength(21);

    // Four hours later the due-soon one is overdue too, and announced once.
    expect(
      await alertOverdueInquiries(database.db, { now: new Date(MORNING.getTime() + 4 * HOUR), ...options }),
    ).toBe(1);
  });

  it("without a webhook URL announces nothing and marks nothing", async () => {
    const id = await inquiry("late", { created_at: before(25 * HOUR) });
    expect(
      await alertOverdueInquiries(database.db, { now: MORNING, ...options, webhookUrl: undefined }),
    ).toBe(0);
    const [row] = await database.db.select().from(contactSubmissions).where(eq(contactSubmissions.id, id));
    expect(row?.overdue_alerted_at).toBeNull();
  });

  it("sends the morning digest once a day across two instances, from 08:00 UK time", async () => {
    const late = await inquiry("late", { created_at: before(25 * HOUR) });
    const owned = await inquiry("owned", { created_at: before(2 * HOUR), assigned_to: "ama" });
    const open = await inquiry("open", { created_at: before(2 * HOUR) });
    const deps = (db: DatabaseHandle) =>
      scheduledDeps(db, { ADMIN_EMAILS: "ops@example.test", SITE_URL: SITE });
    const instances = bothInstances();

    // 07:59 UK time: yesterday's digest is past its day, today's not due.
    expect(await startAndRunScheduled(database.db, DIGEST, deps(database), before(60_000))).toBe(0);

    // Both instances start (or tick) at 08:00 and an hour later, at once.
    const ran = await Promise.all(
      instances.flatMap((instance) => [
        startAndRunScheduled(instance.db, DIGEST, deps(instance), MORNING),
        startAndRunScheduled(instance.db, DIGEST, deps(instance), after(HOUR)),
      ]),
    );
    expect(ran.reduce((sum, n) => sum + n, 0)).toBe(1);
    const runs = await database.db.select().from(jobs).where(eq(jobs.kind, "morning-digest"));
    expect(runs.map((run) => run.unique_key)).toEqual(["morning-digest:2030-06-17T07:00Z"]);
    expect(runs[0]?.done_at).toBeInstanceOf(Date);

    const mails = await mailJobs(database.db, MORNING_DIGEST_MAIL);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.to).toEqual(["ama@example.test", "ops@example.test"]);
    expect(mail.subject).toBe("Lead desk 2030-06-17: 1 overdue, 2 unassigned");
    expect(mail.text).toContain(`${SITE}/dashboard?inquiry=${late}`);
    expect(mail.text).toContain(`${SITE}/dashboard?inquiry=${open}`);
    expect(mail.text).not.toContain(owned);
    // The digest names leads by reference, never by the visitor's details.
    expect(mail.text).not.toContain("late@example.test");

    // The next day, once more.
    expect(await startAndRunScheduled(database.db, DIGEST, deps(database), after(24 * HOUR))).toBe(1);
    expect(await startAndRunScheduled(database.db, DIGEST, deps(database), after(25 * HOUR))).toBe(0);
    expect(await mailJobs(database.db, MORNING_DIGEST_MAIL)).toHaveLength(2);
  });

  it("a digest missed while the server was down runs once at start, later that UK day, and never for a day gone by", async () => {
    await inquiry("late", { created_at: before(25 * HOUR) });
    const deps = scheduledDeps(database, { SITE_URL: SITE });
    // Down from 07:00 to 13:00 UK time: the start sends the day's digest, a restart does not again.
    expect(await startAndRunScheduled(database.db, DIGEST, deps, after(5 * HOUR))).toBe(1);
    expect(await startAndRunScheduled(database.db, DIGEST, deps, after(5 * HOUR + 60_000))).toBe(0);
    // Down the whole of the next day: a start at 07:30 the morning after does not send it late…
    expect(await startAndRunScheduled(database.db, DIGEST, deps, after(47 * HOUR + 30 * 60_000))).toBe(0);
    // …and that day's comes at 08:00.
    expect(await startAndRunScheduled(database.db, DIGEST, deps, after(48 * HOUR))).toBe(1);
    const mails = await mailJobs(database.db, MORNING_DIGEST_MAIL);
    expect(mails.map((mail) => mail.subject.slice(0, 20))).toEqual([
      "Lead desk 2030-06-17",
      "Lead desk 2030-06-19",
    ]);
  });

  it("lists held inquiries and counts spam in the digest", async () => {
    const held = await inquiry("held", { created_at: before(2 * HOUR), is_spam: true, held: true });
    await inquiry("spam", { created_at: before(2 * HOUR), is_spam: true });
    await inquiry("spam-too", { created_at: before(3 * HOUR), is_spam: true });

    const result = await sendMorningDigest(database.db, { now: MORNING, day: "2030-06-17", ...options });
    expect(result).toMatchObject({ outcome: "sent", counts: { held: 1, spam: 2 } });
    const [mail] = await mailJobs(database.db, MORNING_DIGEST_MAIL);
    expect(mail?.subject).toBe("Lead desk 2030-06-17: 0 overdue, 0 unassigned, 1 held for review, 2 spam");
    expect(mail?.text).toContain("Held for review (1)");
    expect(mail?.text).toContain("Spam: 2.");
    expect(mail?.text).toContain(`${SITE}/dashboard?inquiry=${held}&status=held`);
  });

  it("counts the overdue and unassigned leads by channel, and names a WhatsApp lead's channel", async () => {
    const late = await inquiry("late-whatsapp", { created_at: before(30 * HOUR), source: "whatsapp" });
    await inquiry("late-form", { created_at: before(26 * HOUR) });
    await inquiry("late-form-too", { created_at: before(25 * HOUR) });

    await sendMorningDigest(database.db, { now: MORNING, day: "2030-06-17", ...options });
    const [mail] = await mailJobs(database.db, MORNING_DIGEST_MAIL);
    expect(mail?.subject).toBe("Lead desk 2030-06-17: 3 overdue, 3 unassigned");
    expect(mail?.text.split("By channel: Contact form 2, WhatsApp 1.")).toHaveLength(3);
    expect(mail?.text).toMatch(new RegExp(`received ${before(30 * HOUR).toISOString()} on WhatsApp`));
    expect(mail?.text).toContain(`${SITE}/dashboard?inquiry=${late}`);
  });

  it("a day with nothing to report runs once and mails nobody", async () => {
    const deps = scheduledDeps(database, { SITE_URL: SITE, ADMIN_EMAILS: "ops@example.test" });
    expect(await startAndRunScheduled(database.db, DIGEST, deps, MORNING)).toBe(1);
    expect(await startAndRunScheduled(database.db, DIGEST, deps, after(HOUR))).toBe(0);
    expect(await mailJobs(database.db)).toHaveLength(0);
    const [run] = await database.db.select().from(jobs).where(eq(jobs.kind, "morning-digest"));
    expect(run).toMatchObject({
      unique_key: "morning-digest:2030-06-17T07:00Z",
      attempts: 1,
      last_error: null,
    });
  });
});
