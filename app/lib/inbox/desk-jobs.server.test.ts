import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contactSubmissions, dailyJobRuns, inquiryEvents, jobs, user, userRoles } from "../../../db/schema";
import { DIGEST_HOUR_GMT } from "~/content/lead-desk";
import { mailJobs, webhookJobs } from "../../../tests/support/job-rows";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { testBackends } from "../../../tests/support/test-database";
import { type DatabaseHandle, openDatabase } from "../db/db.server";
import { runDeskJobs } from "./desk-jobs.server";
import { MORNING_DIGEST_MAIL, sendMorningDigest } from "./morning-digest.server";
import { alertOverdueInquiries, OVERDUE_ALERT_LOOKBACK_DAYS } from "./overdue-alerts.server";

const SITE = "https://site.example.test";
const WEBHOOK = "https://hooks.example.test/lead-desk";
const HOUR = 60 * 60 * 1000;
/** 09:30 GMT: after the digest hour. */
const MORNING = new Date(Date.UTC(2030, 5, 17, DIGEST_HOUR_GMT + 1, 30));
const before = (ms: number) => new Date(MORNING.getTime() - ms);

describe.each(testBackends)("desk jobs on %s", (backend) => {
  const database = useTestDatabase(backend, [jobs, dailyJobRuns, contactSubmissions, user]);
  /** A second connection pool to the same database, as a second instance has (Postgres only). */
  let second: DatabaseHandle | null = null;
  beforeAll(async () => {
    second = database.url ? await openDatabase({ kind: "postgres", url: database.url, poolSize: 2 }) : null;
  });
  afterAll(async () => {
    await second?.close();
  });
  beforeEach(async () => {
    const { db } = database;
    await db.insert(user).values({ id: "ama", name: "Ama Admin", email: "ama@example.test" });
    await db.insert(userRoles).values({ user_id: "ama", role: "admin" });
  });

  async function inquiry(
    name: string,
    values: Partial<typeof contactSubmissions.$inferInsert>,
  ): Promise<string> {
    const [row] = await database.db
      .insert(contactSubmissions)
      .values({ name, email: `${name}@example.test`, message: "m", interest: "consultation", ...values })
      .returning({ id: contactSubmissions.id });
    return row!.id;
  }
  const instances = () => [database.db, second?.db ?? database.db];
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

  it("sends the morning digest once a day across instances, listing overdue and unassigned leads", async () => {
    const late = await inquiry("late", { created_at: before(25 * HOUR) });
    const owned = await inquiry("owned", { created_at: before(2 * HOUR), assigned_to: "ama" });
    const open = await inquiry("open", { created_at: before(2 * HOUR) });

    expect(
      await sendMorningDigest(database.db, {
        now: new Date(Date.UTC(2030, 5, 17, DIGEST_HOUR_GMT - 1, 59)),
        ...options,
      }),
    ).toBe("too-early");

    const outcomes = await Promise.all(
      instances().flatMap((db) => [
        runDeskJobs(db, { ...options, now: () => MORNING }),
        runDeskJobs(db, { ...options, now: () => new Date(MORNING.getTime() + HOUR) }),
      ]),
    );
    expect(outcomes.filter((outcome) => outcome.digest === "sent")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.digest === "already-done")).toHaveLength(3);

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
    const nextDay = new Date(MORNING.getTime() + 24 * HOUR);
    expect(await sendMorningDigest(database.db, { now: nextDay, ...options })).toBe("sent");
    expect(await sendMorningDigest(database.db, { now: nextDay, ...options })).toBe("already-done");
  });

  it("lists held inquiries and counts spam in the digest", async () => {
    const held = await inquiry("held", { created_at: before(2 * HOUR), is_spam: true, held: true });
    await inquiry("spam", { created_at: before(2 * HOUR), is_spam: true });
    await inquiry("spam-too", { created_at: before(3 * HOUR), is_spam: true });

    expect(await sendMorningDigest(database.db, { now: MORNING, ...options })).toBe("sent");
    const [mail] = await mailJobs(database.db, MORNING_DIGEST_MAIL);
    expect(mail?.subject).toBe("Lead desk 2030-06-17: 0 overdue, 0 unassigned, 1 held for review, 2 spam");
    expect(mail?.text).toContain("Held for review (1)");
    expect(mail?.text).toContain("Spam: 2.");
    expect(mail?.text).toContain(`${SITE}/dashboard?inquiry=${held}&status=held`);
    const [run] = await database.db.select().from(dailyJobRuns);
    expect(run?.details).toMatchObject({ outcome: "sent", held: 1, spam: 2 });
  });

  it("a day with nothing to report is claimed and mails nobody", async () => {
    expect(await sendMorningDigest(database.db, { now: MORNING, ...options })).toBe("nothing-to-report");
    expect(await sendMorningDigest(database.db, { now: MORNING, ...options })).toBe("already-done");
    expect(await mailJobs(database.db)).toHaveLength(0);
    const [run] = await database.db.select().from(dailyJobRuns);
    expect(run).toMatchObject({ job: "morning-digest", day: "2030-06-17" });
    expect(run?.details).toMatchObject({ outcome: "nothing-to-report" });
  });
});
