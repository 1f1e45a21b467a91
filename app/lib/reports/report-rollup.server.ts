import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { reportWeekCounts, reportWeekSources } from "~db/schema";
import type { Db } from "~/lib/db/db.server";
import { genuineInquiryCondition, heldInquiryCondition, TOP } from "~/lib/reports/report-queries.server";
import type { UkWeek } from "~/lib/uk-time";

/**
 * The reports' counts, from the weekly rollup (db/reports-schema.ts). Its trigger names each week
 * by its Monday's London date, as UkWeek.key does, so a range is the keys of its weeks.
 */

/** The rollup rows of the range's weeks: their keys are the weeks' Mondays, in order. */
function inWeeks(column: SQLWrapper, weeks: readonly UkWeek[]): SQL {
  return sql`${column} between ${weeks[0]!.key}::date and ${weeks.at(-1)!.key}::date`;
}

/** Each week's position in the range, by its key. */
function weekPositions(weeks: readonly UkWeek[]): Map<string, number> {
  return new Map(weeks.map((week, index) => [week.key, index]));
}

interface VolumeRows {
  /** Inquiries per week (its position in the range) by interest, spam and held. */
  weekly: { week: number; interest: string | null; spam: boolean; held: boolean; count: number }[];
  /** The range's genuine inquiries by status now and channel. */
  genuine: { status: string; source: string; count: number }[];
}

/** The volume, spam, pipeline-status and channel figures, in one pass (grouping sets). */
export async function selectWeeklyVolume(db: Db, weeks: readonly UkWeek[]): Promise<VolumeRows> {
  const c = reportWeekCounts;
  const result = await db.execute<{
    weekly: boolean;
    week: string | null;
    interest: string | null;
    spam: boolean;
    held: boolean;
    status: string | null;
    source: string | null;
    count: number;
  }>(sql`
    select grouping(${c.status}) = 1 as weekly, ${c.week}::text as week, ${c.interest} as interest,
      ${c.is_spam} as spam, ${heldInquiryCondition(c)} as held, ${c.status} as status, ${c.source} as source,
      sum(${c.count})::int as count
    from ${c}
    where ${inWeeks(c.week, weeks)}
    group by grouping sets ((${c.week}, ${c.interest}, ${c.is_spam}, ${c.held}), (${c.is_spam}, ${c.held}, ${c.status}, ${c.source}))`);
  const positions = weekPositions(weeks);
  const rows: VolumeRows = { weekly: [], genuine: [] };
  for (const row of result.rows) {
    const count = Number(row.count);
    if (row.weekly) {
      const week = positions.get(row.week ?? "");
      if (week !== undefined)
        rows.weekly.push({ week, interest: row.interest, spam: row.spam, held: row.held, count });
    } else if (!row.spam && !row.held) {
      rows.genuine.push({ status: row.status ?? "", source: row.source ?? "", count });
    }
  }
  return rows;
}

interface SourceRows {
  landingPages: { key: string | null; count: number }[];
  referrers: { key: string | null; count: number }[];
  campaigns: { source: string | null; medium: string | null; campaign: string | null; count: number }[];
}

/** Most first, then by name, the unknown last among equals: the same order on every backend. */
function byCountThenKey<T extends { count: number }>(key: (row: T) => string | null) {
  return (a: T, b: T) => {
    if (a.count !== b.count) return b.count - a.count;
    const ka = key(a);
    const kb = key(b);
    if (ka === kb) return 0;
    if (ka === null) return 1;
    if (kb === null) return -1;
    return ka < kb ? -1 : 1;
  };
}

/** Landing page, referring site and campaign of the genuine form inquiries, in one pass, top ten of each. */
export async function selectSources(db: Db, weeks: readonly UkWeek[]): Promise<SourceRows> {
  const s = reportWeekSources;
  const result = await db.execute<{
    kind: "landing" | "referrer" | "campaign";
    landing_page: string | null;
    referrer_host: string | null;
    utm_source: string | null;
    utm_medium: string | null;
    utm_campaign: string | null;
    count: number;
  }>(sql`
    select case when grouping(${s.landing_page}) = 0 then 'landing'
        when grouping(${s.referrer_host}) = 0 then 'referrer' else 'campaign' end as kind,
      ${s.landing_page} as landing_page, ${s.referrer_host} as referrer_host,
      ${s.utm_source} as utm_source, ${s.utm_medium} as utm_medium, ${s.utm_campaign} as utm_campaign,
      sum(${s.count})::int as count
    from ${s}
    where ${genuineInquiryCondition(s)} and ${inWeeks(s.week, weeks)} and ${s.source} = 'form'
    group by grouping sets ((${s.landing_page}), (${s.referrer_host}), (${s.utm_source}, ${s.utm_medium}, ${s.utm_campaign}))`);
  const rows = result.rows.map((row) => ({ ...row, count: Number(row.count) }));
  const top = <T extends { count: number }>(list: T[], key: (row: T) => string | null) =>
    list.sort(byCountThenKey(key)).slice(0, TOP);
  const landingPages = top(
    rows.filter((row) => row.kind === "landing").map((row) => ({ key: row.landing_page, count: row.count })),
    (row) => row.key,
  );
  const referrers = top(
    rows
      .filter((row) => row.kind === "referrer")
      .map((row) => ({ key: row.referrer_host, count: row.count })),
    (row) => row.key,
  );
  const campaigns = top(
    rows
      .filter((row) => row.kind === "campaign")
      .map((row) => ({
        source: row.utm_source,
        medium: row.utm_medium,
        campaign: row.utm_campaign,
        count: row.count,
      })),
    // All three unknown sorts last; otherwise by the triple as shown.
    (row) =>
      row.source === null && row.medium === null && row.campaign === null
        ? null
        : [row.source, row.medium, row.campaign].map((part) => part ?? "\uffff").join("\u0000"),
  );
  return { landingPages, referrers, campaigns };
}
