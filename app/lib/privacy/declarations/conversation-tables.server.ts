import { inArray } from "drizzle-orm";
import {
  contactSubmissions,
  inquiryAttachments,
  inquiryMessages,
  inquiryResponses,
  mailboxCursors,
  mailNotFiled,
  sentMessageIds,
} from "~db/schema";
import type { TableDeclaration } from "~/lib/privacy/declarations/types";

const none = Promise.resolve([]);

export const inquiryMessagesDeclaration: TableDeclaration = {
  table: inquiryMessages,
  personal: true,
  exportAs: "receivedMessages",
  label: "Messages received from the lead",
  async find(db, subject) {
    if (subject.inquiryIds.length === 0) return none;
    return db
      .select({
        inquiryId: inquiryMessages.inquiry_id,
        kind: inquiryMessages.kind,
        from: inquiryMessages.from_address,
        fromName: inquiryMessages.from_name,
        subject: inquiryMessages.subject,
        body: inquiryMessages.body,
        sentAt: inquiryMessages.sent_at,
        receivedAt: inquiryMessages.created_at,
      })
      .from(inquiryMessages)
      .where(inArray(inquiryMessages.inquiry_id, subject.inquiryIds))
      .orderBy(inquiryMessages.sent_at);
  },
  async erase(tx, subject) {
    if (subject.inquiryIds.length === 0) return 0;
    const rows = await tx
      .delete(inquiryMessages)
      .where(inArray(inquiryMessages.inquiry_id, subject.inquiryIds))
      .returning({ id: inquiryMessages.id });
    return rows.length;
  },
  retention: { kind: "with-parent", parent: contactSubmissions, periods: ["inquiryMonths", "spamDays"] },
};

export const inquiryAttachmentsDeclaration: TableDeclaration = {
  table: inquiryAttachments,
  personal: true,
  exportAs: "attachments",
  label: "Attachments of received messages (their names and sizes)",
  async find(db, subject) {
    if (subject.inquiryIds.length === 0) return none;
    return db
      .select({
        inquiryId: inquiryAttachments.inquiry_id,
        filename: inquiryAttachments.filename,
        contentType: inquiryAttachments.content_type,
        size: inquiryAttachments.size,
        kept: inquiryAttachments.stored_as,
        notKeptReason: inquiryAttachments.not_kept_reason,
      })
      .from(inquiryAttachments)
      .where(inArray(inquiryAttachments.inquiry_id, subject.inquiryIds))
      .orderBy(inquiryAttachments.created_at);
  },
  async erase(tx, subject) {
    if (subject.inquiryIds.length === 0) return 0;
    const rows = await tx
      .delete(inquiryAttachments)
      .where(inArray(inquiryAttachments.inquiry_id, subject.inquiryIds))
      .returning({ id: inquiryAttachments.id });
    return rows.length;
  },
  retention: { kind: "with-parent", parent: contactSubmissions, periods: ["inquiryMonths", "spamDays"] },
};

export const sentMessageIdsDeclaration: TableDeclaration = {
  table: sentMessageIds,
  personal: false,
  why: "Message-IDs the site generated for its own mail, and the inquiry they belong to; they go with the inquiry.",
  retention: { kind: "with-parent", parent: contactSubmissions, periods: ["inquiryMonths", "spamDays"] },
};

export const mailboxCursorsDeclaration: TableDeclaration = {
  table: mailboxCursors,
  personal: false,
  why: "The team's own mailboxes (address without password, folder) and how far fetching got.",
};

export const mailNotFiledDeclaration: TableDeclaration = {
  table: mailNotFiled,
  personal: false,
  why: "Messages a team mailbox fetcher set aside: the team's mailbox, the message's UID and size, and a reason; never the sender, the subject or any of its text.",
};

export const inquiryResponsesDeclaration: TableDeclaration = {
  table: inquiryResponses,
  personal: false,
  why: "When a lead waited and when the desk answered: times for the reply metrics, without names or text; they go with the inquiry.",
  retention: { kind: "with-parent", parent: contactSubmissions, periods: ["inquiryMonths", "spamDays"] },
};
