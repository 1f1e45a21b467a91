import { asc, eq } from "drizzle-orm";
import { inquiryAttachments, inquiryMessages } from "~db/schema";
import type { Db } from "~/lib/db/db.server";

interface ConversationAttachment {
  id: string;
  filename: string;
  contentType: string;
  size: number;
  kept: boolean;
  notKeptReason: string | null;
}

/** A received message as the lead page shows it: text only, never markup. */
interface ReceivedMessage {
  id: string;
  kind: string;
  fromAddress: string;
  fromName: string | null;
  subject: string;
  body: string;
  sentAt: Date;
  authentication: Record<string, string>;
  /** Why it waits for an admin to confirm it as the lead's; null when it is the lead's. */
  heldReason: string | null;
  attachments: ConversationAttachment[];
}

/** Every message received on an inquiry, oldest first, with its attachments. */
export async function listReceivedMessages(db: Db, inquiryId: string): Promise<ReceivedMessage[]> {
  const [messages, attachments] = await Promise.all([
    db
      .select({
        id: inquiryMessages.id,
        kind: inquiryMessages.kind,
        fromAddress: inquiryMessages.from_address,
        fromName: inquiryMessages.from_name,
        subject: inquiryMessages.subject,
        body: inquiryMessages.body,
        sentAt: inquiryMessages.sent_at,
        authentication: inquiryMessages.authentication,
        heldReason: inquiryMessages.held_reason,
      })
      .from(inquiryMessages)
      .where(eq(inquiryMessages.inquiry_id, inquiryId))
      .orderBy(asc(inquiryMessages.sent_at)),
    db
      .select({
        id: inquiryAttachments.id,
        messageId: inquiryAttachments.message_id,
        filename: inquiryAttachments.filename,
        contentType: inquiryAttachments.content_type,
        size: inquiryAttachments.size,
        storedAs: inquiryAttachments.stored_as,
        notKeptReason: inquiryAttachments.not_kept_reason,
      })
      .from(inquiryAttachments)
      .where(eq(inquiryAttachments.inquiry_id, inquiryId))
      .orderBy(asc(inquiryAttachments.created_at)),
  ]);
  return messages.map((message) => ({
    ...message,
    attachments: attachments
      .filter((attachment) => attachment.messageId === message.id)
      .map(({ id, filename, contentType, size, storedAs, notKeptReason }) => ({
        id,
        filename,
        contentType,
        size,
        kept: storedAs !== null,
        notKeptReason,
      })),
  }));
}

/** One kept attachment of an inquiry, for its download; null when there is none. */
export async function findKeptAttachment(db: Db, input: { inquiryId: string; attachmentId: string }) {
  const [row] = await db
    .select({
      filename: inquiryAttachments.filename,
      size: inquiryAttachments.size,
      storedAs: inquiryAttachments.stored_as,
      inquiryId: inquiryAttachments.inquiry_id,
    })
    .from(inquiryAttachments)
    .where(eq(inquiryAttachments.id, input.attachmentId));
  if (!row || row.inquiryId !== input.inquiryId || row.storedAs === null) return null;
  return { filename: row.filename, size: row.size, storedAs: row.storedAs };
}
