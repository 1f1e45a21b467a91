import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import {
  contactSubmissions,
  inquiryReplies,
  inquiryResponses,
  replyDrafts,
  replyTemplates,
  user,
} from "~db/schema";
import { deskReplyTo } from "~/content/inquiry-desk";
import type { ReplyTemplateInput } from "~/forms/reply-templates";
import type { Db } from "~/lib/db/db.server";
import { renderDeskReply } from "~/lib/mail/desk-mails.server";
import { INQUIRY_REPLY } from "~/lib/mail/mail-job.server";
import { enqueueMail } from "~/lib/mail/mail.server";
import { recordSentMessage, threadOf } from "~/lib/conversation/message-ids.server";
import { formatInquiryReference } from "~/lib/inquiries/inquiry";
import { hasPlaceholder } from "~/lib/inquiries/reply-text";
import { recordEvent } from "~/lib/inquiries/timeline.server";
import { InquiryBlockedError, isInquiryBlocked } from "~/lib/sanctions/decisions.server";

/** Refused: the lead wrote on WhatsApp only, so no mail can reach them. */
export class NoMailAddressError extends Error {
  override name = "NoMailAddressError";
  constructor() {
    super("This lead has no e-mail address: nothing was sent. Answer them on WhatsApp.");
  }
}

export class ReplyPlaceholderError extends Error {
  override name = "ReplyPlaceholderError";
  constructor() {
    super("Fill in or remove every [[…]] placeholder before sending.");
  }
}

/**
 * A response to the sender: the first moves a `new` inquiry to `contacted`; each stops the clock and is
 * counted, with the sender's wait, for the reply metrics. Call in the reply's transaction, the row locked.
 */
export async function recordResponse(
  tx: Db,
  inquiry: { id: string; status: string; firstRepliedAt: Date | null; awaitingSince: Date | null },
  actorId: string,
): Promise<void> {
  const moves = inquiry.firstRepliedAt === null && inquiry.status === "new";
  await tx
    .update(contactSubmissions)
    .set({
      first_replied_at: sql`coalesce(${contactSubmissions.first_replied_at}, now())`,
      awaiting_since: null,
      last_message_by: "desk",
      last_action_at: sql`now()`,
      ...(moves ? { status: "contacted", status_changed_at: sql`now()` } : {}),
    })
    .where(eq(contactSubmissions.id, inquiry.id));
  if (inquiry.awaitingSince) {
    await tx
      .insert(inquiryResponses)
      .values({ inquiry_id: inquiry.id, awaited_since: inquiry.awaitingSince });
  }
  if (moves) {
    await recordEvent(tx, {
      inquiryId: inquiry.id,
      kind: "status-changed",
      actorId,
      details: { from: "new", to: "contacted", cause: "first-reply" },
    });
  }
}

/** The reference stays in the subject, so the sender's answer threads by it even without headers. */
function withReference(subject: string, reference: string): string {
  return subject.toUpperCase().includes(reference.toUpperCase()) ? subject : `${subject} [${reference}]`;
}

async function lockInquiry(tx: Db, id: string) {
  const [row] = await tx
    .select({
      id: contactSubmissions.id,
      email: contactSubmissions.email,
      interest: contactSubmissions.interest,
      status: contactSubmissions.status,
      firstRepliedAt: contactSubmissions.first_replied_at,
      awaitingSince: contactSubmissions.awaiting_since,
    })
    .from(contactSubmissions)
    .where(eq(contactSubmissions.id, id))
    .for("update");
  return row ?? null;
}

/** Queues the reply's mail in the transaction that stores it; a placeholder left in it is refused first. */
export async function sendDeskReply(
  db: Db,
  input: {
    inquiryId: string;
    subject: string;
    body: string;
    actorId: string;
    /** The text mailed, when it holds what must not be kept (a client's link): `body` is what the desk keeps. */
    mailedBody?: string;
  },
): Promise<{ replyId: string } | "not-found"> {
  if (hasPlaceholder(input.subject) || hasPlaceholder(input.body)) throw new ReplyPlaceholderError();
  return db.transaction(async (tx) => {
    const inquiry = await lockInquiry(tx, input.inquiryId);
    if (!inquiry) return "not-found";
    if (await isInquiryBlocked(tx, inquiry.id)) throw new InquiryBlockedError();
    if (!inquiry.email) throw new NoMailAddressError();
    const subject = withReference(input.subject, formatInquiryReference(inquiry.id));
    const [reply] = await tx
      .insert(inquiryReplies)
      .values({
        inquiry_id: inquiry.id,
        to: inquiry.email,
        subject,
        body: input.body,
        sent_by: input.actorId,
      })
      .returning({ id: inquiryReplies.id });
    const jobId = await enqueueMail(tx, {
      kind: INQUIRY_REPLY,
      to: inquiry.email,
      replyTo: deskReplyTo(inquiry.interest),
      inquiryId: inquiry.id,
      threading: await recordSentMessage(tx, {
        inquiryId: inquiry.id,
        kind: "reply",
        replyId: reply!.id,
        thread: await threadOf(tx, inquiry.id),
      }),
      ...renderDeskReply({ subject, body: input.mailedBody ?? input.body }),
    });
    await tx.update(inquiryReplies).set({ job_id: jobId }).where(eq(inquiryReplies.id, reply!.id));
    await recordEvent(tx, {
      inquiryId: inquiry.id,
      kind: "reply-sent",
      actorId: input.actorId,
      details: { replyId: reply!.id },
    });
    await recordResponse(tx, inquiry, input.actorId);
    return { replyId: reply!.id };
  });
}

type OutsideReplyChannel = "email" | "phone" | "whatsapp" | "meeting" | "other";

/**
 * "Mark as replied": a reply made elsewhere counts for the promise like one sent from the desk.
 * "unchanged" when nothing from the sender waited (the timeline still records it).
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
    await recordResponse(tx, inquiry, input.actorId);
    return inquiry.firstRepliedAt && !inquiry.awaitingSince ? "unchanged" : "changed";
  });
}

export function listReplies(db: Db, inquiryId: string) {
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

type DraftKey = { inquiryId: string; adminId: string };
const draftOf = (key: DraftKey) =>
  and(eq(replyDrafts.inquiry_id, key.inquiryId), eq(replyDrafts.admin_id, key.adminId));

export async function getReplyDraft(db: Db, key: DraftKey) {
  const [row] = await db
    .select({ subject: replyDrafts.subject, body: replyDrafts.body, updatedAt: replyDrafts.updated_at })
    .from(replyDrafts)
    .where(draftOf(key))
    .limit(1);
  return row ?? null;
}

/** One draft per admin and inquiry, replaced on every save. */
export async function saveReplyDraft(
  db: Db,
  draft: DraftKey & { subject: string; body: string },
): Promise<"saved" | "not-found"> {
  return db.transaction(async (tx) => {
    const [inquiry] = await tx
      .select({ id: contactSubmissions.id })
      .from(contactSubmissions)
      .where(eq(contactSubmissions.id, draft.inquiryId))
      .for("share");
    if (!inquiry) return "not-found";
    await tx
      .insert(replyDrafts)
      .values({
        inquiry_id: draft.inquiryId,
        admin_id: draft.adminId,
        subject: draft.subject,
        body: draft.body,
      })
      .onConflictDoUpdate({
        target: [replyDrafts.inquiry_id, replyDrafts.admin_id],
        set: { subject: draft.subject, body: draft.body, updated_at: sql`now()` },
      });
    return "saved";
  });
}

export async function discardReplyDraft(db: Db, key: DraftKey): Promise<void> {
  await db.delete(replyDrafts).where(draftOf(key));
}

export type ReplyTemplateRow = typeof replyTemplates.$inferSelect;

export function listReplyTemplates(db: Db): Promise<ReplyTemplateRow[]> {
  return db.select().from(replyTemplates).orderBy(asc(replyTemplates.name), asc(replyTemplates.id));
}

export async function getReplyTemplate(db: Db, id: string): Promise<ReplyTemplateRow | null> {
  const [row] = await db.select().from(replyTemplates).where(eq(replyTemplates.id, id)).limit(1);
  return row ?? null;
}

export type TemplateSaved = { ok: true; id: string } | { ok: false; reason: "name-taken" | "not-found" };

async function nameTaken(db: Db, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: replyTemplates.id })
    .from(replyTemplates)
    .where(
      and(
        sql`lower(${replyTemplates.name}) = lower(${name})`,
        exceptId ? ne(replyTemplates.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Adds a template; names are unique (ignoring case), so the composer's list is unambiguous. */
export async function createReplyTemplate(
  db: Db,
  input: ReplyTemplateInput,
  actorId: string,
): Promise<TemplateSaved> {
  return db.transaction(async (tx) => {
    if (await nameTaken(tx, input.name)) return { ok: false, reason: "name-taken" };
    const [row] = await tx
      .insert(replyTemplates)
      .values({ ...input, updated_by: actorId })
      .onConflictDoNothing()
      .returning({ id: replyTemplates.id });
    return row ? { ok: true, id: row.id } : { ok: false, reason: "name-taken" };
  });
}

export async function updateReplyTemplate(
  db: Db,
  id: string,
  input: ReplyTemplateInput,
  actorId: string,
): Promise<TemplateSaved> {
  return db.transaction(async (tx) => {
    if (await nameTaken(tx, input.name, id)) return { ok: false, reason: "name-taken" };
    const [row] = await tx
      .update(replyTemplates)
      .set({ ...input, updated_by: actorId, updated_at: sql`now()` })
      .where(eq(replyTemplates.id, id))
      .returning({ id: replyTemplates.id });
    return row ? { ok: true, id: row.id } : { ok: false, reason: "not-found" };
  });
}

/** Drafts already written from a template keep their text: deleting it changes no draft. */
export async function deleteReplyTemplate(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .delete(replyTemplates)
    .where(eq(replyTemplates.id, id))
    .returning({ id: replyTemplates.id });
  return rows.length > 0;
}
