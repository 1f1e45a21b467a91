import { type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth-schema";

export * from "./auth-schema";
export * from "./conversation-schema";
export * from "./templates-schema";
export * from "./leadpage-schema";
export * from "./workspace-schema";
export * from "./reports-schema";
export * from "./catalogue-schema";
export * from "./whatsapp-schema";
export * from "./kyc-schema";
export * from "./sanctions-schema";
export * from "./licence-schema";

/**
 * What the admin inbox search looks in: name, company, e-mail, message and
 * the admins' notes as one text; stored lower-cased as `search_text`.
 */
export function searchableText(table: {
  name: AnyPgColumn;
  company: AnyPgColumn;
  email: AnyPgColumn;
  message: AnyPgColumn;
  admin_notes: AnyPgColumn;
}): SQL {
  return sql`(${table.name} || ' ' || coalesce(${table.company}, '') || ' ' || ${table.email} || ' ' || ${table.message} || ' ' || coalesce(${table.admin_notes}, ''))`;
}

/**
 * The digits of the phone and WhatsApp numbers, the two apart: a number
 * searched for is found by its digits however either side spaced or
 * punctuated it. The query and the trigram index use exactly this expression.
 */
export function phoneDigits(table: { phone: AnyPgColumn; whatsapp: AnyPgColumn }): SQL {
  return sql`(regexp_replace(coalesce(${table.phone}, ''), '[^0-9]', '', 'g') || ' ' || regexp_replace(coalesce(${table.whatsapp}, ''), '[^0-9]', '', 'g'))`;
}

/**
 * The inbox's sort orders other than by date, as ranks. Literal values, not
 * parameters: the query and its index (below) must use exactly this
 * expression, or Postgres cannot read the index in order.
 * `app/lib/inquiries/order.server.test.ts` checks the lists against the
 * content's (DEAL_SIZE_VALUES largest first without "confidential";
 * INQUIRY_STATUS_VALUES).
 */
export const DEAL_SIZE_RANKED = ["over-5m", "1m-5m", "500k-1m", "100k-500k", "under-100k"] as const;
export const INQUIRY_STATUS_RANKED = ["new", "contacted", "qualified", "closed_won", "closed_lost"] as const;

/** A rank from a fixed list of values, so the order follows the list; anything else after it. */
function rankOf(column: AnyPgColumn, values: readonly string[]): SQL {
  const cases = values.map((value, index) => `when '${value.replace(/'/g, "''")}' then ${index}`);
  return sql`(case ${column} ${sql.raw(cases.join(" "))} else ${sql.raw(String(values.length))} end)`;
}

export const dealSizeRank = (table: { deal_size: AnyPgColumn }) => rankOf(table.deal_size, DEAL_SIZE_RANKED);
export const inquiryStatusRank = (table: { status: AnyPgColumn }) =>
  rankOf(table.status, INQUIRY_STATUS_RANKED);
/** Last activity: the latest desk action, or the inquiry's arrival. */
export const lastActivity = (table: { last_action_at: AnyPgColumn; created_at: AnyPgColumn }) =>
  sql`coalesce(${table.last_action_at}, ${table.created_at})`;

/** Inquiries from the contact form; column names follow the product spec. */

export const contactSubmissions = pgTable(
  "contact_submissions",
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    company: text(),
    email: text().notNull(),
    /** The email as an address key (app/lib/mail/address-key.ts): the acknowledgement limit counts by it. */
    email_key: text(),
    phone: text(),
    whatsapp: text(),
    /**
     * When the lead ticked the form's box agreeing to messages on WhatsApp
     * about the inquiry (decision 091): with it, an approved template may
     * start the conversation there. Null: not agreed (or no number given).
     */
    whatsapp_opt_in_at: timestamp({ withTimezone: true }),
    interest: text(),
    deal_size: text(),
    message: text().notNull(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    read_at: timestamp({ withTimezone: true }),
    admin_notes: text(),
    // Beyond the spec: triage and delivery bookkeeping.
    /** Tripped the honeypot or a form-token check, or an admin said so: kept, but not notified. */
    is_spam: boolean().notNull().default(false),
    /**
     * Sent faster than a person types, its only sign of a bot: kept out of the
     * inbox like spam (is_spam is true too) but announced to the admins as
     * held, and kept like a genuine inquiry until an admin judges it
     * (docs/decisions/048).
     */
    held: boolean().notNull().default(false),
    /**
     * When the admins were told of it as a lead (notification, webhook) and
     * the visitor was acknowledged: on arrival, or when an admin said "not
     * spam". Null while it was never taken for genuine, so a release
     * announces it exactly once.
     */
    announced_at: timestamp({ withTimezone: true }),
    /** When every admin notification was handed to the mail server. */
    notified_at: timestamp({ withTimezone: true }),
    /** The last delivery error of its notification, if any. */
    notify_error: text(),
    read_by: text(),
    notes_updated_at: timestamp({ withTimezone: true }),
    notes_updated_by: text(),
    /**
     * Hash of the form token and the content: a resubmission of the same
     * form (a retry after a lost response) is recognised and stored once.
     */
    submission_key: text().unique("contact_submissions_submission_key_key"),
    /** The privacy notice version (PRIVACY_NOTICE_VERSION) in force when it was sent; null before it was recorded. */
    privacy_notice_version: text(),
    /** Hash of the form token alone: one token, one submission. */
    form_token_hash: text(),
    // The lead desk (decision 018).
    /** new → contacted → qualified → closed_won | closed_lost (INQUIRY_STATUS_VALUES). */
    status: text().notNull().default("new"),
    /** Why a lead was lost; only with status closed_lost. */
    lost_reason: text(),
    status_changed_at: timestamp({ withTimezone: true }),
    /** The admin who owns the lead; the lead becomes unassigned when the account goes. */
    assigned_to: text().references((): AnyPgColumn => user.id, { onDelete: "set null" }),
    assigned_at: timestamp({ withTimezone: true }),
    /** The first reply, from the desk or recorded as made elsewhere: what the 24-hour promise measures. */
    first_replied_at: timestamp({ withTimezone: true }),
    /** The latest desk action (status, owner, reply): activity for the retention period. */
    last_action_at: timestamp({ withTimezone: true }),
    /** When the overdue webhook was queued: it fires once per inquiry, whichever instance sees it first. */
    overdue_alerted_at: timestamp({ withTimezone: true }),
    // The conversation (received mail, docs/decisions on the team mailboxes).
    /** "form" (the contact form) or "email" (a mail to a team mailbox that started it). */
    source: text().notNull().default("form"),
    // Where a form inquiry's visit began (decision 053): what the reports count, never a cookie.
    /** The path of the visit's first page on this site, without its query string. */
    landing_page: text(),
    /** The host of the site that referred the visit's first page; null when direct or unknown. */
    referrer_host: text(),
    utm_source: text(),
    utm_medium: text(),
    utm_campaign: text(),
    /** The browser's first language from Accept-Language, its primary subtag only ("en"): the language report. */
    browser_language: text(),
    /**
     * Since when the lead's oldest unanswered message waits for the desk: the
     * 24-hour clock. Set from created_at on insert (a trigger) and by every
     * message from the lead; cleared by every reply. Null: nothing is owed.
     */
    awaiting_since: timestamp({ withTimezone: true }),
    /** Who wrote last: "lead" or "desk" (the inbox card shows it). */
    last_message_by: text().notNull().default("lead"),
    /**
     * searchableText lower-cased by the database, kept by it on every
     * change: the search matches it with LIKE and a lower-cased pattern,
     * which is what ILIKE does, without lower-casing every candidate row
     * again (decision 058).
     */
    search_text: text()
      .notNull()
      .generatedAlwaysAs((): SQL => sql`lower(${searchableText(contactSubmissions)})`),
    /**
     * The bodies of the replies sent and the mail received on the inquiry,
     * each lower-cased, parted by MAIL_TEXT_SEPARATOR: kept by triggers on
     * both tables (migration 0026), so the search matches mail on this row
     * through one index (decision 061).
     */
    mail_text: text().notNull().default(""),
  },
  (table) => [
    index("contact_submissions_form_token_hash_idx").on(table.form_token_hash),
    index("contact_submissions_email_key_idx").on(table.email_key),
    // Newest-first listing, with id as a stable tie-breaker for pagination.
    index("contact_submissions_created_at_idx").on(table.created_at.desc(), table.id.desc()),
    // The unread count of every admin page and the unread view: only unread genuine rows, in
    // page order. The predicate is the count's condition, so the count reads the index alone.
    index("contact_submissions_unread_idx")
      .on(table.created_at.desc(), table.id.desc())
      .where(sql`not ${table.is_spam} and ${table.read_at} is null`),
    // Admin inbox filters: interest and deal size, each newest first.
    index("contact_submissions_interest_idx").on(table.interest, table.created_at.desc(), table.id.desc()),
    index("contact_submissions_deal_size_idx").on(table.deal_size, table.created_at.desc(), table.id.desc()),
    // The default view (everything but spam): its page and its count.
    index("contact_submissions_inbox_idx")
      .on(table.created_at.desc(), table.id.desc())
      .where(sql`not ${table.is_spam}`),
    // The inbox search (LIKE on the lower-cased text) uses trigrams instead of reading every row.
    index("contact_submissions_search_idx").using("gin", sql`${table.search_text} gin_trgm_ops`),
    // The same search in the text of the replies and the mail received.
    index("contact_submissions_mail_search_idx").using("gin", sql`${table.mail_text} gin_trgm_ops`),
    // The spam view reads only the few spam rows.
    index("contact_submissions_spam_idx")
      .on(table.created_at.desc(), table.id.desc())
      .where(sql`${table.is_spam}`),
    // The spam and held counts every desk page shows, read from this index alone.
    index("contact_submissions_spam_held_idx")
      .on(table.held)
      .where(sql`${table.is_spam}`),
    // The reply figures' waits still open, closed inquiries' included (awaiting_idx leaves them out).
    index("contact_submissions_waits_idx")
      .on(table.awaiting_since)
      .where(sql`not ${table.is_spam} and ${table.awaiting_since} is not null`),
    // The "Held for review" view and its count: only the few held rows.
    index("contact_submissions_held_idx")
      .on(table.created_at.desc(), table.id.desc())
      .where(sql`${table.held}`),
    // A phone or WhatsApp number searched by its digits.
    index("contact_submissions_phone_digits_idx").using("gin", sql`(${phoneDigits(table)}) gin_trgm_ops`),
    // "Awaiting reply", longest waiting first: only the few unanswered, genuine rows, open or
    // closed and written to since (awaitingReplyCondition: the same expression).
    index("contact_submissions_awaiting_idx")
      .on(table.awaiting_since, table.id)
      .where(
        sql`not ${table.is_spam} and ${table.awaiting_since} is not null and (${table.status} not in ('closed_won', 'closed_lost') or ${table.awaiting_since} > coalesce(${table.status_changed_at}, ${table.created_at}))`,
      ),
    // "Mine" newest first; is_spam in the key lets its count read the index alone.
    index("contact_submissions_assigned_idx").on(
      table.assigned_to,
      table.is_spam,
      table.created_at.desc(),
      table.id.desc(),
    ),
    // The lead status filter, newest first.
    index("contact_submissions_status_idx").on(table.status, table.created_at.desc(), table.id.desc()),
    // The list's other orders over the default view (everything but spam), read in order.
    index("contact_submissions_activity_order_idx")
      .on(sql`${lastActivity(table)} desc`, table.created_at.desc(), table.id.desc())
      .where(sql`not ${table.is_spam}`),
    index("contact_submissions_deal_order_idx")
      .on(dealSizeRank(table), table.created_at.desc(), table.id.desc())
      .where(sql`not ${table.is_spam}`),
    index("contact_submissions_status_order_idx")
      .on(inquiryStatusRank(table), table.created_at.desc(), table.id.desc())
      .where(sql`not ${table.is_spam}`),
    check("contact_submissions_held_check", sql`not ${table.held} or ${table.is_spam}`),
    check(
      "contact_submissions_status_check",
      sql`${table.status} in ('new', 'contacted', 'qualified', 'closed_won', 'closed_lost')`,
    ),
  ],
);

/**
 * The history of each inquiry: what happened, who did it (null for the
 * system, or once the account is gone) and when. Written in the same
 * transaction as the action; never updated (a trigger refuses changes other
 * than forgetting the actor), and deleted with its inquiry.
 */
export const inquiryEvents = pgTable(
  "inquiry_events",
  {
    id: uuid().primaryKey().defaultRandom(),
    inquiry_id: uuid()
      .notNull()
      .references(() => contactSubmissions.id, { onDelete: "cascade" }),
    /** INQUIRY_EVENT_KINDS in app/lib/inquiries/timeline.server.ts. */
    kind: text().notNull(),
    actor_id: text().references(() => user.id, { onDelete: "set null" }),
    /** Ids, states and labels only: never message text or contact details. */
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("inquiry_events_inquiry_idx").on(table.inquiry_id, table.created_at)],
);

/** Replies sent from the desk: personal data of the inquirer, exported and erased with the inquiry. */
export const inquiryReplies = pgTable(
  "inquiry_replies",
  {
    id: uuid().primaryKey().defaultRandom(),
    inquiry_id: uuid()
      .notNull()
      .references(() => contactSubmissions.id, { onDelete: "cascade" }),
    to: text().notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    sent_by: text().references(() => user.id, { onDelete: "set null" }),
    /** Its mail job; null once retention has deleted the delivered copy. */
    job_id: uuid().references((): AnyPgColumn => jobs.id, { onDelete: "set null" }),
    /** Delivery state, recorded by the job's handler (it outlives the job row). */
    delivered_at: timestamp({ withTimezone: true }),
    delivery_error: text(),
    failed_at: timestamp({ withTimezone: true }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("inquiry_replies_inquiry_idx").on(table.inquiry_id, table.created_at),
    index("inquiry_replies_job_idx").on(table.job_id),
  ],
);

/**
 * The one queue of background work (mail, webhook calls, …): a job is
 * written in the transaction of what causes it, with a payload its kind's
 * schema checks, and run by a worker with retries on one plan; SKIP LOCKED
 * gives each due job to one worker when several instances share a Postgres.
 * Kept after it is done or given up on for as long as retention allows (the
 * privacy export lists the mail log from here).
 */
export const jobs = pgTable(
  "jobs",
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    /** The inquiry the job is about, if any: erased and expired with it. */
    inquiry_id: uuid().references(() => contactSubmissions.id, { onDelete: "set null" }),
    attempts: integer().notNull().default(0),
    next_attempt_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    locked_until: timestamp({ withTimezone: true }),
    last_error: text(),
    done_at: timestamp({ withTimezone: true }),
    failed_at: timestamp({ withTimezone: true }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * A run that must happen once, whoever enqueues it: a scheduled run's
     * `<kind>:<scheduled minute>`. A second insert of the key is ignored.
     */
    unique_key: text(),
  },
  (table) => [
    uniqueIndex("jobs_unique_key_idx").on(table.unique_key),
    index("jobs_pending_idx")
      .on(table.next_attempt_at)
      .where(sql`${table.done_at} is null and ${table.failed_at} is null`),
    index("jobs_inquiry_idx").on(table.inquiry_id),
    index("jobs_kind_created_idx").on(table.kind, table.created_at),
  ],
);

/**
 * Fixed-window counters for rate limits, kept in the database so that every
 * app instance sharing it enforces the same limit.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text().notNull(),
    window_start: timestamp({ withTimezone: true }).notNull(),
    count: integer().notNull().default(0),
    expires_at: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.key, table.window_start] }),
    index("rate_limits_expires_at_idx").on(table.expires_at),
  ],
);

/** Admin status lives here, never in the session. */
export const userRoles = pgTable(
  "user_roles",
  {
    user_id: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    role: text().notNull(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * The admin's password, when last seen in plain text (a sign-in, a
     * reset, a change), had the admin length; false until then. The admin
     * area stays closed while false (docs/decisions/024).
     */
    long_password: boolean().notNull().default(false),
  },
  (table) => [primaryKey({ columns: [table.user_id, table.role] })],
);

/**
 * When each account last signed in (Better Auth keeps no such record: its
 * session rows go on sign-out), and when the retention job warned its owner
 * that the account will be deleted for inactivity.
 */
export const accountActivity = pgTable("account_activity", {
  user_id: text()
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  last_sign_in_at: timestamp({ withTimezone: true }),
  inactivity_warned_at: timestamp({ withTimezone: true }),
});

/**
 * That an erasure happened, never what was erased: when, by whom (an admin's
 * user id, or "self" for an account holder deleting their own account) and
 * how many rows of each table.
 */
export const privacyErasures = pgTable(
  "privacy_erasures",
  {
    id: uuid().primaryKey().defaultRandom(),
    erased_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    erased_by: text().notNull(),
    /** "rights-request" (dashboard) or "account-deletion" (self-service). */
    kind: text().notNull(),
    row_counts: jsonb().$type<Record<string, number>>().notNull(),
  },
  (table) => [index("privacy_erasures_erased_at_idx").on(table.erased_at.desc())],
);
