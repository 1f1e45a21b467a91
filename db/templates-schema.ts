import { sql } from "drizzle-orm";
import { index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth-schema";
import { contactSubmissions } from "./schema";

/**
 * Reply templates the team edits at /dashboard/templates. A body holds
 * named placeholders ({{name}}, {{reference}}, …: REPLY_PLACEHOLDER_NAMES),
 * filled in for the lead when a template is inserted into a draft. The
 * migration that creates the table seeds it with the templates the code
 * shipped with (app/content/reply-templates.ts).
 */
export const replyTemplates = pgTable("reply_templates", {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull().unique("reply_templates_name_key"),
  subject: text().notNull(),
  body: text().notNull(),
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updated_by: text().references(() => user.id, { onDelete: "set null" }),
});

/**
 * A reply being written: one per admin and lead, kept until it is sent or
 * discarded. Personal data of the lead (it is written to them): exported,
 * erased and expired with the inquiry.
 */
export const replyDrafts = pgTable(
  "reply_drafts",
  {
    inquiry_id: uuid()
      .notNull()
      .references(() => contactSubmissions.id, { onDelete: "cascade" }),
    admin_id: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    subject: text().notNull(),
    body: text().notNull(),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.inquiry_id, table.admin_id] })],
);

/**
 * A lead's next step: when, what and who. One per lead; completing it keeps
 * the row (done), setting a new one replaces it, and the timeline keeps the
 * history. `reminded_at` is claimed by a conditional update, so the owner
 * gets one reminder across instances; moving the step clears it.
 */
export const followUps = pgTable(
  "follow_ups",
  {
    inquiry_id: uuid()
      .primaryKey()
      .references(() => contactSubmissions.id, { onDelete: "cascade" }),
    due_at: timestamp({ withTimezone: true }).notNull(),
    /** Short, and may mention the lead: personal data, with the inquiry. */
    text: text().notNull(),
    /** An admin; the step stays, unowned, when the account goes. */
    owner_id: text().references(() => user.id, { onDelete: "set null" }),
    set_by: text().references(() => user.id, { onDelete: "set null" }),
    completed_at: timestamp({ withTimezone: true }),
    completed_by: text().references(() => user.id, { onDelete: "set null" }),
    reminded_at: timestamp({ withTimezone: true }),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("follow_ups_open_due_idx")
      .on(table.due_at)
      .where(sql`${table.completed_at} is null`),
  ],
);
