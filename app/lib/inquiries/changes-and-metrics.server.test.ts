import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { contactSubmissions, inquiryEvents, jobs, user } from "~db/schema";
import { InboxFilterSchema } from "~/forms/inbox";
import { seedDeskUsers } from "../../../tests/support/desk-users";
import { mailJobs } from "../../../tests/support/job-rows";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { testBackends } from "../../../tests/support/test-database";
import {
  applyBulkAction,
  BULK_MAX_IDS,
  countBulkTarget,
  INQUIRY_ASSIGNMENT,
  LostReasonRequiredError,
} from "~/lib/inquiries/changes.server";
import { computeReplyMetrics, listOverdueInquiries } from "~/lib/inquiries/counts.server";

const SITE = "https://site.example.test";
const HOUR = 60 * 60 * 1000;
const NOW = new Date("2030-06-30T12:00:00Z");
const ago = (hours: number) => new Date(NOW.getTime() - hours * HOUR);

describe.each(testBackends)("bulk actions and reply metrics on %s", (backend) => {
  const database = useTestDatabase(backend, [jobs, contactSubmissions, user]);
  beforeEach(async () => {
    await seedDeskUsers(database.db);
  });

  async function inquiries(count: number, values: Partial<typeof contactSubmissions.$inferInsert> = {}) {
    const rows = await database.db
      .insert(contactSubmissions)
      .values(
        Array.from({ length: count }, (_, i) => ({
          name: `Visitor ${i}`,
          email: `v${i}@example.test`,
          message: "m",
          interest: "gold-selling",
          ...values,
        })),
      )
      .returning({ id: contactSubmissions.id });
    return rows.map((row) => row.id);
  }
  const events = async (kind: string) =>
    (await database.db.select().from(inquiryEvents).where(eq(inquiryEvents.kind, kind))).length;
  const apply = (
    target: Parameters<typeof applyBulkAction>[1]["target"],
    action: Parameters<typeof applyBulkAction>[1]["action"],
  ) => applyBulkAction(database.db, { target, action, actorId: "ama", siteUrl: SITE });

  it("acts on selected ids: changes only what needs it, one timeline entry per change", async () => {
    const ids = await inquiries(3);
    const others = await inquiries(2);
    expect(await apply({ ids: ids.slice(0, 2) }, { kind: "mark-read" })).toEqual({ matched: 2, changed: 2 });
    expect(await apply({ ids }, { kind: "mark-read" })).toEqual({ matched: 3, changed: 1 });
    expect(await events("read")).toBe(3);
    const rows = await database.db.select().from(contactSubmissions);
    expect(
      rows
        .filter((row) => row.read_at !== null)
        .map((row) => row.id)
        .sort(),
    ).toEqual([...ids].sort());
    expect(rows.filter((row) => others.includes(row.id)).every((row) => row.read_at === null)).toBe(true);

    expect(await apply({ ids }, { kind: "mark-unread" })).toEqual({ matched: 3, changed: 3 });
    expect(await apply({ ids: [ids[0]!] }, { kind: "spam" })).toEqual({ matched: 1, changed: 1 });
    expect(await apply({ ids: [ids[0]!] }, { kind: "not-spam" })).toEqual({ matched: 1, changed: 1 });
    expect(await apply({ ids: [] }, { kind: "mark-read" })).toEqual({ matched: 0, changed: 0 });
    await expect(
      apply({ ids: Array.from({ length: BULK_MAX_IDS + 1 }, () => ids[0]!) }, { kind: "mark-read" }),
    ).rejects.toThrow(RangeError);
  });

  it("acts on every inquiry matching a filter, bounded by when the count was shown", async () => {
    const gold = await inquiries(4, { created_at: ago(10) });
    await inquiries(3, { interest: "consultation", created_at: ago(10) });
    await inquiries(2, { is_spam: true, created_at: ago(10) });
    const filter = { query: InboxFilterSchema.parse({ interest: "gold-selling" }), before: ago(1) };
    expect(await countBulkTarget(database.db, filter)).toBe(4);
    // One arriving after the count was shown is not swept up.
    const late = await inquiries(1, { created_at: ago(0.5) });

    expect(await apply(filter, { kind: "set-status", status: "qualified" })).toEqual({
      matched: 4,
      changed: 4,
    });
    const rows = await database.db.select().from(contactSubmissions);
    expect(
      rows
        .filter((row) => row.status === "qualified")
        .map((row) => row.id)
        .sort(),
    ).toEqual([...gold].sort());
    expect(rows.find((row) => row.id === late[0])?.status).toBe("new");
    const changes = await database.db
      .select()
      .from(inquiryEvents)
      .where(eq(inquiryEvents.kind, "status-changed"));
    expect(changes.map((event) => event.details)).toEqual(
      Array.from({ length: 4 }, () => ({ bulk: true, from: "new", to: "qualified" })),
    );

    await expect(apply(filter, { kind: "set-status", status: "closed_lost" })).rejects.toThrow(
      LostReasonRequiredError,
    );
    expect(
      await apply(filter, { kind: "set-status", status: "closed_lost", lostReason: "Duplicate" }),
    ).toEqual({
      matched: 4,
      changed: 4,
    });

    // Spam is its own view: the default filter never deletes it.
    const all = { query: InboxFilterSchema.parse({}), before: ago(1) };
    expect(await apply(all, { kind: "delete" })).toEqual({ matched: 7, changed: 7 });
    const left = await database.db.select().from(contactSubmissions);
    expect(left.map((row) => row.is_spam).sort()).toEqual([false, true, true]);
  });

  it("assigns in bulk to an admin only, with one mail to the assignee", async () => {
    const ids = await inquiries(3);
    expect(await apply({ ids }, { kind: "assign", assigneeId: "vic" })).toBe("not-an-admin");
    expect(await apply({ ids }, { kind: "assign", assigneeId: "ben" })).toEqual({ matched: 3, changed: 3 });
    const mails = await mailJobs(database.db);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      purpose: INQUIRY_ASSIGNMENT,
      to: ["ben@example.test"],
      subject: "3 inquiries are now yours",
    });
    // "Mine" for Ben is now these three.
    const mine = { query: InboxFilterSchema.parse({ owner: "mine" }), viewerId: "ben" };
    expect(await countBulkTarget(database.db, mine)).toBe(3);
    expect(await apply(mine, { kind: "assign", assigneeId: null })).toEqual({ matched: 3, changed: 3 });
    expect(await events("unassigned")).toBe(3);
    // Taking them yourself mails nobody.
    expect(await apply({ ids }, { kind: "assign", assigneeId: "ama" })).toEqual({ matched: 3, changed: 3 });
    expect(await mailJobs(database.db)).toHaveLength(1);
  });

  /** An inquiry inserted answered: the database records its response for the metrics (as for seeds and imports). */
  async function answered(
    createdAt: Date,
    repliedAt: Date,
    values: Partial<typeof contactSubmissions.$inferInsert> = {},
  ) {
    const [id] = await inquiries(1, { created_at: createdAt, first_replied_at: repliedAt, ...values });
    return id!;
  }

  it("measures the median reply time and the share answered within 24 hours over 30 days, on every response", async () => {
    const empty = await computeReplyMetrics(database.db, NOW);
    expect(empty).toMatchObject({
      received: 0,
      answered: 0,
      medianFirstReplyMs: null,
      due: 0,
      shareWithinPromise: null,
    });

    // Answered after 2 h, 10 h and 30 h: median 10 h; two of three within 24 h.
    await answered(ago(100), ago(98));
    await answered(ago(100), ago(90));
    const later = await answered(ago(100), ago(70));
    // Unanswered past its deadline: due, not answered in time.
    await inquiries(1, { created_at: ago(30) });
    // Unanswered and still inside its deadline: counted neither way.
    await inquiries(1, { created_at: ago(5) });
    // Outside the window, and spam: not counted at all.
    await answered(ago(31 * 24), ago(31 * 24 - 100));
    await answered(ago(50), ago(49), { is_spam: true });

    const metrics = await computeReplyMetrics(database.db, NOW);
    expect(metrics).toEqual({
      windowDays: 30,
      received: 5,
      answered: 3,
      medianFirstReplyMs: 10 * HOUR,
      due: 4,
      answeredWithinPromise: 2,
      shareWithinPromise: 0.5,
    });
    expect((await listOverdueInquiries(database.db, NOW)).map((row) => row.createdAt)).toEqual([ago(30)]);

    // The lead of the third wrote again 40 h ago and still waits: a second wait, due and late.
    await database.db
      .update(contactSubmissions)
      .set({ awaiting_since: ago(40), last_message_by: "lead" })
      .where(eq(contactSubmissions.id, later));
    expect(await computeReplyMetrics(database.db, NOW)).toMatchObject({ received: 6, answered: 3, due: 5 });
    expect((await listOverdueInquiries(database.db, NOW)).map((row) => row.id)[0]).toBe(later);
  });
});
