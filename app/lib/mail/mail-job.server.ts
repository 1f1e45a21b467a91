import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { contactSubmissions, inquiryReplies } from "~db/schema";
import type { DatabaseHandle, Db } from "~/lib/db/db.server";
import { recordEvent } from "~/lib/inquiries/timeline.server";
import { defineJobKind, type JobOutcome, type JobRow } from "~/lib/jobs/job-kind.server";
import type { MailSender } from "~/lib/mail/mail.server";
import { isInquiryBlocked } from "~/lib/sanctions/decisions.server";

/** The notification to admins about a new inquiry; its delivery is recorded on the inquiry. */
export const INQUIRY_NOTIFICATION = "inquiry-notification";
/** A reply sent from the lead desk; its delivery is recorded on the reply and the timeline. */
export const INQUIRY_REPLY = "inquiry-reply";

const mailPayloadSchema = z.object({
  /** What the mail is for (MailMessage.kind), e.g. "inquiry-notification". */
  purpose: z.string().min(1),
  to: z.array(z.string().min(1)).min(1),
  replyTo: z.string().nullable(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /** Its Message-ID and what it answers, so the lead's reply threads back (absent on older jobs). */
  threading: z
    .object({
      messageId: z.string().min(1),
      inReplyTo: z.string().nullable().optional(),
      references: z.array(z.string()).optional(),
    })
    .optional(),
});
export type MailPayload = z.infer<typeof mailPayloadSchema>;

/** The notification's state on the inquiry, a reply's on the reply; the timeline gets no event per retry. */
async function recordOnInquiry(tx: Db, payload: MailPayload, job: JobRow, outcome: JobOutcome) {
  if (!job.inquiry_id) return;
  if (payload.purpose === INQUIRY_NOTIFICATION) {
    await tx
      .update(contactSubmissions)
      .set(outcome.done ? { notified_at: sql`now()`, notify_error: null } : { notify_error: outcome.error })
      .where(eq(contactSubmissions.id, job.inquiry_id));
    if (outcome.done || outcome.giveUp) {
      await recordEvent(tx, {
        inquiryId: job.inquiry_id,
        kind: outcome.done ? "notified" : "notify-failed",
        details: outcome.done
          ? { recipients: payload.to.length }
          : { attempts: outcome.attempts, error: outcome.error },
      });
    }
  } else if (payload.purpose === INQUIRY_REPLY) {
    const replies = await tx
      .update(inquiryReplies)
      .set(
        outcome.done
          ? { delivered_at: sql`now()`, delivery_error: null }
          : { delivery_error: outcome.error, failed_at: outcome.giveUp ? sql`now()` : null },
      )
      // A reply withheld by a sanctions block was marked failed when it was withheld: it stays so.
      .where(and(eq(inquiryReplies.job_id, job.id), isNull(inquiryReplies.failed_at)))
      .returning({ id: inquiryReplies.id });
    if (replies.length > 0 && (outcome.done || outcome.giveUp)) {
      await recordEvent(tx, {
        inquiryId: job.inquiry_id,
        kind: outcome.done ? "reply-delivered" : "reply-failed",
        details: {
          ...(replies[0] ? { replyId: replies[0].id } : {}),
          ...(outcome.done ? {} : { attempts: outcome.attempts, error: outcome.error }),
        },
      });
    }
  }
}

/**
 * RFC 3834 §5: what the site sends by itself says so, so that other auto-responders leave it unanswered. A desk
 * reply is a person's.
 */
function autoSubmittedOf(payload: MailPayload): "auto-replied" | "auto-generated" | null {
  if (payload.purpose === INQUIRY_REPLY) return null;
  return payload.threading?.inReplyTo ? "auto-replied" : "auto-generated";
}

export const WITHHELD_BY_SANCTIONS =
  "Not sent: a confirmed UK Sanctions List match blocks this lead since the mail was queued.";

/**
 * Whether the mail goes to the lead of an inquiry an admin has since blocked: queued before the confirmed
 * match, it must not go out after it. Mail about the inquiry to the desk still goes.
 */
async function withheldFromLead(db: Db, payload: MailPayload, job: JobRow): Promise<boolean> {
  if (!job.inquiry_id) return false;
  const [inquiry] = await db
    .select({ email: contactSubmissions.email })
    .from(contactSubmissions)
    .where(eq(contactSubmissions.id, job.inquiry_id));
  const lead = inquiry?.email.toLowerCase();
  if (!lead || !payload.to.some((address) => address.toLowerCase() === lead)) return false;
  return isInquiryBlocked(db, job.inquiry_id);
}

/** One mail through the transport; its delivery is recorded where the desk shows it. */
export const mailJob = defineJobKind({
  kind: "mail",
  payloadSchema: mailPayloadSchema,
  async run(payload, job, deps: { mailer: MailSender; database: Pick<DatabaseHandle, "db"> }) {
    const { db } = deps.database;
    if (await withheldFromLead(db, payload, job)) {
      await db.transaction(async (tx) => {
        const replies = await tx
          .update(inquiryReplies)
          .set({ delivery_error: WITHHELD_BY_SANCTIONS, failed_at: sql`now()` })
          .where(eq(inquiryReplies.job_id, job.id))
          .returning({ id: inquiryReplies.id });
        if (replies[0] && job.inquiry_id) {
          await recordEvent(tx, {
            inquiryId: job.inquiry_id,
            kind: "reply-failed",
            details: { replyId: replies[0].id, attempts: job.attempts + 1, error: WITHHELD_BY_SANCTIONS },
          });
        }
      });
      return;
    }
    await deps.mailer.send({
      to: payload.to,
      replyTo: payload.replyTo,
      subject: payload.subject,
      text: payload.text,
      html: payload.html,
      threading: payload.threading,
      autoSubmitted: autoSubmittedOf(payload),
    });
  },
  record: recordOnInquiry,
});
