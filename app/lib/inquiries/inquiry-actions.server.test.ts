import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { contactSubmissions, inquiryEvents, inquiryReplies, jobs, user } from "~db/schema";
import { company } from "~/content/company";
import { replyPromise } from "~/content/inquiry-desk";
import { findReplyTemplate, REPLY_TEMPLATES } from "~/content/reply-templates";
import { kycAmlPage } from "~/content/services/kyc-aml";
import { InboxFilterSchema } from "~/forms/inbox";
import { seedDeskUsers } from "../../../tests/support/desk-users";
import { mailJobs } from "../../../tests/support/job-rows";
import { insertInquiry, KOFI } from "../../../tests/support/desk-fixtures";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { testBackends } from "../../../tests/support/test-database";
import {
  assignInquiry,
  takeInquiry,
  markRead,
  saveNotes,
  setInquiryStatus,
} from "~/lib/inquiries/inquiry-actions.server";
import {
  INQUIRY_ASSIGNMENT,
  listAssignableAdmins,
  LostReasonRequiredError,
} from "~/lib/inquiries/changes.server";
import {
  markRepliedOutside,
  ReplyPlaceholderError,
  listReplies,
  sendDeskReply,
} from "~/lib/inquiries/replies.server";
import { getInquiry } from "~/lib/inquiries/inquiries.server";
import { formatInquiryReference, replyState } from "~/lib/inquiries/inquiry";
import { listInquiries } from "~/lib/inquiries/counts.server";
import { draftReply, hasPlaceholder } from "~/lib/inquiries/reply-text";
import { listTimeline } from "~/lib/inquiries/timeline.server";

const SITE = "https://site.example.test";
const ABSENT = "00000000-0000-4000-8000-000000000000";

describe.each(testBackends)("the lead desk on %s", (backend) => {
  const database = useTestDatabase(backend, [jobs, contactSubmissions, user]);
  beforeEach(async () => {
    await seedDeskUsers(database.db);
  });

  const inquiry = (values: Partial<typeof contactSubmissions.$inferInsert> = {}) =>
    insertInquiry(database.db, { ...KOFI, interest: "gold-buying", ...values });
  const kinds = async (id: string) => (await listTimeline(database.db, id)).map((entry) => entry.kind);
  const stored = async (id: string) => (await getInquiry(database.db, id))!;

  it("moves a lead through its statuses, needs a reason for lost, and records each move", async () => {
    const id = await inquiry();
    expect((await stored(id)).status).toBe("new");
    expect(await setInquiryStatus(database.db, { inquiryId: id, status: "qualified", actorId: "ama" })).toBe(
      "changed",
    );
    expect(await setInquiryStatus(database.db, { inquiryId: id, status: "qualified", actorId: "ama" })).toBe(
      "unchanged",
    );
    await expect(
      setInquiryStatus(database.db, {
        inquiryId: id,
        status: "closed_lost",
        lostReason: "  ",
        actorId: "ama",
      }),
    ).rejects.toThrow(LostReasonRequiredError);
    expect((await stored(id)).status).toBe("qualified");
    await setInquiryStatus(database.db, {
      inquiryId: id,
      status: "closed_lost",
      lostReason: "Went elsewhere",
      actorId: "ben",
    });
    expect(await stored(id)).toMatchObject({ status: "closed_lost", lostReason: "Went elsewhere" });
    // Reopened: the reason goes.
    await setInquiryStatus(database.db, {
      inquiryId: id,
      status: "contacted",
      lostReason: "ignored",
      actorId: "ama",
    });
    expect(await stored(id)).toMatchObject({ status: "contacted", lostReason: null });
    const timeline = await listTimeline(database.db, id);
    expect(timeline.map((entry) => [entry.kind, entry.actorName, entry.details])).toEqual([
      ["status-changed", "Ama Admin", { from: "new", to: "qualified" }],
      ["status-changed", "Ben Admin", { from: "qualified", to: "closed_lost", reason: "Went elsewhere" }],
      ["status-changed", "Ama Admin", { from: "closed_lost", to: "contacted" }],
    ]);
    expect(await setInquiryStatus(database.db, { inquiryId: ABSENT, status: "new", actorId: "ama" })).toBe(
      "not-found",
    );
  });

  it("the database refuses an unknown status", async () => {
    await expect(inquiry({ status: "archived" })).rejects.toThrow();
  });

  it("assigns to admins only, mails the assignee unless they took it, and unassigns", async () => {
    const id = await inquiry();
    expect((await listAssignableAdmins(database.db)).map((admin) => admin.id)).toEqual(["ama", "ben"]);
    expect(
      await assignInquiry(database.db, { inquiryId: id, assigneeId: "vic", actorId: "ama", siteUrl: SITE }),
    ).toBe("not-an-admin");
    expect((await stored(id)).assignedTo).toBeNull();

    expect(await takeInquiry(database.db, { inquiryId: id, actorId: "ama", siteUrl: SITE })).toBe("changed");
    expect(await stored(id)).toMatchObject({ assignedTo: "ama", assignedToName: "Ama Admin" });
    expect(await mailJobs(database.db)).toHaveLength(0);

    expect(
      await assignInquiry(database.db, { inquiryId: id, assigneeId: "ben", actorId: "ama", siteUrl: SITE }),
    ).toBe("changed");
    const mails = await mailJobs(database.db);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ purpose: INQUIRY_ASSIGNMENT, to: ["ben@example.test"], inquiry_id: id });
    expect(mails[0]!.text).toContain(`${SITE}/dashboard?inquiry=${id}`);
    expect(mails[0]!.text).toContain("Ama Admin assigned");
    // An admin's mail about a lead carries no contact details either.
    expect(mails[0]!.text).not.toContain("kofi@example.test");

    expect(
      await assignInquiry(database.db, { inquiryId: id, assigneeId: null, actorId: "ben", siteUrl: SITE }),
    ).toBe("changed");
    expect((await stored(id)).assignedTo).toBeNull();
    const timeline = await listTimeline(database.db, id);
    expect(timeline.map((entry) => [entry.kind, entry.actorId, entry.details])).toEqual([
      ["assigned", "ama", { to: "ama" }],
      ["assigned", "ama", { to: "ben", from: "ama" }],
      ["unassigned", "ben", { from: "ben" }],
    ]);
  });

  it("a lead becomes unassigned when its owner's account goes; the timeline keeps the entry without the actor", async () => {
    const id = await inquiry();
    await takeInquiry(database.db, { inquiryId: id, actorId: "ben", siteUrl: SITE });
    await database.db.delete(user).where(eq(user.id, "ben"));
    expect((await stored(id)).assignedTo).toBeNull();
    const [entry] = await listTimeline(database.db, id);
    expect(entry).toMatchObject({ kind: "assigned", actorId: null, actorName: null });
  });

  it("the timeline is append-only", async () => {
    const id = await inquiry();
    await markRead(database.db, id, "ama");
    await expect(
      database.db.update(inquiryEvents).set({ kind: "unread" }).where(eq(inquiryEvents.inquiry_id, id)),
    ).rejects.toThrow();
    await expect(
      database.db.update(inquiryEvents).set({ actor_id: "ben" }).where(eq(inquiryEvents.inquiry_id, id)),
    ).rejects.toThrow();
    expect(await kinds(id)).toEqual(["read"]);
  });

  it("records read, notes and repeated reads once each, never the notes themselves", async () => {
    const id = await inquiry();
    await markRead(database.db, id, "ama");
    await markRead(database.db, id, "ben");
    await saveNotes(database.db, id, "Secret note", "ben");
    const timeline = await listTimeline(database.db, id);
    expect(timeline.map((entry) => [entry.kind, entry.actorId])).toEqual([
      ["read", "ama"],
      ["notes-edited", "ben"],
    ]);
    expect(JSON.stringify(timeline)).not.toContain("Secret note");
  });

  it("sends a reply as a mail job in one transaction: stored, first reply recorded, new → contacted", async () => {
    const id = await inquiry();
    const result = await sendDeskReply(database.db, {
      inquiryId: id,
      subject: "Your inquiry",
      body: "Dear Kofi,\n<b>Thanks</b>",
      actorId: "ama",
    });
    if (result === "not-found") throw new Error("not found");
    const [mail] = await mailJobs(database.db);
    expect(mail).toMatchObject({
      purpose: "inquiry-reply",
      to: ["kofi@example.test"],
      replyTo: "deals@voltameridian.co.uk", // a gold lead (decision 019)
      // The reference joins a subject without it: the lead's answer threads by it.
      subject: `Your inquiry [${formatInquiryReference(id)}]`,
      inquiry_id: id,
    });
    // The admin's words come first, as typed; the legal footer of every mail follows.
    expect(mail!.text.startsWith("Dear Kofi,\n<b>Thanks</b>\n\n")).toBe(true);
    // Markup in a reply is shown as text.
    expect(mail!.html).toContain("&lt;b&gt;Thanks&lt;/b&gt;");
    expect(mail!.html).not.toContain("<b>");
    const [reply] = await database.db.select().from(inquiryReplies);
    expect(reply).toMatchObject({
      id: result.replyId,
      job_id: mail!.id,
      sent_by: "ama",
      to: "kofi@example.test",
    });
    const first = await stored(id);
    expect(first.status).toBe("contacted");
    expect(first.firstRepliedAt).toBeInstanceOf(Date);
    expect(await kinds(id)).toEqual(["reply-sent", "status-changed"]);

    // A second reply changes neither the first reply time nor the status.
    await setInquiryStatus(database.db, { inquiryId: id, status: "qualified", actorId: "ama" });
    await sendDeskReply(database.db, { inquiryId: id, subject: "Again", body: "More", actorId: "ben" });
    const second = await stored(id);
    expect(second.firstRepliedAt).toEqual(first.firstRepliedAt);
    expect(second.status).toBe("qualified");
    expect((await listReplies(database.db, id)).map((r) => [r.subject, r.sentByName])).toEqual([
      [`Again [${formatInquiryReference(id)}]`, "Ben Admin"],
      [`Your inquiry [${formatInquiryReference(id)}]`, "Ama Admin"],
    ]);
  });

  it("refuses a reply with a placeholder left in it, and writes nothing", async () => {
    const id = await inquiry();
    await expect(
      sendDeskReply(database.db, {
        inquiryId: id,
        subject: "Rates",
        body: "The rate is [[Rate]].",
        actorId: "ama",
      }),
    ).rejects.toThrow(ReplyPlaceholderError);
    expect(await mailJobs(database.db)).toHaveLength(0);
    expect(await database.db.select().from(inquiryReplies)).toHaveLength(0);
    expect((await stored(id)).firstRepliedAt).toBeNull();
    expect(
      await sendDeskReply(database.db, { inquiryId: ABSENT, subject: "s", body: "b", actorId: "ama" }),
    ).toBe("not-found");
  });

  it("marks as replied outside the desk: counts as the first reply, and sends nothing", async () => {
    const id = await inquiry();
    expect(await markRepliedOutside(database.db, { inquiryId: id, actorId: "ben", channel: "phone" })).toBe(
      "changed",
    );
    expect(await stored(id)).toMatchObject({ status: "contacted" });
    expect((await stored(id)).firstRepliedAt).toBeInstanceOf(Date);
    expect(await markRepliedOutside(database.db, { inquiryId: id, actorId: "ben" })).toBe("unchanged");
    expect(await mailJobs(database.db)).toHaveLength(0);
    const timeline = await listTimeline(database.db, id);
    expect(timeline.map((entry) => [entry.kind, entry.details])).toEqual([
      ["replied-outside", { channel: "phone" }],
      ["status-changed", { from: "new", to: "contacted", cause: "first-reply" }],
      ["replied-outside", { channel: "email" }],
    ]);
  });

  it("filters: awaiting reply (oldest first, not spam, not closed, not answered), mine, unassigned, lead status, one inquiry", async () => {
    const at = (iso: string) => new Date(iso);
    const oldest = await inquiry({ name: "Oldest", created_at: at("2030-01-01T00:00:00Z") });
    const newer = await inquiry({
      name: "Newer",
      created_at: at("2030-01-03T00:00:00Z"),
      assigned_to: "ama",
    });
    await inquiry({
      name: "Answered",
      created_at: at("2030-01-02T00:00:00Z"),
      first_replied_at: at("2030-01-02T01:00:00Z"),
    });
    await inquiry({ name: "Closed", created_at: at("2030-01-02T06:00:00Z"), status: "closed_won" });
    await inquiry({ name: "Spam", created_at: at("2030-01-02T00:00:00Z"), is_spam: true });
    const view = async (params: Record<string, string>, viewerId?: string) =>
      (await listInquiries(database.db, InboxFilterSchema.parse(params), 25, viewerId)).items.map(
        (item) => item.name,
      );

    expect(await view({ status: "awaiting" })).toEqual(["Oldest", "Newer"]);
    expect(await view({ owner: "mine" }, "ama")).toEqual(["Newer"]);
    expect(await view({ owner: "mine" })).toEqual([]);
    expect(await view({ owner: "unassigned" })).toEqual(["Closed", "Answered", "Oldest"]);
    expect(await view({ lead: "closed_won" })).toEqual(["Closed"]);
    expect(await view({ inquiry: oldest })).toEqual(["Oldest"]);
    expect(await view({ status: "awaiting", owner: "unassigned" })).toEqual(["Oldest"]);
    // Oldest-first pages need no snapshot bound.
    const page = await listInquiries(database.db, InboxFilterSchema.parse({ status: "awaiting" }), 1);
    expect(page).toMatchObject({ total: 2, pageCount: 2, asOf: null });
    const second = await listInquiries(
      database.db,
      InboxFilterSchema.parse({ status: "awaiting", page: "2" }),
      1,
    );
    expect(second.items.map((item) => item.id)).toEqual([newer]);
  });

  it("the awaiting-reply view is the one its partial index serves (same expression)", async () => {
    const plan = await database.db.transaction(async (tx) => {
      // An empty table would be read whole; the question is whether the index can serve the query.
      await tx.execute(sql`set local enable_seqscan = off`);
      const rows = await tx.execute<{ "QUERY PLAN": string }>(
        sql.raw(
          `explain select id from contact_submissions where not is_spam and awaiting_since is not null and (status not in ('closed_won', 'closed_lost') or awaiting_since > coalesce(status_changed_at, created_at)) order by awaiting_since asc, id asc limit 25`,
        ),
      );
      return rows.rows.map((row) => row["QUERY PLAN"]).join("\n");
    });
    expect(plan).toContain("contact_submissions_awaiting_idx");
  });
});

describe("reply drafts and templates", () => {
  it("open with a greeting and the reference, and close with the sender", () => {
    const draft = draftReply({ name: "  Kofi Mensah ", reference: "VM-12345678", senderName: "Ama Admin" });
    expect(draft.subject).toBe("Your inquiry VM-12345678 – Volta Meridian");
    expect(draft.body.startsWith("Dear Kofi,\n")).toBe(true);
    expect(draft.body).toContain("Your reference: VM-12345678.");
    expect(draft.body).toContain("Ama Admin\nVolta Meridian");
    // Without a template there is a placeholder: the draft cannot be sent unedited.
    expect(hasPlaceholder(draft.body)).toBe(true);
  });

  it("cover the four cases, and the ones with figures only an admin knows cannot be sent unfilled", () => {
    expect(REPLY_TEMPLATES.map((template) => template.id)).toEqual([
      "kyc-checklist",
      "equipment-availability",
      "licensing-consultation",
      "not-offered",
    ]);
    const body = (id: string) =>
      draftReply({ name: "A", reference: "VM-1", senderName: "S", templateBody: findReplyTemplate(id)!.body })
        .body;
    expect(hasPlaceholder(body("equipment-availability"))).toBe(true);
    for (const id of ["kyc-checklist", "licensing-consultation", "not-offered"])
      expect(hasPlaceholder(body(id))).toBe(false);
  });

  it("state only what the site states (decision 007)", () => {
    // The checklist is the KYC page's own list, not a second copy.
    for (const requirement of kycAmlPage.requirements) expect(body("kyc-checklist")).toContain(requirement);
    // Mineral rights: Ghana-incorporated companies only; no promised outcome; not legal advice.
    expect(body("licensing-consultation")).toContain("granted only to a company incorporated in Ghana");
    expect(body("licensing-consultation")).toContain("cannot guarantee its outcome");
    expect(body("licensing-consultation")).toContain("not legal advice");
    // Insurance is agreed in writing, never promised (decision 007, row 8).
    expect(body("equipment-availability")).toContain("states who arranges insurance and what it covers");
    expect(body("equipment-availability")).not.toMatch(/insured against/i);
    // What the company is not: the disclaimer, verbatim.
    expect(body("not-offered")).toContain(company.disclaimer);
    function body(id: string) {
      return findReplyTemplate(id)!.body;
    }
  });
});

describe("the reply deadline", () => {
  const created = new Date("2030-01-01T00:00:00Z");
  const at = (hours: number) => new Date(created.getTime() + hours * 60 * 60 * 1000);
  const open = { createdAt: created, firstRepliedAt: null, status: "new", isSpam: false };

  it("is the site's promise: due soon 4 hours before, overdue from 24 hours", () => {
    expect(replyPromise.withinHours).toBe(company.responseHours);
    expect(company.responseTime).toBe(`${company.responseHours} hours`);
    expect(replyState(open, at(19.99))).toBe("on-time");
    expect(replyState(open, at(20))).toBe("due-soon");
    expect(replyState(open, at(23.99))).toBe("due-soon");
    expect(replyState(open, at(24))).toBe("overdue");
    expect(replyState({ ...open, firstRepliedAt: at(30) }, at(40))).toBe("answered");
    expect(replyState({ ...open, status: "closed_lost" }, at(40))).toBe("not-awaiting");
    expect(replyState({ ...open, isSpam: true }, at(40))).toBe("not-awaiting");
  });
});
