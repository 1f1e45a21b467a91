import { sql } from "drizzle-orm";
import { check, date, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth-schema";
import { contactSubmissions } from "./schema";

/**
 * A licence check an admin recorded on an inquiry (decision 090): what was checked on which
 * register, by whom and when, what it showed and until when the licence runs. Personal data of the
 * lead (the holder may be a person), exported, erased and expired with the inquiry.
 */
export const licenceChecks = pgTable(
  "licence_checks",
  {
    id: uuid().primaryKey().defaultRandom(),
    inquiry_id: uuid()
      .notNull()
      .references(() => contactSubmissions.id, { onDelete: "cascade" }),
    /** LICENCE_TYPE_VALUES in app/content/licence-checks.ts. */
    licence_type: text().notNull(),
    licence_number: text().notNull(),
    holder: text().notNull(),
    /** LICENCE_REGISTER_VALUES: the register the type is published on. */
    register: text().notNull(),
    /** The day the register was consulted. */
    checked_on: date({ mode: "string" }).notNull(),
    checked_by: text().references(() => user.id, { onDelete: "set null" }),
    result: text({ enum: ["valid", "not-found", "expired", "mismatch"] }).notNull(),
    /** The licence's last day, as the register gives it; null when the register gave none. */
    expires_on: date({ mode: "string" }),
    notes: text(),
    /** When its owner (or the admins) were reminded of the expiry: once per check. */
    reminder_sent_at: timestamp({ withTimezone: true }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("licence_checks_inquiry_idx").on(table.inquiry_id, table.created_at),
    // The reminder's daily pass reads only the valid checks not yet reminded of.
    index("licence_checks_reminder_idx")
      .on(table.expires_on)
      .where(sql`${table.result} = 'valid' and ${table.reminder_sent_at} is null`),
    check(
      "licence_checks_result_check",
      sql`${table.result} in ('valid', 'not-found', 'expired', 'mismatch')`,
    ),
  ],
);
