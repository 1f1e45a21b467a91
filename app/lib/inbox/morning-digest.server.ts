import { and, asc, eq, isNull, notInArray } from "drizzle-orm";
import { contactSubmissions } from "../../../db/schema";
import { CLOSED_LEAD_STATUSES } from "~/content/lead-desk";
import type { Db } from "../db/db.server";
import { renderMorningDigest } from "../mail/desk-mails.server";
import { enqueueMail } from "../mail/mail.server";
import { inquiryDashboardUrl, leadPageUrl } from "./desk-links";
import { findAdminRecipients, formatInquiryReference } from "./inquiries.server";
import { listFollowUps } from "./follow-ups.server";
import { type LeadSummaryRow, leadSummaryColumns, summariseLead } from "./lead-summary.server";
import { listOverdueInquiries } from "./reply-metrics.server";
import { countSpamAndHeld } from "./spam-review.server";

export const MORNING_DIGEST_MAIL = "morning-digest";
/** Inquiries listed per section; the subject carries the full counts. */
const LISTED = 100;

interface DigestResult {
  outcome: "sent" | "nothing-to-report" | "no-recipients";
  /** What it listed, for the log: counts, never a lead. */
  counts: { overdue: number; unassigned: number; held: number; spam: number; followUps: number };
}

/**
 * The morning digest of `day` (its UK date): overdue inquiries, open
 * genuine ones nobody owns (answered or not), those held for review and the
 * spam count, and follow-ups due today or overdue (UK time), as of `now`,
 * queued as one mail to the admins. A day with nothing to report mails
 * nobody. Once a day is the schedule's business (desk-jobs.server.ts):
 * call it in the run's transaction.
 */
export async function sendMorningDigest(
  tx: Db,
  options: { now: Date; day: string; siteUrl: string; adminEmails: readonly string[] },
): Promise<DigestResult> {
  const { now, day, siteUrl } = options;
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
  const record = (outcome: DigestResult["outcome"]): DigestResult => ({
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
