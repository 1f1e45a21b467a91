import { and, asc, count, eq, lte, type SQL, sql } from "drizzle-orm";
import type { RouterContext } from "react-router";
import { contactSubmissions, inquiryResponses, reportWeekCounts } from "~db/schema";
import { replyPromise } from "~/content/inquiry-desk";
import { INBOX_PAGE_SIZE, type InboxFilter } from "~/forms/inbox";
import {
  type AppContext,
  databaseContext,
  spamCountsContext,
  unreadCountContext,
} from "~/lib/context.server";
import type { Db } from "~/lib/db/db.server";
import { overdueCutoff } from "~/lib/inquiries/inquiry";
import {
  awaitingReplyCondition,
  selectInquiryPage,
  snapshotBound,
  toInboxPage,
  whereOf,
} from "~/lib/inquiries/inquiries.server";

/** One page of the inbox with its view's total. */
export async function listInquiries(
  db: Db,
  filter: InboxFilter,
  pageSize: number = INBOX_PAGE_SIZE,
  viewerId?: string,
) {
  const [items, total] = await Promise.all([
    selectInquiryPage(db, filter, pageSize, viewerId),
    countInquiries(db, filter, viewerId),
  ]);
  return toInboxPage(items, total, filter, pageSize);
}

const UNREAD = sql`not ${contactSubmissions.is_spam} and ${contactSubmissions.read_at} is null`;

/**
 * A view the reports' weekly rollup answers: the inbox outside spam, or one interest or lead status of it, with no
 * snapshot bound. Decision 056's triggers keep the rollup exact in the transaction of every change, and summing its
 * few hundred rows replaces a pass over every inquiry's index entry (about 15 ms at 100,000 on PostgreSQL).
 */
function rollupCondition(filter: InboxFilter, before: Date | undefined): SQL | null {
  if (filter.status !== "all" || before || filter.q || filter.inquiry || filter.owner || filter.dealSize)
    return null;
  return and(
    eq(reportWeekCounts.is_spam, false),
    filter.interest ? eq(reportWeekCounts.interest, filter.interest) : undefined,
    filter.lead ? eq(reportWeekCounts.status, filter.lead) : undefined,
  ) as SQL;
}

/** A view's total alone, counted row by row. */
export function countMatching(db: Db, where: SQL | undefined) {
  return db.select({ total: count() }).from(contactSubmissions).where(where);
}

/**
 * A search's total, its plan held to the trigram indexes: the planner prices LIKE as one comparison and
 * may otherwise pick reading every row's text and mail for a common text (decision 061).
 */
async function countSearch(db: Db, where: SQL | undefined): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const [row] = await countMatching(tx, where);
    return row?.total ?? 0;
  });
}

/** The view's total (within its snapshot). */
export async function countInquiries(db: Db, filter: InboxFilter, viewerId?: string): Promise<number> {
  const before = snapshotBound(filter);
  const rollup = rollupCondition(filter, before);
  if (rollup) {
    const [row] = await db
      .select({ total: sql<number>`coalesce(sum(${reportWeekCounts.count}), 0)::int` })
      .from(reportWeekCounts)
      .where(rollup);
    return row?.total ?? 0;
  }
  const where = whereOf(filter, before, viewerId);
  if (filter.q) return countSearch(db, where);
  const [row] = await countMatching(db, where);
  return row?.total ?? 0;
}

/** A desk count of the request: counted at its first use, then shared by every loader of the request. */
function countOncePerRequest<T>(
  context: AppContext,
  key: RouterContext<Promise<T> | null>,
  countWith: (db: Db) => Promise<T>,
): Promise<T> {
  let counted = context.get(key);
  if (!counted) {
    counted = countWith(context.get(databaseContext).db);
    context.set(key, counted);
  }
  return counted;
}

export const countUnreadOnce = (context: AppContext) =>
  countOncePerRequest(context, unreadCountContext, countUnread);

export const countSpamAndHeldOnce = (context: AppContext) =>
  countOncePerRequest(context, spamCountsContext, countSpamAndHeld);

/** UNREAD is the predicate of contact_submissions_unread_idx, so this reads that index alone. */
export async function countUnread(db: Db): Promise<number> {
  const [row] = await countUnreadQuery(db);
  return row?.unread ?? 0;
}

export function countUnreadQuery(db: Db) {
  return db.select({ unread: count() }).from(contactSubmissions).where(UNREAD);
}

/** Both counts in one read of the spam rows (the partial index on is_spam picks them out). */
export async function countSpamAndHeld(db: Db) {
  const [row] = await db
    .select({
      spam: sql<number>`(count(*) filter (where not ${contactSubmissions.held}))::int`,
      held: sql<number>`(count(*) filter (where ${contactSubmissions.held}))::int`,
    })
    .from(contactSubmissions)
    .where(eq(contactSubmissions.is_spam, true));
  return { spam: row?.spam ?? 0, held: row?.held ?? 0 };
}

export interface ReplyMetrics {
  windowDays: number;
  /** Waits that began in the window: genuine inquiries, and later messages from their inquiries. */
  received: number;
  /** Of those, how many the desk answered. */
  answered: number;
  /** Median time to the answer of the answered ones; null when none was answered. */
  medianFirstReplyMs: number | null;
  /** Waits whose deadline has passed or that were answered: the share's denominator. */
  due: number;
  answeredWithinPromise: number;
  /** answeredWithinPromise / due, 0…1; null when nothing was due yet. */
  shareWithinPromise: number | null;
}

/**
 * How the reply promise was kept over the last `metricsDays`: each wait (the inquiry, or a later message)
 * that began in the window is one case, answered (inquiry_responses) or still open (awaiting_since).
 */
export async function computeReplyMetrics(db: Db, now: Date = new Date()): Promise<ReplyMetrics> {
  const since = new Date(now.getTime() - replyPromise.metricsDays * 24 * 60 * 60 * 1000).toISOString();
  const until = now.toISOString();
  const cutoff = overdueCutoff(now).toISOString();
  const within = sql`make_interval(hours => ${replyPromise.withinHours})`;
  const result = await db.execute(sql`
    with waits as (
      select ${inquiryResponses.awaited_since} as began, ${inquiryResponses.answered_at} as answered
      from ${inquiryResponses}
      -- Against the few spam rows (an index of their own), not a lookup per response.
      where not exists (
          select from ${contactSubmissions}
          where ${contactSubmissions.id} = ${inquiryResponses.inquiry_id} and ${contactSubmissions.is_spam})
        and ${inquiryResponses.awaited_since} >= ${since}::timestamptz
        and ${inquiryResponses.awaited_since} <= ${until}::timestamptz
      union all
      select ${contactSubmissions.awaiting_since}, null
      from ${contactSubmissions}
      where not ${contactSubmissions.is_spam}
        and ${contactSubmissions.awaiting_since} >= ${since}::timestamptz
        and ${contactSubmissions.awaiting_since} <= ${until}::timestamptz
    )
    select
      count(*)::int as received,
      count(answered)::int as answered,
      percentile_cont(0.5) within group (order by extract(epoch from answered - began)) filter (where answered is not null) as median_seconds,
      (count(*) filter (where answered is not null or began <= ${cutoff}::timestamptz))::int as due,
      (count(*) filter (where answered - began <= ${within}))::int as within_promise
    from waits`);
  const row = result.rows[0] as Record<string, string | number | null> | undefined;
  const due = Number(row?.due ?? 0);
  const answeredWithinPromise = Number(row?.within_promise ?? 0);
  const median = row?.median_seconds;
  return {
    windowDays: replyPromise.metricsDays,
    received: Number(row?.received ?? 0),
    answered: Number(row?.answered ?? 0),
    medianFirstReplyMs: median === null || median === undefined ? null : Math.round(Number(median) * 1000),
    due,
    answeredWithinPromise,
    shareWithinPromise: due === 0 ? null : answeredWithinPromise / due,
  };
}

/** Open inquiries whose inquiry has waited past the deadline, the longest waiting first. */
export function listOverdueInquiries(db: Db, now: Date, limit = 200) {
  return db
    .select({
      id: contactSubmissions.id,
      interest: contactSubmissions.interest,
      dealSize: contactSubmissions.deal_size,
      createdAt: contactSubmissions.created_at,
      source: contactSubmissions.source,
      assignedTo: contactSubmissions.assigned_to,
    })
    .from(contactSubmissions)
    .where(and(awaitingReplyCondition, lte(contactSubmissions.awaiting_since, overdueCutoff(now))))
    .orderBy(asc(contactSubmissions.awaiting_since), asc(contactSubmissions.id))
    .limit(limit);
}
