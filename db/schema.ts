import { sql } from "drizzle-orm";
import { index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** Inquiries from the contact form; column names follow the product spec. */
export const contactSubmissions = pgTable(
  "contact_submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    company: text("company"),
    email: text("email").notNull(),
    phone: text("phone"),
    whatsapp: text("whatsapp"),
    interest: text("interest"),
    deal_size: text("deal_size"),
    message: text("message").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    read_at: timestamp("read_at", { withTimezone: true }),
    admin_notes: text("admin_notes"),
  },
  (table) => [
    // Newest-first listing, with id as a stable tie-breaker for pagination.
    index("contact_submissions_created_at_idx").on(table.created_at.desc(), table.id.desc()),
    // Unread counts and the unread filter touch only unread rows.
    index("contact_submissions_unread_idx")
      .on(table.created_at.desc())
      .where(sql`${table.read_at} is null`),
  ],
);

/** Admin status lives here, never in the session. */
export const userRoles = pgTable(
  "user_roles",
  {
    user_id: text("user_id").notNull(),
    role: text("role").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.user_id, table.role] })],
);
