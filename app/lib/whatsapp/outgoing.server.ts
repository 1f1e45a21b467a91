import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { whatsappMessages } from "~db/schema";
import { whatsAppLimits } from "~/content/whatsapp-limits";
import type { DatabaseHandle, Db } from "~/lib/db/db.server";
import type { Env } from "~/lib/env.server";
import { announceChange } from "~/lib/conversation/received-mail-effects.server";
import { defineJobKind } from "~/lib/jobs/job-kind.server";
import { enqueueJob } from "~/lib/jobs/job-queue.server";
import { isInquiryBlocked } from "~/lib/sanctions/decisions.server";
import { recordChannelFailure, recordChannelSuccess } from "~/lib/whatsapp/channel-health.server";
import { reopenAfterFailedReply } from "~/lib/whatsapp/delivery-status.server";
import { GraphApiError, type OutgoingContent, sendWhatsAppMessage } from "~/lib/whatsapp/graph-api.server";

const WITHHELD_ON_WHATSAPP =
  "Not sent: a confirmed UK Sanctions List match blocks this lead since the message was queued.";

/**
 * Its row is the message: the job carries only which one, so the text is kept once; but for a text that holds
 * what the desk must not keep (a client's link), sent in place of the row's body.
 */
const sendPayloadSchema = z.object({
  messageId: z.uuid(),
  text: z.string().max(whatsAppLimits.textChars).optional(),
});

async function markFailed(db: Db, messageId: string, code: number | null, title: string) {
  await db.transaction(async (tx) => {
    await tx
      .update(whatsappMessages)
      .set({ status: "failed", status_at: new Date(), error_code: code, error_title: title.slice(0, 500) })
      .where(and(eq(whatsappMessages.id, messageId), eq(whatsappMessages.status, "queued")));
    await reopenAfterFailedReply(tx, messageId);
    await announceChange(tx);
  });
}

/** Sends one queued message through the Graph API; a refusal that retrying cannot change fails it at once. */
export const whatsAppSendJob = defineJobKind({
  kind: "whatsapp-send",
  payloadSchema: sendPayloadSchema,
  async run(payload, _job, deps: { env: Env; database: DatabaseHandle }) {
    const { db } = deps.database;
    const [row] = await db.select().from(whatsappMessages).where(eq(whatsappMessages.id, payload.messageId));
    if (!row || row.status !== "queued" || !row.wa_id) return;
    // Queued before an admin confirmed a sanctions match on the lead: it must not go out after it.
    if (row.inquiry_id && (await isInquiryBlocked(db, row.inquiry_id))) {
      return markFailed(db, row.id, null, WITHHELD_ON_WHATSAPP);
    }
    const channel = deps.env.WHATSAPP;
    if (!channel) return markFailed(db, row.id, null, "The WhatsApp channel is not configured.");
    const content: OutgoingContent =
      row.type === "template"
        ? {
            type: "template",
            name: row.template_name ?? "",
            language: row.template_language ?? "",
            parameters: row.template_parameters,
          }
        : { type: "text", body: payload.text ?? row.body };
    let wamid: string;
    try {
      wamid = await sendWhatsAppMessage(channel, row.wa_id, content);
    } catch (error) {
      if (error instanceof GraphApiError && !error.retryable) {
        // Meta answered about this message: the channel itself works.
        await recordChannelSuccess(db);
        return markFailed(db, row.id, error.code, error.title);
      }
      const unauthorized = error instanceof GraphApiError && error.httpStatus === 401;
      const message = error instanceof Error ? error.message : String(error);
      await recordChannelFailure(
        db,
        { unauthorized, error: message },
        { adminEmails: deps.env.ADMIN_EMAILS },
      );
      throw error;
    }
    await recordChannelSuccess(db);
    await db.transaction(async (tx) => {
      await tx
        .update(whatsappMessages)
        .set({ wamid, status: "accepted", status_at: new Date() })
        .where(and(eq(whatsappMessages.id, row.id), eq(whatsappMessages.status, "queued")));
      await announceChange(tx);
    });
  },
  async record(tx, payload, _job, outcome) {
    if (outcome.done || !outcome.giveUp) return;
    await tx
      .update(whatsappMessages)
      .set({ status: "failed", status_at: new Date(), error_title: outcome.error.slice(0, 500) })
      .where(and(eq(whatsappMessages.id, payload.messageId), eq(whatsappMessages.status, "queued")));
    await reopenAfterFailedReply(tx, payload.messageId);
  },
});

/** Queues a free-text message to `to` in the caller's transaction; returns its row's id. */
export async function queueWhatsAppText(
  tx: Db,
  input: {
    inquiryId: string;
    to: string;
    body: string;
    sentBy?: string | null;
    /** The text sent, when it holds what must not be kept (a client's link): `body` is what the desk keeps. */
    sentText?: string;
  },
): Promise<string> {
  const [row] = await tx
    .insert(whatsappMessages)
    .values({
      inquiry_id: input.inquiryId,
      direction: "out",
      type: "text",
      body: input.body,
      wa_id: input.to,
      status: "queued",
      status_at: new Date(),
      sent_by: input.sentBy ?? null,
    })
    .returning({ id: whatsappMessages.id });
  await enqueueJob(
    tx,
    whatsAppSendJob,
    { messageId: row!.id, ...(input.sentText === undefined ? {} : { text: input.sentText }) },
    { inquiryId: input.inquiryId },
  );
  return row!.id;
}
