import { desc, eq, sql } from "drizzle-orm";
import { contactSubmissions, inquiryReplies, user } from "../../../db/schema";
import { deskReplyTo } from "~/content/lead-desk";
import type { Db } from "../db/db.server";
import { renderDeskReply } from "../mail/desk-mails.server";
import { INQUIRY_REPLY } from "../mail/mail-job.server";
import { enqueueMail } from "../mail/mail.server";
import { hasPlaceholder } from "./reply-draft";
import { recordEvent } from "./timeline.server";

export class ReplyPlaceholderError extends Error {
  override name = "ReplyPlaceholderError";
  constructor() {
    super("Fill in or remove every [[…]] placeholder before sending.");
  }
}

/** How a reply made outside the desk was made (for "Mark as replied"). */
export const OUTSIDE_REPLY_CHANNELS = ["email", "phone", "whatsapp", "meeting", "other"] as const;
export type OutsideReplyChannel = (typeof OUTSIDE_REPLY_CHANNELS)[number];

/**
 * The first reply sets first_replied_at (once) and moves a `new` lead to
 * `contacted`; later replies change neither. Call in the reply's transaction
 * with the inquiry row locked.
 */
async function recordFirstReply(
  tx: Db,
  inquiry: { id: string; status: string; firstRepliedAt: Date | null },
  actorId: string,
): Promise<void> {
  const moves = inquiry.firstRepliedAt === null && inquiry.status === "new";
  await tx
    .update(contactSubmissions)
    .set({
      first_replied_at: sql`coalesce(${contactSubmissions.first_replied_at}, now())`,
      last_action_at: sql`now()`,
      ...(moves ? { status: "contacted", status_changed_at: sql`now()` } : {}),
    })
    .where(eq(contactSubmissions.id, inquiry.id));
  if (moves) {
    await recordEvent(tx, {
      inquiryId: inquiry.id,
      kind: "status-changed",
      actorId,
      details: { from: "new", to: "contacted", cause: "first-reply" },
    });
  }
}

async function lockInquiry(tx: Db, id: string) {
  const [row] = await tx
    .select({
      id: contactSubmissions.id,
      email: contactSubmissions.email,
      interest: contactSubmissions.interest,
      status: contactSubmissions.status,
      firstRepliedAt: contactSubmissions.first_replied_at,
    })
    .from(contactSubmissions)
    .where(eq(contactSubmissions.id, id))
    .for("update");
  return row ?? null;
}

/**
 * Sends a reply from the desk: queued as a mail job (from MAIL_FROM, with
 * Reply-To the team address for its interest) in the same transaction that stores it on the
 * inquiry and records it on the timeline. A draft that still holds a
 * `[[…]]` placeholder is refused before anything is written.
 */
export async function sendDeskReply(
  db: Db,
  input: { inquiryId: string; subject: string; body: string; actorId: string },
): Promise<{ replyId: string } | "not-found"> {
  if (hasPlaceholder(input.subject) || hasPlaceholder(input.body)) throw new ReplyPlaceholderError();
  return db.transaction(async (tx) => {
    const inquiry = await lockInquiry(tx, input.inquiryId);
    if (!inquiry) return "not-found";
    const jobId = await enqueueMail(tx, {
      kind: INQUIRY_REPLY,
      to: inquiry.email,
      replyTo: deskReplyTo(inquiry.interest),
      inquiryId: inquiry.id,
      ...renderDeskReply(input),
    });
    const [reply] = await tx
      .insert(inquiryReplies)
      .values({
        inquiry_id: inquiry.id,
        to: inquiry.email,
        subject: input.subject,
        body: input.body,
        sent_by: input.actorId,
        job_id: jobId,
      })
      .returning({ id: inquiryReplies.id });
    await recordEvent(tx, {
      inquiryId: inquiry.id,
      kind: "reply-sent",
      actorId: input.actorId,
      details: { replyId: reply!.id },
    });
    await recordFirstReply(tx, inquiry, input.actorId);
    return { replyId: reply!.id };
  });
}

/**
 * "Mark as replied": a reply made by mail client, phone or WhatsApp counts
 * for the promise like one sent from the desk. Returns "unchanged" when the
 * inquiry had its first reply already (the timeline still records it).
 */
export async function markRepliedOutside(
  db: Db,
  input: { inquiryId: string; actorId: string; channel?: OutsideReplyChannel },
): Promise<"changed" | "unchanged" | "not-found"> {
  return db.transaction(async (tx) => {
    const inquiry = await lockInquiry(tx, input.inquiryId);
    if (!inquiry) return "not-found";
    await recordEvent(tx, {
      inquiryId: inquiry.id,
      kind: "replied-outside",
      actorId: input.actorId,
      details: { channel: input.channel ?? "email" },
    });
    await recordFirstReply(tx, inquiry, input.actorId);
    return inquiry.firstRepliedAt ? "unchanged" : "changed";
  });
}

export interface StoredReply {
  id: string;
  to: string;
  subject: string;
  body: string;
  sentById: string | null;
  sentByName: string | null;
  createdAt: Date;
  deliveredAt: Date | null;
  failedAt: Date | null;
  deliveryError: string | null;
}

/** The replies stored on an inquiry, newest first. */
export async function listReplies(db: Db, inquiryId: string): Promise<StoredReply[]> {
  return db
    .select({
      id: inquiryReplies.id,
      to: inquiryReplies.to,
      subject: inquiryReplies.subject,
      body: inquiryReplies.body,
      sentById: inquiryReplies.sent_by,
      sentByName: user.name,
      createdAt: inquiryReplies.created_at,
      deliveredAt: inquiryReplies.delivered_at,
      failedAt: inquiryReplies.failed_at,
      deliveryError: inquiryReplies.delivery_error,
    })
    .from(inquiryReplies)
    .leftJoin(user, eq(user.id, inquiryReplies.sent_by))
    .where(eq(inquiryReplies.inquiry_id, inquiryId))
    .orderBy(desc(inquiryReplies.created_at));
}
