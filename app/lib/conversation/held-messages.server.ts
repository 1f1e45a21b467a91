import { and, eq, isNotNull } from "drizzle-orm";
import { inquiryMessages } from "~db/schema";
import type { Db } from "~/lib/db/db.server";
import { recordEvent } from "~/lib/inquiries/timeline.server";
import { restartClock } from "~/lib/conversation/received-mail-effects.server";

/**
 * A confirmed held message counts as the lead's, reopening and restarting the clock as it would have on arrival.
 * False when there is no such held message (a colleague confirmed it already).
 */
export async function confirmHeldMessage(
  db: Db,
  input: { inquiryId: string; messageId: string; adminId: string | null },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [confirmed] = await tx
      .update(inquiryMessages)
      .set({ held_reason: null })
      .where(
        and(
          eq(inquiryMessages.id, input.messageId),
          eq(inquiryMessages.inquiry_id, input.inquiryId),
          isNotNull(inquiryMessages.held_reason),
        ),
      )
      .returning({ id: inquiryMessages.id });
    if (!confirmed) return false;
    await recordEvent(tx, {
      inquiryId: input.inquiryId,
      kind: "message-confirmed",
      actorId: input.adminId,
      details: { messageId: confirmed.id },
    });
    await restartClock(tx, input.inquiryId);
    return true;
  });
}
