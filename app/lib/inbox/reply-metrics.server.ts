import { and, asc, lte, sql } from "drizzle-orm";
import { contactSubmissions, inquiryResponses } from "../../../db/schema";
import { replyPromise } from "~/content/lead-desk";
import type { Db } from "../db/db.server";
import { awaitingReplyCondition } from "./inbox.server";
import { overdueCutoff } from "./reply-deadline";

export interface ReplyMetrics {
  windowDays: number;
  /** Waits that began in the window: genuine inquiries, and later messages from their leads. */
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
 * How the reply promise was kept over the last `metricsDays`, on every
 * response, not only the first: each wait of a lead (the inquiry, or a later
 * message) that began in the window is one case, answered by the desk's next
 * response (inquiry_responses) or still open (awaiting_since). A wait still
 * inside its deadline and unanswered is not counted either way.
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
      join ${contactSubmissions} on ${contactSubmissions.id} = ${inquiryResponses.inquiry_id}
      where not ${contactSubmissions.is_spam}
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
  const row = result.rows[0] as
    | {
        received: number;
        answered: number;
        median_seconds: string | number | null;
        due: number;
        within_promise: number;
      }
    | undefined;
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

interface OverdueInquiry {
  id: string;
  interest: string | null;
  dealSize: string | null;
  createdAt: Date;
  assignedTo: string | null;
}

/** Open inquiries whose lead has waited past the deadline, the longest waiting first. */
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
    .where(and(awaitingReplyCondition, lte(contactSubmissions.awaiting_since, overdueCutoff(now))))
    .orderBy(asc(contactSubmissions.awaiting_since), asc(contactSubmissions.id))
    .limit(limit);
}
