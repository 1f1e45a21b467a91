import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  accountActivity,
  contactSubmissions,
  inquiryEvents,
  inquiryReplies,
  jobs,
  privacyErasures,
  rateLimits,
  session,
  user,
  verification,
} from "~db/schema";
import { retention } from "~/content/retention";
import { mailJobs, scheduledDeps, startAndRunScheduled, webhookJobs } from "../../../tests/support/job-rows";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { testBackends } from "../../../tests/support/test-database";
import { openDatabase } from "~/lib/db/db.server";
import { parseEnv } from "~/lib/env.server";
import { scheduledKinds } from "~/lib/jobs/job-scheduler.server";
import { recordSignIn } from "~/lib/auth/account-activity.server";
import { daysBefore, monthsBefore, retentionJob, runRetention } from "~/lib/privacy/retention.server";
import { INACTIVITY_WARNING } from "~/lib/mail/retention-mails.server";
import { BACKUP_LOCK_ID } from "~/lib/backup/backup-job.server";
import { withPostgresAdvisoryLock } from "~/lib/backup/postgres-backup.server";
import { preMigrationBackupDir } from "~/lib/backup/backup-before-migrations.server";
import type { Env } from "~/lib/env.server";
import { ADVISORY_LOCKS } from "~/lib/db/advisory-locks";

const NOW = new Date("2030-06-15T12:00:00Z");
const SITE = "https://site.example.test";
const HOUR = 60 * 60 * 1000;
const later = (date: Date, ms: number) => new Date(date.getTime() + ms);
const earlier = (date: Date, ms: number) => new Date(date.getTime() - ms);

describe.each(testBackends)("retention job on %s", (backend) => {
  const database = useTestDatabase(backend, [
    jobs,
    contactSubmissions,
    rateLimits,
    verification,
    privacyErasures,
    user,
  ]);

  const inquiry = async (name: string, values: Partial<typeof contactSubmissions.$inferInsert>) => {
    const [row] = await database.db
      .insert(contactSubmissions)
      .values({ name, email: `${name}@example.test`, message: `From ${name}`, ...values })
      .returning({ id: contactSubmissions.id });
    return row!.id;
  };
  const names = async () =>
    (await database.db.select({ name: contactSubmissions.name }).from(contactSubmissions))
      .map((row) => row.name)
      .sort();
  const mail = async (subject: string, values: Partial<typeof jobs.$inferInsert>) => {
    const payload = { purpose: "test", to: ["a@example.test"], replyTo: null, subject, text: "t", html: "h" };
    await database.db.insert(jobs).values({ kind: "mail", payload, ...values });
  };
  const subjects = async () => (await mailJobs(database.db)).map((row) => row.subject).sort();
  const webhookCall = {
    kind: "webhook",
    payload: { event: "inquiry.received", url: "https://h.test", body: "{}" },
  };
  const account = async (id: string, createdAt: Date) => {
    await database.db.insert(user).values({ id, name: `User ${id}`, email: `${id}@example.test`, createdAt });
  };
  const userIds = async () =>
    (await database.db.select({ id: user.id }).from(user)).map((row) => row.id).sort();
  const warnings = async () => (await mailJobs(database.db, INACTIVITY_WARNING)).map((row) => row.to[0]);

  it("counts desk activity as activity, and deletes an inquiry's timeline, replies and webhook calls with it", async () => {
    const period = monthsBefore(NOW, retention.inquiryMonths);
    await inquiry("handled-recently", {
      created_at: earlier(period, 100 * HOUR),
      last_action_at: later(period, HOUR),
    });
    const expiredId = await inquiry("expired", {
      created_at: earlier(period, 100 * HOUR),
      last_action_at: earlier(period, HOUR),
    });
    await database.db.insert(inquiryEvents).values({ inquiry_id: expiredId, kind: "status-changed" });
    await database.db
      .insert(inquiryReplies)
      .values({ inquiry_id: expiredId, to: "x@example.test", subject: "s", body: "b" });
    await database.db.insert(jobs).values([
      { ...webhookCall, inquiry_id: expiredId },
      // Delivered calls go after the delivered-mail period, undelivered ones stay.
      { ...webhookCall, done_at: daysBefore(NOW, retention.deliveredMailDays + 1) },
      { ...webhookCall, done_at: daysBefore(NOW, retention.deliveredMailDays - 1) },
      webhookCall,
    ]);
    const { counts } = await runRetention(database.db, { now: NOW, siteUrl: SITE });
    expect(counts).toMatchObject({ contact_submissions: 1, jobs: 2 });
    expect(await names()).toEqual(["handled-recently"]);
    expect(await database.db.select().from(inquiryEvents)).toHaveLength(0);
    expect(await database.db.select().from(inquiryReplies)).toHaveLength(0);
    expect(await webhookJobs(database.db)).toHaveLength(2);
  });

  it("deletes inquiries past their period after their last activity, and never one inside it", async () => {
    const period = monthsBefore(NOW, retention.inquiryMonths);
    await inquiry("inside", { created_at: later(period, HOUR) });
    const expiredId = await inquiry("expired", { created_at: earlier(period, HOUR) });
    // Opening an inquiry is not activity: it gives no reason to keep it longer.
    await inquiry("read-recently-only", {
      created_at: earlier(period, 100 * HOUR),
      read_at: later(period, HOUR),
    });
    await inquiry("noted-recently", {
      created_at: earlier(period, 100 * HOUR),
      notes_updated_at: later(period, HOUR),
    });
    const spamPeriod = daysBefore(NOW, retention.spamDays);
    await inquiry("spam-inside", { is_spam: true, created_at: later(spamPeriod, HOUR) });
    await inquiry("spam-expired", { is_spam: true, created_at: earlier(spamPeriod, HOUR) });
    await inquiry("genuine-as-old-as-spam", { created_at: earlier(spamPeriod, HOUR) });
    await mail("about the expired inquiry", { inquiry_id: expiredId });

    const { ran, counts } = await runRetention(database.db, { now: NOW, siteUrl: SITE });
    expect(ran).toBe(true);
    expect(counts).toMatchObject({ contact_submissions: 3, jobs: 1 });
    expect(await names()).toEqual(["genuine-as-old-as-spam", "inside", "noted-recently", "spam-inside"]);
    expect(await subjects()).toEqual([]);

    // Idempotent: the same run again finds nothing.
    const again = await runRetention(database.db, { now: NOW, siteUrl: SITE });
    expect(Object.values(again.counts).every((count) => count === 0)).toBe(true);
  });

  it("keeps a held inquiry for the genuine period, not the spam one", async () => {
    const spamPeriod = daysBefore(NOW, retention.spamDays);
    const period = monthsBefore(NOW, retention.inquiryMonths);
    await inquiry("held-older-than-spam", {
      is_spam: true,
      held: true,
      created_at: earlier(spamPeriod, HOUR),
    });
    await inquiry("held-expired", { is_spam: true, held: true, created_at: earlier(period, HOUR) });
    await inquiry("spam-expired", { is_spam: true, created_at: earlier(spamPeriod, HOUR) });

    const { counts } = await runRetention(database.db, { now: NOW, siteUrl: SITE });
    expect(counts).toMatchObject({ contact_submissions: 2 });
    expect(await names()).toEqual(["held-older-than-spam"]);
  });

  it("deletes delivered and abandoned mail jobs after their period; pending mail stays", async () => {
    const delivered = daysBefore(NOW, retention.deliveredMailDays);
    const failed = daysBefore(NOW, retention.failedMailDays);
    await mail("sent-inside", { done_at: later(delivered, HOUR) });
    await mail("sent-expired", { done_at: earlier(delivered, HOUR) });
    await mail("failed-inside", { failed_at: later(failed, HOUR) });
    await mail("failed-expired", { failed_at: earlier(failed, HOUR) });
    await mail("pending-old", { created_at: earlier(failed, 1000 * HOUR) });

    const { counts } = await runRetention(database.db, { now: NOW, siteUrl: SITE });
    expect(counts).toMatchObject({ jobs: 2 });
    expect(await subjects()).toEqual(["failed-inside", "pending-old", "sent-inside"]);
  });

  it("deletes ended rate-limit windows, expired sessions and expired tokens only", async () => {
    const { db } = database;
    await db.insert(rateLimits).values([
      { key: "ended", window_start: earlier(NOW, 2 * HOUR), count: 1, expires_at: earlier(NOW, HOUR) },
      { key: "current", window_start: earlier(NOW, HOUR), count: 1, expires_at: later(NOW, HOUR) },
    ]);
    await account("holder", earlier(NOW, HOUR));
    const sessionRow = (id: string, createdAt: Date, expiresAt: Date) => ({
      id,
      token: `token-${id}`,
      userId: "holder",
      createdAt,
      updatedAt: createdAt,
      expiresAt,
      ipAddress: "203.0.113.9",
      userAgent: "Test",
    });
    await db.insert(session).values([
      sessionRow("live", earlier(NOW, HOUR), later(NOW, HOUR)),
      sessionRow("idle-expired", earlier(NOW, 200 * HOUR), earlier(NOW, HOUR)),
      sessionRow(
        "past-max-age",
        daysBefore(NOW, retention.sessionMaxDays + 1),
        later(NOW, HOUR), // slid forward by use, but past the absolute lifetime
      ),
    ]);
    await db.insert(verification).values([
      { id: "v-live", identifier: "x", value: "holder", expiresAt: later(NOW, HOUR) },
      { id: "v-expired", identifier: "y", value: "holder", expiresAt: earlier(NOW, HOUR) },
    ]);

    const { counts } = await runRetention(database.db, { now: NOW, siteUrl: SITE });
    expect(counts).toMatchObject({ rate_limits: 1, session: 2, verification: 1 });
    expect((await db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key)).toEqual([
      "current",
    ]);
    expect((await db.select({ id: session.id }).from(session)).map((r) => r.id)).toEqual(["live"]);
    expect((await db.select({ id: verification.id }).from(verification)).map((r) => r.id)).toEqual([
      "v-live",
    ]);
  });

  it("warns unused accounts once, deletes them after the grace period, and spares any used since", async () => {
    const idleSince = monthsBefore(NOW, retention.inactiveAccountMonths);
    await account("fresh", later(idleSince, HOUR));
    await account("idle", earlier(idleSince, HOUR));
    await account("idle-returns", earlier(idleSince, HOUR));
    await account("old-but-signed-in", earlier(idleSince, 1000 * HOUR));
    await recordSignIn(database.db, "old-but-signed-in", later(idleSince, HOUR));

    let result = await runRetention(database.db, { now: NOW, siteUrl: SITE });
    // Two warned, none deleted.
    expect(result.counts).toMatchObject({ user: 2 });
    expect(await userIds()).toEqual(["fresh", "idle", "idle-returns", "old-but-signed-in"]);
    expect((await warnings()).sort()).toEqual(["idle-returns@example.test", "idle@example.test"]);
    const [warning] = await mailJobs(database.db, INACTIVITY_WARNING);
    expect(warning?.text).toContain(`${SITE}/auth`);

    // Warned once, however often the job runs during the grace period.
    result = await runRetention(database.db, { now: later(NOW, HOUR), siteUrl: SITE });
    expect(result.counts).toMatchObject({ user: 0 });
    expect(await warnings()).toHaveLength(2);

    // One owner signs in after the warning.
    await recordSignIn(database.db, "idle-returns", later(NOW, 24 * HOUR));
    const graceEnd = later(NOW, (retention.inactiveAccountGraceDays * 24 - 1) * HOUR);
    result = await runRetention(database.db, { now: graceEnd, siteUrl: SITE });
    expect(result.ran).toBe(true);
    expect(await userIds()).toEqual(["fresh", "idle", "idle-returns", "old-but-signed-in"]);

    const afterGrace = later(NOW, (retention.inactiveAccountGraceDays * 24 + 1) * HOUR);
    result = await runRetention(database.db, { now: afterGrace, siteUrl: SITE });
    expect(result.counts.user).toBe(1);
    expect(await userIds()).toEqual(["fresh", "idle-returns", "old-but-signed-in"]);
    const activity = await database.db
      .select()
      .from(accountActivity)
      .where(inArray(accountActivity.user_id, ["idle", "idle-returns"]));
    expect(activity).toEqual([
      expect.objectContaining({ user_id: "idle-returns", inactivity_warned_at: null }),
    ]);
  });

  it("prunes backups taken before migrations without BACKUP_DIR by the same period", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "retention-premigration-"));
    try {
      // Where backupBeforeMigrations writes when BACKUP_DIR is not set.
      const fallback = preMigrationBackupDir({ DATA_DIR: dataDir } as Env);
      fs.mkdirSync(fallback);
      const backupDays = daysBefore(NOW, retention.backupDays);
      const write = (name: string, writtenAt: Date) => {
        fs.writeFileSync(path.join(fallback, name), "dump");
        fs.utimesSync(path.join(fallback, name), writtenAt, writtenAt);
      };
      write("backup-2030-01-01T00-00-00Z-pglite.tar.gz", earlier(backupDays, HOUR));
      write("backup-2030-06-01T00-00-00Z-pglite.tar.gz", later(backupDays, HOUR));
      const { counts } = await runRetention(database.db, { now: NOW, siteUrl: SITE, dirs: { dataDir } });
      expect(counts).toMatchObject({ backups: 1 });
      expect(fs.readdirSync(fallback)).toEqual(["backup-2030-06-01T00-00-00Z-pglite.tar.gz"]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("deletes mail files and backups past their period, and erasure records after their years", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "retention-files-"));
    try {
      const dataDir = path.join(dir, "data");
      const backupDir = path.join(dir, "backups");
      fs.mkdirSync(path.join(dataDir, "mail"), { recursive: true });
      fs.mkdirSync(backupDir);
      const file = (name: string, writtenAt: Date) => {
        fs.writeFileSync(name, "To: someone@example.test\n\nhello\n");
        fs.utimesSync(name, writtenAt, writtenAt);
      };
      const mailDays = daysBefore(NOW, retention.deliveredMailDays);
      file(path.join(dataDir, "mail", "old.eml"), earlier(mailDays, HOUR));
      file(path.join(dataDir, "mail", "recent.eml"), later(mailDays, HOUR));
      const backupDays = daysBefore(NOW, retention.backupDays);
      file(path.join(backupDir, "backup-2030-01-01T00-00-00Z-postgres.dump"), earlier(backupDays, HOUR));
      file(path.join(backupDir, "backup-2030-06-01T00-00-00Z-postgres.dump"), later(backupDays, HOUR));
      // Not a backup by its name: never touched.
      file(path.join(backupDir, "notes.txt"), earlier(backupDays, 1000 * HOUR));
      const yearsAgo = (years: number) => {
        const date = new Date(NOW);
        date.setUTCFullYear(date.getUTCFullYear() - years);
        return date;
      };
      await database.db.insert(privacyErasures).values([
        {
          erased_by: "a",
          kind: "rights-request",
          row_counts: {},
          erased_at: earlier(yearsAgo(retention.erasureRecordYears), HOUR),
        },
        {
          erased_by: "b",
          kind: "rights-request",
          row_counts: {},
          erased_at: later(yearsAgo(retention.erasureRecordYears), HOUR),
        },
      ]);

      const { counts } = await runRetention(database.db, {
        now: NOW,
        siteUrl: SITE,
        dirs: { dataDir, backupDir },
      });
      expect(counts).toMatchObject({ "mail files": 1, backups: 1, privacy_erasures: 1 });
      expect(fs.readdirSync(path.join(dataDir, "mail"))).toEqual(["recent.eml"]);
      expect(fs.readdirSync(backupDir).sort()).toEqual([
        "backup-2030-06-01T00-00-00Z-postgres.dump",
        "notes.txt",
      ]);
      expect((await database.db.select().from(privacyErasures)).map((row) => row.erased_by)).toEqual(["b"]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("deletes the reset tokens of an account deleted for inactivity in the same run", async () => {
    const idleSince = monthsBefore(NOW, retention.inactiveAccountMonths);
    await account("gone", earlier(idleSince, 1000 * HOUR));
    await database.db.insert(accountActivity).values({
      user_id: "gone",
      inactivity_warned_at: daysBefore(NOW, retention.inactiveAccountGraceDays + 1),
    });
    await database.db.insert(verification).values([
      { id: "v-gone", identifier: "reset-password:tok", value: "gone", expiresAt: later(NOW, HOUR) },
      { id: "v-other", identifier: "something-else", value: "gone", expiresAt: later(NOW, HOUR) },
    ]);
    const { counts } = await runRetention(database.db, { now: NOW, siteUrl: SITE });
    expect(counts).toMatchObject({ user: 1, verification: 1 });
    expect(await userIds()).toEqual([]);
    expect((await database.db.select({ id: verification.id }).from(verification)).map((r) => r.id)).toEqual([
      "v-other",
    ]);
  });

  it("run by two instances at once, deletes each row once and warns each account once", async () => {
    // A second connection pool to the same database, as a second instance has.
    const second = database.url
      ? await openDatabase({ kind: "postgres", url: database.url, poolSize: 2 })
      : null;
    try {
      const old = earlier(monthsBefore(NOW, retention.inquiryMonths), HOUR);
      const runTwice = async () => {
        const runs = await Promise.all(
          [database.db, second?.db ?? database.db].map((db) => runRetention(db, { now: NOW, siteUrl: SITE })),
        );
        return (key: "contact_submissions" | "user") =>
          runs.reduce((sum, run) => sum + (run.counts[key] ?? 0), 0);
      };

      // Idle accounts alone: nothing else in the run makes the two wait for each other.
      for (let i = 0; i < 5; i++) await account(`idle-${i}`, old);
      let total = await runTwice();
      expect(total("user")).toBe(5);
      expect(await warnings()).toHaveLength(5);

      for (let i = 0; i < 20; i++) await inquiry(`old-${i}`, { created_at: old });
      await inquiry("kept", { created_at: NOW });
      total = await runTwice();
      expect(total("contact_submissions")).toBe(20);
      expect(await names()).toEqual(["kept"]);
      expect(await warnings()).toHaveLength(5);
    } finally {
      await second?.close();
    }
  });

  it("runs every hour on the hour as a scheduled job, as of its time, once per hour across restarts", async () => {
    const scheduled = scheduledKinds([retentionJob], parseEnv({ BETTER_AUTH_SECRET: "x".repeat(32) }));
    expect(scheduled[0]?.schedule.cron).toBe(`0 */${retention.jobIntervalHours} * * *`);
    const deps = scheduledDeps(database, { SITE_URL: SITE });
    await inquiry("expired", { created_at: earlier(monthsBefore(NOW, retention.inquiryMonths), HOUR) });
    // A start at 12:00 runs the 12:00 run; a restart within the hour does not run it again.
    expect(await startAndRunScheduled(database.db, scheduled, deps, NOW)).toBe(1);
    expect(await names()).toEqual([]);
    await inquiry("expired-since", { created_at: earlier(monthsBefore(NOW, retention.inquiryMonths), HOUR) });
    expect(await startAndRunScheduled(database.db, scheduled, deps, later(NOW, 30 * 60_000))).toBe(0);
    expect(await names()).toEqual(["expired-since"]);
    // The next hour's run takes it.
    expect(await startAndRunScheduled(database.db, scheduled, deps, later(NOW, HOUR))).toBe(1);
    expect(await names()).toEqual([]);
  });
});

describe("the retention job and the backups have their own locks", () => {
  it("gives every job its own advisory lock id", () => {
    const ids = Object.values(ADVISORY_LOCKS);
    expect(new Set(ids).size).toBe(ids.length);
    expect(BACKUP_LOCK_ID).toBe(ADVISORY_LOCKS.backup);
  });
});

// Scheduled backups take an advisory lock on Postgres only (PGlite backups hold its transaction mutex instead).
describe.each(testBackends.filter((backend) => backend === "postgres"))(
  "the retention job during a backup on %s",
  (backend) => {
    const database = useTestDatabase(backend, [contactSubmissions]);

    it("runs while a backup holds the backup lock, instead of skipping the run", async () => {
      await database.db.insert(contactSubmissions).values({
        name: "expired",
        email: "expired@example.test",
        message: "old",
        created_at: earlier(monthsBefore(NOW, retention.inquiryMonths), HOUR),
      });
      // Another instance's backup, in its own session, holds its lock for the whole run.
      const result = await withPostgresAdvisoryLock(database.url!, BACKUP_LOCK_ID, () =>
        runRetention(database.db, { now: NOW, siteUrl: SITE }),
      );
      expect(result).toMatchObject({ ran: true, counts: { contact_submissions: 1 } });
      expect(await database.db.select().from(contactSubmissions)).toEqual([]);
    });
  },
);
