import { and, count, eq, gt, isNotNull, isNull, lt, notInArray, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { contactSubmissions, user } from "../../../db/schema";
import { CLOSED_LEAD_STATUSES } from "~/content/lead-desk";
import { INBOX_PAGE_SIZE, type InboxFilter, type InboxQuery } from "~/forms/inbox";
import type { Db } from "../db/db.server";
import { searchCondition } from "./inbox-search.server";
import { isOldestFirst, NEWEST_FIRST, orderOf } from "./inbox-order.server";

/** What a card shows: the inquiry, and who last touched it. */
export interface InboxItem {
  id: string;
  name: string;
  company: string | null;
  email: string;
  phone: string | null;
  whatsapp: string | null;
  interest: string | null;
  dealSize: string | null;
  message: string;
  createdAt: Date;
  readAt: Date | null;
  readByName: string | null;
  adminNotes: string | null;
  notesUpdatedAt: Date | null;
  notesUpdatedByName: string | null;
  isSpam: boolean;
  /** Held for review (isSpam is true too). */
  held: boolean;
  /** LeadStatus. */
  status: string;
  lostReason: string | null;
  assignedTo: string | null;
  assignedToName: string | null;
  firstRepliedAt: Date | null;
  /** Since when the lead's unanswered message waits; null when nothing is owed. */
  awaitingSince: Date | null;
  /** "lead" or "desk": who wrote last. */
  lastMessageBy: string;
  /** "form" or "email". */
  source: string;
}

interface InboxPage<T = InboxItem> {
  items: T[];
  /** Inquiries matching the filter (within the snapshot). */
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
  /** Snapshot bound for the links to further pages; null when nothing matched. */
  asOf: string | null;
}

/** Notified by a trigger (migration 0003) on every change to contact_submissions. */
export const INBOX_CHANGED_CHANNEL = "inbox_changed";

const reader = alias(user, "reader");
const notesEditor = alias(user, "notes_editor");
export const assignee = alias(user, "assignee");

export { searchCondition };

/**
 * A lead that is open, or closed and has written since it was closed: a
 * message reopens the conversation (it awaits a reply again) while the
 * status, the deal's outcome, stays as the desk set it. A lead closed while
 * it waited owes nothing until it writes again.
 */
const openOrWroteSinceClosed = or(
  notInArray(contactSubmissions.status, [...CLOSED_LEAD_STATUSES]),
  gt(
    contactSubmissions.awaiting_since,
    sql`coalesce(${contactSubmissions.status_changed_at}, ${contactSubmissions.created_at})`,
  ),
) as SQL;

/**
 * Genuine inquiries whose lead's last message has no answer yet; implies the
 * predicate of the partial index contact_submissions_awaiting_idx, so
 * Postgres can use it.
 */
export const awaitingReplyCondition = and(
  eq(contactSubmissions.is_spam, false),
  isNotNull(contactSubmissions.awaiting_since),
  openOrWroteSinceClosed,
) as SQL;

function statusCondition(status: InboxQuery["status"]): SQL {
  const notSpam = eq(contactSubmissions.is_spam, false);
  switch (status) {
    case "awaiting":
      return awaitingReplyCondition;
    case "held":
      return eq(contactSubmissions.held, true);
    case "spam":
      return and(eq(contactSubmissions.is_spam, true), eq(contactSubmissions.held, false)) as SQL;
    case "unread":
      return and(notSpam, isNull(contactSubmissions.read_at)) as SQL;
    case "read":
      return and(notSpam, isNotNull(contactSubmissions.read_at)) as SQL;
    case "all":
      return notSpam;
  }
}

/**
 * The condition a view selects. "Mine" needs the viewer: without one it
 * matches nothing rather than everything.
 */
export function whereOf(query: InboxQuery, before?: Date, viewerId?: string): SQL | undefined {
  const conditions: (SQL | undefined)[] = [statusCondition(query.status)];
  if (query.lead) conditions.push(eq(contactSubmissions.status, query.lead));
  if (query.owner === "unassigned") conditions.push(isNull(contactSubmissions.assigned_to));
  if (query.owner === "mine") {
    conditions.push(viewerId ? eq(contactSubmissions.assigned_to, viewerId) : sql`false`);
  }
  if (query.inquiry) conditions.push(eq(contactSubmissions.id, query.inquiry));
  if (query.interest) conditions.push(eq(contactSubmissions.interest, query.interest));
  if (query.dealSize) conditions.push(eq(contactSubmissions.deal_size, query.dealSize));
  if (query.q) {
    conditions.push(searchCondition(query.q));
  }
  if (before) conditions.push(lt(contactSubmissions.created_at, before));
  return and(...conditions);
}

const itemColumns = {
  id: contactSubmissions.id,
  name: contactSubmissions.name,
  company: contactSubmissions.company,
  email: contactSubmissions.email,
  phone: contactSubmissions.phone,
  whatsapp: contactSubmissions.whatsapp,
  interest: contactSubmissions.interest,
  dealSize: contactSubmissions.deal_size,
  message: contactSubmissions.message,
  createdAt: contactSubmissions.created_at,
  readAt: contactSubmissions.read_at,
  readByName: reader.name,
  adminNotes: contactSubmissions.admin_notes,
  notesUpdatedAt: contactSubmissions.notes_updated_at,
  notesUpdatedByName: notesEditor.name,
  isSpam: contactSubmissions.is_spam,
  held: contactSubmissions.held,
  status: contactSubmissions.status,
  lostReason: contactSubmissions.lost_reason,
  assignedTo: contactSubmissions.assigned_to,
  assignedToName: assignee.name,
  firstRepliedAt: contactSubmissions.first_replied_at,
  // What the cards and the lead page count the clock from: nothing for a closed lead that has not written since.
  awaitingSince:
    sql<Date | null>`case when ${openOrWroteSinceClosed} then ${contactSubmissions.awaiting_since} end`.mapWith(
      contactSubmissions.awaiting_since,
    ),
  lastMessageBy: contactSubmissions.last_message_by,
  source: contactSubmissions.source,
};

function selectItems(db: Db) {
  return db
    .select(itemColumns)
    .from(contactSubmissions)
    .leftJoin(reader, eq(reader.id, contactSubmissions.read_by))
    .leftJoin(notesEditor, eq(notesEditor.id, contactSubmissions.notes_updated_by))
    .leftJoin(assignee, eq(assignee.id, contactSubmissions.assigned_to));
}

/**
 * Pages after the first are bounded by the snapshot of the first (`asOf`),
 * except oldest first, where new arrivals cannot shift earlier pages.
 */
export function snapshotBound(filter: InboxFilter): Date | undefined {
  return !isOldestFirst(filter) && filter.page > 1 && filter.asOf ? new Date(filter.asOf) : undefined;
}

/** The cards of one page of a view, without counting the view (a query: await it, or explain it). */
export function selectInquiryPage(
  db: Db,
  filter: InboxFilter,
  pageSize: number = INBOX_PAGE_SIZE,
  viewerId?: string,
) {
  return selectItems(db)
    .where(whereOf(filter, snapshotBound(filter), viewerId))
    .orderBy(...orderOf(filter))
    .limit(pageSize)
    .offset((filter.page - 1) * pageSize);
}

/**
 * Newest first, the first card bounds the snapshot; in another order the
 * newest inquiry can be anywhere on the page (or on none of it).
 */
function firstPageBound(items: { createdAt: Date | number }[], filter: InboxFilter): Date | null {
  if (items.length === 0) return null;
  const newest =
    filter.sort === "received"
      ? new Date(items[0]!.createdAt).getTime()
      : Math.max(Date.now(), ...items.map((item) => new Date(item.createdAt).getTime()));
  return new Date(newest + 1);
}

/** A page from its cards and the number of inquiries in its view. */
export function toInboxPage<T extends { createdAt: Date | number }>(
  items: T[],
  total: number,
  filter: InboxFilter,
  pageSize: number = INBOX_PAGE_SIZE,
): InboxPage<T> {
  const newest = isOldestFirst(filter) ? null : (snapshotBound(filter) ?? firstPageBound(items, filter));
  return {
    items,
    total,
    page: filter.page,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
    pageSize,
    asOf: newest?.toISOString() ?? null,
  };
}

/**
 * One page of the inbox, newest first (id breaks ties). Pages after the
 * first are bounded by `asOf`, the creation time just after the newest
 * inquiry of the first page, so inquiries arriving meanwhile do not shift
 * what page 2 shows.
 */
export async function listInquiries(
  db: Db,
  filter: InboxFilter,
  pageSize: number = INBOX_PAGE_SIZE,
  viewerId?: string,
): Promise<InboxPage> {
  const [items, { total }] = await Promise.all([
    selectInquiryPage(db, filter, pageSize, viewerId),
    countInbox(db, filter, viewerId),
  ]);
  return toInboxPage(items, total, filter, pageSize);
}

const UNREAD = sql`not ${contactSubmissions.is_spam} and ${contactSubmissions.read_at} is null`;

interface InboxCounts {
  /** Inquiries in the view (within its snapshot). */
  total: number;
  /** Unread inquiries outside spam, whatever the view. */
  unread: number;
}

/**
 * Views whose rows an index picks out, each a small part of the inbox: the
 * search (trigrams), "awaiting reply", unread, held, spam, "mine" and one inquiry.
 * Their total and the unread count are two index reads (unread, "mine" and
 * "awaiting reply" read the index alone: migration 0011), where a pass over
 * every row took 60–100 ms at 100,000 rows.
 */
function hasNarrowIndex(filter: InboxFilter): boolean {
  return (
    isWholeInbox(filter) ||
    Boolean(filter.q || filter.inquiry) ||
    filter.owner === "mine" ||
    filter.status === "awaiting" ||
    filter.status === "unread" ||
    filter.status === "held" ||
    filter.status === "spam"
  );
}

/**
 * The default view, unfiltered: its total reads contact_submissions_inbox_idx
 * alone. A pass over every row reads the mail's text kept on each (decision
 * 061), about half as much again as before.
 */
function isWholeInbox(filter: InboxFilter): boolean {
  return (
    filter.status === "all" &&
    !filter.q &&
    !filter.inquiry &&
    !filter.lead &&
    !filter.owner &&
    !filter.interest &&
    !filter.dealSize
  );
}

/** A view's total alone: what `countInbox` sends for a view with its own index. */
export function countMatching(db: Db, where: SQL | undefined) {
  return db.select({ total: count() }).from(contactSubmissions).where(where);
}

/**
 * A search's total, its plan held to the indexes. The planner prices LIKE as
 * one comparison, so for a text on a tenth or more of the inquiries it rates
 * reading every row (and matching its kilobyte of text and mail) about as
 * cheap as visiting the rows the trigram indexes give, and picks either: at
 * 100,000 rows the first cost 3–5 times as much (decision 061). Set for this
 * transaction only.
 */
async function countSearch(db: Db, where: SQL | undefined): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const [row] = await countMatching(tx, where);
    return row?.total ?? 0;
  });
}

/**
 * Both numbers of the dashboard's header. A view spanning most of the inbox
 * ("all", "read", a filter by interest…) counts both in one pass over the
 * table (aggregate FILTERs) instead of one per number; a view with its own
 * index counts through it.
 */
export async function countInbox(db: Db, filter: InboxFilter, viewerId?: string): Promise<InboxCounts> {
  const where = whereOf(filter, snapshotBound(filter), viewerId);
  if (hasNarrowIndex(filter)) {
    if (filter.q) {
      const [total, unread] = await Promise.all([countSearch(db, where), countUnread(db)]);
      return { total, unread };
    }
    const [[matching], unread] = await Promise.all([countMatching(db, where), countUnread(db)]);
    return { total: matching?.total ?? 0, unread };
  }
  const [row] = await db
    .select({
      total: sql<number>`(count(*) filter (where ${where}))::int`,
      unread: sql<number>`(count(*) filter (where ${UNREAD}))::int`,
    })
    .from(contactSubmissions);
  return { total: row?.total ?? 0, unread: row?.unread ?? 0 };
}

/** Every inquiry of a view, newest first, in batches (the CSV export). */
export async function* iterateInquiries(
  db: Db,
  query: InboxQuery,
  batchSize = 500,
  viewerId?: string,
): AsyncGenerator<InboxItem> {
  // The cursor keeps Postgres's microseconds as text: a JavaScript Date
  // would round them off and skip rows created within the same millisecond.
  let cursor: { at: string; id: string } | null = null;
  for (;;) {
    const after: SQL | undefined = cursor
      ? sql`(${contactSubmissions.created_at}, ${contactSubmissions.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
      : undefined;
    const batch = await db
      .select({ ...itemColumns, cursorAt: sql<string>`${contactSubmissions.created_at}::text` })
      .from(contactSubmissions)
      .leftJoin(reader, eq(reader.id, contactSubmissions.read_by))
      .leftJoin(notesEditor, eq(notesEditor.id, contactSubmissions.notes_updated_by))
      .leftJoin(assignee, eq(assignee.id, contactSubmissions.assigned_to))
      .where(and(whereOf(query, undefined, viewerId), after))
      .orderBy(...NEWEST_FIRST)
      .limit(batchSize);
    for (const { cursorAt: _cursorAt, ...item } of batch) yield item;
    const last = batch.at(-1);
    if (!last || batch.length < batchSize) return;
    cursor = { at: last.cursorAt, id: last.id };
  }
}

/**
 * Unread inquiries outside spam: the number beside the header's Dashboard
 * link. UNREAD is the predicate of contact_submissions_unread_idx, so this
 * reads that index alone.
 */
export async function countUnread(db: Db): Promise<number> {
  const [row] = await countUnreadQuery(db);
  return row?.unread ?? 0;
}

export function countUnreadQuery(db: Db) {
  return db.select({ unread: count() }).from(contactSubmissions).where(UNREAD);
}

export async function getInquiry(db: Db, id: string): Promise<InboxItem | null> {
  const [row] = await selectItems(db).where(eq(contactSubmissions.id, id)).limit(1);
  return row ?? null;
}
