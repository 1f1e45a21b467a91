import { and, asc, eq, isNull, notInArray } from "drizzle-orm";
import { contactSubmissions, dailyJobRuns } from "../../../db/schema";
import { CLOSED_LEAD_STATUSES, DIGEST_HOUR_GMT } from "~/content/lead-desk";
import type { Db } from "../db/db.server";
import { renderMorningDigest } from "../mail/desk-mails.server";
import { enqueueMail } from "../mail/mail.server";
import { claimDay, gmtDay } from "../ops/daily-claim.server";
import { inquiryDashboardUrl, leadPageUrl } from "./desk-links";
import { findAdminRecipients, formatInquiryReference } from "./inquiries.server";
import { listFollowUps } from "./follow-ups.server";
import { type LeadSummaryRow, leadSummaryColumns, summariseLead } from "./lead-summary.server";
import { listOverdueInquiries } from "./reply-metrics.server";
import { countSpamAndHeld } from "./spam-review.server";

export const MORNING_DIGEST_JOB = "morning-digest";
export const MORNING_DIGEST_MAIL = "morning-digest";
/** Inquiries listed per section; the subject carries the full counts. */
const LISTED = 100;

export type DigestOutcome = "sent" | "nothing-to-report" | "no-recipients" | "already-done" | "too-early";

/**
 * The morning digest: overdue inquiries, open genuine ones nobody owns
 * (answered or not), those held for review and the spam count, and follow-ups
 * due today or overdue (UK time), mailed to the admins once per GMT day from
 * DIGEST_HOUR_GMT. The day is claimed in the
 * transaction that queues the mail, so with several instances exactly one
 * sends it; a day with nothing to report is claimed and sends nothing.
 */
export async function sendMorningDigest(
  db: Db,
  options: { now: Date; siteUrl: string; adminEmails: readonly string[] },
): Promise<DigestOutcome> {
  const { now, siteUrl } = options;
  if (now.getUTCHours() < DIGEST_HOUR_GMT) return "too-early";
  const day = gmtDay(now);
  return db.transaction(async (tx) => {
    if (!(await claimDay(tx, MORNING_DIGEST_JOB, day))) return "already-done";
    const summary = (row: LeadSummaryRow) => summariseLead(row, inquiryDashboardUrl(siteUrl, row.id));
    const overdue = (await listOverdueInquiries(tx, now, LISTED)).map(summary);
    const unassigned = (
      await tx
        .select(leadSummaryColumns)
        .from(contactSubmissions)
        .where(
          and(
            eq(contactSubmissions.is_spam, false),
            notInArray(contactSubmissions.status, [...CLOSED_LEAD_STATUSES]),
            isNull(contactSubmissions.assigned_to),
          ),
        )
        .orderBy(asc(contactSubmissions.created_at))
        .limit(LISTED)
    ).map(summary);
    // What the bot traps kept out of the inbox: held inquiries wait for a judgement.
    const held = (
      await tx
        .select(leadSummaryColumns)
        .from(contactSubmissions)
        .where(eq(contactSubmissions.held, true))
        .orderBy(asc(contactSubmissions.created_at))
        .limit(LISTED)
    ).map((row) => ({
      ...summary(row),
      // The held view: the inbox's default one leaves held inquiries out.
      dashboardUrl: `${inquiryDashboardUrl(siteUrl, row.id)}&status=held`,
    }));
    const { spam } = await countSpamAndHeld(tx);
    const dueFollowUps = await listFollowUps(tx, { now });
    const followUps = [...dueFollowUps.overdue, ...dueFollowUps.dueToday].slice(0, LISTED).map((row) => ({
      reference: formatInquiryReference(row.inquiryId),
      dashboardUrl: leadPageUrl(siteUrl, row.inquiryId),
      dueAt: row.dueAt,
      ownerName: row.ownerName,
    }));
    const record = async (outcome: DigestOutcome) => {
      await tx
        .update(dailyJobRuns)
        .set({
          details: {
            outcome,
            overdue: overdue.length,
            unassigned: unassigned.length,
            held: held.length,
            spam,
            followUps: followUps.length,
          },
        })
        .where(and(eq(dailyJobRuns.job, MORNING_DIGEST_JOB), eq(dailyJobRuns.day, day)));
      return outcome;
    };
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
  });
}
