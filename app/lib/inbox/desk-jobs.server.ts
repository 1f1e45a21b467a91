import { DIGEST_HOUR_UK } from "~/content/lead-desk";
import { defineScheduledJobKind, runOnce } from "../jobs/scheduled-job.server";
import { logger } from "../ops/logger.server";
import { londonDate, UK_TIME_ZONE } from "../reports/uk-weeks";
import { remindDueFollowUps } from "./follow-up-reminders.server";
import { sendMorningDigest } from "./morning-digest.server";
import { alertOverdueInquiries } from "./overdue-alerts.server";

/*
 * The lead desk's timed work, as scheduled kinds of job (decision 071).
 * The sweeps run every minute and mark what they handled (markOnce), so a
 * run repeated or overlapping does nothing twice; the digest runs in one
 * transaction with its job's "done" (runOnce), so it is queued once.
 */

/** Every minute: an inquiry is announced as it becomes overdue. Without WEBHOOK_URL there is nothing to announce. */
export const overdueAlertsJob = defineScheduledJobKind({
  kind: "overdue-alerts",
  schedule: (env) => (env.WEBHOOK_URL ? { cron: "* * * * *" } : null),
  async run({ asOf }, { database, env }) {
    const announced = await alertOverdueInquiries(database.db, {
      now: asOf,
      siteUrl: env.SITE_URL,
      webhookUrl: env.WEBHOOK_URL,
    });
    if (announced > 0) logger.info({ overdueAlerts: announced }, "overdue inquiries announced");
  },
});

/** Every minute: a follow-up's reminder goes at its time, not minutes late. */
export const followUpRemindersJob = defineScheduledJobKind({
  kind: "follow-up-reminders",
  schedule: { cron: "* * * * *" },
  async run({ asOf }, { database, env }) {
    const reminded = await remindDueFollowUps(database.db, { now: asOf, siteUrl: env.SITE_URL });
    if (reminded > 0) logger.info({ followUpReminders: reminded }, "follow-up reminders queued");
  },
});

/**
 * Daily at DIGEST_HOUR_UK, UK time. A digest missed while no instance ran
 * is sent at start, later that UK day; never for a day gone by.
 */
export const morningDigestJob = defineScheduledJobKind({
  kind: "morning-digest",
  schedule: {
    cron: `0 ${DIGEST_HOUR_UK} * * *`,
    timezone: UK_TIME_ZONE,
    catchUp: (scheduledFor, now) => londonDate(scheduledFor) === londonDate(now),
  },
  async run({ scheduledFor, asOf }, { database, env }, job) {
    const result = await runOnce(database.db, job, (tx) =>
      sendMorningDigest(tx, {
        now: asOf,
        day: londonDate(scheduledFor),
        siteUrl: env.SITE_URL,
        adminEmails: env.ADMIN_EMAILS,
      }),
    );
    logger.info({ digest: result }, "morning digest");
  },
});
