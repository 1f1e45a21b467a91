import { asc, eq, sql } from "drizzle-orm";
import { user, whatsappMessages } from "~db/schema";
import type { Db } from "~/lib/db/db.server";
import { readChannelHealth } from "~/lib/whatsapp/channel-state.server";
import { listWhatsAppTemplates, whatsAppThreadOf } from "~/lib/whatsapp/whatsapp-replies.server";

/** An inquiry's WhatsApp messages, oldest first, as the lead page's thread shows them: text only. */
async function listWhatsAppMessages(db: Db, inquiryId: string) {
  return db
    .select({
      id: whatsappMessages.id,
      direction: whatsappMessages.direction,
      type: whatsappMessages.type,
      body: whatsappMessages.body,
      waId: whatsappMessages.wa_id,
      profileName: whatsappMessages.profile_name,
      mediaMimeType: whatsappMessages.media_mime_type,
      mediaFilename: whatsappMessages.media_filename,
      mediaKept: sql<boolean>`${whatsappMessages.media_stored_as} is not null`,
      mediaNotKeptReason: whatsappMessages.media_not_kept_reason,
      mediaScan: whatsappMessages.media_scan,
      mediaScanSignature: whatsappMessages.media_scan_signature,
      possibleInquiryIds: whatsappMessages.possible_inquiry_ids,
      sentAt: whatsappMessages.sent_at,
      status: whatsappMessages.status,
      statusAt: whatsappMessages.status_at,
      errorCode: whatsappMessages.error_code,
      errorTitle: whatsappMessages.error_title,
      templateName: whatsappMessages.template_name,
      sentByName: user.name,
    })
    .from(whatsappMessages)
    .leftJoin(user, eq(user.id, whatsappMessages.sent_by))
    .where(eq(whatsappMessages.inquiry_id, inquiryId))
    .orderBy(asc(whatsappMessages.sent_at), asc(whatsappMessages.created_at));
}

/** What the lead page shows of WhatsApp: the messages, and with the channel on, where a reply goes and the templates. */
export async function loadWhatsApp(db: Db, inquiryId: string, channelOn: boolean) {
  const [messages, thread, templates, health] = await Promise.all([
    listWhatsAppMessages(db, inquiryId),
    channelOn ? whatsAppThreadOf(db, inquiryId) : null,
    channelOn ? listWhatsAppTemplates(db) : [],
    channelOn ? readChannelHealth(db) : null,
  ]);
  return { messages, thread, templates, health };
}
