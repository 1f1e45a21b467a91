import { boolean, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth-schema";

/**
 * One row per admin who chose how the inbox looks: the compact list or the
 * spec's cards. An admin without a row sees the list.
 */
export const workspacePreferences = pgTable("workspace_preferences", {
  user_id: text()
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  /** "list" or "cards" (INBOX_LAYOUT_VALUES). */
  inbox_layout: text().notNull().default("list"),
  updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A named inbox view: the filter and sort as the inbox's query string.
 * Personal to its owner, or shared with every admin; only the owner deletes it.
 */
export const savedViews = pgTable(
  "saved_views",
  {
    id: uuid().primaryKey().defaultRandom(),
    owner_id: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text().notNull(),
    /** The inbox's query string without page, asOf or the inquiry link (inboxSearchParams). */
    query: text().notNull(),
    shared: boolean().notNull().default(false),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("saved_views_owner_idx").on(table.owner_id),
    index("saved_views_shared_idx").on(table.shared),
  ],
);
