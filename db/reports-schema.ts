import { bigint, boolean, date, integer, jsonb, pgTable, text, unique } from "drizzle-orm/pg-core";

/*
 * The reports' weekly counts of inquiries, kept by statement triggers on
 * contact_submissions (migration 0022) in the transaction of every insert,
 * update, delete or truncate, whichever code path makes it: the contact
 * form, received mail, status changes, spam review, erasure, retention. A
 * row is a count per UK week (its Monday's London date) and combination of
 * the columns the reports group by; a combination whose count falls to zero
 * is deleted, so an erased or expired inquiry leaves nothing behind.
 * Counts only: never a name, an address or a message (decision 056).
 */

/** Inquiries per UK week by interest, spam, held, lead status now and channel. */
export const reportWeekCounts = pgTable(
  "report_week_counts",
  {
    week: date({ mode: "string" }).notNull(),
    interest: text(),
    is_spam: boolean().notNull(),
    held: boolean().notNull(),
    status: text().notNull(),
    source: text().notNull(),
    count: integer().notNull(),
  },
  (table) => [
    unique("report_week_counts_key")
      .on(table.week, table.interest, table.is_spam, table.held, table.status, table.source)
      .nullsNotDistinct(),
  ],
);

/** Inquiries per UK week by where the visit came from (landing page, referring site, campaign). */
export const reportWeekSources = pgTable(
  "report_week_sources",
  {
    week: date({ mode: "string" }).notNull(),
    is_spam: boolean().notNull(),
    held: boolean().notNull(),
    source: text().notNull(),
    landing_page: text(),
    referrer_host: text(),
    utm_source: text(),
    utm_medium: text(),
    utm_campaign: text(),
    count: integer().notNull(),
  },
  (table) => [
    unique("report_week_sources_key")
      .on(
        table.week,
        table.is_spam,
        table.held,
        table.source,
        table.landing_page,
        table.referrer_host,
        table.utm_source,
        table.utm_medium,
        table.utm_campaign,
      )
      .nullsNotDistinct(),
  ],
);

/**
 * The figures that need each row (response-time percentiles, lost leads by
 * how far they got), computed per UK week when first asked for and kept
 * while the week's rows stay as they were: every change to an inquiry, a
 * message, a reply or a status change bumps its weeks' `version` (triggers,
 * migration 0022), and kept figures count only when `figures_version` still
 * equals it. Weeks still within the reply promise are never kept.
 */
export const reportWeekFigures = pgTable("report_week_figures", {
  week: date({ mode: "string" }).primaryKey(),
  version: bigint({ mode: "number" }).notNull().default(0),
  figures_version: bigint({ mode: "number" }),
  figures: jsonb(),
});
