import { asc, eq } from "drizzle-orm";
import { inquiryAttachments, inquiryMessages } from "~db/schema";
import type { Db } from "~/lib/db/db.server";

/**
 * Every message received on an inquiry, oldest first, with its attachments and their scans: text only, never
 * markup. `heldReason` says why one waits for an admin to confirm it as the lead's.
 */
export async function listReceivedMessages(db: Db, inquiryId: string) {
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
        scan: inquiryAttachments.scan,
        scanSignature: inquiryAttachments.scan_signature,
      })
      .from(inquiryAttachments)
      .where(eq(inquiryAttachments.inquiry_id, inquiryId))
      .orderBy(asc(inquiryAttachments.created_at)),
  ]);
  return messages.map((message) => ({
    ...message,
    attachments: attachments
      .filter((attachment) => attachment.messageId === message.id)
      .map(({ messageId: _messageId, storedAs, ...attachment }) => ({
        ...attachment,
        kept: storedAs !== null,
      })),
  }));
}
