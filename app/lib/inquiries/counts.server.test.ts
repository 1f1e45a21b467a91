import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, type SQLWrapper, sql } from "drizzle-orm";
import { contactSubmissions, user } from "~db/schema";
import { createTestDatabase, type TestDatabase, testBackends } from "../../../tests/support/test-database";
import type { InboxFilter } from "~/forms/inbox";
import { countInquiries, countMatching, countUnread, countUnreadQuery } from "~/lib/inquiries/counts.server";
import { selectInquiryPage, snapshotBound, whereOf } from "~/lib/inquiries/inquiries.server";
import { inboxView, numberedInquiry } from "../../../tests/support/inbox-fixtures";

const view = inboxView;
const inquiry = numberedInquiry;

const VIEWS: [string, InboxFilter][] = [
  ["all", view()],
  ["unread", view({ status: "unread" })],
  ["read", view({ status: "read" })],
  ["spam", view({ status: "spam" })],
  ["interest", view({ interest: "consultation" })],
  ["search", view({ q: "number 1" })],
  ["later page", view({ page: 2, asOf: new Date(Date.UTC(2025, 0, 1, 0, 0, 4)).toISOString() })],
];

/** The admin whose "mine" view is counted, and a colleague. */
const VIEWER = "viewer-admin";
const COLLEAGUE = "colleague-admin";

describe.each(testBackends)("inbox counts on %s", (backend) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    await database.db.insert(user).values([
      { id: VIEWER, name: "Vi Viewer", email: "vi@example.test", emailVerified: true },
      { id: COLLEAGUE, name: "Col League", email: "col@example.test", emailVerified: true },
    ]);
  });
  afterAll(async () => {
    await database?.dispose();
  });
  beforeEach(async () => {
    await database.db.delete(contactSubmissions);
  });

  /** A view's total, counted over its rows. */
  const rowByRow = async (filter: InboxFilter, viewerId?: string) =>
    (await countMatching(database.db, whereOf(filter, snapshotBound(filter), viewerId)))[0]!.total;

  it("counts each view as counting its rows one by one does", async () => {
    await database.db
      .insert(contactSubmissions)
      .values([
        inquiry(1, { interest: "consultation" }),
        inquiry(2, { read_at: new Date() }),
        inquiry(3, { is_spam: true }),
        inquiry(10, { interest: "consultation", read_at: new Date() }),
        inquiry(5),
      ]);
    expect(await countUnread(database.db)).toBe(2);
    for (const [, filter] of VIEWS) {
      expect(await countInquiries(database.db, filter)).toBe(await rowByRow(filter));
    }
    expect(await countInquiries(database.db, view({ q: "number 1" }))).toBe(2);
    expect(await countInquiries(database.db, VIEWS.at(-1)![1])).toBe(2);
  });

  it("takes the inbox's total, and an interest's or a lead status's, from the reports' rollup, exact after every change", async () => {
    const rollupViews = [view(), view({ interest: "consultation" }), view({ lead: "contacted" })];
    const expectExact = async () => {
      for (const filter of rollupViews) {
        expect(await countInquiries(database.db, filter)).toBe(await rowByRow(filter));
      }
    };
    const stored = await database.db
      .insert(contactSubmissions)
      .values([
        inquiry(1, { interest: "consultation" }),
        inquiry(2, { status: "contacted" }),
        inquiry(3, { interest: "consultation", status: "contacted" }),
        inquiry(4, { is_spam: true, interest: "consultation" }),
      ])
      .returning({ id: contactSubmissions.id });
    expect(await countInquiries(database.db, view())).toBe(3);
    await expectExact();
    await database.db
      .update(contactSubmissions)
      .set({ is_spam: true })
      .where(eq(contactSubmissions.id, stored[0]!.id));
    await database.db
      .update(contactSubmissions)
      .set({ status: "contacted", interest: "consultation" })
      .where(eq(contactSubmissions.id, stored[1]!.id));
    await expectExact();
    await database.db.delete(contactSubmissions).where(eq(contactSubmissions.id, stored[2]!.id));
    await expectExact();
    await database.db
      .transaction(async (tx) => {
        await tx.insert(contactSubmissions).values(inquiry(5));
        tx.rollback();
      })
      .catch(() => {});
    expect(await countInquiries(database.db, view())).toBe(1);
    await expectExact();
  });

  it("counts the desk's views, which go through their own indexes, like the rest", async () => {
    const replied = { first_replied_at: new Date(), status: "contacted" };
    await database.db
      .insert(contactSubmissions)
      .values([
        inquiry(1, { interest: "consultation" }),
        inquiry(2, { read_at: new Date(), assigned_to: VIEWER, ...replied }),
        inquiry(3, { is_spam: true, assigned_to: VIEWER }),
        inquiry(4, { read_at: new Date(), status: "closed_lost", lost_reason: "Elsewhere" }),
        inquiry(5, { assigned_to: VIEWER }),
        inquiry(6, { assigned_to: COLLEAGUE, interest: "consultation" }),
        inquiry(7, { read_at: new Date(), ...replied }),
      ]);
    const counted = (filter: Partial<InboxFilter>, viewerId?: string) =>
      countInquiries(database.db, view(filter), viewerId);
    expect(await counted({})).toBe(6);
    expect(await counted({ status: "read" })).toBe(3);
    // Through indexes: 1, 5 and 6 await a reply (4 is closed); the viewer owns 2 and 5 (3 is spam).
    expect(await counted({ status: "awaiting" })).toBe(3);
    expect(await counted({ owner: "mine" }, VIEWER)).toBe(2);
    expect(await counted({ owner: "mine" }, COLLEAGUE)).toBe(1);
    expect(await counted({ owner: "mine" })).toBe(0);
    expect(await counted({ owner: "mine", status: "awaiting" }, VIEWER)).toBe(1);
    expect(await counted({ status: "unread", interest: "consultation" })).toBe(2);
    expect(await counted({ status: "spam" })).toBe(1);
  });

  it("counts unread, 'mine' and 'awaiting reply' from their indexes alone, and pages them in index order", async () => {
    await database.db
      .insert(contactSubmissions)
      .values([
        inquiry(1),
        inquiry(2, { assigned_to: VIEWER }),
        inquiry(3, { is_spam: true, assigned_to: VIEWER }),
        inquiry(4, { read_at: new Date(), first_replied_at: new Date(), assigned_to: COLLEAGUE }),
      ]);
    // An index-only scan needs the visibility map that (auto)vacuum keeps.
    await database.db.execute(sql`vacuum analyze contact_submissions`);
    // On a few rows the planner rightly prefers a scan; without that choice
    // it must find each index, which it can only if the conditions match it.
    const plan = (query: SQLWrapper) =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const { rows } = await tx.execute<{ "QUERY PLAN": string }>(sql`explain ${query}`);
        return rows.map((row) => row["QUERY PLAN"]).join("\n");
      });
    const awaiting = view({ status: "awaiting" });
    const mine = view({ owner: "mine" });

    expect(await plan(countUnreadQuery(database.db))).toContain(
      "Index Only Scan using contact_submissions_unread_idx",
    );
    // The default view: any index of the genuine rows alone (there are several).
    expect(await plan(countMatching(database.db, whereOf(view({}))))).toContain("Index Only Scan using");
    expect(await plan(countMatching(database.db, whereOf(mine, undefined, VIEWER)))).toContain(
      "Index Only Scan using contact_submissions_assigned_idx",
    );
    expect(await plan(countMatching(database.db, whereOf(awaiting)))).toContain(
      "Index Only Scan using contact_submissions_awaiting_idx",
    );
    // ORDER BY … LIMIT read off the index: no sort of every matching row.
    const minePage = await plan(selectInquiryPage(database.db, mine, undefined, VIEWER));
    expect(minePage).toContain("Index Scan using contact_submissions_assigned_idx");
    expect(minePage).not.toContain("Sort");
    const awaitingPage = await plan(selectInquiryPage(database.db, awaiting));
    expect(awaitingPage).toContain("Index Scan using contact_submissions_awaiting_idx");
    expect(awaitingPage).not.toContain("Sort");
  });
});
