import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { CLOSED_LEAD_STATUSES } from "~/content/inquiry-desk";
import { contactSubmissions, inquiryAttachments, user } from "~db/schema";
import type { Db } from "~/lib/db/db.server";
import { inquiryDashboardUrl, formatInquiryReference } from "~/lib/inquiries/inquiry";
import { findAdminRecipients } from "~/lib/inquiries/intake.server";
import { INBOX_CHANGED_CHANNEL } from "~/lib/inquiries/inquiries.server";
import { renderMessageReceivedMail } from "~/lib/mail/desk-mails.server";
import { enqueueMail } from "~/lib/mail/mail.server";
import { enqueueWebhook } from "~/lib/webhook/webhook-job.server";
import { enqueueJob } from "~/lib/jobs/job-queue.server";
import { writeAttachment } from "~/lib/conversation/attachment-files.server";
import { attachmentScanJob } from "~/lib/conversation/attachment-scan-job.server";
import type { ReceivedAttachment } from "~/lib/conversation/received-mail";

/** What happens to a received message beyond its row: the filer's settings. */
export interface ReceivedMailConfig {
  /** DATA_DIR: kept attachments go under DATA_DIR/attachments. */
  dataDir: string;
  /** UPLOAD_KEY: kept attachments are encrypted under it; unset, they are kept plain. */
  uploadKey?: Buffer | null;
  /** The site's own sending addresses (MAIL_FROM): mail from them is ours, seen again. */
  ownAddresses: readonly string[];
  /** ACK_EMAILS: a new inquiry by mail is acknowledged as one from the form. */
  acknowledge: boolean;
  adminEmails: readonly string[];
  siteUrl: string;
  webhookUrl?: string;
  /** MAIL_AUTHSERV_ID: whose Authentication-Results are believed; unset believes none (nothing is acknowledged). */
  authservId?: string | null;
}

export const MESSAGE_RECEIVED_NOTICE = "inquiry-message-notice";

/**
 * Kept attachments are stored as private files, encrypted under UPLOAD_KEY when it is set, and wait as `pending`
 * for the virus scan queued here, never served before it; those dropped over the size limits are listed as not kept.
 */
export async function storeAttachments(
  tx: Db,
  config: ReceivedMailConfig,
  ids: { inquiryId: string; messageId: string },
  attachments: readonly ReceivedAttachment[],
): Promise<void> {
  let kept = 0;
  for (const attachment of attachments) {
    const id = crypto.randomUUID();
    // Written before the row; a filing that rolls back removes it (fileUnderCursor).
    const stored =
      attachment.content === null
        ? null
        : writeAttachment(
            config.dataDir,
            { inquiryId: ids.inquiryId, attachmentId: id },
            attachment.content,
            config.uploadKey ?? null,
          );
    await tx.insert(inquiryAttachments).values({
      id,
      message_id: ids.messageId,
      inquiry_id: ids.inquiryId,
      filename: attachment.filename.slice(0, 255) || "attachment",
      content_type: attachment.contentType.slice(0, 255) || "application/octet-stream",
      size: attachment.size,
      stored_as: stored?.storedAs ?? null,
      not_kept_reason: stored ? null : "too-large",
      encrypted: stored?.encrypted ?? false,
      scan: stored ? "pending" : null,
    });
    if (stored) kept += 1;
  }
  if (kept > 0) {
    await enqueueJob(tx, attachmentScanJob, { inquiryId: ids.inquiryId }, { inquiryId: ids.inquiryId });
  }
}

/**
 * A message from the lead: its clock runs from its oldest unanswered message and the overdue webhook may fire
 * again. On a closed lead a wait from before the close is over: the clock starts at this message, which reopens
 * the conversation without changing the status.
 */
export async function restartClock(tx: Db, inquiryId: string): Promise<void> {
  const closed = sql.join(
    CLOSED_LEAD_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  const newWait = sql`(${contactSubmissions.awaiting_since} is null or (${contactSubmissions.status} in (${closed}) and ${contactSubmissions.awaiting_since} <= coalesce(${contactSubmissions.status_changed_at}, ${contactSubmissions.created_at})))`;
  await tx
    .update(contactSubmissions)
    .set({
      overdue_alerted_at: sql`case when ${newWait} then null else ${contactSubmissions.overdue_alerted_at} end`,
      awaiting_since: sql`case when ${newWait} then now() else ${contactSubmissions.awaiting_since} end`,
      last_message_by: "lead",
      last_action_at: sql`now()`,
      read_at: null,
      read_by: null,
    })
    .where(eq(contactSubmissions.id, inquiryId));
}

/** A held message shows its lead unread, without any activity that would reopen it or keep its data longer. */
export async function showUnread(tx: Db, inquiryId: string): Promise<void> {
  await tx
    .update(contactSubmissions)
    .set({ read_at: null, read_by: null })
    .where(eq(contactSubmissions.id, inquiryId));
}

/** Open inbox and lead pages reload (the trigger only fires on contact_submissions). */
export async function announceChange(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_notify(${INBOX_CHANGED_CHANNEL}, '')`);
}

/** Tells the owner (or, with none, every admin) and the webhook: the reference and a link, never the message. */
export async function announceMessage(
  tx: Db,
  config: ReceivedMailConfig,
  inquiryId: string,
  options: { held: boolean },
): Promise<void> {
  const [inquiry] = await tx
    .select({
      id: contactSubmissions.id,
      interest: contactSubmissions.interest,
      dealSize: contactSubmissions.deal_size,
      createdAt: contactSubmissions.created_at,
      isSpam: contactSubmissions.is_spam,
      ownerEmail: user.email,
    })
    .from(contactSubmissions)
    .leftJoin(user, eq(user.id, contactSubmissions.assigned_to))
    .where(eq(contactSubmissions.id, inquiryId));
  if (!inquiry || inquiry.isSpam) return;
  const summary = {
    reference: formatInquiryReference(inquiry.id),
    interest: inquiry.interest,
    dealSize: inquiry.dealSize,
    createdAt: inquiry.createdAt,
    dashboardUrl: inquiryDashboardUrl(config.siteUrl, inquiry.id),
  };
  const to = inquiry.ownerEmail ? [inquiry.ownerEmail] : await findAdminRecipients(tx, config.adminEmails);
  await enqueueMail(tx, {
    kind: MESSAGE_RECEIVED_NOTICE,
    to,
    inquiryId: inquiry.id,
    ...renderMessageReceivedMail(summary, options),
  });
  // A held message is nobody's news outside the desk until an admin confirms it.
  if (options.held) return;
  await enqueueWebhook(tx, {
    url: config.webhookUrl,
    event: "inquiry.message_received",
    inquiry: { id: inquiry.id, ...summary },
  });
}
