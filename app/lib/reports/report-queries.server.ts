import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { contactSubmissions, inquiryEvents, inquiryMessages, inquiryReplies } from "~db/schema";
import { replyPromise } from "~/content/inquiry-desk";
import type { Db } from "~/lib/db/db.server";
import { overdueCutoff } from "~/lib/inquiries/inquiry";
import type { UkWeek } from "~/lib/uk-time";

/**
 * The reports' live queries, for figures that need each row. The database only puts each instant
 * between the week boundaries it is given (width_bucket), so it needs no time-zone data.
 */

/** The flags a row of contact_submissions or of a rollup carries. */
interface JudgedColumns {
  is_spam: SQLWrapper;
  held: SQLWrapper;
}

/** Inquiries held for review. A held row is also marked spam, so spam counts leave it out with this. */
export function heldInquiryCondition(columns: JudgedColumns = contactSubmissions): SQL {
  return sql`${columns.held}`;
}

/** Genuine inquiries: not spam and not held; the pipeline, sources and response times count only these. */
export function genuineInquiryCondition(columns: JudgedColumns = contactSubmissions): SQL {
  return sql`(not ${columns.is_spam} and not ${heldInquiryCondition(columns)})`;
}

const at = (date: Date): SQL => sql`${date.toISOString()}::timestamptz`;

/** The weeks' boundaries as one array parameter: n weeks, n + 1 instants. */
function boundaries(weeks: readonly UkWeek[]): SQL {
  const instants = [...weeks.map((week) => week.start), weeks.at(-1)!.end].map((date) => date.toISOString());
  return sql`${`{${instants.join(",")}}`}::timestamptz[]`;
}

/** The week's index (0-based) of `column`, given the rows are already limited to the range. */
const weekIndex = (column: SQLWrapper, weeks: readonly UkWeek[]) =>
  sql<number>`(width_bucket(${column}, ${boundaries(weeks)}) - 1)::int`;

function inRange(column: SQLWrapper, weeks: readonly UkWeek[]): SQL {
  return sql`${column} >= ${at(weeks[0]!.start)} and ${column} < ${at(weeks.at(-1)!.end)}`;
}

/** Rows each list of the pipeline and sources shows at most. */
export const TOP = 10;

export interface ResponseRow {
  week: number;
  /** Messages from leads that week (the inquiries themselves and later mail). */
  messages: number;
  answered: number;
  medianSeconds: number | null;
  p90Seconds: number | null;
  /** Answered, or waiting longer than the promise: the share's denominator. */
  due: number;
  withinPromise: number;
}

/**
 * Response times: from each message of a lead to the desk's next reply, by the message's week.
 * Percentiles interpolate linearly (percentile_cont), as d3-array's quantile does.
 */
export async function selectWeeklyResponses(
  db: Db,
  weeks: readonly UkWeek[],
  now: Date,
): Promise<ResponseRow[]> {
  const s = contactSubmissions;
  const m = inquiryMessages;
  const r = inquiryReplies;
  const promise = sql`make_interval(hours => ${replyPromise.withinHours})`;
  const result = await db.execute<{
    week: number;
    messages: number;
    answered: number;
    median: string | number | null;
    p90: string | number | null;
    due: number;
    within: number;
  }>(sql`
    with lead_messages as (
      select ${s.created_at} as sent, ${s.first_replied_at} as replied
      from ${s}
      where ${genuineInquiryCondition()} and ${inRange(s.created_at, weeks)}
      union all
      select ${m.sent_at} as sent,
        least(
          (select min(${r.created_at}) from ${r} where ${r.inquiry_id} = ${m.inquiry_id} and ${r.created_at} >= ${m.sent_at}),
          case when ${s.first_replied_at} >= ${m.sent_at} then ${s.first_replied_at} end
        ) as replied
      from ${m} join ${s} on ${s.id} = ${m.inquiry_id}
      where ${m.kind} = 'message' and ${genuineInquiryCondition()} and ${inRange(m.sent_at, weeks)}
    )
    select week, messages, answered, quantiles[1] as median, quantiles[2] as p90, due, within from (
      select ${weekIndex(sql`sent`, weeks)} as week,
        count(*)::int as messages,
        (count(*) filter (where replied is not null))::int as answered,
        -- Both percentiles from one sort of the week's times.
        percentile_cont(array[0.5, 0.9]::float8[]) within group (order by extract(epoch from replied - sent)) filter (where replied is not null) as quantiles,
        (count(*) filter (where replied is not null or sent <= ${at(overdueCutoff(now))}))::int as due,
        (count(*) filter (where replied is not null and replied - sent <= ${promise}))::int as within
      from lead_messages group by 1
    ) weekly`);
  const number = (value: string | number | null) => (value === null ? null : Number(value));
  return result.rows.map((row) => ({
    week: Number(row.week),
    messages: Number(row.messages),
    answered: Number(row.answered),
    medianSeconds: number(row.median),
    p90Seconds: number(row.p90),
    due: Number(row.due),
    withinPromise: Number(row.within),
  }));
}

interface PipelineRows {
  /** Lost leads that had been contacted, and qualified, before they were lost. */
  lostReached: { contacted: number; qualified: number };
  lostReasons: { label: string; count: number }[];
}

/** The lost leads of one week with one reason (grouped ignoring case and surrounding spaces). */
export type LostGroup = {
  key: string;
  label: string;
  count: number;
  contacted: number;
  qualified: number;
};

/**
 * The lost leads by week and reason, in one pass: how far each got (the
 * furthest status its history shows, or "contacted" once replied to).
 */
export async function selectWeeklyLost(
  db: Db,
  weeks: readonly UkWeek[],
): Promise<(LostGroup & { week: number })[]> {
  const s = contactSubmissions;
  const rank = sql`case v.status when 'qualified' then 2 when 'contacted' then 1 else 0 end`;
  const result = await db.execute<LostGroup & { week: number }>(sql`
    -- Materialized: each lead's history is read once, not once for each stage counted.
    with lost as materialized (
      select ${weekIndex(s.created_at, weeks)} as week, ${s.lost_reason} as reason, greatest(
        case when ${s.first_replied_at} is not null then 1 else 0 end,
        (select max(${rank}) from ${inquiryEvents} e,
          lateral (values (e.details->>'from'), (e.details->>'to')) as v(status)
          where e.inquiry_id = ${s.id} and e.kind = 'status-changed')
      ) as furthest
      from ${s}
      where ${genuineInquiryCondition()} and ${inRange(s.created_at, weeks)} and ${s.status} = 'closed_lost'
    )
    select week, lower(btrim(coalesce(reason, ''))) as key, min(btrim(coalesce(reason, ''))) as label,
      count(*)::int as count,
      (count(*) filter (where furthest >= 1))::int as contacted,
      (count(*) filter (where furthest >= 2))::int as qualified
    from lost group by 1, 2`);
  return result.rows.map((row) => ({
    week: Number(row.week),
    key: row.key,
    label: row.label,
    count: Number(row.count),
    contacted: Number(row.contacted),
    qualified: Number(row.qualified),
  }));
}

/** The pipeline's lost figures for a range from its weeks' groups: reasons summed across weeks, top ten. */
export function summarizeLost(weekGroups: readonly (readonly LostGroup[])[]): PipelineRows {
  const groups = new Map<string, LostGroup>();
  for (const group of weekGroups.flat()) {
    const sum = groups.get(group.key);
    if (!sum) groups.set(group.key, { ...group });
    else {
      sum.count += group.count;
      sum.contacted += group.contacted;
      sum.qualified += group.qualified;
      // The same spelling whichever weeks the range holds: the smallest.
      if (group.label < sum.label) sum.label = group.label;
    }
  }
  const all = [...groups.values()];
  return {
    lostReached: {
      contacted: all.reduce((sum, row) => sum + row.contacted, 0),
      qualified: all.reduce((sum, row) => sum + row.qualified, 0),
    },
    lostReasons: all
      .sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      .slice(0, TOP)
      .map(({ label, count }) => ({ label, count })),
  };
}
