import { and, eq, sql } from "drizzle-orm";
import { stripSingleLineControls } from "~/forms/single-line";
import { contactSubmissions, whatsappMessages } from "~db/schema";
import type { Db } from "~/lib/db/db.server";
import { announceChange } from "~/lib/conversation/received-mail-effects.server";
import { logger } from "~/lib/ops/logger.server";
import { statusSchema } from "~/lib/whatsapp/whatsapp-payload.server";

/** A reply's states in the order they happen; Meta may report them out of order, so a state never goes back. */
const REPLY_STATES = ["queued", "accepted", "sent", "delivered", "read", "failed"] as const;

/** The rank of a state in SQL, for a conditional update that cannot go back whoever runs first. */
function rankOf(state: string) {
  return (REPLY_STATES as readonly string[]).indexOf(state);
}

const rankSql = sql.raw(
  `(case ${REPLY_STATES.map((state, index) => `when whatsapp_messages.status = '${state}' then ${index}`).join(" ")} else -1 end)`,
);

/** Records one of Meta's statuses[] on the desk reply it is about; anything else (unknown id or state) is ignored. */
export async function applyDeliveryStatus(db: Db, raw: unknown): Promise<void> {
  const parsed = statusSchema.safeParse(raw);
  if (!parsed.success) {
    logger.warn("WhatsApp status not in Meta's shape: skipped");
    return;
  }
  const status = parsed.data;
  const rank = rankOf(status.status);
  if (rank < 0) return;
  const error = status.errors?.[0];
  const updated = await db
    .update(whatsappMessages)
    .set({
      status: status.status,
      status_at: new Date(Number(status.timestamp) * 1000),
      ...(status.status === "failed"
        ? {
            error_code: error?.code ?? null,
            error_title: error?.title ? stripSingleLineControls(error.title).slice(0, 500) : null,
          }
        : {}),
    })
    .where(
      and(
        eq(whatsappMessages.wamid, status.id),
        eq(whatsappMessages.direction, "out"),
        sql`${rankSql} < ${rank}`,
      ),
    )
    .returning({ id: whatsappMessages.id });
  if (updated.length === 0) return;
  if (status.status === "failed") await reopenAfterFailedReply(db, updated[0]!.id);
  await announceChange(db);
}

/**
 * A desk reply Meta reports failed was never an answer: the lead awaits one
 * again, from their latest message before it (or the reply's own time).
 */
export async function reopenAfterFailedReply(tx: Db, messageId: string): Promise<void> {
  const [reply] = await tx
    .select({
      inquiryId: whatsappMessages.inquiry_id,
      sentAt: whatsappMessages.sent_at,
      sentBy: whatsappMessages.sent_by,
    })
    .from(whatsappMessages)
    .where(and(eq(whatsappMessages.id, messageId), eq(whatsappMessages.direction, "out")));
  if (!reply?.sentBy) return;
  const lastLeadMessage = sql`(select max(${whatsappMessages.sent_at}) from ${whatsappMessages} where ${whatsappMessages.inquiry_id} = ${reply.inquiryId} and ${whatsappMessages.direction} = 'in' and ${whatsappMessages.sent_at} <= ${reply.sentAt.toISOString()}::timestamptz)`;
  await tx
    .update(contactSubmissions)
    .set({
      awaiting_since: sql`coalesce(${contactSubmissions.awaiting_since}, ${lastLeadMessage}, ${reply.sentAt.toISOString()}::timestamptz)`,
      last_message_by: "lead",
    })
    .where(eq(contactSubmissions.id, reply.inquiryId));
}
