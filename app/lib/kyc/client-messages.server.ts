import crypto from "node:crypto";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { contactSubmissions, inquiryMessages, inquiryReplies } from "~db/schema";
import { clientMessageLimit } from "~/content/kyc-checklists";
import type { Db } from "~/lib/db/db.server";
import {
  announceMessage,
  type ReceivedMailConfig,
  restartClock,
} from "~/lib/conversation/received-mail-effects.server";
import { consumeRateLimit } from "~/lib/http/rate-limit.server";
import { recordEvent } from "~/lib/inquiries/timeline.server";
import { isInquiryBlocked } from "~/lib/sanctions/decisions.server";

/** Where a message written on the client page is filed: no mailbox, so the mail fetcher never meets it. */
const CLIENT_PAGE_MAILBOX = "client-page";

export interface ConversationEntry {
  id: string;
  from: "you" | "us";
  body: string;
  at: Date;
}

/**
 * The conversation as the client sees it: their messages (mail, WhatsApp or this page) and the desk's replies,
 * oldest first. Delivery reports, automatic replies and messages held for review are the desk's business.
 */
export async function listClientConversation(db: Db, inquiryId: string): Promise<ConversationEntry[]> {
  const [received, replies] = await Promise.all([
    db
      .select({ id: inquiryMessages.id, body: inquiryMessages.body, at: inquiryMessages.sent_at })
      .from(inquiryMessages)
      .where(
        and(
          eq(inquiryMessages.inquiry_id, inquiryId),
          eq(inquiryMessages.kind, "message"),
          isNull(inquiryMessages.held_reason),
        ),
      ),
    db
      .select({ id: inquiryReplies.id, body: inquiryReplies.body, at: inquiryReplies.created_at })
      .from(inquiryReplies)
      .where(and(eq(inquiryReplies.inquiry_id, inquiryId), isNull(inquiryReplies.failed_at)))
      .orderBy(asc(inquiryReplies.created_at)),
  ]);
  return [
    ...received.map((row) => ({ ...row, from: "you" as const })),
    ...replies.map((row) => ({ ...row, from: "us" as const })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
}

export type ClientMessageOutcome = "sent" | "rate-limited" | "blocked" | "not-found";

/**
 * Files the client's message on the lead like a received e-mail: on the timeline, the lead awaits a reply again,
 * and the owner (or every admin) is told. Refused past the per-inquiry limit and on a lead a confirmed sanctions
 * match blocks.
 */
export async function postClientMessage(
  db: Db,
  config: ReceivedMailConfig,
  input: { inquiryId: string; body: string },
): Promise<ClientMessageOutcome> {
  if (await isInquiryBlocked(db, input.inquiryId)) return "blocked";
  const limit = await consumeRateLimit(db, `client-message:inquiry:${input.inquiryId}`, clientMessageLimit);
  if (!limit.allowed) return "rate-limited";
  return db.transaction(async (tx) => {
    const [inquiry] = await tx
      .select({ email: contactSubmissions.email, name: contactSubmissions.name })
      .from(contactSubmissions)
      .where(inArray(contactSubmissions.id, [input.inquiryId]))
      .for("update");
    if (!inquiry) return "not-found" as const;
    const id = crypto.randomUUID();
    await tx.insert(inquiryMessages).values({
      id,
      inquiry_id: input.inquiryId,
      message_key: `${CLIENT_PAGE_MAILBOX}:${id}`,
      kind: "message",
      from_address: inquiry.email.toLowerCase(),
      from_name: inquiry.name,
      subject: "Message from the client's page",
      body: input.body,
      sent_at: new Date(),
      mailbox: CLIENT_PAGE_MAILBOX,
    });
    await recordEvent(tx, {
      inquiryId: input.inquiryId,
      kind: "message-received",
      details: { messageId: id, via: CLIENT_PAGE_MAILBOX },
    });
    await restartClock(tx, input.inquiryId);
    await announceMessage(tx, config, input.inquiryId, { held: false });
    return "sent" as const;
  });
}
