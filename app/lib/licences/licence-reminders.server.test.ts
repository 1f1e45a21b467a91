import { describe, expect, it } from "vitest";
import { contactSubmissions, jobs, licenceChecks, user, userRoles } from "~db/schema";
import { mailJobs, scheduledDeps, startAndRunScheduled } from "../../../tests/support/job-rows";
import { insertInquiry, seedAdminAma } from "../../../tests/support/desk-fixtures";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { testBackends } from "../../../tests/support/test-database";
import { LICENCE_EXPIRY_REMINDER_DAYS } from "~/content/licence-checks";
import { parseEnv } from "~/lib/env.server";
import { scheduledKinds } from "~/lib/jobs/job-scheduler.server";
import {
  LICENCE_EXPIRY_REMINDER_MAIL,
  licenceExpiryRemindersJob,
  remindExpiringLicences,
} from "~/lib/licences/licence-reminders.server";

/** Monday 17 June 2030, 07:00 BST: the reminders' time that day. */
const MORNING = new Date("2030-06-17T06:00:00Z");
const TODAY = "2030-06-17";
const LAST_DAY_REMINDED = "2030-07-17";
const REMINDERS = scheduledKinds(
  [licenceExpiryRemindersJob],
  parseEnv({ BETTER_AUTH_SECRET: "x".repeat(32) }),
);
const SITE = "https://site.example.test";

describe.each(testBackends)("licence expiry reminders on %s", (backend) => {
  const database = useTestDatabase(backend, [jobs, licenceChecks, contactSubmissions, userRoles, user]);

  // Each a licence of its own: a later check of the same licence would override the earlier ones.
  let serial = 0;
  const check = (inquiryId: string, values: Partial<typeof licenceChecks.$inferInsert> = {}) =>
    database.db
      .insert(licenceChecks)
      .values({
        inquiry_id: inquiryId,
        licence_type: "goldbod-buyer",
        licence_number: `GB/BUY/${String(++serial).padStart(4, "0")}`,
        holder: "Yaw Holder",
        register: "goldbod",
        checked_on: "2030-01-10",
        result: "valid",
        expires_on: LAST_DAY_REMINDED,
        ...values,
      })
      .returning({ id: licenceChecks.id });

  it("reminds the owner once, through the scheduled kind, of a valid licence expiring within the configured days", async () => {
    expect(LICENCE_EXPIRY_REMINDER_DAYS).toBe(30);
    await seedAdminAma(database.db);
    await database.db.insert(user).values({ id: "kojo", name: "Kojo Owner", email: "kojo@example.test" });
    const owned = await insertInquiry(database.db, { assigned_to: "kojo", interest: "gold-buying" });
    await check(owned);
    const deps = scheduledDeps(database);
    await startAndRunScheduled(database.db, REMINDERS, deps, MORNING);
    const mails = await mailJobs(database.db, LICENCE_EXPIRY_REMINDER_MAIL);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual(["kojo@example.test"]);
    expect(mails[0]!.subject).toMatch(/^Licence expires 2030-07-17: inquiry VM-/);
    expect(mails[0]!.text).toContain("GoldBod gold buyer licence".toLowerCase());
    expect(mails[0]!.text).toContain(`/dashboard/inquiries/${owned}`);
    expect(mails[0]!.text).not.toContain("Yaw Holder");
    expect(mails[0]!.text).not.toContain("GB/BUY/");
    expect(mails[0]!.inquiry_id).toBe(owned);
    // The next day's run, and the same run again, send nothing more for that check.
    await remindExpiringLicences(database.db, { now: MORNING, siteUrl: SITE, adminEmails: [] });
    await startAndRunScheduled(database.db, REMINDERS, deps, new Date(MORNING.getTime() + 24 * 3_600_000));
    expect(await mailJobs(database.db, LICENCE_EXPIRY_REMINDER_MAIL)).toHaveLength(1);
  });

  it("reminds the admins when nobody owns the lead, and never of checks outside the window or not valid", async () => {
    await seedAdminAma(database.db);
    const unowned = await insertInquiry(database.db);
    const [expiring] = await check(unowned, { expires_on: TODAY });
    await check(unowned, { expires_on: "2030-07-18" });
    await check(unowned, { expires_on: "2030-06-16" });
    await check(unowned, { result: "mismatch", expires_on: "2030-07-01" });
    await check(unowned, { result: "not-found", expires_on: null });
    const reminded = await remindExpiringLicences(database.db, {
      now: MORNING,
      siteUrl: SITE,
      adminEmails: ["ops@example.test"],
    });
    expect(reminded).toBe(1);
    const mails = await mailJobs(database.db, LICENCE_EXPIRY_REMINDER_MAIL);
    expect(mails.map((mail) => mail.to)).toEqual([["ama@example.test", "ops@example.test"]]);
    const marked = await database.db.select().from(licenceChecks);
    expect(marked.filter((row) => row.reminder_sent_at !== null).map((row) => row.id)).toEqual([
      expiring!.id,
    ]);
  });
});
