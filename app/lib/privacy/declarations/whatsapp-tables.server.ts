import { and, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { whatsappChannelState, whatsappDeliveries, whatsappMessages, whatsappTemplates } from "~db/schema";
import {
  daysBefore,
  deleteRows,
  notPersonal,
  ofInquiries,
  personalRows,
} from "~/lib/privacy/declarations/declare-table.server";

/**
 * Meta's webhook calls as received: the person's number, name and words
 * until filed. Like any other job's input they go a short while after the
 * filing, or after the filing was given up on. A person's are the calls that
 * brought messages filed on their inquiries, so these go before the messages.
 */
export const whatsappDeliveriesDeclaration = personalRows(
  {
    table: whatsappDeliveries,
    exportAs: "whatsappDeliveries",
    label: "WhatsApp messages as received from Meta, before filing",
    columns: { receivedAt: whatsappDeliveries.received_at, body: whatsappDeliveries.body },
    orderBy: whatsappDeliveries.received_at,
  },
  ({ inquiryIds }) =>
    inquiryIds.length > 0
      ? sql`${whatsappDeliveries.id} in (select ${whatsappMessages.delivery_id} from ${whatsappMessages} where ${inArray(whatsappMessages.inquiry_id, inquiryIds)})`
      : null,
  {
    kind: "own",
    periods: ["deliveredMailDays", "failedMailDays"],
    apply: (tx, run) =>
      deleteRows(
        tx,
        whatsappDeliveries,
        or(
          and(
            isNotNull(whatsappDeliveries.filed_at),
            lt(whatsappDeliveries.filed_at, daysBefore(run.now, run.config.deliveredMailDays)),
          ),
          and(
            isNull(whatsappDeliveries.filed_at),
            lt(whatsappDeliveries.received_at, daysBefore(run.now, run.config.failedMailDays)),
          ),
        ),
      ),
  },
);

export const whatsappMessagesDeclaration = ofInquiries({
  inquiry: whatsappMessages.inquiry_id,
  actors: ["sent_by"],
  exportAs: "whatsappMessages",
  label: "WhatsApp messages from and to the lead",
  columns: {
    inquiryId: whatsappMessages.inquiry_id,
    direction: whatsappMessages.direction,
    type: whatsappMessages.type,
    body: whatsappMessages.body,
    number: whatsappMessages.wa_id,
    businessScopedUserId: whatsappMessages.user_id,
    profileName: whatsappMessages.profile_name,
    mediaType: whatsappMessages.media_mime_type,
    mediaFilename: whatsappMessages.media_filename,
    mediaSize: whatsappMessages.media_size,
    mediaKept: whatsappMessages.media_stored_as,
    mediaNotKeptReason: whatsappMessages.media_not_kept_reason,
    mediaScan: whatsappMessages.media_scan,
    template: whatsappMessages.template_name,
    templateParameters: whatsappMessages.template_parameters,
    status: whatsappMessages.status,
    sentAt: whatsappMessages.sent_at,
  },
  orderBy: whatsappMessages.sent_at,
});

export const whatsappTemplatesDeclaration = notPersonal(
  whatsappTemplates,
  "The names, languages and approved wording of the team's WhatsApp templates: about no one.",
);

export const whatsappChannelStateDeclaration = notPersonal(
  whatsappChannelState,
  "Whether the channel works and Meta's last error about it: about the channel, never a lead.",
);
