import { and, lte } from "drizzle-orm";
import { contactSubmissions } from "~db/schema";
import { replyPromise } from "~/content/inquiry-desk";
import type { Db } from "~/lib/db/db.server";
import { inquiryDashboardUrl, overdueCutoff } from "~/lib/inquiries/inquiry";
import { findAdminRecipients } from "~/lib/inquiries/intake.server";
import { awaitingReplyCondition, summariseInquiry } from "~/lib/inquiries/inquiries.server";
import { countMatching, countSpamAndHeld, listOverdueInquiries } from "~/lib/inquiries/counts.server";
import { renderWeeklyReportMail } from "~/lib/mail/desk-mails.server";
import { enqueueMail } from "~/lib/mail/mail.server";
import { logger } from "~/lib/ops/logger.server";
import { defineScheduledJobKind, runOnce } from "~/lib/jobs/scheduled-job.server";
import { formatHours, formatShare, SERIES_LABELS } from "~/lib/reports/report-tables";
import { INTEREST_SERIES } from "~/lib/reports/report-types";
import { UK_TIME_ZONE, ukWeekOf } from "~/lib/uk-time";
import { buildReport } from "~/lib/reports/weekly-report.server";

export const WEEKLY_REPORT_MAIL = "weekly-report";
/** Mondays at this hour, UK time, before the office opens (as the morning digest). */
const WEEKLY_REPORT_HOUR_UK = 8;
const LISTED = 20;

/**
 * Queues last UK week's report as one mail to the admins; call it in the run's transaction.
 * What it returns is for the log: the week and counts, never a lead.
 */
async function sendWeeklyReport(
  tx: Db,
  options: { now: Date; siteUrl: string; adminEmails: readonly string[] },
) {
  const { now, siteUrl } = options;
  const thisWeek = ukWeekOf(now);
  const lastWeek = ukWeekOf(new Date(thisWeek.start.getTime() - 1));
  const report = await buildReport(tx, [lastWeek], now);
  const volume = report.volume[0]!;
  const responses = report.responses[0]!;
  const overdue = await listOverdueInquiries(tx, now, LISTED);
  const [overdueRow] = await countMatching(
    tx,
    and(awaitingReplyCondition, lte(contactSubmissions.created_at, overdueCutoff(now))),
  );
  const overdueCount = overdueRow?.total ?? 0;
  const heldCount = (await countSpamAndHeld(tx)).held;
  const record = (outcome: "sent" | "no-recipients") => ({
    outcome,
    counts: { week: lastWeek.key, inquiries: volume.total, overdue: overdueCount },
  });
  const recipients = await findAdminRecipients(tx, options.adminEmails);
  if (recipients.length === 0) return record("no-recipients");

  const hours = replyPromise.withinHours;
  const share = formatShare(responses.shareWithinPromise) || "nothing due";
  const subject = `Weekly report, week of ${lastWeek.key}: ${volume.total} ${volume.total === 1 ? "inquiry" : "inquiries"}, ${share} answered within ${hours} hours`;
  const byInterest = INTEREST_SERIES.filter((key) => volume.byInterest[key] > 0)
    .map((key) => `${SERIES_LABELS[key]} ${volume.byInterest[key]}`)
    .join(", ");
  const inHours = (value: number | null) => (value === null ? "no replies" : `${formatHours(value)} hours`);
  const figures: [string, string][] = [
    ["Inquiries", String(volume.total)],
    ["By interest", byInterest || "None"],
    ["Spam", String(volume.spam)],
    ["Held", String(volume.held)],
    ["Messages from leads answered", `${responses.answered} of ${responses.messages}`],
    ["Median response time", inHours(responses.medianHours)],
    ["90th percentile response time", inHours(responses.p90Hours)],
    [
      `Answered within ${hours} hours (the promise)`,
      `${share} (${responses.withinPromise} of ${responses.due} due)`,
    ],
    ["Overdue now", String(overdueCount)],
    ["Held now", String(heldCount)],
  ];
  const reportsUrl = `${siteUrl}/dashboard/reports?range=12`;
  await enqueueMail(tx, {
    kind: WEEKLY_REPORT_MAIL,
    to: recipients,
    ...renderWeeklyReportMail({
      subject,
      intro: `Last week, Monday ${lastWeek.key} to Sunday, UK time. Response times run from each message of a lead to the desk's next reply.`,
      figures,
      overdue: overdue.map((row) => summariseInquiry(row, inquiryDashboardUrl(siteUrl, row.id))),
      overdueMore: Math.max(0, overdueCount - overdue.length),
      reportsUrl,
    }),
  });
  return record("sent");
}

/**
 * Mondays at WEEKLY_REPORT_HOUR_UK, UK time (croner keeps the hour across
 * the clock changes). A report missed while no instance ran is sent at
 * start, later that UK week; never for a week gone by.
 */
export const weeklyReportJob = defineScheduledJobKind({
  kind: "weekly-report",
  schedule: {
    cron: `0 ${WEEKLY_REPORT_HOUR_UK} * * 1`,
    timezone: UK_TIME_ZONE,
    catchUp: (scheduledFor, now) => ukWeekOf(scheduledFor).key === ukWeekOf(now).key,
  },
  async run({ scheduledFor, asOf }, { database, env }, job) {
    // The week is the scheduled one's, however late the run.
    const now = ukWeekOf(asOf).key === ukWeekOf(scheduledFor).key ? asOf : scheduledFor;
    const result = await runOnce(database.db, job, (tx) =>
      sendWeeklyReport(tx, { now, siteUrl: env.SITE_URL, adminEmails: env.ADMIN_EMAILS }),
    );
    logger.info({ weeklyReport: result }, "weekly report");
  },
});
