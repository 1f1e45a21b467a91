import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth-schema";
import { contactSubmissions } from "./schema";

/**
 * Every text an inquiry's notes have had, one row per save, so an edit
 * never loses what was there. `notes` is null when the notes were cleared.
 * Personal data of the lead: exported, erased and expired with the inquiry.
 */
export const inquiryNotesVersions = pgTable(
  "inquiry_notes_versions",
  {
    id: uuid().primaryKey().defaultRandom(),
    inquiry_id: uuid()
      .notNull()
      .references(() => contactSubmissions.id, { onDelete: "cascade" }),
    notes: text(),
    author_id: text().references(() => user.id, { onDelete: "set null" }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("inquiry_notes_versions_inquiry_idx").on(table.inquiry_id, table.created_at)],
);
