import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { contactSubmissions, jobs, user } from "~db/schema";
import { seedDeskUsers } from "../../../tests/support/desk-users";
import { runMailJobs } from "../../../tests/support/job-rows";
import { useSmtpSink } from "../../../tests/support/suite-smtp-sink";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { testBackends } from "../../../tests/support/test-database";
import { MAX_ATTEMPTS } from "~/lib/jobs/job-claim.server";
import { createMailSender } from "~/lib/mail/mail.server";
import {
  assignInquiry,
  takeInquiry,
  deleteInquiry,
  markRead,
  markUnread,
  saveNotes,
  setSpam,
  setInquiryStatus,
} from "~/lib/inquiries/inquiry-actions.server";
import { applyBulkAction, type BulkAction } from "~/lib/inquiries/changes.server";
import { markRepliedOutside, sendDeskReply } from "~/lib/inquiries/replies.server";
import { INBOX_CHANGED_CHANNEL } from "~/lib/inquiries/inquiries.server";
import { alertOverdueInquiries } from "~/lib/inquiries/desk-schedule.server";

const SITE = "https://site.example.test";
const HOUR = 3_600_000;

/**
 * Live: every desk action reaches open dashboards through the
 * inbox channel (the triggers of migrations 0003 and 0009), and only once
 * its transaction commits. Markers sent on the channel before and after an
 * action bound what it announced: notifications arrive in commit order.
 */
describe.each(testBackends)("desk actions notify the inbox channel on %s", (backend) => {
  const database = useTestDatabase(backend, [jobs, contactSubmissions, user]);
  const smtp = useSmtpSink();
  const received: string[] = [];
  let stop: (() => Promise<void>) | undefined;
  let markers = 0;

  beforeAll(async () => {
    stop = await database.listen(INBOX_CHANGED_CHANNEL, (payload) => received.push(payload));
  });
  afterAll(async () => {
    await stop?.();
  });
  beforeEach(async () => {
    await seedDeskUsers(database.db);
  });

  async function mark(): Promise<string> {
    const marker = `marker-${++markers}`;
    await database.notify(INBOX_CHANGED_CHANNEL, marker);
    await vi.waitFor(() => expect(received).toContain(marker), { timeout: 5_000 });
    return marker;
  }

  /** What `action` announced on the channel (the trigger's operation names). */
  async function announced(action: () => Promise<unknown>): Promise<string[]> {
    const before = await mark();
    await action();
    const after = await mark();
    return received.slice(received.indexOf(before) + 1, received.indexOf(after));
  }

  async function inquiry(values: Partial<typeof contactSubmissions.$inferInsert> = {}): Promise<string> {
    const [row] = await database.db
      .insert(contactSubmissions)
      .values({ name: "Kofi Mensah", email: "kofi@example.test", message: "Hello", ...values })
      .returning({ id: contactSubmissions.id });
    return row!.id;
  }

  const sender = () =>
    createMailSender({ smtpUrl: smtp.url, mailDir: "/nonexistent", from: "Desk <desk@site.example.test>" });

  it("each single-inquiry action announces a change", async () => {
    const id = await inquiry();
    const actions: [string, () => Promise<unknown>][] = [
      ["status", () => setInquiryStatus(database.db, { inquiryId: id, status: "qualified", actorId: "ama" })],
      [
        "assign",
        () => assignInquiry(database.db, { inquiryId: id, assigneeId: "ben", actorId: "ama", siteUrl: SITE }),
      ],
      [
        "unassign",
        () => assignInquiry(database.db, { inquiryId: id, assigneeId: null, actorId: "ama", siteUrl: SITE }),
      ],
      ["take", () => takeInquiry(database.db, { inquiryId: id, actorId: "ama", siteUrl: SITE })],
      [
        "reply",
        () => sendDeskReply(database.db, { inquiryId: id, subject: "Hi", body: "Text", actorId: "ama" }),
      ],
      ["reply delivered", () => runMailJobs(database.db, sender())],
      ["mark replied", () => markRepliedOutside(database.db, { inquiryId: id, actorId: "ben" })],
      ["read", () => markRead(database.db, id, "ama")],
      ["unread", () => markUnread(database.db, id, "ama")],
      ["spam", () => setSpam(database.db, id, true, "ama")],
      ["not spam", () => setSpam(database.db, id, false, "ama")],
      ["notes", () => saveNotes(database.db, id, "Called back.", "ben")],
      ["delete", () => deleteInquiry(database.db, id)],
    ];
    for (const [name, action] of actions) {
      expect(await announced(action), name).not.toEqual([]);
    }
  });

  it("a reply's final delivery failure and an overdue alert announce a change", async () => {
    const id = await inquiry({ created_at: new Date(Date.now() - 30 * HOUR) });
    await sendDeskReply(database.db, { inquiryId: id, subject: "Hi", body: "Text", actorId: "ama" });
    await database.db.update(jobs).set({ attempts: MAX_ATTEMPTS - 1 });
    smtp.setFailing(true);
    expect(await announced(() => runMailJobs(database.db, sender()))).not.toEqual([]);

    await database.db
      .update(contactSubmissions)
      // Waiting again (as after a message from the lead) since before the deadline.
      .set({ first_replied_at: null, status: "new", awaiting_since: new Date(Date.now() - 30 * HOUR) })
      .where(eq(contactSubmissions.id, id));
    const alert = () =>
      alertOverdueInquiries(database.db, {
        now: new Date(),
        siteUrl: SITE,
        webhookUrl: "https://hooks.example.test/desk",
      });
    expect(await announced(alert)).not.toEqual([]);
  });

  it("each bulk action announces a change, for the selection and for a filter", async () => {
    const ids = [await inquiry(), await inquiry({ name: "Ama Owusu" })];
    const actions: BulkAction[] = [
      { kind: "mark-read" },
      { kind: "mark-unread" },
      { kind: "spam" },
      { kind: "not-spam" },
      { kind: "assign", assigneeId: "ben" },
      { kind: "assign", assigneeId: null },
      { kind: "set-status", status: "closed_lost", lostReason: "Elsewhere" },
    ];
    for (const action of actions) {
      const run = () =>
        applyBulkAction(database.db, { target: { ids }, action, actorId: "ama", siteUrl: SITE });
      expect(await announced(run), JSON.stringify(action)).not.toEqual([]);
    }
    const everything = {
      query: { status: "all" as const },
      viewerId: "ama",
      before: new Date(Date.now() + HOUR),
    };
    const deleteAll = () =>
      applyBulkAction(database.db, {
        target: everything,
        action: { kind: "delete" },
        actorId: "ama",
        siteUrl: SITE,
      });
    expect(await announced(deleteAll)).not.toEqual([]);
  });

  it("announces nothing for an action whose transaction rolls back", async () => {
    const id = await inquiry();
    const rolledBack = () =>
      database.db
        .transaction(async (tx) => {
          await markRead(tx, id, "ama");
          await setInquiryStatus(tx, { inquiryId: id, status: "qualified", actorId: "ama" });
          throw new Error("rolled back");
        })
        .catch(() => {});
    expect(await announced(rolledBack)).toEqual([]);
    // Control: the same actions, committed, do announce.
    expect(await announced(() => markRead(database.db, id, "ama"))).not.toEqual([]);
  });
});
