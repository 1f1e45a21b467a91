import { and, asc, eq, gte, lte, sql } from "drizzle-orm";
import { contactSubmissions } from "../../../db/schema";
import { replyPromise } from "~/content/lead-desk";
import type { Db } from "../db/db.server";
import { awaitingReplyCondition } from "./inbox.server";
import { overdueCutoff } from "./reply-deadline";

export interface ReplyMetrics {
  windowDays: number;
  /** Genuine inquiries received in the window. */
  received: number;
  /** Of those, how many have had their first reply. */
  answered: number;
  /** Median time to the first reply of the answered ones; null when none was answered. */
  medianFirstReplyMs: number | null;
  /** Inquiries whose deadline has passed or that were answered: the share's denominator. */
  due: number;
  answeredWithinPromise: number;
  /** answeredWithinPromise / due, 0…1; null when nothing was due yet. */
  shareWithinPromise: number | null;
}

/**
 * How the reply promise was kept over the last `metricsDays`: the median
 * first-reply time, and the share answered within `withinHours`. An
 * inquiry still inside its deadline and unanswered is not counted either way.
 */
export async function computeReplyMetrics(db: Db, now: Date = new Date()): Promise<ReplyMetrics> {
  const since = new Date(now.getTime() - replyPromise.metricsDays * 24 * 60 * 60 * 1000);
  const within = sql`make_interval(hours => ${replyPromise.withinHours})`;
  const elapsed = sql`(${contactSubmissions.first_replied_at} - ${contactSubmissions.created_at})`;
  const replied = sql`${contactSubmissions.first_replied_at} is not null`;
  const [row] = await db
    .select({
      received: sql<number>`count(*)::int`,
      answered: sql<number>`(count(*) filter (where ${replied}))::int`,
      medianSeconds: sql<
        string | number | null
      >`percentile_cont(0.5) within group (order by extract(epoch from ${elapsed})) filter (where ${replied})`,
      due: sql<number>`(count(*) filter (where ${replied} or ${contactSubmissions.created_at} <= ${overdueCutoff(now).toISOString()}::timestamptz))::int`,
      answeredWithinPromise: sql<number>`(count(*) filter (where ${replied} and ${elapsed} <= ${within}))::int`,
    })
    .from(contactSubmissions)
    .where(
      and(
        eq(contactSubmissions.is_spam, false),
        gte(contactSubmissions.created_at, since),
        lte(contactSubmissions.created_at, now),
      ),
    );
  const due = row?.due ?? 0;
  const answeredWithinPromise = row?.answeredWithinPromise ?? 0;
  const median = row?.medianSeconds;
  return {
    windowDays: replyPromise.metricsDays,
    received: row?.received ?? 0,
    answered: row?.answered ?? 0,
    medianFirstReplyMs: median === null || median === undefined ? null : Math.round(Number(median) * 1000),
    due,
    answeredWithinPromise,
    shareWithinPromise: due === 0 ? null : answeredWithinPromise / due,
  };
}

export interface OverdueInquiry {
  id: string;
  interest: string | null;
  dealSize: string | null;
  createdAt: Date;
  assignedTo: string | null;
}

/** Unanswered open inquiries at or past their deadline, the longest waiting first. */
export async function listOverdueInquiries(db: Db, now: Date, limit = 200): Promise<OverdueInquiry[]> {
  return db
    .select({
      id: contactSubmissions.id,
      interest: contactSubmissions.interest,
      dealSize: contactSubmissions.deal_size,
      createdAt: contactSubmissions.created_at,
      assignedTo: contactSubmissions.assigned_to,
    })
    .from(contactSubmissions)
    .where(and(awaitingReplyCondition, lte(contactSubmissions.created_at, overdueCutoff(now))))
    .orderBy(asc(contactSubmissions.created_at), asc(contactSubmissions.id))
    .limit(limit);
}
