import { and, eq, gt, isNotNull, isNull, lt, notInArray, or, type SQL, sql } from "drizzle-orm";
import { alias, type PgSelect } from "drizzle-orm/pg-core";
import { contactSubmissions, dealSizeRank, lastActivity, inquiryStatusRank, user } from "~db/schema";
import { CLOSED_LEAD_STATUSES } from "~/content/inquiry-desk";
import { INBOX_LIST_PAGE_SIZE, INBOX_PAGE_SIZE, type InboxFilter, type InboxQuery } from "~/forms/inbox";
import type { Db } from "~/lib/db/db.server";
import type { InquirySummary } from "~/lib/mail/desk-mails.server";
import { formatInquiryReference } from "~/lib/inquiries/inquiry";
import { searchCondition } from "~/lib/inquiries/search.server";
import { sanctionsStatusSql } from "~/lib/sanctions/decisions.server";

/** Notified by a trigger (migration 0003) on every change to contact_submissions. */
export const INBOX_CHANGED_CHANNEL = "inbox_changed";

const reader = alias(user, "reader");
const notesEditor = alias(user, "notes_editor");
const assignee = alias(user, "assignee");

/**
 * An inquiry that is open, or closed and has written since: a message reopens the conversation while the
 * status, the deal's outcome, stays as the desk set it.
 */
const openOrWroteSinceClosed = or(
  notInArray(contactSubmissions.status, [...CLOSED_LEAD_STATUSES]),
  gt(
    contactSubmissions.awaiting_since,
    sql`coalesce(${contactSubmissions.status_changed_at}, ${contactSubmissions.created_at})`,
  ),
) as SQL;

/** Genuine inquiries whose last message has no answer yet; implies contact_submissions_awaiting_idx's predicate. */
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

/** The condition a view selects. "Mine" without a viewer matches nothing rather than everything. */
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
  if (query.q) conditions.push(searchCondition(query.q));
  if (before) conditions.push(lt(contactSubmissions.created_at, before));
  return and(...conditions);
}

/** Newest first, id breaking ties; NULLS LAST as the indexes are built (a plain DESC could not read them in order). */
const NEWEST_FIRST = [
  sql`${contactSubmissions.created_at} desc nulls last`,
  sql`${contactSubmissions.id} desc nulls last`,
];

/** The "awaiting reply" view: the longest waiting first (its partial index is built that way). */
const OLDEST_FIRST = [sql`${contactSubmissions.awaiting_since} asc`, sql`${contactSubmissions.id} asc`];

/** "Awaiting reply" by date lists oldest first: new arrivals join its end. */
function isOldestFirst(filter: Pick<InboxFilter, "status" | "sort">): boolean {
  return filter.status === "awaiting" && filter.sort === "received";
}

/** Every order reads an index in order over the default view (their expressions are the schema's). */
function orderOf(filter: Pick<InboxFilter, "status" | "sort">): SQL[] {
  switch (filter.sort) {
    case "received":
      return isOldestFirst(filter) ? OLDEST_FIRST : NEWEST_FIRST;
    case "activity":
      return [sql`${lastActivity(contactSubmissions)} desc`, ...NEWEST_FIRST];
    case "deal":
      return [sql`${dealSizeRank(contactSubmissions)} asc`, ...NEWEST_FIRST];
    case "status":
      return [sql`${inquiryStatusRank(contactSubmissions)} asc`, ...NEWEST_FIRST];
  }
}

/** Pages after the first are bounded by the first's snapshot (`asOf`), but oldest first, where arrivals shift nothing. */
export function snapshotBound(filter: InboxFilter): Date | undefined {
  return !isOldestFirst(filter) && filter.page > 1 && filter.asOf ? new Date(filter.asOf) : undefined;
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
  // Nothing for a closed inquiry that has not written since.
  awaitingSince:
    sql`case when ${openOrWroteSinceClosed} then ${contactSubmissions.awaiting_since} end`.mapWith(
      contactSubmissions.awaiting_since,
    ) as SQL<Date | null>,
  lastMessageBy: contactSubmissions.last_message_by,
  source: contactSubmissions.source,
  sanctionsStatus: sanctionsStatusSql(contactSubmissions.id),
};

export type Inquiry = Awaited<ReturnType<typeof selectInquiries>>[number];

function selectInquiries(db: Db) {
  return db
    .select(itemColumns)
    .from(contactSubmissions)
    .leftJoin(reader, eq(reader.id, contactSubmissions.read_by))
    .leftJoin(notesEditor, eq(notesEditor.id, contactSubmissions.notes_updated_by))
    .leftJoin(assignee, eq(assignee.id, contactSubmissions.assigned_to));
}

export async function getInquiry(db: Db, id: string): Promise<Inquiry | null> {
  const [row] = await selectInquiries(db).where(eq(contactSubmissions.id, id)).limit(1);
  return row ?? null;
}

/** One page of a view in its order, without counting the view (a query: await it, or explain it). */
function paged<T extends PgSelect>(query: T, filter: InboxFilter, pageSize: number, viewerId?: string) {
  return query
    .where(whereOf(filter, snapshotBound(filter), viewerId))
    .orderBy(...orderOf(filter))
    .limit(pageSize)
    .offset((filter.page - 1) * pageSize);
}

export function selectInquiryPage(
  db: Db,
  filter: InboxFilter,
  pageSize: number = INBOX_PAGE_SIZE,
  viewerId?: string,
) {
  return paged(selectInquiries(db).$dynamic(), filter, pageSize, viewerId);
}

/** The compact list's page: only a row's columns and one join, where a card reads two dozen and three. */
export function selectInquiryRowPage(
  db: Db,
  filter: InboxFilter,
  pageSize: number = INBOX_LIST_PAGE_SIZE,
  viewerId?: string,
) {
  const rows = db
    .select({
      id: contactSubmissions.id,
      name: contactSubmissions.name,
      company: contactSubmissions.company,
      interest: contactSubmissions.interest,
      dealSize: contactSubmissions.deal_size,
      createdAt: contactSubmissions.created_at,
      unread: sql<boolean>`${contactSubmissions.read_at} is null`,
      isSpam: contactSubmissions.is_spam,
      status: contactSubmissions.status,
      assignedTo: contactSubmissions.assigned_to,
      assignedToName: assignee.name,
      firstRepliedAt: contactSubmissions.first_replied_at,
      lastMessageBy: contactSubmissions.last_message_by,
      source: contactSubmissions.source,
      sanctionsStatus: sanctionsStatusSql(contactSubmissions.id),
    })
    .from(contactSubmissions)
    .leftJoin(assignee, eq(assignee.id, contactSubmissions.assigned_to));
  return paged(rows.$dynamic(), filter, pageSize, viewerId);
}

/** Newest first, the first card bounds the snapshot; in another order the newest can be anywhere (or nowhere). */
function firstPageBound(items: { createdAt: Date | number }[], filter: InboxFilter): Date | null {
  if (items.length === 0) return null;
  const newest =
    filter.sort === "received"
      ? new Date(items[0]!.createdAt).getTime()
      : Math.max(Date.now(), ...items.map((item) => new Date(item.createdAt).getTime()));
  return new Date(newest + 1);
}

/** `asOf` bounds the snapshot for the links to further pages; null when nothing matched. */
export function toInboxPage<T extends { createdAt: Date | number }>(
  items: T[],
  total: number,
  filter: InboxFilter,
  pageSize: number = INBOX_PAGE_SIZE,
) {
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

/** Every inquiry of a view, newest first, in batches (the CSV export). */
export async function* iterateInquiries(
  db: Db,
  query: InboxQuery,
  batchSize = 500,
  viewerId?: string,
): AsyncGenerator<Inquiry> {
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

/** What the desk's mails say of an inquiry: selected as these columns, turned into a summary below. */
export const inquirySummaryColumns = {
  id: contactSubmissions.id,
  interest: contactSubmissions.interest,
  dealSize: contactSubmissions.deal_size,
  createdAt: contactSubmissions.created_at,
  source: contactSubmissions.source,
};

export type InquirySummaryRow = Pick<InquirySummary, "interest" | "dealSize" | "createdAt"> & {
  id: string;
  source?: string;
};

/** A selected inquiry as a mail lists it, linking to where the mail sends the admin. */
export function summariseInquiry(row: InquirySummaryRow, dashboardUrl: string): InquirySummary {
  return {
    reference: formatInquiryReference(row.id),
    interest: row.interest,
    dealSize: row.dealSize,
    createdAt: row.createdAt,
    dashboardUrl,
    ...(row.source ? { channel: row.source } : {}),
  };
}
