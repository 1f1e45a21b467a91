import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth-schema";
import { contactSubmissions } from "./schema";

/**
 * Every file a person sent us through the upload pipeline (docs/decisions/089-one-upload-pipeline.md): the bytes
 * are encrypted under DATA_DIR/uploads/<inquiry>/<id>; `scan` is `pending` until clamd has read them, and a file is
 * served only when `clean`. `file_name` is the sender's, for display only. Personal data of the inquiry.
 * `inquiry_id` is no foreign key: a KYC document's upload outlives its inquiry for the KYC period (decision 093), and
 * the retention job deletes the rows (and files) nothing keeps.
 */
export const uploads = pgTable(
  "uploads",
  {
    id: uuid().primaryKey().defaultRandom(),
    inquiry_id: uuid().notNull(),
    purpose: text().notNull(),
    file_name: text().notNull(),
    format: text().notNull(),
    byte_size: integer().notNull(),
    scan: text().notNull().default("pending"),
    scan_signature: text(),
    scanned_at: timestamp({ withTimezone: true }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("uploads_inquiry_idx").on(table.inquiry_id),
    index("uploads_pending_idx")
      .on(table.created_at)
      .where(sql`${table.scan} = 'pending'`),
    check("uploads_scan_check", sql`${table.scan} in ('pending', 'clean', 'infected')`),
  ],
);

/**
 * The desk asked an inquiry's sender for the documents of one checklist (app/content/kyc-checklists.ts). A request
 * with documents outlives its inquiry (decision 093): when the inquiry goes, `client_*` and `relationship_ended_at`
 * keep whose records they are and since when, and the records go `retention.kycRecordYears`
 * after that. `inquiry_id` is therefore no foreign key; it still names the folder of the uploads.
 */
export const kycRequests = pgTable(
  "kyc_requests",
  {
    id: uuid().primaryKey().defaultRandom(),
    inquiry_id: uuid().notNull(),
    checklist: text().notNull(),
    requested_by: text().references(() => user.id, { onDelete: "set null" }),
    requested_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completed_by: text().references(() => user.id, { onDelete: "set null" }),
    completed_at: timestamp({ withTimezone: true }),
    client_email: text(),
    client_name: text(),
    relationship_ended_at: timestamp({ withTimezone: true }),
  },
  (table) => [
    index("kyc_requests_inquiry_idx").on(table.inquiry_id),
    index("kyc_requests_kept_idx")
      .on(table.relationship_ended_at)
      .where(sql`${table.relationship_ended_at} is not null`),
  ],
);

/** One upload offered for one checklist item, and the desk's verdict on it. */
export const kycDocuments = pgTable(
  "kyc_documents",
  {
    id: uuid().primaryKey().defaultRandom(),
    request_id: uuid()
      .notNull()
      .references(() => kycRequests.id, { onDelete: "cascade" }),
    item: text().notNull(),
    upload_id: uuid()
      .notNull()
      .references(() => uploads.id, { onDelete: "cascade" }),
    review: text().notNull().default("pending"),
    reason: text(),
    /** The document's own expiry (a passport's, a licence's), recorded on acceptance: past it, it shows expired. */
    valid_until: date({ mode: "string" }),
    /**
     * The name the accepted document shows (the passport's holder, the certificate's company), as the desk read it:
     * screened against the sanctions list with the lead's own name and company.
     */
    holder_name: text(),
    reviewed_by: text().references(() => user.id, { onDelete: "set null" }),
    reviewed_at: timestamp({ withTimezone: true }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("kyc_documents_request_idx").on(table.request_id, table.item),
    check("kyc_documents_review_check", sql`${table.review} in ('pending', 'accepted', 'rejected')`),
  ],
);

/**
 * A link that opens one inquiry's client page without an account. Only the token's SHA-256 is kept, so a
 * database read cannot open a client's page.
 */
export const clientLinks = pgTable(
  "client_links",
  {
    id: uuid().primaryKey().defaultRandom(),
    inquiry_id: uuid()
      .notNull()
      .references(() => contactSubmissions.id, { onDelete: "cascade" }),
    token_hash: text().notNull(),
    created_by: text().references(() => user.id, { onDelete: "set null" }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp({ withTimezone: true }).notNull(),
    revoked_at: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex("client_links_token_idx").on(table.token_hash),
    index("client_links_inquiry_idx").on(table.inquiry_id),
  ],
);
