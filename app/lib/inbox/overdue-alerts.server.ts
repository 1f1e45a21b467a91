import { and, gt, lte } from "drizzle-orm";
import { contactSubmissions } from "../../../db/schema";
import type { Db } from "../db/db.server";
import { markOnce } from "../jobs/mark-once.server";
import { enqueueWebhook } from "../webhook/webhook-job.server";
import { inquiryDashboardUrl } from "./desk-links";
import { awaitingReplyCondition } from "./inbox.server";
import { formatInquiryReference } from "./inquiries.server";
import { overdueCutoff } from "./reply-deadline";
import { recordEvents } from "./timeline.server";

/**
 * Inquiries older than this are not announced: turning the webhook on (or
 * a long outage) must not flood the channel with old leads.
 */
export const OVERDUE_ALERT_LOOKBACK_DAYS = 7;
const BATCH = 100;

/**
 * Queues the overdue webhook for every inquiry that became overdue and was
 * not announced yet (a new message from the lead clears the mark: its wait
 * is announced again), and marks it announced in the same transaction
 * (markOnce: with several instances each inquiry is announced exactly
 * once). Without a
 * webhook URL it does nothing (and marks nothing).
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
