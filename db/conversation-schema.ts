import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { contactSubmissions, inquiryReplies } from "./schema";

/**
 * Where fetching each team mailbox got to: one row per mailbox (its URL
 * without the password, and the folder). A message counts as taken when its
 * UID is at or below `last_uid` under the same `uid_validity`; the row is
 * advanced in the transaction that files the message, so a crash or a second
 * instance can neither skip nor repeat one.
 */
export const mailboxCursors = pgTable("mailbox_cursors", {
  mailbox: text().primaryKey(),
  uid_validity: bigint({ mode: "number" }),
  last_uid: bigint({ mode: "number" }).notNull().default(0),
  last_fetched_at: timestamp({ withTimezone: true }),
  last_error: text(),
  last_error_at: timestamp({ withTimezone: true }),
});

/**
 * Messages a fetcher set aside instead of filing (one that could not be
 * read, was over a size limit, or that the database refused), so the
 * mailbox moves on and an admin can find the message in the mailbox by its
 * UID. No personal data: the team's mailbox, the UID, the size and a
 * reason, never the sender, the subject or any text of the message.
 */
export const mailNotFiled = pgTable(
  "mail_not_filed",
  {
    id: uuid().primaryKey().defaultRandom(),
    mailbox: text().notNull(),
    uid_validity: bigint({ mode: "number" }).notNull(),
    uid: bigint({ mode: "number" }).notNull(),
    size: bigint({ mode: "number" }),
    reason: text().notNull(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("mail_not_filed_message_idx").on(table.mailbox, table.uid_validity, table.uid),
    index("mail_not_filed_created_idx").on(table.created_at),
  ],
);

/**
 * Mail received from a lead (or about one: an automatic reply, a delivery
 * failure report), threaded onto its inquiry. Personal data of the lead:
 * exported, erased and expired with the inquiry.
 */
export const inquiryMessages = pgTable(
  "inquiry_messages",
  {
    id: uuid().primaryKey().defaultRandom(),
    inquiry_id: uuid()
      .notNull()
      .references(() => contactSubmissions.id, { onDelete: "cascade" }),
    /**
     * The message's identity across mailboxes and folders: its Message-ID,
     * or a hash of its headers when it has none. One message is filed once.
     */
    message_key: text().notNull(),
    message_id: text(),
    in_reply_to: text(),
    /** "message" from the lead, "auto-reply" (RFC 3834), or "delivery-report" (a DSN). */
    kind: text().notNull().default("message"),
    from_address: text().notNull(),
    from_name: text(),
    subject: text().notNull().default(""),
    /** The text body (HTML-only mail converted to text); markup is never kept for display. */
    body: text().notNull().default(""),
    /** The Date header, or the time it was fetched when that is missing or absurd. */
    sent_at: timestamp({ withTimezone: true }).notNull(),
    /**
     * SPF/DKIM/DMARC verdicts from our receiving server's own
     * Authentication-Results (MAIL_AUTHSERV_ID), e.g. { spf: "pass", dkim: "fail" };
     * empty when none could be trusted.
     */
    authentication: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** The sender's address key (app/lib/mail/address-key.ts): the per-sender limits count by it. */
    sender_key: text(),
    /** The domain of `sender_key`: the per-domain limits count by it. */
    sender_domain: text(),
    /**
     * Why a message on a lead waits for an admin to confirm it ("not-the-lead":
     * from an address that is neither the lead's nor the team's;
     * "authentication-failed"): until then it neither reopens the lead nor
     * restarts its clock. Null for a message taken as the lead's.
     */
    held_reason: text(),
    /** The mailbox (and folder) it was first found in. */
    mailbox: text().notNull(),
    /** For a delivery report: the desk reply it reports on. */
    reply_id: uuid().references(() => inquiryReplies.id, { onDelete: "set null" }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("inquiry_messages_message_key_key").on(table.message_key),
    index("inquiry_messages_inquiry_idx").on(table.inquiry_id, table.sent_at),
    index("inquiry_messages_message_id_idx").on(table.message_id),
    index("inquiry_messages_sender_idx").on(table.sender_key, table.created_at),
    index("inquiry_messages_sender_domain_idx").on(table.sender_domain, table.created_at),
    // The reports' response times read a range of weeks' messages from leads by this index alone.
    index("inquiry_messages_reports_idx")
      .on(table.sent_at, table.inquiry_id)
      .where(sql`${table.kind} = 'message'`),
  ],
);

/**
 * Attachments of received mail. Kept files live under DATA_DIR (see the
 * file declarations); one over the size limits is listed with `stored_as`
 * null and never written.
 */
export const inquiryAttachments = pgTable(
  "inquiry_attachments",
  {
    id: uuid().primaryKey().defaultRandom(),
    message_id: uuid()
      .notNull()
      .references(() => inquiryMessages.id, { onDelete: "cascade" }),
    inquiry_id: uuid()
      .notNull()
      .references(() => contactSubmissions.id, { onDelete: "cascade" }),
    filename: text().notNull(),
    content_type: text().notNull(),
    size: integer().notNull(),
    /** The file's name under the attachments directory; null when it was not kept. */
    stored_as: text(),
    /** Why it was not kept ("too-large", …); null when kept. */
    not_kept_reason: text(),
    /**
     * Whether the file is stored encrypted under UPLOAD_KEY (decision 089): recorded, never read off the bytes,
     * which a sender chooses. False for a file kept while UPLOAD_KEY was unset.
     */
    encrypted: boolean().notNull().default(false),
    /** As `uploads.scan`: pending, clean or infected (the file deleted); null when no file was kept. */
    scan: text(),
    scan_signature: text(),
    scanned_at: timestamp({ withTimezone: true }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("inquiry_attachments_message_idx").on(table.message_id),
    index("inquiry_attachments_inquiry_idx").on(table.inquiry_id),
    index("inquiry_attachments_pending_idx")
      .on(table.created_at)
      .where(sql`${table.scan} = 'pending'`),
    check("inquiry_attachments_scan_check", sql`${table.scan} in ('pending', 'clean', 'infected')`),
    // A kept file always has a scan state, so none is served or forgotten unscanned.
    check("inquiry_attachments_scan_kept_check", sql`(${table.stored_as} is null) = (${table.scan} is null)`),
  ],
);

/**
 * The Message-ID of every mail the desk sent about an inquiry
 * (acknowledgement and replies), so a lead's answer threads back by its
 * In-Reply-To or References headers.
 */
export const sentMessageIds = pgTable(
  "sent_message_ids",
  {
    message_id: text().primaryKey(),
    inquiry_id: uuid()
      .notNull()
      .references(() => contactSubmissions.id, { onDelete: "cascade" }),
    /** The desk reply it carried, when it was one; null for the acknowledgement. */
    reply_id: uuid().references(() => inquiryReplies.id, { onDelete: "cascade" }),
    /** "acknowledgement" or "reply". */
    kind: text().notNull(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("sent_message_ids_inquiry_idx").on(table.inquiry_id),
    // The site's acknowledgement budget reads the last window's acknowledgements by this alone.
    index("sent_message_ids_acknowledgements_idx")
      .on(table.created_at)
      .where(sql`${table.kind} = 'acknowledgement'`),
  ],
);

/**
 * Every response of the desk to a waiting lead (a reply, or one recorded as
 * made elsewhere): since when the lead waited and when it was answered. The
 * reply metrics measure every response from here, not only the first.
 */
export const inquiryResponses = pgTable(
  "inquiry_responses",
  {
    id: uuid().primaryKey().defaultRandom(),
    inquiry_id: uuid()
      .notNull()
      .references(() => contactSubmissions.id, { onDelete: "cascade" }),
    awaited_since: timestamp({ withTimezone: true }).notNull(),
    answered_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("inquiry_responses_awaited_idx").on(table.awaited_since),
    index("inquiry_responses_inquiry_idx").on(table.inquiry_id),
  ],
);
