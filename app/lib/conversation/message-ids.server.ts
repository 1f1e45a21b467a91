import crypto from "node:crypto";
import { and, desc, eq, isNotNull } from "drizzle-orm";
import { inquiryMessages, sentMessageIds } from "~db/schema";
import { company } from "~/content/company";
import type { Db } from "~/lib/db/db.server";
import type { MailThreading } from "~/lib/mail/mail.server";

/** The site's own domain: Message-IDs the desk makes are recognisable as ours. */
const MESSAGE_ID_DOMAIN = company.emails.general.address.split("@")[1] ?? "localhost";

/** Gives a mail about an inquiry its Message-ID and records it, so a lead's answer threads back. */
export async function recordSentMessage(
  tx: Db,
  input: {
    inquiryId: string;
    kind: "acknowledgement" | "reply";
    replyId?: string | null;
    thread?: { inReplyTo: string | null; references: string[] };
  },
): Promise<MailThreading> {
  const messageId = `${crypto.randomUUID()}@${MESSAGE_ID_DOMAIN}`;
  await tx.insert(sentMessageIds).values({
    message_id: messageId,
    inquiry_id: input.inquiryId,
    reply_id: input.replyId ?? null,
    kind: input.kind,
  });
  return {
    messageId,
    inReplyTo: input.thread?.inReplyTo ?? null,
    references: input.thread?.references ?? [],
  };
}

/** What a desk reply answers: the lead's last message, and the thread so far, oldest first. */
export async function threadOf(
  tx: Db,
  inquiryId: string,
): Promise<{ inReplyTo: string | null; references: string[] }> {
  const [last] = await tx
    .select({ messageId: inquiryMessages.message_id })
    .from(inquiryMessages)
    .where(
      and(
        eq(inquiryMessages.inquiry_id, inquiryId),
        eq(inquiryMessages.kind, "message"),
        isNotNull(inquiryMessages.message_id),
      ),
    )
    .orderBy(desc(inquiryMessages.sent_at))
    .limit(1);
  const sent = await tx
    .select({ messageId: sentMessageIds.message_id })
    .from(sentMessageIds)
    .where(eq(sentMessageIds.inquiry_id, inquiryId))
    .orderBy(desc(sentMessageIds.created_at))
    .limit(9);
  const inReplyTo = last?.messageId ?? null;
  const references = [...sent.map((row) => row.messageId).reverse(), ...(inReplyTo ? [inReplyTo] : [])];
  return { inReplyTo, references };
}
