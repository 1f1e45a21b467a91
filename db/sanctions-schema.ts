import { sql } from "drizzle-orm";
import { date, index, integer, pgTable, real, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth-schema";
import { contactSubmissions } from "./schema";

/*
 * The UK Sanctions List as imported (decision 084), the screening of
 * inquiries against it and the admins' decisions on what it found
 * (decision 085). Every version stays: a decision names the version it was
 * made on, and an entry's hash tells whether it changed since.
 */

/** One imported publication of the list; the newest `published_on` (then `imported_at`) is in use. */
export const sanctionsListVersions = pgTable(
  "sanctions_list_versions",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The list's own DateGenerated. */
    published_on: date({ mode: "string" }).notNull(),
    entry_count: integer().notNull(),
    name_count: integer().notNull(),
    /** SHA-256 of the file: the same file imported again is the same version. */
    sha256: text().notNull(),
    /** "file" (npm run sanctions) or the URL it was fetched from. */
    source: text().notNull(),
    imported_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique("sanctions_list_versions_sha256_key").on(table.sha256),
    index("sanctions_list_versions_current_idx").on(table.published_on, table.imported_at),
  ],
);

/** A designation of one version: its UniqueID, what it is and a hash of everything the list says of it. */
export const sanctionsEntries = pgTable(
  "sanctions_entries",
  {
    id: uuid().primaryKey().defaultRandom(),
    version_id: uuid()
      .notNull()
      .references(() => sanctionsListVersions.id, { onDelete: "cascade" }),
    unique_id: text().notNull(),
    /** Individual, Entity or Ship. */
    kind: text().notNull(),
    primary_name: text().notNull(),
    regime: text(),
    content_hash: text().notNull(),
  },
  (table) => [unique("sanctions_entries_version_unique_id_key").on(table.version_id, table.unique_id)],
);

/** Every name of an entry (primary, variations, aliases, non-Latin script), with its matching key. */
export const sanctionsEntryNames = pgTable(
  "sanctions_entry_names",
  {
    id: uuid().primaryKey().defaultRandom(),
    version_id: uuid()
      .notNull()
      .references(() => sanctionsListVersions.id, { onDelete: "cascade" }),
    entry_id: uuid()
      .notNull()
      .references(() => sanctionsEntries.id, { onDelete: "cascade" }),
    name: text().notNull(),
    name_type: text().notNull(),
    /** normaliseName(name): what screening compares, by trigram similarity. */
    match_key: text().notNull(),
  },
  (table) => [
    index("sanctions_entry_names_match_key_idx").using("gin", sql`${table.match_key} gin_trgm_ops`),
    index("sanctions_entry_names_entry_idx").on(table.entry_id),
    index("sanctions_entry_names_version_idx").on(table.version_id),
  ],
);

/** When an inquiry was last screened, and against which version. Personal data of the lead. */
export const sanctionsScreenings = pgTable("sanctions_screenings", {
  inquiry_id: uuid()
    .primaryKey()
    .references(() => contactSubmissions.id, { onDelete: "cascade" }),
  version_id: uuid()
    .notNull()
    .references(() => sanctionsListVersions.id, { onDelete: "cascade" }),
  screened_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  candidate_count: integer().notNull(),
});

/** A list name the inquiry's name or company came close to, in its latest screening. Personal data of the lead. */
export const sanctionsCandidates = pgTable(
  "sanctions_candidates",
  {
    id: uuid().primaryKey().defaultRandom(),
    inquiry_id: uuid()
      .notNull()
      .references(() => contactSubmissions.id, { onDelete: "cascade" }),
    version_id: uuid()
      .notNull()
      .references(() => sanctionsListVersions.id, { onDelete: "cascade" }),
    entry_id: uuid()
      .notNull()
      .references(() => sanctionsEntries.id, { onDelete: "cascade" }),
    entry_unique_id: text().notNull(),
    entry_hash: text().notNull(),
    /** "name" or "company" (the inquiry's fields), or "kyc" (a name the desk read off an accepted KYC document). */
    field: text().notNull(),
    matched_name: text().notNull(),
    name_type: text().notNull(),
    score: real().notNull(),
  },
  (table) => [
    index("sanctions_candidates_inquiry_idx").on(table.inquiry_id),
    index("sanctions_candidates_entry_idx").on(table.entry_unique_id),
  ],
);

/** An admin's decision on an inquiry against one entry. Personal data of the lead. */
export const sanctionsDecisions = pgTable(
  "sanctions_decisions",
  {
    id: uuid().primaryKey().defaultRandom(),
    inquiry_id: uuid()
      .notNull()
      .references(() => contactSubmissions.id, { onDelete: "cascade" }),
    entry_unique_id: text().notNull(),
    /** The entry as it stood when decided: a later version with another hash asks again. */
    entry_hash: text().notNull(),
    version_id: uuid()
      .notNull()
      .references(() => sanctionsListVersions.id, { onDelete: "restrict" }),
    decision: text({ enum: ["false_positive", "confirmed_match"] }).notNull(),
    reason: text().notNull(),
    decided_by: text().references(() => user.id, { onDelete: "set null" }),
    decided_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("sanctions_decisions_inquiry_idx").on(table.inquiry_id, table.entry_unique_id)],
);

/**
 * What stays of a confirmed match when its inquiry goes (erased on request or expired): the lead as the
 * desk knew them, the entry and version matched, the score and the decision. Kept sanctionsMatchYears
 * after the decision (decision 096). Personal data of the lead.
 */
export const sanctionsMatchRecords = pgTable(
  "sanctions_match_records",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The decision it records; not a foreign key, since the decision goes with the inquiry. */
    decision_id: uuid().notNull(),
    inquiry_reference: text().notNull(),
    lead_name: text().notNull(),
    lead_company: text(),
    lead_email: text().notNull(),
    entry_unique_id: text().notNull(),
    entry_primary_name: text().notNull(),
    matched_name: text().notNull(),
    score: real().notNull(),
    version_id: uuid()
      .notNull()
      .references(() => sanctionsListVersions.id, { onDelete: "restrict" }),
    screened_at: timestamp({ withTimezone: true }),
    reason: text().notNull(),
    decided_by: text().references(() => user.id, { onDelete: "set null" }),
    decided_at: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    unique("sanctions_match_records_decision_key").on(table.decision_id),
    index("sanctions_match_records_email_idx").on(table.lead_email),
    index("sanctions_match_records_decided_idx").on(table.decided_at),
  ],
);
