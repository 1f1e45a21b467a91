import { and, eq, sql } from "drizzle-orm";
import { stripSingleLineControls } from "~/forms/single-line";
import { whatsappMessages } from "~db/schema";
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
    .returning({ inquiryId: whatsappMessages.inquiry_id });
  if (updated.length > 0) await announceChange(db);
}
