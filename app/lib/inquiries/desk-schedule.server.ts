import { and, asc, eq, gt, inArray, isNull, lte, notInArray, type SQL } from "drizzle-orm";
import { contactSubmissions, followUps, user } from "~db/schema";
import { CLOSED_LEAD_STATUSES, DIGEST_HOUR_UK } from "~/content/inquiry-desk";
import type { Db } from "~/lib/db/db.server";
import { markOnce } from "~/lib/jobs/mark-once.server";
import { defineScheduledJobKind, runOnce } from "~/lib/jobs/scheduled-job.server";
import { renderFollowUpReminder, renderMorningDigest } from "~/lib/mail/desk-mails.server";
import { enqueueMail } from "~/lib/mail/mail.server";
import { logger } from "~/lib/ops/logger.server";
import { londonDate, UK_TIME_ZONE } from "~/lib/uk-time";
import { enqueueWebhook } from "~/lib/webhook/webhook-job.server";
import { countSpamAndHeld, listOverdueInquiries } from "~/lib/inquiries/counts.server";
import { dueForReminder, listFollowUps } from "~/lib/inquiries/follow-ups.server";
import {
  awaitingReplyCondition,
  inquirySummaryColumns,
  type InquirySummaryRow,
  summariseInquiry,
} from "~/lib/inquiries/inquiries.server";
import { findAdminRecipients } from "~/lib/inquiries/intake.server";
import {
  formatInquiryReference,
  inquiryDashboardUrl,
  inquiryPageUrl,
  overdueCutoff,
} from "~/lib/inquiries/inquiry";
import { recordEvents } from "~/lib/inquiries/timeline.server";

/*
 * The desk's timed work, as scheduled kinds of job (decision 071). The sweeps mark what they handled (markOnce),
 * so a run repeated or overlapping does nothing twice; the digest commits with its job's "done" (runOnce).
 */
/** Without WEBHOOK_URL there is nothing to announce. */
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

export const followUpRemindersJob = defineScheduledJobKind({
  kind: "follow-up-reminders",
  schedule: { cron: "* * * * *" },
  async run({ asOf }, { database, env }) {
    const reminded = await remindDueFollowUps(database.db, { now: asOf, siteUrl: env.SITE_URL });
    if (reminded > 0) logger.info({ followUpReminders: reminded }, "follow-up reminders queued");
  },
});

/** A digest missed while no instance ran is sent at start, later that UK day; never for a day gone by. */
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

export const FOLLOW_UP_REMINDER_MAIL = "follow-up-reminder";
const BATCH = 100;

/**
 * Mails each owner of a follow-up that has come due one reminder, queued in the transaction that marks it
 * reminded, so with several instances each is reminded once. Moving a follow-up clears the mark (setFollowUp).
 */
export async function remindDueFollowUps(db: Db, options: { now: Date; siteUrl: string }): Promise<number> {
  return db.transaction(async (tx) => {
    const claimed = await markOnce(tx, {
      table: followUps,
      id: followUps.inquiry_id,
      mark: followUps.reminded_at,
      due: dueForReminder(options.now),
      oldest: followUps.due_at,
      limit: BATCH,
      returning: { inquiryId: followUps.inquiry_id, dueAt: followUps.due_at, ownerId: followUps.owner_id },
    });
    if (claimed.length === 0) return 0;
    const owners = await tx
      .select({ id: user.id, email: user.email })
      .from(user)
      .where(
        inArray(
          user.id,
          claimed.flatMap((row) => (row.ownerId ? [row.ownerId] : [])),
        ),
      );
    const inquiries = await tx
      .select(inquirySummaryColumns)
      .from(contactSubmissions)
      .where(
        inArray(
          contactSubmissions.id,
          claimed.map((row) => row.inquiryId),
        ),
      );
    for (const row of claimed) {
      const email = owners.find((owner) => owner.id === row.ownerId)?.email;
      const inquiry = inquiries.find((candidate) => candidate.id === row.inquiryId);
      if (!email || !inquiry) continue;
      await enqueueMail(tx, {
        kind: FOLLOW_UP_REMINDER_MAIL,
        to: [email],
        inquiryId: row.inquiryId,
        ...renderFollowUpReminder({
          ...summariseInquiry(inquiry, inquiryPageUrl(options.siteUrl, inquiry.id)),
          dueAt: row.dueAt,
        }),
      });
    }
    await recordEvents(
      tx,
      claimed.map((row) => ({
        inquiryId: row.inquiryId,
        kind: "follow-up-reminded" as const,
        details: { dueAt: row.dueAt.toISOString(), ownerId: row.ownerId },
      })),
    );
    return claimed.length;
  });
}

/**
 * Inquiries older than this are not announced: turning the webhook on (or
 * a long outage) must not flood the channel with old inquiries.
 */
export const OVERDUE_ALERT_LOOKBACK_DAYS = 7;

/**
 * Queues the overdue webhook for every inquiry that became overdue and was not announced yet (a new message
 * clears the mark), marking it in the same transaction so several instances announce it once.
 */
export async function alertOverdueInquiries(
  db: Db,
  options: { now: Date; siteUrl: string; webhookUrl: string | undefined },
): Promise<number> {
  const { webhookUrl } = options;
  if (!webhookUrl) return 0;
  const oldest = new Date(options.now.getTime() - OVERDUE_ALERT_LOOKBACK_DAYS * 24 * 60 * 60 * 1000);
  return db.transaction(async (tx) => {
    const claimed = await markOnce(tx, {
      table: contactSubmissions,
      id: contactSubmissions.id,
      mark: contactSubmissions.overdue_alerted_at,
      due: and(
        awaitingReplyCondition,
        lte(contactSubmissions.awaiting_since, overdueCutoff(options.now)),
        gt(contactSubmissions.awaiting_since, oldest),
      ),
      oldest: contactSubmissions.awaiting_since,
      limit: BATCH,
      returning: {
        id: contactSubmissions.id,
        interest: contactSubmissions.interest,
        dealSize: contactSubmissions.deal_size,
        createdAt: contactSubmissions.created_at,
      },
    });
    for (const row of claimed) {
      await enqueueWebhook(tx, {
        url: webhookUrl,
        event: "inquiry.overdue",
        inquiry: {
          ...row,
          reference: formatInquiryReference(row.id),
          dashboardUrl: inquiryDashboardUrl(options.siteUrl, row.id),
        },
      });
    }
    await recordEvents(
      tx,
      claimed.map((row) => ({
        inquiryId: row.id,
        kind: "overdue-alerted" as const,
        details: { channel: "webhook" },
      })),
    );
    return claimed.length;
  });
}

export const MORNING_DIGEST_MAIL = "morning-digest";
/** Inquiries listed per section; the subject carries the full counts. */
const LISTED = 100;

/**
 * The morning digest of `day` (its UK date), queued as one mail to the admins; a day with nothing to report
 * mails nobody. Call it in the run's transaction. It returns counts for the log, never an inquiry.
 */
export async function sendMorningDigest(
  tx: Db,
  options: { now: Date; day: string; siteUrl: string; adminEmails: readonly string[] },
) {
  const { now, day, siteUrl } = options;
  const summary = (row: InquirySummaryRow) => summariseInquiry(row, inquiryDashboardUrl(siteUrl, row.id));
  const overdue = (await listOverdueInquiries(tx, now, LISTED)).map(summary);
  const oldest = (where: SQL | undefined) =>
    tx
      .select(inquirySummaryColumns)
      .from(contactSubmissions)
      .where(where)
      .orderBy(asc(contactSubmissions.created_at))
      .limit(LISTED);
  const unassigned = (
    await oldest(
      and(
        eq(contactSubmissions.is_spam, false),
        notInArray(contactSubmissions.status, [...CLOSED_LEAD_STATUSES]),
        isNull(contactSubmissions.assigned_to),
      ),
    )
  ).map(summary);
  const held = (await oldest(eq(contactSubmissions.held, true))).map((row) => ({
    ...summary(row),
    // The inbox's default view leaves held inquiries out.
    dashboardUrl: `${inquiryDashboardUrl(siteUrl, row.id)}&status=held`,
  }));
  const { spam } = await countSpamAndHeld(tx);
  const dueFollowUps = await listFollowUps(tx, { now });
  const followUps = [...dueFollowUps.overdue, ...dueFollowUps.dueToday].slice(0, LISTED).map((row) => ({
    reference: formatInquiryReference(row.inquiryId),
    dashboardUrl: inquiryPageUrl(siteUrl, row.inquiryId),
    dueAt: row.dueAt,
    ownerName: row.ownerName,
  }));
  const record = (outcome: "sent" | "nothing-to-report" | "no-recipients") => ({
    outcome,
    counts: {
      overdue: overdue.length,
      unassigned: unassigned.length,
      held: held.length,
      spam,
      followUps: followUps.length,
    },
  });
  if (overdue.length === 0 && unassigned.length === 0 && held.length === 0 && followUps.length === 0) {
    return record("nothing-to-report");
  }
  const recipients = await findAdminRecipients(tx, options.adminEmails);
  if (recipients.length === 0) return record("no-recipients");
  await enqueueMail(tx, {
    kind: MORNING_DIGEST_MAIL,
    to: recipients,
    ...renderMorningDigest(
      { overdue, unassigned, held, spam, followUps, day },
      `${siteUrl}/dashboard?status=awaiting`,
      `${siteUrl}/dashboard?status=held`,
    ),
  });
  return record("sent");
}
