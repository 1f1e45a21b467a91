import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactSubmissions, inquiryEvents, jobs, user, userRoles } from "~db/schema";
import { mailJobs, webhookJobs } from "../../../tests/support/job-rows";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { testBackends } from "../../../tests/support/test-database";
import { type DatabaseHandle, openDatabase } from "~/lib/db/db.server";
import { INQUIRY_NOTIFICATION } from "~/lib/mail/mail-job.server";
import { applyBulkAction } from "~/lib/inquiries/changes.server";
import { countInquiries, listInquiries, countSpamAndHeld } from "~/lib/inquiries/counts.server";
import { createInquiry, INQUIRY_ACKNOWLEDGEMENT } from "~/lib/inquiries/intake.server";
import { setSpam, releaseInquiry } from "~/lib/inquiries/inquiry-actions.server";
import type { ContactInput } from "~/forms/contact";
import { InboxFilterSchema } from "~/forms/inbox";

const SITE = "https://site.example.test";
const announce = {
  acknowledge: true,
  adminEmails: ["ops@example.test"],
  siteUrl: SITE,
  webhookUrl: "https://hooks.example.test/desk",
};
const input: ContactInput = {
  name: "Kwame Boateng",
  company: null,
  email: "kwame@example.test",
  phone: null,
  whatsapp: null,
  interest: "gold-buying",
  deal_size: null,
  message: "Typed fast, meant it.",
};

describe.each(testBackends)("held and spam inquiries on %s", (backend) => {
  const database = useTestDatabase(backend, [jobs, contactSubmissions, userRoles, user]);
  /** A second connection pool to the same database, as a second instance has (Postgres only). */
  let second: DatabaseHandle | null = null;
  beforeAll(async () => {
    second = database.url ? await openDatabase({ kind: "postgres", url: database.url, poolSize: 2 }) : null;
  });
  afterAll(async () => {
    await second?.close();
  });

  let keys = 0;
  const store = (kind: "held" | "spam" | "genuine", email: string = input.email) =>
    createInquiry(
      database.db,
      { ...input, email },
      {
        ...announce,
        isSpam: kind === "spam",
        held: kind === "held",
        submissionKey: `key-${++keys}`,
      },
    );
  const purposes = async () => (await mailJobs(database.db)).map((mail) => mail.purpose).sort();

  it("tells the admins of a held inquiry, marked held, and no one else until it is released once", async () => {
    const { id } = await store("held");
    const [held] = await mailJobs(database.db);
    expect(held).toMatchObject({ purpose: INQUIRY_NOTIFICATION, to: ["ops@example.test"] });
    expect(held?.subject).toContain("[Held for review]");
    expect(await webhookJobs(database.db)).toHaveLength(0);

    // Two admins at once (two instances on Postgres), and a double click after.
    const dbs = [database.db, second?.db ?? database.db];
    const results = await Promise.all(dbs.map((db) => releaseInquiry(db, id, null, announce)));
    expect(results).toEqual([true, true]);
    expect(await releaseInquiry(database.db, id, null, announce)).toBe(true);

    expect(await purposes()).toEqual(
      [INQUIRY_ACKNOWLEDGEMENT, INQUIRY_NOTIFICATION, INQUIRY_NOTIFICATION].sort(),
    );
    const acknowledgement = (await mailJobs(database.db, INQUIRY_ACKNOWLEDGEMENT))[0];
    expect(acknowledgement?.to).toEqual([input.email]);
    const notifications = await mailJobs(database.db, INQUIRY_NOTIFICATION);
    expect(notifications[1]?.subject).not.toContain("Held");
    expect(await webhookJobs(database.db)).toHaveLength(1);
    const [row] = await database.db.select().from(contactSubmissions).where(eq(contactSubmissions.id, id));
    expect(row).toMatchObject({ is_spam: false, held: false });
    expect(row?.announced_at).not.toBeNull();
    const events = await database.db
      .select({ kind: inquiryEvents.kind })
      .from(inquiryEvents)
      .where(eq(inquiryEvents.inquiry_id, id));
    expect(events.filter((event) => event.kind === "not-spam")).toHaveLength(1);

    // Marked spam and released again: it was announced already, so nothing more goes out.
    await setSpam(database.db, id, true);
    await releaseInquiry(database.db, id, null, announce);
    expect(await mailJobs(database.db)).toHaveLength(3);
  });

  it("releasing a trapped spam inquiry announces it; releasing one the desk marked spam does not", async () => {
    const trapped = await store("spam", "trapped@example.test");
    const genuine = await store("genuine", "genuine@example.test");
    expect(await purposes()).toEqual([INQUIRY_ACKNOWLEDGEMENT, INQUIRY_NOTIFICATION].sort());
    await setSpam(database.db, genuine.id, true);

    await releaseInquiry(database.db, trapped.id, null, announce);
    await releaseInquiry(database.db, genuine.id, null, announce);
    const acknowledgements = await mailJobs(database.db, INQUIRY_ACKNOWLEDGEMENT);
    expect(acknowledgements.map((mail) => mail.to[0]).sort()).toEqual([
      "genuine@example.test",
      "trapped@example.test",
    ]);
    expect(await mailJobs(database.db, INQUIRY_NOTIFICATION)).toHaveLength(2);
    expect(await releaseInquiry(database.db, crypto.randomUUID(), null, announce)).toBe(false);
  });

  it("releases in bulk with the same once-only announcement, and a held one can be judged spam", async () => {
    const a = await store("held", "a@example.test");
    const b = await store("spam", "b@example.test");
    const c = await store("held", "c@example.test");
    await setSpam(database.db, c.id, true);
    expect(await countSpamAndHeld(database.db)).toEqual({ spam: 2, held: 1 });

    const run = () =>
      applyBulkAction(database.db, {
        target: { ids: [a.id, b.id] },
        action: { kind: "not-spam" },
        actorId: "nobody",
        siteUrl: SITE,
        announce,
      });
    await database.db.insert(user).values({ id: "nobody", name: "N", email: "n@example.test" });
    expect(await run()).toEqual({ matched: 2, changed: 2 });
    expect(await run()).toEqual({ matched: 2, changed: 0 });
    const acknowledgements = await mailJobs(database.db, INQUIRY_ACKNOWLEDGEMENT);
    expect(acknowledgements.map((mail) => mail.to[0]).sort()).toEqual(["a@example.test", "b@example.test"]);
    expect(await countSpamAndHeld(database.db)).toEqual({ spam: 1, held: 0 });
  });

  it("shows held inquiries only in the held view, and spam only in the spam view", async () => {
    const held = await store("held", "held@example.test");
    const spam = await store("spam", "spam@example.test");
    const genuine = await store("genuine", "genuine@example.test");
    const ids = async (status: string) =>
      (await listInquiries(database.db, InboxFilterSchema.parse({ status }))).items.map((item) => item.id);
    expect(await ids("held")).toEqual([held.id]);
    expect(await ids("spam")).toEqual([spam.id]);
    expect(await ids("all")).toEqual([genuine.id]);
    expect(await ids("unread")).toEqual([genuine.id]);
    expect(await countInquiries(database.db, InboxFilterSchema.parse({ status: "held" }))).toBe(1);
    const [item] = (await listInquiries(database.db, InboxFilterSchema.parse({ status: "held" }))).items;
    expect(item).toMatchObject({ held: true, isSpam: true });
  });
});
