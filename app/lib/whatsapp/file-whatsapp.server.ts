import { and, eq, sql } from "drizzle-orm";
import { company } from "~/content/company";
import { whatsAppLimits } from "~/content/whatsapp-limits";
import { CONTACT_LIMITS } from "~/forms/contact";
import { stripSingleLineControls, stripTextControls } from "~/forms/single-line";
import { whatsappDeliveries, whatsappMessages } from "~db/schema";
import type { Db } from "~/lib/db/db.server";
import {
  announceChange,
  announceMessage,
  type ReceivedMailConfig,
  restartClock,
} from "~/lib/conversation/received-mail-effects.server";
import { createInquiry } from "~/lib/inquiries/intake.server";
import { recordEvent } from "~/lib/inquiries/timeline.server";
import { enqueueJob } from "~/lib/jobs/job-queue.server";
import { logger } from "~/lib/ops/logger.server";
import { whatsAppMediaJob } from "~/lib/whatsapp/media.server";
import { applyDeliveryStatus } from "~/lib/whatsapp/delivery-status.server";
import { queueWhatsAppText } from "~/lib/whatsapp/outgoing.server";
import {
  type IncomingContact,
  type IncomingMessage,
  incomingMessageSchema,
  partsOfDelivery,
} from "~/lib/whatsapp/whatsapp-payload.server";
import { matchSender, type WhatsAppSender } from "~/lib/whatsapp/whatsapp-sender.server";

/** Media types shown as attachments; any other type is kept as what it is, with its caption or text if any. */
const MEDIA_TYPES = ["image", "document", "audio", "video", "sticker"] as const;

/** What one message says, as the desk shows it (control characters gone). */
function contentOf(message: IncomingMessage) {
  const media = MEDIA_TYPES.includes(message.type as (typeof MEDIA_TYPES)[number])
    ? message[message.type as (typeof MEDIA_TYPES)[number]]
    : undefined;
  const text = message.text?.body ?? media?.caption ?? "";
  return {
    body: stripTextControls(text).slice(0, whatsAppLimits.textChars),
    mediaId: media?.id ?? null,
    mediaMimeType: media?.mime_type ? stripSingleLineControls(media.mime_type).slice(0, 255) : null,
    mediaFilename: media?.filename ? stripSingleLineControls(media.filename).slice(0, 255) : null,
  };
}

function senderOf(message: IncomingMessage, contacts: IncomingContact[]) {
  const contact =
    contacts.find(
      (entry) =>
        (message.from && entry.wa_id === message.from) ||
        (message.from_user_id && entry.user_id === message.from_user_id),
    ) ?? (contacts.length === 1 ? contacts[0] : undefined);
  const digits = (message.from ?? contact?.wa_id ?? "").replace(/\D/g, "");
  const sender: WhatsAppSender = {
    waId: /^\d{6,15}$/.test(digits) ? digits : null,
    userId: message.from_user_id ?? contact?.user_id ?? null,
  };
  const name = stripSingleLineControls(contact?.profile?.name ?? "").trim();
  return { sender, name: name.slice(0, CONTACT_LIMITS.name) || null };
}

/** The first message of a new lead, as an inquiry the desk lists like any other. */
function inquiryFromMessage(
  sender: WhatsAppSender,
  name: string | null,
  message: IncomingMessage,
  body: string,
) {
  const number = sender.waId ? `+${sender.waId}` : null;
  return {
    name: name ?? number ?? "WhatsApp user",
    company: null,
    // Nobody is mailed about a WhatsApp inquiry until the lead gives an address.
    email: "",
    phone: null,
    whatsapp: number,
    interest: null,
    deal_size: null,
    message: (body || `(${message.type})`).slice(0, CONTACT_LIMITS.message),
  };
}

function acknowledgementText(reference: string): string {
  return `Thank you for your message to ${company.brandName}. Your reference is ${reference}. A member of the team will reply within ${company.responsePromise}.`;
}

class AlreadyFiled extends Error {}

/** Files one message once (by its wamid), on the sender's one inquiry or a new one; false when it was filed before. */
async function fileMessage(
  db: Db,
  config: ReceivedMailConfig,
  deliveryId: string,
  item: { message: IncomingMessage; contacts: IncomingContact[] },
): Promise<boolean> {
  const { message } = item;
  const { sender, name } = senderOf(message, item.contacts);
  if (!sender.waId && !sender.userId) {
    logger.warn({ deliveryId }, "WhatsApp message without a sender: not filed");
    return false;
  }
  const content = contentOf(message);
  const sentAt = new Date(Math.min(Number(message.timestamp) * 1000, Date.now()));
  try {
    return await db.transaction(async (tx) => {
      const match = await matchSender(tx, sender);
      let inquiryId = match.inquiryId;
      let reference: string | null = null;
      if (!inquiryId) {
        const created = await createInquiry(tx, inquiryFromMessage(sender, name, message, content.body), {
          isSpam: false,
          acknowledge: false,
          adminEmails: config.adminEmails,
          siteUrl: config.siteUrl,
          webhookUrl: config.webhookUrl,
          // Two first messages of one new sender, filed at once, start one inquiry.
          submissionKey: `whatsapp:${sender.waId ?? sender.userId}`,
          source: "whatsapp",
        });
        inquiryId = created.id;
        if (!created.duplicate) reference = created.reference;
      }
      const [row] = await tx
        .insert(whatsappMessages)
        .values({
          inquiry_id: inquiryId,
          wamid: message.id,
          direction: "in",
          type: message.type,
          body: content.body,
          wa_id: sender.waId,
          user_id: sender.userId,
          profile_name: name,
          media_id: content.mediaId,
          media_mime_type: content.mediaMimeType,
          media_filename: content.mediaFilename,
          possible_inquiry_ids: match.possibleInquiryIds,
          sent_at: sentAt,
          delivery_id: deliveryId,
        })
        .onConflictDoNothing({ target: whatsappMessages.wamid })
        .returning({ id: whatsappMessages.id });
      // Filed already (a repeat, or another instance first): an inquiry this filing started goes with it.
      if (!row) throw new AlreadyFiled();
      if (content.mediaId) await enqueueJob(tx, whatsAppMediaJob, { messageId: row.id }, { inquiryId });
      await recordEvent(tx, {
        inquiryId,
        kind: "message-received",
        details: { messageId: row.id, channel: "whatsapp" },
      });
      if (reference && sender.waId) {
        await queueWhatsAppText(tx, { inquiryId, to: sender.waId, body: acknowledgementText(reference) });
        return true;
      }
      if (reference) return announceChange(tx).then(() => true);
      await restartClock(tx, inquiryId);
      await announceMessage(tx, config, inquiryId, { held: false });
      return true;
    });
  } catch (error) {
    if (error instanceof AlreadyFiled) return false;
    throw error;
  }
}

/**
 * Files one stored webhook call: each message once, each status on its
 * reply. A message or status that does not fit Meta's shape is logged and
 * skipped; a database failure throws, and the retry files only what is left.
 */
export async function fileDelivery(db: Db, config: ReceivedMailConfig, deliveryId: string): Promise<void> {
  const [delivery] = await db
    .select({ body: whatsappDeliveries.body, filedAt: whatsappDeliveries.filed_at })
    .from(whatsappDeliveries)
    .where(eq(whatsappDeliveries.id, deliveryId));
  if (!delivery || delivery.filedAt) return;
  let parts: ReturnType<typeof partsOfDelivery> = { messages: [], statuses: [] };
  try {
    parts = partsOfDelivery(delivery.body);
  } catch {
    logger.warn({ deliveryId }, "WhatsApp delivery is not Meta's envelope: not filed");
  }
  if (parts.messages.length > whatsAppLimits.messagesPerDelivery) {
    logger.warn(
      { deliveryId, messages: parts.messages.length },
      "WhatsApp delivery over the message limit: the rest left",
    );
  }
  for (const item of parts.messages.slice(0, whatsAppLimits.messagesPerDelivery)) {
    const message = incomingMessageSchema.safeParse(item.message);
    if (!message.success) {
      logger.warn({ deliveryId }, "WhatsApp message not in Meta's shape: skipped");
      continue;
    }
    await fileMessage(db, config, deliveryId, { message: message.data, contacts: item.contacts });
  }
  for (const status of parts.statuses) await applyDeliveryStatus(db, status);
  await db
    .update(whatsappDeliveries)
    .set({ filed_at: sql`now()` })
    .where(and(eq(whatsappDeliveries.id, deliveryId)));
}
