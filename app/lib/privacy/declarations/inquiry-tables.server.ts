import { getTableColumns, inArray, type SQL, sql } from "drizzle-orm";
import {
  contactSubmissions,
  followUps,
  inquiryAttachments,
  inquiryEvents,
  inquiryMessages,
  inquiryNotesVersions,
  inquiryReplies,
  inquiryResponses,
  mailboxCursors,
  mailNotFiled,
  replyDrafts,
  replyTemplates,
  sentMessageIds,
} from "~db/schema";
import { lockJobsOfInquiries } from "~/lib/jobs/lock-inquiry-jobs.server";
import { redactMailText } from "~/lib/privacy/redact-mail";
import {
  at,
  daysBefore,
  deleteRows,
  forgetActor,
  INQUIRY_PERIODS,
  monthsBefore,
  notPersonal,
  ofInquiries,
} from "~/lib/privacy/declarations/declare-table.server";
import type { RetentionRun, TableDeclaration } from "~/lib/privacy/declarations/types";

/** Arrival, notes or the desk's last action; reading a card gives no reason to keep it longer. */
export const inquiryLastActivity = sql`greatest(${contactSubmissions.created_at}, ${contactSubmissions.notes_updated_at}, ${contactSubmissions.last_action_at})`;

/** A held inquiry is genuine until judged: the short spam period must not delete a lead nobody saw (decision 048). */
export function expiredInquiries({ now, config }: RetentionRun): SQL {
  return sql`(((not ${contactSubmissions.is_spam} or ${contactSubmissions.held}) and ${inquiryLastActivity} < ${at(monthsBefore(now, config.inquiryMonths))})
    or (${contactSubmissions.is_spam} and not ${contactSubmissions.held} and ${inquiryLastActivity} < ${at(daysBefore(now, config.spamDays))}))`;
}

export const contactSubmissionsDeclaration: TableDeclaration = {
  table: contactSubmissions,
  personal: true,
  exportAs: "inquiries",
  label: "Inquiries",
  async find(db, subject) {
    if (subject.inquiryIds.length === 0) return [];
    // Token hashes only recognise a resent form; the search and mail texts copy what is exported already.
    const {
      submission_key: _key,
      form_token_hash: _hash,
      search_text: _search,
      mail_text: _mail,
      ...columns
    } = getTableColumns(contactSubmissions);
    return db
      .select(columns)
      .from(contactSubmissions)
      .where(inArray(contactSubmissions.id, subject.inquiryIds))
      .orderBy(contactSubmissions.created_at);
  },
  async erase(tx, { inquiryIds, userId }) {
    let count = 0;
    if (inquiryIds.length > 0) {
      await lockJobsOfInquiries(tx, inArray(contactSubmissions.id, inquiryIds));
      count += await deleteRows(tx, contactSubmissions, inArray(contactSubmissions.id, inquiryIds));
    }
    if (userId) {
      count += await forgetActor(
        tx,
        contactSubmissions,
        ["read_by", "notes_updated_by", "assigned_to"],
        userId,
      );
    }
    return count;
  },
  retention: {
    kind: "own",
    periods: INQUIRY_PERIODS,
    async apply(tx, run) {
      await lockJobsOfInquiries(tx, expiredInquiries(run));
      return deleteRows(tx, contactSubmissions, expiredInquiries(run));
    },
  },
};

export const inquiryEventsDeclaration = ofInquiries({
  inquiry: inquiryEvents.inquiry_id,
  actors: ["actor_id"],
  exportAs: "inquiryHistory",
  label: "Inquiry history entries",
  columns: {
    inquiryId: inquiryEvents.inquiry_id,
    kind: inquiryEvents.kind,
    details: inquiryEvents.details,
    createdAt: inquiryEvents.created_at,
  },
  orderBy: inquiryEvents.created_at,
});

export const inquiryRepliesDeclaration = ofInquiries({
  inquiry: inquiryReplies.inquiry_id,
  actors: ["sent_by"],
  exportAs: "replies",
  label: "Replies sent from the desk",
  columns: {
    inquiryId: inquiryReplies.inquiry_id,
    to: inquiryReplies.to,
    subject: inquiryReplies.subject,
    body: inquiryReplies.body,
    createdAt: inquiryReplies.created_at,
    deliveredAt: inquiryReplies.delivered_at,
    failedAt: inquiryReplies.failed_at,
  },
  orderBy: inquiryReplies.created_at,
  map: (row) => ({ ...row, body: redactMailText(row.body as string) }),
});

/** What the desk wrote about the lead; an erased admin is forgotten as their author. */
export const inquiryNotesVersionsDeclaration = ofInquiries({
  inquiry: inquiryNotesVersions.inquiry_id,
  actors: ["author_id"],
  exportAs: "notesHistory",
  label: "Earlier versions of the notes",
  columns: {
    inquiryId: inquiryNotesVersions.inquiry_id,
    notes: inquiryNotesVersions.notes,
    createdAt: inquiryNotesVersions.created_at,
  },
  orderBy: inquiryNotesVersions.created_at,
});

export const inquiryMessagesDeclaration = ofInquiries({
  inquiry: inquiryMessages.inquiry_id,
  exportAs: "receivedMessages",
  label: "Messages received from the lead",
  columns: {
    inquiryId: inquiryMessages.inquiry_id,
    kind: inquiryMessages.kind,
    from: inquiryMessages.from_address,
    fromName: inquiryMessages.from_name,
    subject: inquiryMessages.subject,
    body: inquiryMessages.body,
    sentAt: inquiryMessages.sent_at,
    receivedAt: inquiryMessages.created_at,
  },
  orderBy: inquiryMessages.sent_at,
});

export const inquiryAttachmentsDeclaration = ofInquiries({
  inquiry: inquiryAttachments.inquiry_id,
  exportAs: "attachments",
  label: "Attachments of received messages (their names, sizes and virus scan results)",
  columns: {
    inquiryId: inquiryAttachments.inquiry_id,
    filename: inquiryAttachments.filename,
    contentType: inquiryAttachments.content_type,
    size: inquiryAttachments.size,
    kept: inquiryAttachments.stored_as,
    notKeptReason: inquiryAttachments.not_kept_reason,
    scan: inquiryAttachments.scan,
  },
  orderBy: inquiryAttachments.created_at,
});

/** Replies being written to a lead: their words about and to the lead go with the inquiry. */
export const replyDraftsDeclaration = ofInquiries({
  inquiry: replyDrafts.inquiry_id,
  exportAs: "replyDrafts",
  label: "Replies being written (drafts)",
  columns: {
    inquiryId: replyDrafts.inquiry_id,
    subject: replyDrafts.subject,
    body: replyDrafts.body,
    savedAt: replyDrafts.updated_at,
  },
  orderBy: replyDrafts.updated_at,
});

/** A lead's next step: its text may say things about the lead, so it goes with the inquiry. */
export const followUpsDeclaration = ofInquiries({
  inquiry: followUps.inquiry_id,
  exportAs: "followUps",
  label: "Follow-ups (the team's next steps)",
  columns: {
    inquiryId: followUps.inquiry_id,
    dueAt: followUps.due_at,
    text: followUps.text,
    completedAt: followUps.completed_at,
  },
  orderBy: followUps.due_at,
});

export const sentMessageIdsDeclaration = notPersonal(
  sentMessageIds,
  "Message-IDs the site generated for its own mail, and the inquiry they belong to; they go with the inquiry.",
  "with inquiry",
);

export const inquiryResponsesDeclaration = notPersonal(
  inquiryResponses,
  "When a lead waited and when the desk answered: times for the reply metrics, without names or text; they go with the inquiry.",
  "with inquiry",
);

export const mailboxCursorsDeclaration = notPersonal(
  mailboxCursors,
  "The team's own mailboxes (address without password, folder) and how far fetching got.",
);

export const mailNotFiledDeclaration = notPersonal(
  mailNotFiled,
  "Messages a team mailbox fetcher set aside: the team's mailbox, the message's UID and size, and a reason; never the sender, the subject or any of its text.",
);

export const replyTemplatesDeclaration = notPersonal(
  replyTemplates,
  "The team's reply templates: general text with placeholders ({{name}}) filled in only when inserted into a draft, so no lead is in them; the last editor is an admin's account id, which goes when the account does.",
);
