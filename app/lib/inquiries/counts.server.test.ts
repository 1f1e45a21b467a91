import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type SQLWrapper, sql } from "drizzle-orm";
import { contactSubmissions, user } from "~db/schema";
import { createTestDatabase, type TestDatabase, testBackends } from "../../../tests/support/test-database";
import type { InboxFilter } from "~/forms/inbox";
import {
  countInquiries,
  countMatching,
  countUnread,
  countUnreadQuery,
  listInquiries,
} from "~/lib/inquiries/counts.server";
import { selectInquiryPage, whereOf } from "~/lib/inquiries/inquiries.server";
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

  it("counts each view in one pass the same as counting it on its own", async () => {
    await database.db
      .insert(contactSubmissions)
      .values([
        inquiry(1, { interest: "consultation" }),
        inquiry(2, { read_at: new Date() }),
        inquiry(3, { is_spam: true }),
        inquiry(10, { interest: "consultation", read_at: new Date() }),
        inquiry(5),
      ]);
    const unread = await countUnread(database.db);
    expect(unread).toBe(2);
    for (const [, filter] of VIEWS) {
      const { total } = await listInquiries(database.db, filter, 100);
      expect(await countInquiries(database.db, filter)).toEqual({ total, unread });
    }
    expect((await countInquiries(database.db, view({ q: "number 1" }))).total).toBe(2);
    expect((await countInquiries(database.db, VIEWS.at(-1)![1])).total).toBe(2);
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
    // One pass over the table: "all" and "read".
    expect(await counted({})).toEqual({ total: 6, unread: 3 });
    expect(await counted({ status: "read" })).toEqual({ total: 3, unread: 3 });
    // Through indexes: 1, 5 and 6 await a reply (4 is closed); the viewer owns 2 and 5 (3 is spam).
    expect(await counted({ status: "awaiting" })).toEqual({ total: 3, unread: 3 });
    expect(await counted({ owner: "mine" }, VIEWER)).toEqual({ total: 2, unread: 3 });
    expect(await counted({ owner: "mine" }, COLLEAGUE)).toEqual({ total: 1, unread: 3 });
    expect(await counted({ owner: "mine" })).toEqual({ total: 0, unread: 3 });
    expect(await counted({ owner: "mine", status: "awaiting" }, VIEWER)).toEqual({ total: 1, unread: 3 });
    expect(await counted({ status: "unread", interest: "consultation" })).toEqual({ total: 2, unread: 3 });
    expect(await counted({ status: "spam" })).toEqual({ total: 1, unread: 3 });
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
