import { inArray } from "drizzle-orm";
import { contactSubmissions, followUps, user } from "../../../db/schema";
import type { Db } from "../db/db.server";
import { markOnce } from "../jobs/mark-once.server";
import { renderFollowUpReminder } from "../mail/desk-mails.server";
import { enqueueMail } from "../mail/mail.server";
import { dueForReminder } from "./follow-ups.server";
import { leadPageUrl } from "./desk-links";
import { leadSummaryColumns, summariseLead } from "./lead-summary.server";
import { recordEvents } from "./timeline.server";

export const FOLLOW_UP_REMINDER_MAIL = "follow-up-reminder";
const BATCH = 100;

/**
 * Mails each owner of a follow-up that has come due one reminder, queued
 * in the transaction that marks it reminded (markOnce: with several
 * instances on one Postgres each follow-up is reminded once).
 * Moving a follow-up clears the mark (setFollowUp); completing it first
 * means no reminder.
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
    const leads = await tx
      .select(leadSummaryColumns)
      .from(contactSubmissions)
      .where(
        inArray(
          contactSubmissions.id,
          claimed.map((row) => row.inquiryId),
        ),
      );
    for (const row of claimed) {
      const email = owners.find((owner) => owner.id === row.ownerId)?.email;
      const lead = leads.find((candidate) => candidate.id === row.inquiryId);
      if (!email || !lead) continue;
      await enqueueMail(tx, {
        kind: FOLLOW_UP_REMINDER_MAIL,
        to: [email],
        inquiryId: row.inquiryId,
        ...renderFollowUpReminder({
          ...summariseLead(lead, leadPageUrl(options.siteUrl, lead.id)),
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
