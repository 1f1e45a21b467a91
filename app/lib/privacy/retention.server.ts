import { and, eq, inArray, isNotNull, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import { accountActivity, contactSubmissions, jobs, session, user, verification } from "../../../db/schema";
import { type RetentionConfig, retention } from "~/content/retention";
import type { Db } from "../db/db.server";
import { logger } from "../ops/logger.server";
import { enqueueMail } from "../mail/mail.server";
import { mailJob } from "../mail/mail-job.server";
import { webhookJob } from "../webhook/webhook-job.server";
import { pruneRateLimits } from "../http/rate-limit.server";
import { inactivityWarningMail } from "../mail/retention-mails.server";
import { startPeriodicJob } from "../ops/periodic-job.server";

const DAY_MS = 24 * 60 * 60 * 1000;
// Arbitrary constant shared by every instance (the migration lock is 727_001).
const RETENTION_LOCK_ID = 727_002;
/** Accounts warned per run: bounds one run's transaction; the next run does the rest. */
const WARNINGS_PER_RUN = 200;

export interface RetentionCounts {
  inquiries: number;
  spam: number;
  /** Mail jobs about the inquiries deleted. */
  inquiryMail: number;
  deliveredMail: number;
  failedMail: number;
  /** Webhook calls about deleted inquiries, and delivered or abandoned ones past their period. */
  webhookCalls: number;
  rateLimits: number;
  expiredSessions: number;
  expiredVerifications: number;
  accountsWarned: number;
  accountsDeleted: number;
}

export interface RetentionResult {
  /** False when another instance was running the job: this run did nothing. */
  ran: boolean;
  counts: RetentionCounts;
}

export function monthsBefore(date: Date, months: number): Date {
  const result = new Date(date);
  result.setUTCMonth(result.getUTCMonth() - months);
  return result;
}

export function daysBefore(date: Date, days: number): Date {
  return new Date(date.getTime() - days * DAY_MS);
}

/** A timestamp parameter both drivers pass the same way. */
const at = (date: Date): SQL => sql`${date.toISOString()}::timestamptz`;

/**
 * An inquiry's last activity: it arrived, was read, its notes changed, or
 * the desk acted on it (a reply, its status, its owner). Its timeline and
 * replies go with it (ON DELETE CASCADE).
 */
export const inquiryLastActivity = sql`greatest(${contactSubmissions.created_at}, ${contactSubmissions.read_at}, ${contactSubmissions.notes_updated_at}, ${contactSubmissions.last_action_at})`;

/** An account's last use: created, signed in, or a session used (sessions slide daily). */
const accountLastUse = sql`greatest(${user.createdAt}, ${accountActivity.last_sign_in_at}, (select max(${session.updatedAt}) from ${session} where ${session.userId} = ${user.id}))`;

const ZERO: RetentionCounts = {
  inquiries: 0,
  spam: 0,
  inquiryMail: 0,
  deliveredMail: 0,
  failedMail: 0,
  webhookCalls: 0,
  rateLimits: 0,
  expiredSessions: 0,
  expiredVerifications: 0,
  accountsWarned: 0,
  accountsDeleted: 0,
};

async function deleteInquiries(
  tx: Db,
  expired: SQL | undefined,
): Promise<{ rows: number; mail: number; webhooks: number }> {
  // The jobs about them go first: mail copies the inquiry into its bodies (replies too).
  const about = await tx
    .delete(jobs)
    .where(
      inArray(
        jobs.inquiry_id,
        tx.select({ id: contactSubmissions.id }).from(contactSubmissions).where(expired),
      ),
    )
    .returning({ kind: jobs.kind });
  const mail = about.filter((job) => job.kind === mailJob.kind);
  const webhooks = about.filter((job) => job.kind === webhookJob.kind);
  const rows = await tx.delete(contactSubmissions).where(expired).returning({ id: contactSubmissions.id });
  return { rows: rows.length, mail: mail.length, webhooks: webhooks.length };
}

async function deleteInactiveAccounts(tx: Db, graceCutoff: Date): Promise<number> {
  const due = await tx
    .select({ id: user.id })
    .from(user)
    .innerJoin(accountActivity, eq(accountActivity.user_id, user.id))
    .where(
      and(
        isNotNull(accountActivity.inactivity_warned_at),
        lt(accountActivity.inactivity_warned_at, graceCutoff),
        // Not used since the warning.
        sql`${accountLastUse} < ${accountActivity.inactivity_warned_at}`,
      ),
    );
  if (due.length === 0) return 0;
  const ids = due.map((row) => row.id);
  // Password-reset tokens name the user by id; everything else cascades.
  await tx.delete(verification).where(inArray(verification.value, ids));
  const deleted = await tx.delete(user).where(inArray(user.id, ids)).returning({ id: user.id });
  return deleted.length;
}

async function warnInactiveAccounts(
  tx: Db,
  now: Date,
  inactiveCutoff: Date,
  config: RetentionConfig,
  siteUrl: string,
): Promise<number> {
  // A warning followed by use is void: the account counts as active again.
  await tx.execute(
    sql`update ${accountActivity} set inactivity_warned_at = null from ${user}
        where ${user.id} = ${accountActivity.user_id} and ${accountActivity.inactivity_warned_at} is not null
        and ${accountLastUse} >= ${accountActivity.inactivity_warned_at}`,
  );
  const idle = await tx
    .select({ id: user.id, email: user.email, name: user.name })
    .from(user)
    .leftJoin(accountActivity, eq(accountActivity.user_id, user.id))
    .where(and(isNull(accountActivity.inactivity_warned_at), sql`${accountLastUse} < ${at(inactiveCutoff)}`))
    .limit(WARNINGS_PER_RUN);
  const deleteAfter = new Date(now.getTime() + config.inactiveAccountGraceDays * DAY_MS);
  for (const account of idle) {
    await tx
      .insert(accountActivity)
      .values({ user_id: account.id, inactivity_warned_at: now })
      .onConflictDoUpdate({ target: accountActivity.user_id, set: { inactivity_warned_at: now } });
    // In the same transaction: the mail exists exactly when the warning is recorded.
    await enqueueMail(tx, inactivityWarningMail({ to: account.email, siteUrl, deleteAfter }));
  }
  return idle.length;
}

/**
 * Applies every retention period once, as of `now`. Safe to run from several
 * instances at the same time: one holds a transaction-scoped advisory lock
 * and does the work; the others find it taken and return at once. Running
 * it again deletes nothing new, and no row inside its period is touched.
 */
export async function runRetention(
  db: Db,
  options: { now: Date; siteUrl: string; config?: RetentionConfig },
): Promise<RetentionResult> {
  const { now, siteUrl, config = retention } = options;
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ locked: boolean }>(
      sql`select pg_try_advisory_xact_lock(${RETENTION_LOCK_ID}) as locked`,
    );
    if (!rows[0]?.locked) return { ran: false, counts: { ...ZERO } };

    const counts = { ...ZERO };
    const genuine = await deleteInquiries(
      tx,
      and(
        eq(contactSubmissions.is_spam, false),
        sql`${inquiryLastActivity} < ${at(monthsBefore(now, config.inquiryMonths))}`,
      ),
    );
    const spam = await deleteInquiries(
      tx,
      and(
        eq(contactSubmissions.is_spam, true),
        sql`${inquiryLastActivity} < ${at(daysBefore(now, config.spamDays))}`,
      ),
    );
    counts.inquiries = genuine.rows;
    counts.spam = spam.rows;
    counts.inquiryMail = genuine.mail + spam.mail;
    // Every kind of job is kept after it is done or given up on for the
    // mail's periods (webhook calls carry no contact details, but are kept
    // no longer than mail).
    const done = await tx
      .delete(jobs)
      .where(lt(jobs.done_at, daysBefore(now, config.deliveredMailDays)))
      .returning({ kind: jobs.kind });
    const failed = await tx
      .delete(jobs)
      .where(lt(jobs.failed_at, daysBefore(now, config.failedMailDays)))
      .returning({ kind: jobs.kind });
    const ofKind = (rows: { kind: string }[], kind: string) => rows.filter((row) => row.kind === kind).length;
    counts.webhookCalls =
      genuine.webhooks + spam.webhooks + ofKind(done, webhookJob.kind) + ofKind(failed, webhookJob.kind);
    counts.deliveredMail = ofKind(done, mailJob.kind);
    counts.failedMail = ofKind(failed, mailJob.kind);

    counts.rateLimits = await pruneRateLimits(tx, now);
    counts.expiredSessions = (
      await tx
        .delete(session)
        .where(or(lt(session.expiresAt, now), lt(session.createdAt, daysBefore(now, config.sessionMaxDays))))
        .returning({ id: session.id })
    ).length;
    counts.expiredVerifications = (
      await tx.delete(verification).where(lt(verification.expiresAt, now)).returning({ id: verification.id })
    ).length;

    counts.accountsDeleted = await deleteInactiveAccounts(
      tx,
      daysBefore(now, config.inactiveAccountGraceDays),
    );
    counts.accountsWarned = await warnInactiveAccounts(
      tx,
      now,
      monthsBefore(now, config.inactiveAccountMonths),
      config,
      siteUrl,
    );
    return { ran: true, counts };
  });
}

export interface RetentionJobOptions {
  /** The clock; tests pass their own. */
  now?: () => Date;
  intervalMs?: number;
  /** Not at once: a starting server has other work, and a restart loop would run it on every start. */
  firstRunDelayMs?: number;
  /** For the links in the warning mails (SITE_URL). */
  siteUrl: string;
}

/**
 * Runs the retention job in the background every `jobIntervalHours`, and
 * stops it when the server shuts down. Returns the stop function, which
 * resolves once a run in progress has finished. Logs counts, never content.
 */
export function startRetentionJob(db: Db, options: RetentionJobOptions): () => Promise<void> {
  const {
    now = () => new Date(),
    intervalMs = retention.jobIntervalHours * 60 * 60 * 1000,
    firstRunDelayMs = 60_000,
    siteUrl,
  } = options;
  return startPeriodicJob({
    intervalMs,
    firstRunDelayMs,
    run: () =>
      runRetention(db, { now: now(), siteUrl })
        .then(({ ran, counts }) => {
          if (ran) logger.info({ retention: counts }, "retention job ran");
          else logger.debug("retention job skipped: another instance is running it");
        })
        .catch((error: unknown) => logger.error({ err: error }, "retention job failed")),
  });
}
