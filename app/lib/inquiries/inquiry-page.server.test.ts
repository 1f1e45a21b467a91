import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { contactSubmissions, inquiryEvents, inquiryNotesVersions, jobs, user } from "~db/schema";
import { InquiryPageActionSchema } from "~/forms/inquiry-page";
import { parseForm } from "~/forms/parse-form";
import { exportPersonalData, erasePersonalData } from "~/lib/privacy/personal-data.server";
import { inquiryPageOutcome, loadInquiry } from "~/routes/dashboard.inquiries.detail.server";
import { seedDeskUsers } from "../../../tests/support/desk-users";
import { insertInquiry, KOFI } from "../../../tests/support/desk-fixtures";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { testBackends } from "../../../tests/support/test-database";
import { getInquiry } from "~/lib/inquiries/inquiries.server";
import { applyInquiryAction } from "~/lib/inquiries/inquiry-actions.server";
import { listNotesVersions, listTimeline } from "~/lib/inquiries/timeline.server";

const ABSENT = "00000000-0000-4000-8000-000000000000";

describe.each(testBackends)("the lead page's own actions on %s", (backend) => {
  const database = useTestDatabase(backend, [jobs, contactSubmissions, user]);
  beforeEach(async () => {
    await seedDeskUsers(database.db);
  });

  const inquiry = (values: Partial<typeof contactSubmissions.$inferInsert> = {}) =>
    insertInquiry(database.db, { ...KOFI, ...values });
  const ANNOUNCE = { acknowledge: true, adminEmails: [], siteUrl: "http://localhost:3000" };
  const parse = (fields: Record<string, string>) => {
    const formData = new FormData();
    for (const [name, value] of Object.entries(fields)) formData.set(name, value);
    return parseForm(InquiryPageActionSchema, formData);
  };
  const apply = async (fields: Record<string, string>, actor = "ama") => {
    const parsed = parse(fields);
    if (!parsed.ok) throw new Error(parsed.first);
    return applyInquiryAction(database.db, parsed.data, actor, ANNOUNCE);
  };
  const open = (id: string, viewer = "ama", keepUnread = false) =>
    loadInquiry(database.db, { id, viewerId: viewer, viewerName: "Ama Admin", templateId: null, keepUnread });
  const kinds = async (id: string) => (await listTimeline(database.db, id)).map((entry) => entry.kind);

  it("opening an unread lead marks it read by the viewer, once, and says so", async () => {
    const id = await inquiry();
    const first = await open(id, "ben");
    expect(first?.openedAsRead).toBe(true);
    expect(first?.item).toMatchObject({ readByName: "Ben Admin" });
    expect(first?.item.readAt).toBeInstanceOf(Date);
    const again = await open(id, "ama");
    expect(again?.openedAsRead).toBe(false);
    // The first reader stays the reader.
    expect(again?.item.readByName).toBe("Ben Admin");
    expect(await kinds(id)).toEqual(["read"]);
    expect(await open(ABSENT)).toBeNull();
  });

  it("marked unread from the page, it stays unread while the page reloads, until opened anew", async () => {
    const id = await inquiry({ read_at: new Date(), read_by: "ama" });
    expect(await apply({ intent: "mark-unread", id })).toBe(true);
    expect(inquiryPageOutcome({ intent: "mark-unread", id })).toEqual({
      to: `/dashboard/inquiries/${id}?keep=unread`,
      title: "Marked as unread",
    });
    const kept = await open(id, "ama", true);
    expect(kept?.openedAsRead).toBe(false);
    expect(kept?.item.readAt).toBeNull();
    expect((await open(id, "ama"))?.openedAsRead).toBe(true);
    expect(await kinds(id)).toEqual(["unread", "read"]);
  });

  it("marks read, spam and not spam as the inbox does, each change once on the timeline", async () => {
    const id = await inquiry();
    expect(await apply({ intent: "mark-read", id })).toBe(true);
    expect(await apply({ intent: "mark-read", id })).toBe(true);
    expect(await apply({ intent: "mark-spam", id }, "ben")).toBe(true);
    expect((await getInquiry(database.db, id))?.isSpam).toBe(true);
    expect(await apply({ intent: "mark-not-spam", id })).toBe(true);
    expect((await getInquiry(database.db, id))?.isSpam).toBe(false);
    const timeline = await listTimeline(database.db, id);
    expect(timeline.map((entry) => [entry.kind, entry.actorName])).toEqual([
      ["read", "Ama Admin"],
      ["spam", "Ben Admin"],
      ["not-spam", "Ama Admin"],
    ]);
    expect(await apply({ intent: "mark-spam", id: ABSENT })).toBe(false);
  });

  it("keeps every version of the notes with who and when; the timeline holds only the version's id", async () => {
    const id = await inquiry();
    expect(await apply({ intent: "save-notes", id, notes: "Call back Thursday." }, "ama")).toBe(true);
    expect(
      await apply({ intent: "save-notes", id, notes: "Called; wants a quote.\r\nSend Monday." }, "ben"),
    ).toBe(true);
    // The same text again is not an edit.
    expect(
      await apply({ intent: "save-notes", id, notes: "Called; wants a quote.\nSend Monday." }, "ama"),
    ).toBe(true);
    expect(await apply({ intent: "save-notes", id, notes: "" }, "ama")).toBe(true);

    const versions = await listNotesVersions(database.db, id);
    expect(versions.map((version) => [version.notes, version.authorName])).toEqual([
      ["Call back Thursday.", "Ama Admin"],
      ["Called; wants a quote.\nSend Monday.", "Ben Admin"],
      [null, "Ama Admin"],
    ]);
    const entries = (await listTimeline(database.db, id)).filter((entry) => entry.kind === "notes-edited");
    expect(entries.map((entry) => entry.details)).toEqual(
      versions.map((version) => ({ versionId: version.id })),
    );
    // The timeline is never a second copy of the text.
    const details = await database.db.select({ details: inquiryEvents.details }).from(inquiryEvents);
    expect(JSON.stringify(details)).not.toContain("Thursday");
    expect((await getInquiry(database.db, id))?.adminNotes).toBeNull();
    expect((await open(id))?.notesVersions).toHaveLength(3);
  });

  it("deletes only with the confirmation, and the notes' versions go with the inquiry", async () => {
    const id = await inquiry();
    await apply({ intent: "save-notes", id, notes: "Private" });
    const unconfirmed = parse({ intent: "delete", id });
    expect(unconfirmed.ok ? null : unconfirmed.fieldErrors).toEqual({
      confirm: "Confirm the deletion first.",
    });
    expect(parse({ intent: "delete", id, confirm: "yes" }).ok).toBe(false);
    expect(await getInquiry(database.db, id)).not.toBeNull();
    expect(await apply({ intent: "delete", id, confirm: "erase" })).toBe(true);
    expect(inquiryPageOutcome({ intent: "delete", id, confirm: "erase" })).toEqual({
      to: "/dashboard",
      title: "Inquiry deleted",
    });
    expect(await getInquiry(database.db, id)).toBeNull();
    expect(await database.db.select().from(inquiryNotesVersions)).toEqual([]);
    expect(await apply({ intent: "delete", id, confirm: "erase" })).toBe(false);
  });

  it("refuses bad input with a message and no change", async () => {
    const id = await inquiry();
    expect(parse({ intent: "mark-read", id: "not-an-id" }).ok).toBe(false);
    expect(parse({ intent: "save-notes", id, notes: "x".repeat(5001) }).ok).toBe(false);
    expect(parse({ intent: "shout", id }).ok).toBe(false);
    expect(await kinds(id)).toEqual([]);
  });

  it("exports the notes' versions with the inquiry and erases them, and an erased admin leaves no name", async () => {
    const id = await inquiry({ email: "kofi@example.test" });
    await apply({ intent: "save-notes", id, notes: "First" }, "ben");
    await apply({ intent: "save-notes", id, notes: "Second" }, "ama");
    const exported = await exportPersonalData(database.db, "kofi@example.test", "all");
    expect((exported.notesHistory as { notes: string | null }[]).map((row) => row.notes)).toEqual([
      "First",
      "Second",
    ]);

    await erasePersonalData(database.db, "ben@example.test", "account", {
      erasedBy: "ben",
      kind: "account-deletion",
    });
    const versions = await database.db
      .select({ author: inquiryNotesVersions.author_id })
      .from(inquiryNotesVersions)
      .where(eq(inquiryNotesVersions.inquiry_id, id));
    expect(versions.map((version) => version.author)).toEqual([null, "ama"]);

    await erasePersonalData(database.db, "kofi@example.test", "all", {
      erasedBy: "ama",
      kind: "rights-request",
    });
    expect(await database.db.select().from(inquiryNotesVersions)).toEqual([]);
  });
});
