import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
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
import { user } from "./auth-schema";
import { contactSubmissions } from "./schema";

/**
 * Each webhook call from Meta whose signature held, stored as received
 * before the 200 and filed by a job afterwards: a crash after the answer
 * loses nothing. Personal data (it holds the messages): kept only until it
 * is filed, then for the short period its privacy declaration gives.
 */
export const whatsappDeliveries = pgTable(
  "whatsapp_deliveries",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The body exactly as signed (UTF-8). */
    body: text().notNull(),
    received_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    filed_at: timestamp({ withTimezone: true }),
  },
  (table) => [index("whatsapp_deliveries_received_idx").on(table.received_at)],
);

/**
 * WhatsApp messages on an inquiry, from the lead ("in") and from the desk
 * ("out"), in one thread with the mail. Personal data of the lead: exported,
 * erased and expired with the inquiry.
 */
export const whatsappMessages = pgTable(
  "whatsapp_messages",
  {
    id: uuid().primaryKey().defaultRandom(),
    inquiry_id: uuid()
      .notNull()
      .references(() => contactSubmissions.id, { onDelete: "cascade" }),
    /**
     * Meta's message id: a message is filed once whoever receives it, however
     * often Meta repeats it. Null on a desk reply until the Graph API accepts it.
     */
    wamid: text(),
    /** "in" (from the lead) or "out" (from the desk). */
    direction: text().notNull(),
    /** Meta's message type: text, image, document, audio, template, … as received (unknown ones kept as such). */
    type: text().notNull(),
    /** The text, a caption, or a template's filled text; empty for media without caption. */
    body: text().notNull().default(""),
    /** The lead's number as WhatsApp gives it (E.164 digits); null when withheld. */
    wa_id: text(),
    /** The business-scoped user id, present whether or not the number is shown. */
    user_id: text(),
    profile_name: text(),
    media_id: text(),
    media_mime_type: text(),
    media_filename: text(),
    /** The media file under DATA_DIR/attachments, fetched from Meta at filing; null until then, or when not kept. */
    media_stored_as: text(),
    media_size: integer(),
    /** Why the media was not kept ("too-large", "expired"); null when kept or not yet fetched. */
    media_not_kept_reason: text(),
    /** As `inquiry_attachments.encrypted`: recorded when the file is written, never read off its bytes. */
    media_encrypted: boolean().notNull().default(false),
    /** As `uploads.scan`: pending, clean or infected (the file deleted); null while no file is kept. */
    media_scan: text(),
    media_scan_signature: text(),
    media_scanned_at: timestamp({ withTimezone: true }),
    /** Other inquiries the sender's number also matched: never merged on a guess, shown on the desk. */
    possible_inquiry_ids: jsonb().$type<string[]>().notNull().default([]),
    /** When it was sent (Meta's timestamp for "in"; when queued for "out"). */
    sent_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** "out" only: queued → sent → delivered → read, or failed (Meta's statuses[]). */
    status: text(),
    status_at: timestamp({ withTimezone: true }),
    error_code: integer(),
    error_title: text(),
    template_name: text(),
    template_language: text(),
    /** The values the desk filled into the template's {{1}}, {{2}}…, in order. */
    template_parameters: jsonb().$type<string[]>().notNull().default([]),
    sent_by: text().references((): AnyPgColumn => user.id, { onDelete: "set null" }),
    delivery_id: uuid().references(() => whatsappDeliveries.id, { onDelete: "set null" }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("whatsapp_messages_wamid_key").on(table.wamid),
    index("whatsapp_messages_inquiry_idx").on(table.inquiry_id, table.sent_at),
    index("whatsapp_messages_wa_id_idx")
      .on(table.wa_id, table.created_at.desc())
      .where(sql`${table.direction} = 'in'`),
    index("whatsapp_messages_user_id_idx")
      .on(table.user_id, table.created_at.desc())
      .where(sql`${table.direction} = 'in'`),
    index("whatsapp_messages_media_pending_idx")
      .on(table.created_at)
      .where(sql`${table.media_scan} = 'pending'`),
    check("whatsapp_messages_media_scan_check", sql`${table.media_scan} in ('pending', 'clean', 'infected')`),
    check(
      "whatsapp_messages_media_scan_kept_check",
      sql`(${table.media_stored_as} is null) = (${table.media_scan} is null)`,
    ),
  ],
);

/**
 * Message templates approved in Meta's WhatsApp Manager, as the desk knows
 * them: the only messages that may start a conversation again after the
 * 24-hour customer-service window. No personal data.
 */
export const whatsappTemplates = pgTable(
  "whatsapp_templates",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The template's name in WhatsApp Manager. */
    name: text().notNull(),
    /** Its language code (en, en_GB, …). */
    language: text().notNull(),
    /** The approved text with {{1}}, {{2}}… where the parameters go: what the desk shows and records. */
    body: text().notNull(),
    /** What each body parameter is, in order (shown as the reply form's labels). */
    parameters: jsonb().$type<string[]>().notNull().default([]),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("whatsapp_templates_name_language_key").on(table.name, table.language)],
);

/**
 * The channel's health as every instance sees it: one row. A refused token
 * (401) or a run of failed calls flags it on the desk and in /metrics; the
 * admins are told once per flag, and the next call that works clears it.
 * No personal data: Meta's error texts about the channel only.
 */
export const whatsappChannelState = pgTable("whatsapp_channel_state", {
  id: text().primaryKey().default("channel"),
  /** The Graph API refused the access token (401): nothing can be sent until it is replaced. */
  unauthorized: boolean().notNull().default(false),
  /** Calls that failed in a row (Meta's own failures, timeouts, 401); reset by one that works. */
  consecutive_failures: integer().notNull().default(0),
  last_error: text(),
  failing_since: timestamp({ withTimezone: true }),
  /** When the admins were told of the current flag; null while unflagged or not yet told. */
  admins_told_at: timestamp({ withTimezone: true }),
  updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
