import { and, eq, like } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import {
  contactSubmissions,
  followUps,
  inquiryEvents,
  jobs,
  privacyErasures,
  replyDrafts,
  user,
  userRoles,
} from "~db/schema";
import { mailJobs } from "../../../tests/support/job-rows";
import { useTwoInstances } from "../../../tests/support/desk-fixtures";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { testBackends } from "../../../tests/support/test-database";
import {
  FOLLOW_UP_REMINDER_MAIL,
  remindDueFollowUps,
  MORNING_DIGEST_MAIL,
  sendMorningDigest,
} from "~/lib/inquiries/desk-schedule.server";
import {
  completeFollowUp,
  countDueFollowUps,
  listFollowUps,
  setFollowUp,
} from "~/lib/inquiries/follow-ups.server";
import { formatInquiryReference } from "~/lib/inquiries/inquiry";
import { erasePersonalData, findPersonalData } from "~/lib/privacy/personal-data.server";
import { saveReplyDraft } from "~/lib/inquiries/replies.server";

const SITE = "https://site.example.test";
const HOUR = 60 * 60 * 1000;
/** 10:00 UK time (BST) on a June morning, after the digest hour. */
const NOW = new Date(Date.UTC(2030, 5, 17, 9, 0));
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR);

describe.each(testBackends)("follow-ups on %s", (backend) => {
  const database = useTestDatabase(backend, [jobs, privacyErasures, contactSubmissions, user]);
  const bothInstances = useTwoInstances(database);
  beforeEach(async () => {
    await database.db.insert(user).values([
      { id: "ama", name: "Ama Admin", email: "ama@example.test" },
      { id: "kofi", name: "Kofi Admin", email: "kofi@example.test" },
      { id: "mo", name: "Mo Member", email: "mo@example.test" },
    ]);
    await database.db.insert(userRoles).values([
      { user_id: "ama", role: "admin" },
      { user_id: "kofi", role: "admin" },
    ]);
  });

  async function lead(name: string): Promise<string> {
    const [row] = await database.db
      .insert(contactSubmissions)
      .values({ name, email: `${name}@example.test`, message: "m", interest: "consultation" })
      .returning({ id: contactSubmissions.id });
    return row!.id;
  }
  const followUpEvents = (inquiryId: string) =>
    database.db
      .select({ kind: inquiryEvents.kind, actorId: inquiryEvents.actor_id, details: inquiryEvents.details })
      .from(inquiryEvents)
      .where(and(eq(inquiryEvents.inquiry_id, inquiryId), like(inquiryEvents.kind, "follow-up-%")))
      .orderBy(inquiryEvents.created_at);

  it("sets, moves and completes a next step, each on the timeline with ids and times, never the text", async () => {
    const id = await lead("kwame");
    const text = "Call Kwame back about the Tarkwa site";
    expect(
      await setFollowUp(database.db, { inquiryId: id, dueAt: at(2), text, ownerId: "kofi", actorId: "ama" }),
    ).toBe("set");
    expect(
      await setFollowUp(database.db, { inquiryId: id, dueAt: at(2), text, ownerId: "kofi", actorId: "ama" }),
    ).toBe("unchanged");
    expect(
      await setFollowUp(database.db, {
        inquiryId: id,
        dueAt: at(26),
        text,
        ownerId: "kofi",
        actorId: "kofi",
      }),
    ).toBe("moved");
    // Only admins own follow-ups; an inquiry that is gone has none. Neither changes anything.
    expect(
      await setFollowUp(database.db, { inquiryId: id, dueAt: at(3), text, ownerId: "mo", actorId: "ama" }),
    ).toBe("not-an-admin");
    expect(
      await setFollowUp(database.db, {
        inquiryId: "00000000-0000-4000-8000-000000000000",
        dueAt: at(3),
        text,
        ownerId: "ama",
        actorId: "ama",
      }),
    ).toBe("not-found");
    expect(await completeFollowUp(database.db, { inquiryId: id, actorId: "kofi" })).toBe("done");
    expect(await completeFollowUp(database.db, { inquiryId: id, actorId: "kofi" })).toBe("not-found");

    const events = await followUpEvents(id);
    expect(events).toEqual([
      { kind: "follow-up-set", actorId: "ama", details: { dueAt: at(2).toISOString(), ownerId: "kofi" } },
      {
        kind: "follow-up-moved",
        actorId: "kofi",
        details: { dueAt: at(26).toISOString(), previousDueAt: at(2).toISOString(), ownerId: "kofi" },
      },
      { kind: "follow-up-done", actorId: "kofi", details: { dueAt: at(26).toISOString() } },
    ]);
    expect(JSON.stringify(events)).not.toContain("Tarkwa");

    // After it is done, the next one is "set" again.
    expect(
      await setFollowUp(database.db, {
        inquiryId: id,
        dueAt: at(48),
        text: "Next",
        ownerId: "ama",
        actorId: "ama",
      }),
    ).toBe("set");
  });

  it("lists what is overdue, due today and upcoming (UK days), and counts what is due", async () => {
    const overdue = await lead("overdue");
    const today = await lead("today");
    const tomorrow = await lead("tomorrow");
    const later = await lead("later");
    const done = await lead("done");
    const set = (inquiryId: string, dueAt: Date, ownerId = "ama") =>
      setFollowUp(database.db, { inquiryId, dueAt, text: "x", ownerId, actorId: "ama" });
    await set(overdue, at(-30));
    // 23:30 BST today is 22:30 UTC: still today in the UK.
    await set(today, new Date(Date.UTC(2030, 5, 17, 22, 30)), "kofi");
    // 00:30 BST tomorrow is 23:30 UTC today: tomorrow in the UK.
    await set(tomorrow, new Date(Date.UTC(2030, 5, 17, 23, 30)));
    await set(later, at(24 * 30));
    await set(done, at(-1));
    await completeFollowUp(database.db, { inquiryId: done, actorId: "ama" });

    const lists = await listFollowUps(database.db, { now: NOW });
    expect(lists.overdue.map((row) => row.inquiryId)).toEqual([overdue]);
    expect(lists.dueToday.map((row) => row.inquiryId)).toEqual([today]);
    expect(lists.upcoming.map((row) => row.inquiryId)).toEqual([tomorrow]);
    expect(lists.dueToday[0]).toMatchObject({ ownerName: "Kofi Admin", name: "today", text: "x" });
    expect(await countDueFollowUps(database.db, { now: NOW })).toBe(2);
    expect(await countDueFollowUps(database.db, { now: NOW, ownerId: "kofi" })).toBe(1);
    expect((await listFollowUps(database.db, { now: NOW, ownerId: "kofi" })).overdue).toEqual([]);
  });

  it("mails the owner one reminder at the due time, across two instances; moving it makes one more due", async () => {
    const due = await lead("due");
    const notYet = await lead("not-yet");
    const completed = await lead("completed");
    for (const [inquiryId, dueAt] of [
      [due, at(-0.5)],
      [notYet, at(1)],
      [completed, at(-2)],
    ] as const) {
      await setFollowUp(database.db, {
        inquiryId,
        dueAt,
        text: "Secret plan",
        ownerId: "kofi",
        actorId: "ama",
      });
    }
    await completeFollowUp(database.db, { inquiryId: completed, actorId: "ama" });
    for (let i = 0; i < 15; i++) {
      const other = await lead(`flood-${i}`);
      await setFollowUp(database.db, {
        inquiryId: other,
        dueAt: at(-i - 1),
        text: "x",
        ownerId: "ama",
        actorId: "ama",
      });
    }

    const instances = bothInstances().map((handle) => handle.db);
    const runs = await Promise.all(
      instances.flatMap((db) => [
        remindDueFollowUps(db, { now: NOW, siteUrl: SITE }),
        remindDueFollowUps(db, { now: NOW, siteUrl: SITE }),
      ]),
    );
    expect(runs.reduce((sum, count) => sum + count, 0)).toBe(16);
    expect(await remindDueFollowUps(database.db, { now: NOW, siteUrl: SITE })).toBe(0);

    const mails = await mailJobs(database.db, FOLLOW_UP_REMINDER_MAIL);
    expect(mails).toHaveLength(16);
    expect(new Set(mails.map((mail) => mail.inquiry_id)).size).toBe(16);
    const mail = mails.find((candidate) => candidate.inquiry_id === due)!;
    expect(mail.to).toEqual(["kofi@example.test"]);
    expect(mail.subject).toBe(`Follow-up due: inquiry ${formatInquiryReference(due)}`);
    expect(mail.text).toContain(`${SITE}/dashboard/inquiries/${due}`);
    expect(mail.text).toContain("is due Mon, 17 Jun 2030, 09:30 BST");
    // The follow-up's text and the lead's details stay out of the mail.
    expect(mail.text).not.toContain("Secret plan");
    expect(mail.text).not.toContain("due@example.test");
    expect(
      mails.some((candidate) => candidate.inquiry_id === notYet || candidate.inquiry_id === completed),
    ).toBe(false);
    const reminded = await followUpEvents(due);
    expect(reminded.at(-1)).toMatchObject({ kind: "follow-up-reminded", actorId: null });

    // An hour on, the second is due; moving the first makes it due again at its new time.
    await setFollowUp(database.db, {
      inquiryId: due,
      dueAt: at(1.5),
      text: "Secret plan",
      ownerId: "kofi",
      actorId: "ama",
    });
    expect(await remindDueFollowUps(database.db, { now: at(1), siteUrl: SITE })).toBe(1);
    expect(await remindDueFollowUps(database.db, { now: at(2), siteUrl: SITE })).toBe(1);
    expect(await mailJobs(database.db, FOLLOW_UP_REMINDER_MAIL)).toHaveLength(18);
    const [row] = await database.db.select().from(followUps).where(eq(followUps.inquiry_id, due));
    expect(row?.reminded_at).not.toBeNull();
  });

  it("the morning digest lists the follow-ups due today and overdue, without their text", async () => {
    const id = await lead("digest");
    await database.db
      .update(contactSubmissions)
      .set({ assigned_to: "ama", first_replied_at: at(-1), awaiting_since: null, last_message_by: "desk" });
    await setFollowUp(database.db, {
      inquiryId: id,
      dueAt: at(3),
      text: "Private words",
      ownerId: "kofi",
      actorId: "ama",
    });
    // 09:05 UK time, as a digest caught up after its hour sees the day.
    const morning = new Date("2030-06-17T08:05:00Z");
    const result = await sendMorningDigest(database.db, {
      now: morning,
      day: "2030-06-17",
      siteUrl: SITE,
      adminEmails: [],
    });
    expect(result.outcome).toBe("sent");
    const [digest] = await mailJobs(database.db, MORNING_DIGEST_MAIL);
    expect(digest?.subject).toBe("Lead desk 2030-06-17: 0 overdue, 0 unassigned, 1 follow-ups due");
    expect(digest?.text).toContain(
      `${formatInquiryReference(id)} – due Mon, 17 Jun 2030, 13:00 BST, Kofi Admin`,
    );
    expect(digest?.text).toContain(`${SITE}/dashboard/inquiries/${id}`);
    expect(digest?.text).not.toContain("Private words");
  });

  it("a rights request exports and erases the lead's follow-up and the drafts to them, and only theirs", async () => {
    const kwame = await lead("kwame");
    const other = await lead("other");
    for (const inquiryId of [kwame, other]) {
      await setFollowUp(database.db, {
        inquiryId,
        dueAt: at(5),
        text: `Call ${inquiryId === kwame ? "Kwame" : "Other"}`,
        ownerId: "ama",
        actorId: "ama",
      });
      await saveReplyDraft(database.db, {
        inquiryId,
        adminId: "ama",
        subject: "S",
        body: `Draft ${inquiryId}`,
      });
    }
    const found = await findPersonalData(database.db, "KWAME@example.test");
    expect(found.parts.followUps).toEqual([
      expect.objectContaining({ inquiryId: kwame, text: "Call Kwame", completedAt: null }),
    ]);
    expect(found.parts.replyDrafts).toEqual([
      expect.objectContaining({ inquiryId: kwame, body: `Draft ${kwame}` }),
    ]);

    const counts = await erasePersonalData(database.db, "kwame@example.test", "all", {
      erasedBy: "ama",
      kind: "rights-request",
    });
    expect(counts).toMatchObject({ follow_ups: 1, reply_drafts: 1 });
    expect((await database.db.select().from(followUps)).map((row) => row.inquiry_id)).toEqual([other]);
    expect((await database.db.select().from(replyDrafts)).map((row) => row.inquiry_id)).toEqual([other]);
  });
});
