import { and, eq, sql } from "drizzle-orm";
import { contactSubmissions, whatsappMessages } from "~db/schema";
import type { Db } from "~/lib/db/db.server";
import { announceChange, restartClock } from "~/lib/conversation/received-mail-effects.server";
import { recordEvent } from "~/lib/inquiries/timeline.server";

export type MoveOutcome = "moved" | "not-found" | "not-a-match";

/**
 * Moves a message from the lead to another inquiry its number matched: the
 * desk's decision where the filing would not guess. Both timelines record
 * it; the lead's later messages follow it, as they go where the last one is.
 */
export async function moveWhatsAppMessage(
  db: Db,
  input: { fromInquiryId: string; messageId: string; toInquiryId: string; actorId: string },
): Promise<MoveOutcome> {
  return db.transaction(async (tx) => {
    const [message] = await tx
      .select({ possible: whatsappMessages.possible_inquiry_ids })
      .from(whatsappMessages)
      .where(
        and(
          eq(whatsappMessages.id, input.messageId),
          eq(whatsappMessages.inquiry_id, input.fromInquiryId),
          eq(whatsappMessages.direction, "in"),
        ),
      )
      .for("update");
    if (!message) return "not-found";
    // Only where the number led: a message is never put on a lead the sender has nothing to do with.
    if (!message.possible.includes(input.toInquiryId)) return "not-a-match";
    const [target] = await tx
      .select({ id: contactSubmissions.id })
      .from(contactSubmissions)
      .where(eq(contactSubmissions.id, input.toInquiryId))
      .for("update");
    if (!target) return "not-found";
    await tx
      .update(whatsappMessages)
      .set({ inquiry_id: input.toInquiryId, possible_inquiry_ids: sql`'[]'::jsonb` })
      .where(eq(whatsappMessages.id, input.messageId));
    const details = { messageId: input.messageId, from: input.fromInquiryId, to: input.toInquiryId };
    await recordEvent(tx, {
      inquiryId: input.fromInquiryId,
      kind: "whatsapp-moved-out",
      actorId: input.actorId,
      details,
    });
    await recordEvent(tx, {
      inquiryId: input.toInquiryId,
      kind: "whatsapp-moved-in",
      actorId: input.actorId,
      details,
    });
    // The moved message waits for an answer on the lead it now belongs to.
    await restartClock(tx, input.toInquiryId);
    await announceChange(tx);
    return "moved";
  });
}
