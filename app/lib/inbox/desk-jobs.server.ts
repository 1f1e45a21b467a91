import type { Db } from "../db/db.server";
import { logger } from "../ops/logger.server";
import { startPeriodicJob } from "../ops/periodic-job.server";
import { remindDueFollowUps } from "./follow-up-reminders.server";
import { sendWeeklyReport } from "../reports/weekly-report-mail.server";
import { sendMorningDigest } from "./morning-digest.server";
import { alertOverdueInquiries } from "./overdue-alerts.server";

export interface DeskJobOptions {
  siteUrl: string;
  adminEmails: readonly string[];
  webhookUrl: string | undefined;
  /** The clock; tests pass their own. */
  now?: () => Date;
  intervalMs?: number;
  firstRunDelayMs?: number;
}

/**
 * One pass of the desk's timed work: overdue webhooks, reminders of
 * follow-ups that came due, then the day's digest and the week's report once due.
 */
export async function runDeskJobs(db: Db, options: DeskJobOptions & { now: () => Date }) {
  const now = options.now();
  const overdueAlerts = await alertOverdueInquiries(db, {
    now,
    siteUrl: options.siteUrl,
    webhookUrl: options.webhookUrl,
  });
  const followUpReminders = await remindDueFollowUps(db, { now, siteUrl: options.siteUrl });
  const digest = await sendMorningDigest(db, {
    now,
    siteUrl: options.siteUrl,
    adminEmails: options.adminEmails,
  });
  const weeklyReport = await sendWeeklyReport(db, {
    now,
    siteUrl: options.siteUrl,
    adminEmails: options.adminEmails,
  });
  return { overdueAlerts, followUpReminders, digest, weeklyReport };
}

/**
 * Runs the desk's timed work every few minutes, on every instance: the
 * database decides which instance does what (decision 018), so nothing
 * needs a leader. Registers its stop with the shutdown hooks.
 */
export function startDeskJobs(db: Db, options: DeskJobOptions): () => Promise<void> {
  // Every minute: a follow-up's reminder is due at its time, not up to five minutes late.
  const { now = () => new Date(), intervalMs = 60_000, firstRunDelayMs = 30_000 } = options;
  return startPeriodicJob({
    intervalMs,
    firstRunDelayMs,
    run: () =>
      runDeskJobs(db, { ...options, now })
        .then((result) => {
          if (
            result.overdueAlerts > 0 ||
            result.followUpReminders > 0 ||
            result.digest === "sent" ||
            result.weeklyReport === "sent"
          )
            logger.info({ desk: result }, "desk jobs ran");
        })
        .catch((error: unknown) => logger.error({ err: error }, "desk jobs failed")),
  });
}
