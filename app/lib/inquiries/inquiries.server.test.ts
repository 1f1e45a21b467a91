import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { sql } from "drizzle-orm";
import { contactSubmissions, user } from "~db/schema";
import { createTestDatabase, type TestDatabase, testBackends } from "../../../tests/support/test-database";
import { type InboxFilter, parseInboxFilter } from "~/forms/inbox";
import { countUnread, listInquiries } from "~/lib/inquiries/counts.server";
import { getInquiry, INBOX_CHANGED_CHANNEL, iterateInquiries } from "~/lib/inquiries/inquiries.server";
import { searchCondition } from "~/lib/inquiries/search.server";
import {
  deleteInquiry,
  markRead,
  markUnread,
  saveNotes,
  setSpam,
} from "~/lib/inquiries/inquiry-actions.server";
import { inboxView, type NewInquiry, numberedInquiry } from "../../../tests/support/inbox-fixtures";

const view = inboxView;
const inquiry = numberedInquiry;

describe.each(testBackends)("inbox queries on %s", (backend) => {
  let database: TestDatabase;
  const ADMIN = "admin-1";
  const OTHER_ADMIN = "admin-2";

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    await database.db.insert(user).values([
      { id: ADMIN, name: "Ada Admin", email: "ada@example.test", emailVerified: true },
      { id: OTHER_ADMIN, name: "Bo Boss", email: "bo@example.test", emailVerified: true },
    ]);
  });
  afterAll(async () => {
    await database?.dispose();
  });
  beforeEach(async () => {
    await database.db.delete(contactSubmissions);
  });

  async function insert(rows: NewInquiry[]) {
    return database.db.insert(contactSubmissions).values(rows).returning({ id: contactSubmissions.id });
  }

  it("lists newest first with total, pages of the given size, and an empty inbox", async () => {
    expect(await listInquiries(database.db, view())).toMatchObject({
      items: [],
      total: 0,
      pageCount: 1,
      asOf: null,
    });
    await insert(Array.from({ length: 7 }, (_, i) => inquiry(i)));
    const first = await listInquiries(database.db, view(), 3);
    expect(first.items.map((item) => item.name)).toEqual(["Person 6", "Person 5", "Person 4"]);
    expect(first).toMatchObject({ total: 7, pageCount: 3, page: 1 });
    const third = await listInquiries(database.db, view({ page: 3, asOf: first.asOf ?? undefined }), 3);
    expect(third.items.map((item) => item.name)).toEqual(["Person 0"]);
  });

  it("keeps later pages stable while new inquiries arrive", async () => {
    await insert(Array.from({ length: 6 }, (_, i) => inquiry(i)));
    const first = await listInquiries(database.db, view(), 3);
    await insert([inquiry(100, { name: "Newcomer", created_at: new Date(Date.UTC(2025, 0, 2)) })]);
    const second = await listInquiries(database.db, view({ page: 2, asOf: first.asOf ?? undefined }), 3);
    expect(second.items.map((item) => item.name)).toEqual(["Person 2", "Person 1", "Person 0"]);
    expect(second.total).toBe(6);
    expect((await listInquiries(database.db, view(), 3)).items[0]?.name).toBe("Newcomer");
  });

  it("breaks ties on creation time by id, so no row is repeated or skipped across pages", async () => {
    const same = new Date(Date.UTC(2025, 5, 1));
    await insert(Array.from({ length: 5 }, (_, i) => inquiry(i, { created_at: same })));
    const first = await listInquiries(database.db, view(), 2);
    const pages = [first];
    for (const page of [2, 3])
      pages.push(await listInquiries(database.db, view({ page, asOf: first.asOf ?? undefined }), 2));
    const ids = pages.flatMap((page) => page.items.map((item) => item.id));
    expect(new Set(ids).size).toBe(5);
  });

  it("filters by status (spam hidden from the default view), interest and deal size", async () => {
    const [read, spam, gold] = await insert([
      inquiry(1, { interest: "consultation", deal_size: "under-100k" }),
      inquiry(2, { is_spam: true }),
      inquiry(3, { interest: "gold-buying", deal_size: "over-5m" }),
    ]);
    await markRead(database.db, read!.id, ADMIN);
    const names = async (filter: Partial<InboxFilter>) =>
      (await listInquiries(database.db, view(filter))).items.map((item) => item.name);
    expect(await names({})).toEqual(["Person 3", "Person 1"]);
    expect(await names({ status: "unread" })).toEqual(["Person 3"]);
    expect(await names({ status: "read" })).toEqual(["Person 1"]);
    expect(await names({ status: "spam" })).toEqual(["Person 2"]);
    expect(await names({ interest: "gold-buying" })).toEqual(["Person 3"]);
    expect(await names({ dealSize: "under-100k" })).toEqual(["Person 1"]);
    expect(await names({ interest: "gold-buying", status: "read" })).toEqual([]);
    expect(spam && gold).toBeTruthy();
  });

  it("searches name, company, e-mail and message case-insensitively, with % and _ taken literally", async () => {
    await insert([
      inquiry(1, { name: "Kwame Mensah" }),
      inquiry(2, { company: "Ashanti GOLDFIELDS" }),
      inquiry(3, { email: "buyer@dubai-gold.test" }),
      inquiry(4, { message: "We need 100% certainty on assays" }),
      inquiry(5, { message: "Nothing relevant" }),
    ]);
    const names = async (q: string) =>
      (await listInquiries(database.db, view({ q }))).items.map((item) => item.name).sort();
    expect(await names("kwame")).toEqual(["Kwame Mensah"]);
    expect(await names("goldfields")).toEqual(["Person 2"]);
    expect(await names("DUBAI")).toEqual(["Person 3"]);
    expect(await names("100%")).toEqual(["Person 4"]);
    expect(await names("%")).toEqual(["Person 4"]);
    expect(await names("_")).toEqual([]);
  });

  it("searches through the trigram index, not by reading every row", async () => {
    // On a few rows the planner rightly prefers a scan; without that choice
    // it must find the index, which it can only if the expressions match.
    const plan = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const { rows } = await tx.execute<{ "QUERY PLAN": string }>(
        sql`explain select id from ${contactSubmissions} where ${searchCondition("mensah")}`,
      );
      return rows.map((row) => row["QUERY PLAN"]).join("\n");
    });
    expect(plan).toContain("contact_submissions_search_idx");
  });

  it("marks read (keeping the first reader), unread, spam and not spam; counts unread outside spam", async () => {
    const [a, b, c] = await insert([inquiry(1), inquiry(2), inquiry(3, { is_spam: true })]);
    expect(await countUnread(database.db)).toBe(2);

    expect(await markRead(database.db, a!.id, ADMIN)).toBe(true);
    const firstRead = await getInquiry(database.db, a!.id);
    expect(firstRead).toMatchObject({ readByName: "Ada Admin" });
    expect(firstRead?.readAt).toBeInstanceOf(Date);
    await markRead(database.db, a!.id, OTHER_ADMIN);
    expect(await getInquiry(database.db, a!.id)).toMatchObject({
      readByName: "Ada Admin",
      readAt: firstRead?.readAt,
    });
    expect(await countUnread(database.db)).toBe(1);

    expect(await markUnread(database.db, a!.id)).toBe(true);
    expect(await getInquiry(database.db, a!.id)).toMatchObject({ readAt: null, readByName: null });

    expect(await setSpam(database.db, b!.id, true)).toBe(true);
    expect(await countUnread(database.db)).toBe(1);
    expect(await setSpam(database.db, c!.id, false)).toBe(true);
    expect((await listInquiries(database.db, view())).items.map((item) => item.name)).toEqual([
      "Person 3",
      "Person 1",
    ]);
  });

  it("saves notes with who and when, storing empty notes as null", async () => {
    const [a] = await insert([inquiry(1)]);
    expect(await saveNotes(database.db, a!.id, "<b>Call back</b>\nMonday", OTHER_ADMIN)).toBe(true);
    const saved = await getInquiry(database.db, a!.id);
    expect(saved).toMatchObject({ adminNotes: "<b>Call back</b>\nMonday", notesUpdatedByName: "Bo Boss" });
    expect(saved?.notesUpdatedAt).toBeInstanceOf(Date);
    await saveNotes(database.db, a!.id, "", ADMIN);
    expect(await getInquiry(database.db, a!.id)).toMatchObject({
      adminNotes: null,
      notesUpdatedByName: "Ada Admin",
    });
  });

  it("deletes, and reports unknown ids without changing anything", async () => {
    const [a] = await insert([inquiry(1)]);
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect(await markRead(database.db, unknown, ADMIN)).toBe(false);
    expect(await markUnread(database.db, unknown)).toBe(false);
    expect(await setSpam(database.db, unknown, true)).toBe(false);
    expect(await saveNotes(database.db, unknown, "x", ADMIN)).toBe(false);
    expect(await deleteInquiry(database.db, unknown)).toBe(false);
    expect(await deleteInquiry(database.db, a!.id)).toBe(true);
    expect(await getInquiry(database.db, a!.id)).toBeNull();
    expect(await deleteInquiry(database.db, a!.id)).toBe(false);
  });

  it("iterates a whole view in batches without losing rows that share a millisecond", async () => {
    const base = Date.UTC(2025, 0, 1);
    await insert(
      Array.from({ length: 23 }, (_, i) => inquiry(i, { created_at: new Date(base + Math.floor(i / 4)) })),
    );
    const seen: string[] = [];
    for await (const item of iterateInquiries(database.db, view(), 5)) seen.push(item.id);
    expect(seen).toHaveLength(23);
    expect(new Set(seen).size).toBe(23);
  });

  it("notifies the inbox channel when inquiries change", async () => {
    const received: string[] = [];
    const stop = await database.listen(INBOX_CHANGED_CHANNEL, (payload) => received.push(payload));
    try {
      const [a] = await insert([inquiry(1)]);
      await vi.waitFor(() => expect(received).toContain("insert"), { timeout: 5_000 });
      await markRead(database.db, a!.id, ADMIN);
      await vi.waitFor(() => expect(received).toContain("update"), { timeout: 5_000 });
    } finally {
      await stop();
    }
  });
});

describe("inbox filter from the URL", () => {
  it("reads known values and falls back to the default view for anything else", () => {
    expect(
      parseInboxFilter(
        new URLSearchParams(
          "status=spam&interest=consultation&dealSize=over-5m&q=%20gold%20&page=3&sort=deal",
        ),
      ),
    ).toEqual({
      status: "spam",
      interest: "consultation",
      dealSize: "over-5m",
      q: "gold",
      sort: "deal",
      page: 3,
      asOf: undefined,
    });
    expect(
      parseInboxFilter(
        new URLSearchParams("status=evil&interest=x&dealSize=&q=&page=-2&asOf=yesterday&sort=evil"),
      ),
    ).toEqual({
      status: "all",
      interest: undefined,
      dealSize: undefined,
      q: undefined,
      sort: "received",
      page: 1,
      asOf: undefined,
    });
  });
});
