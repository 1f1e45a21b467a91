import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { eq, sql } from "drizzle-orm";
import { contactSubmissions } from "../../../db/schema";
import { createTestDatabase, type TestDatabase, testBackends } from "../../../tests/support/test-database";
import type { InboxFilter } from "~/forms/inbox";
import { countInbox, countUnread, listInquiries } from "./inbox.server";
import { countInboxCached, countUnreadCached, invalidateInboxCounts } from "./inbox-counts.server";
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

describe.each(testBackends)("inbox counts on %s", (backend) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
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
      expect(await countInbox(database.db, filter)).toEqual({ total, unread });
    }
    expect((await countInbox(database.db, view({ q: "number 1" }))).total).toBe(2);
    expect((await countInbox(database.db, VIEWS.at(-1)![1])).total).toBe(2);
  });

  it("reuses counts until the inquiries change, and follows every change", async () => {
    await database.db.insert(contactSubmissions).values([inquiry(1), inquiry(2)]);
    const fresh = async (filter: InboxFilter) => ({
      view: await countInboxCached(database, filter),
      unread: await countUnreadCached(database),
    });
    const expected = async (filter: InboxFilter) => ({
      view: await countInbox(database.db, filter),
      unread: await countUnread(database.db),
    });
    const settled = async () => {
      for (const [, filter] of VIEWS) {
        // Shorter than INBOX_COUNT_TTL_MS: the change must clear the counts, not their expiry.
        await vi.waitFor(async () => expect(await fresh(filter)).toEqual(await expected(filter)), {
          timeout: 3_000,
        });
      }
    };
    await settled();

    // Without the trigger's notification, a cached count is reused as it was.
    await database.db.execute(
      sql`alter table contact_submissions disable trigger contact_submissions_notify_inbox`,
    );
    try {
      await database.db.insert(contactSubmissions).values([inquiry(3)]);
      expect(await countUnreadCached(database)).toBe(2);
      expect((await countInboxCached(database, view())).total).toBe(2);
      invalidateInboxCounts(database);
      expect(await countUnreadCached(database)).toBe(3);
      expect(await countInboxCached(database, view())).toEqual({ total: 3, unread: 3 });
    } finally {
      await database.db.execute(
        sql`alter table contact_submissions enable trigger contact_submissions_notify_inbox`,
      );
    }

    // Every kind of change, by any connection, reaches the counts through the notification.
    const [row] = await database.db
      .insert(contactSubmissions)
      .values([inquiry(4, { interest: "consultation" })])
      .returning({ id: contactSubmissions.id });
    await settled();
    await database.db
      .update(contactSubmissions)
      .set({ read_at: new Date() })
      .where(eq(contactSubmissions.id, row!.id));
    await settled();
    await database.db
      .update(contactSubmissions)
      .set({ is_spam: true })
      .where(eq(contactSubmissions.name, "Person 1"));
    await settled();
    await database.db.delete(contactSubmissions).where(eq(contactSubmissions.name, "Person 2"));
    await settled();
    expect(await countInboxCached(database, view())).toEqual({ total: 2, unread: 1 });
  });

  it("shares one count between concurrent requests for the same view", async () => {
    await database.db.insert(contactSubmissions).values([inquiry(1)]);
    await countUnreadCached(database);
    invalidateInboxCounts(database);
    const counts = await Promise.all(Array.from({ length: 5 }, () => countInboxCached(database, view())));
    expect(new Set(counts).size).toBe(1);
    expect(counts[0]).toEqual({ total: 1, unread: 1 });
  });
});
