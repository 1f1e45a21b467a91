import { and, asc, desc, eq, isNotNull } from "drizzle-orm";
import { whatsAppLimits } from "~/content/whatsapp-limits";
import { contactSubmissions, whatsappMessages, whatsappTemplates } from "~db/schema";
import type { Db } from "~/lib/db/db.server";
import { recordResponse } from "~/lib/inquiries/replies.server";
import { recordEvent } from "~/lib/inquiries/timeline.server";
import { isInquiryBlocked } from "~/lib/sanctions/decisions.server";
import { enqueueJob } from "~/lib/jobs/job-queue.server";
import { queueWhatsAppText, whatsAppSendJob } from "~/lib/whatsapp/outgoing.server";
import { e164Digits } from "~/lib/whatsapp/phone-number.server";

const WINDOW_MS = whatsAppLimits.serviceWindowHours * 3_600_000;

/** Where a WhatsApp reply would go: the number the lead last wrote from, and when free text stops being allowed. */
export async function whatsAppThreadOf(db: Db, inquiryId: string) {
  const [last] = await db
    .select({ waId: whatsappMessages.wa_id, sentAt: whatsappMessages.sent_at })
    .from(whatsappMessages)
    .where(
      and(
        eq(whatsappMessages.inquiry_id, inquiryId),
        eq(whatsappMessages.direction, "in"),
        isNotNull(whatsappMessages.wa_id),
      ),
    )
    .orderBy(desc(whatsappMessages.sent_at))
    .limit(1);
  if (last?.waId) {
    return { to: last.waId, windowClosesAt: new Date(last.sentAt.getTime() + WINDOW_MS), wroteFirst: true };
  }
  // A lead who has not written but agreed on the form may get an approved template, never free text.
  const [optedIn] = await db
    .select({ whatsapp: contactSubmissions.whatsapp })
    .from(contactSubmissions)
    .where(and(eq(contactSubmissions.id, inquiryId), isNotNull(contactSubmissions.whatsapp_opt_in_at)));
  const to = e164Digits(optedIn?.whatsapp ?? null);
  return to ? { to, windowClosesAt: new Date(0), wroteFirst: false } : null;
}

export async function listWhatsAppTemplates(db: Db) {
  return db
    .select({
      id: whatsappTemplates.id,
      name: whatsappTemplates.name,
      language: whatsappTemplates.language,
      body: whatsappTemplates.body,
      parameters: whatsappTemplates.parameters,
    })
    .from(whatsappTemplates)
    .orderBy(asc(whatsappTemplates.name), asc(whatsappTemplates.language));
}

/** The template's text with its {{n}} filled, as the desk records what was sent. */
function filledTemplate(body: string, parameters: readonly string[]): string {
  return body.replace(/\{\{(\d+)\}\}/g, (match, index: string) => parameters[Number(index) - 1] ?? match);
}

type ReplyOutcome = "queued" | "not-found" | "blocked" | "no-conversation" | "window-closed" | "bad-template";

/** Locks the inquiry like a mail reply does, so two replies at once count one response. */
async function lockInquiry(tx: Db, id: string) {
  const [row] = await tx
    .select({
      id: contactSubmissions.id,
      status: contactSubmissions.status,
      firstRepliedAt: contactSubmissions.first_replied_at,
      awaitingSince: contactSubmissions.awaiting_since,
    })
    .from(contactSubmissions)
    .where(eq(contactSubmissions.id, id))
    .for("update");
  return row ?? null;
}

/**
 * A reply on WhatsApp from the desk. Free text only inside Meta's
 * customer-service window (refused before any call after it: Meta would drop
 * it and it would look sent); after it, only an approved template, and only
 * to a lead who wrote on WhatsApp first or agreed to it on the form.
 */
export async function sendWhatsAppReply(
  db: Db,
  input: (
    | {
        kind: "text";
        body: string;
        /** The text sent, when it holds what must not be kept (a client's link): `body` is what the desk keeps. */
        sentBody?: string;
      }
    | { kind: "template"; templateId: string; parameters: string[] }
  ) & {
    inquiryId: string;
    actorId: string;
    now?: Date;
  },
): Promise<ReplyOutcome> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const inquiry = await lockInquiry(tx, input.inquiryId);
    if (!inquiry) return "not-found";
    if (await isInquiryBlocked(tx, inquiry.id)) return "blocked";
    const thread = await whatsAppThreadOf(tx, inquiry.id);
    if (!thread) return "no-conversation";
    const open = now < thread.windowClosesAt;
    let messageId: string;
    if (input.kind === "text") {
      if (!open) return "window-closed";
      messageId = await queueWhatsAppText(tx, {
        inquiryId: inquiry.id,
        to: thread.to,
        body: input.body,
        sentBy: input.actorId,
        ...(input.sentBody === undefined ? {} : { sentText: input.sentBody }),
      });
    } else {
      const [template] = await tx
        .select()
        .from(whatsappTemplates)
        .where(eq(whatsappTemplates.id, input.templateId));
      if (!template || template.parameters.length !== input.parameters.length) return "bad-template";
      const [row] = await tx
        .insert(whatsappMessages)
        .values({
          inquiry_id: inquiry.id,
          direction: "out",
          type: "template",
          body: filledTemplate(template.body, input.parameters),
          wa_id: thread.to,
          status: "queued",
          status_at: now,
          sent_by: input.actorId,
          template_name: template.name,
          template_language: template.language,
          template_parameters: input.parameters,
        })
        .returning({ id: whatsappMessages.id });
      messageId = row!.id;
      await enqueueJob(tx, whatsAppSendJob, { messageId }, { inquiryId: inquiry.id });
    }
    await recordEvent(tx, {
      inquiryId: inquiry.id,
      kind: "reply-sent",
      actorId: input.actorId,
      details: { whatsappMessageId: messageId, channel: "whatsapp" },
    });
    await recordResponse(tx, inquiry, input.actorId);
    return "queued";
  });
}
